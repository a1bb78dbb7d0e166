import { useEffect, useMemo, useState } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useQueryClient } from '@tanstack/react-query';
import { useAppConfig } from '../../lib/api/app-config';
import { directionsQuery } from '../../lib/api/locations';
import { Z_ANCHORS } from './map-style-context';
import { lineData } from './path-layer';
import { fetchRoadPath, type TLonLat, type TRoadPath } from './route-segments';
import type { PlannedRouteLayerProps } from './types';

/**
 * A planned route through waypoints. With a router configured it follows the roads, asked in segments
 * of at most 23 waypoints with a pause between requests (spec 000 §9); without one, or where a segment
 * fails (logged only, §8), its legs are straight and drawn dashed.
 */
export function PlannedRouteLayer({ id, waypoints, color = '#1565c0' }: PlannedRouteLayerProps) {
  const { router } = useAppConfig();
  const queryClient = useQueryClient();
  // Waypoints compared by value: a page re-rendering with equal stops asks the router nothing.
  const key = JSON.stringify(waypoints);
  const [road, setRoad] = useState<(TRoadPath & { key: string }) | null>(null);

  useEffect(() => {
    if (!router) return;
    const points = JSON.parse(key) as TLonLat[];
    if (points.length < 2) return;
    const abort = new AbortController();
    fetchRoadPath(points, {
      signal: abort.signal,
      fetchSegment: (coordinates) => queryClient.fetchQuery(directionsQuery(coordinates)),
    }).then(
      (answer) => setRoad({ key, ...answer }),
      () => undefined, // aborted: the waypoints changed or the layer left
    );
    return () => abort.abort();
  }, [key, router, queryClient]);

  const answered = router && road?.key === key ? road : null;
  const coordinates = answered ? answered.path : waypoints;
  const followsRoads = Boolean(answered && answered.roadSegments > 0);
  const data = useMemo(() => lineData(coordinates), [coordinates]);

  return (
    <Source key={id} id={`console-route-${id}`} type="geojson" data={data}>
      <Layer
        id={`console-route-${id}-casing`}
        type="line"
        beforeId={Z_ANCHORS.lines}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': '#ffffff', 'line-width': 7, 'line-opacity': 0.8 }}
      />
      <Layer
        id={`console-route-${id}-line`}
        type="line"
        beforeId={Z_ANCHORS.lines}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{
          'line-color': color,
          'line-width': 4,
          'line-opacity': 0.85,
          ...(followsRoads ? {} : { 'line-dasharray': [2, 1.5] }),
        }}
      />
    </Source>
  );
}
