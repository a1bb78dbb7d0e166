import { useEffect, useMemo, useState } from 'react';
import { Layer, Popup, Source, useMap } from 'react-map-gl/maplibre';
import type { FeatureCollection, Point } from 'geojson';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { Z_ANCHORS } from './map-style-context';
import { stopIconId } from './map-images';
import type { StopsLayerProps, TMapStop, TMapStopState } from './types';

export const STOP_STATE_TEXT: Record<TMapStopState, string> = {
  planned: 'Planned',
  arrived: 'Arrived',
  departed: 'Departed',
  skipped: 'Skipped',
};

/**
 * Planned stops: the origin as a square, each destination a disc with its number in its state's
 * colour (numbers are drawn into the icons, so the offline style needs no glyphs). Hover or click
 * shows the stop's name and state.
 */
export function StopsLayer({ id, stops }: StopsLayerProps) {
  const map = useMap().current?.getMap();
  const [shown, setShown] = useState<TMapStop['id'] | null>(null);
  const layerId = `console-stops-${id}-icons`;

  const data = useMemo(
    (): FeatureCollection<Point> => ({
      type: 'FeatureCollection',
      features: stops.map((stop, index) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [stop.lon, stop.lat] },
        // Later stops draw over earlier ones where they overlap.
        properties: { index, icon: stopIconId(stop.state, stop.order), sort: index },
      })),
    }),
    [stops],
  );

  useEffect(() => {
    if (!map) return;
    const show = (event: MapLayerMouseEvent) => {
      const index: unknown = event.features?.[0]?.properties?.index;
      if (typeof index === 'number') setShown(stops[index]?.id ?? null);
    };
    const enter = (event: MapLayerMouseEvent) => {
      map.getCanvas().style.cursor = 'pointer';
      show(event);
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
      setShown(null);
    };
    map.on('click', layerId, show);
    map.on('mouseenter', layerId, enter);
    map.on('mouseleave', layerId, leave);
    return () => {
      map.off('click', layerId, show);
      map.off('mouseenter', layerId, enter);
      map.off('mouseleave', layerId, leave);
    };
  }, [map, layerId, stops]);

  const shownStop = shown === null ? undefined : stops.find((s) => s.id === shown);
  return (
    <>
      <Source key={id} id={`console-stops-${id}`} type="geojson" data={data}>
        <Layer
          id={layerId}
          type="symbol"
          beforeId={Z_ANCHORS.stops}
          layout={{
            'icon-image': ['get', 'icon'],
            'icon-allow-overlap': true,
            'icon-ignore-placement': true,
            'symbol-sort-key': ['get', 'sort'],
          }}
        />
      </Source>
      {shownStop && (
        <Popup
          longitude={shownStop.lon}
          latitude={shownStop.lat}
          offset={14}
          closeButton={false}
          closeOnClick={false}
          className="console-map-tooltip"
        >
          <strong>{shownStop.label}</strong>
          {shownStop.order !== null && <> · {STOP_STATE_TEXT[shownStop.state]}</>}
          {shownStop.note && <>: {shownStop.note}</>}
        </Popup>
      )}
    </>
  );
}
