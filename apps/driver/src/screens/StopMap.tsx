import { useEffect, useRef, useState } from 'react';
import maplibregl, { type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { TDriverAppTrip } from '@fleet/contract';
import { api } from '../api.ts';
import { useDay, useI18n } from '../App.tsx';

/**
 * The trip's stops on a map (loaded only with a trip: MapLibre is most of the app's weight). The
 * installation's map style when one is configured (MAP_STYLE_URL), else a plain background that
 * draws without any network, as the console's.
 */
const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e8edf2' } }],
};

let styleUrl: Promise<string | null> | null = null;

export default function StopMap({
  trip,
  activeStopId,
}: {
  trip: TDriverAppTrip;
  activeStopId: number | null;
}) {
  const { t } = useI18n();
  const { day } = useDay();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const points = [...trip.stops]
    .sort((a, b) => a.position - b.position)
    .filter((s) => s.lat !== null && s.lon !== null);
  const key = JSON.stringify([
    points.map((s) => [s.id, s.lat, s.lon, s.state]),
    activeStopId,
    trip.origin?.id,
  ]);

  useEffect(() => {
    if (!box.current || (points.length === 0 && !trip.origin)) return;
    let map: maplibregl.Map | null = null;
    let cancelled = false;
    styleUrl ??= api<{ map_style_url: string | null }>('app-config', { token: day.session.token })
      .then((c) => c.map_style_url)
      .catch(() => null);
    void styleUrl.then((url) => {
      if (cancelled || !box.current) return;
      try {
        map = new maplibregl.Map({
          container: box.current,
          style: url ?? PLAIN_STYLE,
          attributionControl: false,
          interactive: true,
        });
      } catch {
        setFailed(true);
        return;
      }
      const bounds = new maplibregl.LngLatBounds();
      if (trip.origin) {
        const el = document.createElement('span');
        el.className = 'marker marker-origin';
        el.textContent = '⌂';
        new maplibregl.Marker({ element: el }).setLngLat([trip.origin.lon, trip.origin.lat]).addTo(map);
        bounds.extend([trip.origin.lon, trip.origin.lat]);
      }
      for (const stop of points) {
        const el = document.createElement('span');
        el.className = `marker marker-${stop.state}${stop.id === activeStopId ? ' marker-active' : ''}`;
        el.textContent = String(stop.position + 1);
        new maplibregl.Marker({ element: el }).setLngLat([stop.lon!, stop.lat!]).addTo(map);
        bounds.extend([stop.lon!, stop.lat!]);
      }
      map.fitBounds(bounds, { padding: 40, maxZoom: 14, duration: 0 });
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the stops drawn
  }, [key]);

  if (failed) return null;
  return <div ref={box} className="map" role="img" aria-label={t('stopsCount', { n: points.length })} />;
}
