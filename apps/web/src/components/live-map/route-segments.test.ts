import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_SEGMENT_PAUSE_MS } from '@fleet/contract';
import { directionsCoordinates, fetchRoadPath, routeSegments, type TLonLat } from './route-segments';

const points = (n: number): TLonLat[] => Array.from({ length: n }, (_, i) => [55 + i / 100, 25 + i / 100]);

describe('routeSegments', () => {
  it('asks for a route of up to 23 waypoints in one segment', () => {
    expect(routeSegments(points(23))).toEqual([points(23)]);
    expect(routeSegments(points(2))).toEqual([points(2)]);
    expect(routeSegments(points(1))).toEqual([]);
  });

  it('splits a longer route into segments of at most 23 that share their joining point', () => {
    const route = points(50);
    const segments = routeSegments(route);
    expect(segments.map((s) => s.length)).toEqual([23, 23, 6]);
    expect(segments[0]!.at(-1)).toEqual(segments[1]![0]);
    expect(segments[1]!.at(-1)).toEqual(segments[2]![0]);
    // Every waypoint is asked for, in order.
    expect([segments[0]!, ...segments.slice(1).map((s) => s.slice(1))].flat()).toEqual(route);
    expect(routeSegments(points(24)).map((s) => s.length)).toEqual([23, 2]);
  });

  it('writes a segment as the directions call takes it', () => {
    expect(
      directionsCoordinates([
        [55.1, 25.2],
        [55.3, 25.4],
      ]),
    ).toBe('55.1,25.2;55.3,25.4');
  });
});

describe('fetchRoadPath', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks segment after segment with a 100 ms pause between requests, and joins the roads', async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    const fetchSegment = vi.fn(async (coordinates: string) => {
      asked.push(coordinates);
      const pairs = coordinates.split(';').map((p) => p.split(',').map(Number) as TLonLat);
      return { coordinates: [pairs[0]!, [0, 0] as TLonLat, pairs.at(-1)!] };
    });
    const route = points(45);
    const done = fetchRoadPath(route, { fetchSegment });

    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(ROUTE_SEGMENT_PAUSE_MS - 1);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.split(';')[0]).toBe(asked[0]!.split(';').at(-1));

    const { path, roadSegments } = await done;
    expect(roadSegments).toBe(2);
    // Each road once, the shared joint kept once.
    expect(path).toEqual([route[0], [0, 0], route[22], [0, 0], route[44]]);
  });

  it('draws a segment the router cannot answer as straight legs, and only logs the failure', async () => {
    vi.useFakeTimers();
    const log = vi.fn();
    const route = points(30);
    const fetchSegment = vi
      .fn()
      .mockResolvedValueOnce({ coordinates: [route[0], route[22]] })
      .mockRejectedValueOnce(new Error('Routing service unavailable'));
    const done = fetchRoadPath(route, { fetchSegment, log });
    await vi.advanceTimersByTimeAsync(ROUTE_SEGMENT_PAUSE_MS);

    const { path, roadSegments } = await done;
    expect(roadSegments).toBe(1);
    expect(path).toEqual([route[0], ...route.slice(22)]);
    expect(log).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ message: 'Routing service unavailable' }),
    );
  });

  it('stops asking when the route is no longer shown', async () => {
    vi.useFakeTimers();
    const abort = new AbortController();
    const fetchSegment = vi.fn(async () => ({ coordinates: [] as TLonLat[] }));
    const done = fetchRoadPath(points(40), { fetchSegment, signal: abort.signal });
    const settled = done.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    abort.abort(new Error('gone'));
    await vi.advanceTimersByTimeAsync(ROUTE_SEGMENT_PAUSE_MS * 5);
    expect(await settled).toEqual(new Error('gone'));
    expect(fetchSegment).toHaveBeenCalledTimes(1);
  });
});
