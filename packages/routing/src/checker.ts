/*
 * An independent judge of a plan: it shares no code with the solver (only the problem's type), and
 * recomputes everything from the instance: each route's distance and schedule, every customer
 * served once, every window, the capacity and the fleet size. The benchmark trusts a plan only
 * when this says it is valid.
 */
import type { TSolomonInstance } from './solomon.ts';
import type { TRoutingProblem, TVehicle } from './types.ts';

/** What the checker needs of an instance; node 0 is the depot. */
export interface TCheckInstance {
  /** Distance of a leg, by the instance's own convention. */
  distance: (from: number, to: number) => number;
  /** Travel time of a leg; the distance when omitted. */
  time?: (from: number, to: number) => number;
  demand: ArrayLike<number>;
  serviceTime: ArrayLike<number>;
  windowStart: ArrayLike<number>;
  windowEnd: ArrayLike<number>;
  capacity: number;
  vehicles: number;
  /** A mixed fleet: routes are then read per vehicle, by index, and each keeps its own capacity and window. */
  fleet?: TVehicle[];
  /** Per node, the vehicle that must serve it, or −1. */
  lockedTo?: ArrayLike<number>;
}

export interface TCheckResult {
  valid: boolean;
  /** Total distance, recomputed. */
  distance: number;
  /** Every rule broken, in words. */
  problems: string[];
}

/** Solomon's convention in tenths: `floor(10 · euclid)`, so sums stay exact. */
export function solomonTenths(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
): (from: number, to: number) => number {
  return (from, to) => Math.floor(10 * Math.sqrt((x[from]! - x[to]!) ** 2 + (y[from]! - y[to]!) ** 2));
}

/** A Solomon instance as the checker reads it: in tenths, distance and time from the coordinates. */
export function solomonCheckInstance(instance: TSolomonInstance): TCheckInstance {
  const tenths = (list: number[]) => list.map((value) => value * 10);
  return {
    ...instance,
    distance: solomonTenths(instance.x, instance.y),
    serviceTime: tenths(instance.serviceTime),
    windowStart: tenths(instance.windowStart),
    windowEnd: tenths(instance.windowEnd),
  };
}

/** A check instance reading a problem's own matrices (for problems given as matrices). */
export function checkInstanceOf(problem: TRoutingProblem): TCheckInstance {
  const { size, values } = problem.distance;
  const times = (problem.time ?? problem.distance).values;
  return {
    ...problem,
    distance: (from, to) => values[from * size + to]!,
    time: (from, to) => times[from * size + to]!,
  };
}

/**
 * Checks `routes` (customers in visiting order, the depot left out). Customers listed in
 * `leftOut` may be missing; any other customer must be in exactly one route. With a fleet, route i
 * is vehicle i's, and may be empty.
 */
export function checkRoutes(
  instance: TCheckInstance,
  routes: number[][],
  leftOut: number[] = [],
): TCheckResult {
  const problems: string[] = [];
  const nodeCount = instance.demand.length;
  const time = instance.time ?? instance.distance;
  const seen = new Array<number>(nodeCount).fill(0);
  if (routes.length > instance.vehicles)
    problems.push(`${routes.length} routes for ${instance.vehicles} vehicles`);
  let total = 0;
  routes.forEach((route, index) => {
    if (route.length === 0 && !instance.fleet) problems.push(`route ${index + 1} is empty`);
    const vehicle = instance.fleet?.[index];
    const capacity = vehicle?.capacity ?? instance.capacity;
    const leaves = Math.max(instance.windowStart[0]!, vehicle?.windowStart ?? -Infinity);
    const closes = Math.min(instance.windowEnd[0]!, vehicle?.windowEnd ?? Infinity);
    let load = 0;
    let previous = 0;
    let clock = leaves;
    for (const node of route) {
      if (!Number.isInteger(node) || node < 1 || node >= nodeCount) {
        problems.push(`route ${index + 1} visits ${node}, which is not a customer`);
        return;
      }
      seen[node]!++;
      const lock = instance.lockedTo?.[node] ?? -1;
      if (lock >= 0 && lock !== index)
        problems.push(`customer ${node} is locked to route ${lock + 1}, not ${index + 1}`);
      load += instance.demand[node]!;
      total += instance.distance(previous, node);
      const arrival =
        clock + instance.serviceTime[previous]! * (previous === 0 ? 0 : 1) + time(previous, node);
      clock = Math.max(arrival, instance.windowStart[node]!);
      if (clock > instance.windowEnd[node]!)
        problems.push(
          `route ${index + 1} serves ${node} at ${clock}, after its window closes at ${instance.windowEnd[node]}`,
        );
      previous = node;
    }
    total += instance.distance(previous, 0);
    const back = clock + (previous === 0 ? 0 : instance.serviceTime[previous]!) + time(previous, 0);
    if (route.length > 0 && back > closes)
      problems.push(`route ${index + 1} returns at ${back}, after its window closes at ${closes}`);
    if (route.length > (vehicle?.maxStops ?? Infinity))
      problems.push(`route ${index + 1} has ${route.length} stops, over its ${vehicle?.maxStops}`);
    if (load > capacity) problems.push(`route ${index + 1} carries ${load}, over the capacity ${capacity}`);
  });
  const excused = new Set(leftOut);
  for (let node = 1; node < nodeCount; node++) {
    if (seen[node]! > 1) problems.push(`customer ${node} is served ${seen[node]} times`);
    if (seen[node] === 0 && !excused.has(node)) problems.push(`customer ${node} is not served`);
    if (seen[node]! > 0 && excused.has(node))
      problems.push(`customer ${node} is served but reported left out`);
  }
  return { valid: problems.length === 0, distance: total, problems };
}
