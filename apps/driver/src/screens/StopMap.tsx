import { useEffect, useRef, useState } from 'react';
import maplibregl, { type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { TDriverAppTrip } from '@fleet/contract';
import { api } from '../api.ts';
import { useDay, useI18n } from '../App.tsx';

/**
 * The trip's stops on a map (loaded only with a trip: MapLibre is most of the app's weight). The
 * installation's street map (MAP_STYLE_URL, OpenFreeMap's unless set otherwise), else a plain
 * background that draws without any network, as the console's. When the street map or its first
 * tiles cannot load (no network), the map turns to the plain background and says so; the stops,
 * drawn as markers, stay.
 */
const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e8edf2' } }],
};
/** The plain background on a phone set to dark: the surface a shade off the dark paper. */
const PLAIN_STYLE_DARK: StyleSpecification = {
  ...PLAIN_STYLE,
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#222a34' } }],
};
const plainStyle = () =>
  window.matchMedia?.('(prefers-color-scheme: dark)').matches ? PLAIN_STYLE_DARK : PLAIN_STYLE;

let styleUrl: Promise<string | null> | null = null;
/** How long a street style may take to show its first tile before the map gives up on it. */
const STYLE_WAIT_MS = 10_000;

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
  const [plain, setPlain] = useState(false);
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
          style: url ?? plainStyle(),
          // A street map's tiles carry their owners' attribution (OpenStreetMap's).
          attributionControl: url ? { compact: true } : false,
          interactive: true,
        });
      } catch {
        setFailed(true);
        return;
      }
      if (url) {
        const shown = map;
        let tileArrived = false;
        const givenUp = () => {
          if (tileArrived || cancelled) return;
          tileArrived = true;
          shown.setStyle(plainStyle());
          setPlain(true);
        };
        const timer = setTimeout(givenUp, STYLE_WAIT_MS);
        shown.on('sourcedata', (event) => {
          if (event.tile) tileArrived = true;
        });
        // A style without tiles of its own (a background, GeoJSON) has nothing left to wait for.
        shown.once('load', () => {
          const sources = Object.values(shown.getStyle().sources) as object[];
          if (!sources.some((source) => 'url' in source || 'tiles' in source)) tileArrived = true;
        });
        shown.on('error', givenUp);
        shown.once('remove', () => clearTimeout(timer));
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
  return (
    <div className="map-frame">
      <div ref={box} className="map" role="img" aria-label={t('stopsCount', { n: points.length })} />
      {plain && (
        <p className="map-notice" role="status">
          {t('streetMapUnavailable')}
        </p>
      )}
    </div>
  );
}
