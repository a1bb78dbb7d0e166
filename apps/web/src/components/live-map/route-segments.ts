import { ROUTE_SEGMENT_MAX_WAYPOINTS, ROUTE_SEGMENT_PAUSE_MS } from '@fleet/contract';

/** A [lon, lat] pair, as GeoJSON and the directions call order them. */
export type TLonLat = [number, number];

/**
 * Splits a route's waypoints into the router's requests (spec 000 §9): at most `max` waypoints each,
 * consecutive segments sharing their joining point so the road path has no gap.
 */
export function routeSegments(waypoints: readonly TLonLat[], max = ROUTE_SEGMENT_MAX_WAYPOINTS): TLonLat[][] {
  if (max < 2) throw new Error('A route segment needs at least 2 waypoints');
  if (waypoints.length < 2) return [];
  const segments: TLonLat[][] = [];
  for (let start = 0; start < waypoints.length - 1; start += max - 1)
    segments.push(waypoints.slice(start, start + max));
  return segments;
}

/** The `coordinates` parameter of `GET /api/v1/directions`: "lon,lat;lon,lat;…". */
export const directionsCoordinates = (segment: readonly TLonLat[]): string =>
  segment.map(([lon, lat]) => `${lon},${lat}`).join(';');

export interface RoadPathOptions {
  /** Asks the router for one segment's road path. */
  fetchSegment: (coordinates: string) => Promise<{ coordinates: TLonLat[] }>;
  signal?: AbortSignal;
  pauseMs?: number;
  /** Where a failed segment is reported (spec 000 §8: a directions failure is logged only). */
  log?: (message: string, error: unknown) => void;
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export interface TRoadPath {
  path: TLonLat[];
  /** How many segments follow the roads (the others are straight legs). */
  roadSegments: number;
}

/**
 * The road path through the waypoints, asked segment by segment with a pause between requests (spec
 * 000 §9). A segment the router cannot answer is drawn as straight legs; an abort rejects.
 */
export async function fetchRoadPath(
  waypoints: readonly TLonLat[],
  { fetchSegment, signal, pauseMs = ROUTE_SEGMENT_PAUSE_MS, log = console.warn }: RoadPathOptions,
): Promise<TRoadPath> {
  const path: TLonLat[] = [];
  let roadSegments = 0;
  const segments = routeSegments(waypoints);
  for (const [i, segment] of segments.entries()) {
    if (i > 0) await pause(pauseMs, signal);
    let road: TLonLat[];
    try {
      road = (await fetchSegment(directionsCoordinates(segment))).coordinates;
      if (road.length < 2) road = segment;
      else roadSegments += 1;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      log('Directions failed; the segment is drawn as straight legs', error);
      road = segment;
    }
    // The joining point ends one segment and starts the next: keep it once.
    path.push(...(i > 0 ? road.slice(1) : road));
  }
  return { path, roadSegments };
}
