import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { FeatureCollection, LineString } from 'geojson';
import { Z_ANCHORS } from './map-style-context';
import type { PathLayerProps } from './types';

/** A line through [lon, lat] pairs; fewer than two points draw nothing. */
export function lineData(coordinates: [number, number][]): FeatureCollection<LineString> {
  return {
    type: 'FeatureCollection',
    features:
      coordinates.length < 2
        ? []
        : [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } }],
  };
}

/** A recorded path (a day's positions), drawn as a line under the stops and vehicles. */
export function PathLayer({ id, coordinates, color, width = 4, opacity = 0.9 }: PathLayerProps) {
  const data = useMemo(() => lineData(coordinates), [coordinates]);
  return (
    // Keyed by id: a new id is a new source (MapLibre ids are fixed for a source's life).
    <Source key={id} id={`console-path-${id}`} type="geojson" data={data}>
      <Layer
        id={`console-path-${id}-line`}
        type="line"
        beforeId={Z_ANCHORS.lines}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': color, 'line-width': width, 'line-opacity': opacity }}
      />
    </Source>
  );
}
