import { describe, expect, it } from 'vitest';
import { matrix } from './problem.ts';
import { mulberry32 } from './random.ts';
import { orderTrip } from './trip-order.ts';

/** Points on a plane, the origin first, as a distance matrix. */
function distances(points: [number, number][]) {
  return matrix(points.length, (i, j) =>
    Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1]),
  );
}

describe('orderTrip', () => {
  it('keeps the origin first and orders the stops along the shortest way', () => {
    // Stops on a line, given scrambled: 30, 10, 40, 20 from the origin at 0.
    const result = orderTrip({
      distance: distances([
        [0, 0],
        [30, 0],
        [10, 0],
        [40, 0],
        [20, 0],
      ]),
    });
    expect(result.order).toEqual([2, 4, 1, 3]);
    expect(result.before.distance).toBe(30 + 20 + 30 + 20);
    expect(result.after.distance).toBe(40);
  });

  it('counts the way back when the trip returns to its origin', () => {
    const result = orderTrip({
      distance: distances([
        [0, 0],
        [10, 0],
        [0, 10],
      ]),
      returnToOrigin: true,
    });
    expect(result.after.distance).toBeCloseTo(20 + Math.SQRT2 * 10);
  });

  it('keeps windows when an order can', () => {
    // In the given order stop 3 is reached at 40, after its window ends at 35; 1, 3, 2 keeps every window.
    const result = orderTrip({
      distance: distances([
        [0, 0],
        [10, 0],
        [20, 0],
        [30, 0],
      ]),
      windowEnd: [Infinity, 50, 1_000, 35],
      serviceTime: [0, 5, 5, 5],
    });
    expect(result.before.lateStops).toEqual([3]);
    expect(result.order).toEqual([1, 3, 2]);
    expect(result.after.lateStops).toEqual([]);
  });

  it('reports a stop that no order reaches in time as late, and still orders the trip', () => {
    const result = orderTrip({
      distance: distances([
        [0, 0],
        [30, 0],
        [10, 0],
        [20, 0],
      ]),
      windowEnd: [Infinity, 25, 1_000, 1_000],
    });
    // Stop 1 (30 away, window ends at 25) is late whatever the order: last, it costs no detour.
    expect(result.after.lateStops).toEqual([1]);
    expect(result.after.lateness).toBe(5);
    expect(result.order).toEqual([2, 3, 1]);
  });

  it('never answers an order worse than the trip had, for many stops', () => {
    const random = mulberry32(9);
    const points: [number, number][] = Array.from({ length: 25 }, () => [random() * 100, random() * 100]);
    const result = orderTrip({ distance: distances(points), seed: 1, returnToOrigin: true });
    expect([...result.order].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(result.after.distance).toBeLessThan(result.before.distance * 0.6);
  });
});
