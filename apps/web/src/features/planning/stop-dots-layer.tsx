import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { FeatureCollection, Point } from 'geojson';
import { Z_ANCHORS } from '../../components/live-map/map-style-context';
import type { TMapPoint } from '../../components/live-map/types';

export interface StopDotsLayerProps {
  id: string;
  points: TMapPoint[];
  color: string;
}

/**
 * Stops not on a route (the day's stops before a proposal, or those it left out): plain discs in one
 * colour, with no number, under the routes' numbered stops. Circles need no glyphs or sprite, so they
 * draw on the offline style too.
 */
export function StopDotsLayer({ id, points, color }: StopDotsLayerProps) {
  const data = useMemo(
    (): FeatureCollection<Point> => ({
      type: 'FeatureCollection',
      features: points.map((point) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
        properties: {},
      })),
    }),
    [points],
  );
  return (
    // Keyed by id: a new id is a new source (MapLibre ids are fixed for a source's life).
    <Source key={id} id={`planning-dots-${id}`} type="geojson" data={data}>
      <Layer
        id={`planning-dots-${id}-circles`}
        type="circle"
        beforeId={Z_ANCHORS.stops}
        paint={{
          'circle-radius': 7,
          'circle-color': color,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        }}
      />
    </Source>
  );
}
