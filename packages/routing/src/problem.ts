import type { TMatrix, TRoutingProblem } from './types.ts';

/** A point with what happens there; coordinates in any plane unit. */
export interface TEuclideanNode {
  x: number;
  y: number;
  demand?: number;
  serviceTime?: number;
  windowStart?: number;
  windowEnd?: number;
}

export interface TEuclideanInput {
  /** The depot; its window is the working day. */
  depot: TEuclideanNode;
  customers: TEuclideanNode[];
  capacity: number;
  vehicles: number;
  /**
   * Turns a straight-line length into a distance; the length itself by default. Solomon's
   * benchmark truncates to one decimal: `(d) => Math.floor(10 * d) / 10` (or in tenths,
   * `(d) => Math.floor(10 * d)` with times scaled alike, which keeps every sum exact).
   */
  distance?: (length: number) => number;
  /** Turns a distance into a travel time; the distance itself by default. */
  time?: (distance: number) => number;
}

/** A matrix of `size × size` from `value(from, to)`. */
export function matrix(size: number, value: (from: number, to: number) => number): TMatrix {
  const values = new Float64Array(size * size);
  for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) values[i * size + j] = value(i, j);
  return { size, values };
}

/** A problem from points on a plane: distances and times from straight lines. */
export function euclideanProblem(input: TEuclideanInput): TRoutingProblem {
  const nodes = [input.depot, ...input.customers];
  const toDistance = input.distance ?? ((length: number) => length);
  const distance = matrix(nodes.length, (i, j) =>
    i === j ? 0 : toDistance(Math.sqrt((nodes[i]!.x - nodes[j]!.x) ** 2 + (nodes[i]!.y - nodes[j]!.y) ** 2)),
  );
  const toTime = input.time;
  return {
    distance,
    time: toTime ? matrix(nodes.length, (i, j) => toTime(distance.values[i * nodes.length + j]!)) : undefined,
    demand: nodes.map((node, i) => (i === 0 ? 0 : (node.demand ?? 0))),
    serviceTime: nodes.map((node, i) => (i === 0 ? 0 : (node.serviceTime ?? 0))),
    windowStart: nodes.map((node) => node.windowStart ?? 0),
    windowEnd: nodes.map((node) => node.windowEnd ?? Number.MAX_SAFE_INTEGER),
    capacity: input.capacity,
    vehicles: input.vehicles,
  };
}

/** Throws a clear error when the problem's arrays disagree; the solver trusts it afterwards. */
export function assertProblem(problem: TRoutingProblem): void {
  const size = problem.distance.size;
  const fail = (why: string) => {
    throw new Error(`Routing problem: ${why}`);
  };
  if (size < 1) fail('the depot (node 0) is missing');
  if (problem.distance.values.length !== size * size) fail('the distance matrix is not size × size');
  if (problem.time && (problem.time.size !== size || problem.time.values.length !== size * size))
    fail('the time matrix does not match the distance matrix');
  for (const [name, list] of [
    ['demand', problem.demand],
    ['serviceTime', problem.serviceTime],
    ['windowStart', problem.windowStart],
    ['windowEnd', problem.windowEnd],
  ] as const)
    if (list.length !== size) fail(`${name} has ${list.length} entries for ${size} nodes`);
  if (!(problem.capacity >= 0)) fail('capacity must be a number of at least 0');
  if (!Number.isInteger(problem.vehicles) || problem.vehicles < 0) fail('vehicles must be a whole number');
  if (problem.fleet) {
    if (problem.fleet.length !== problem.vehicles)
      fail(`the fleet lists ${problem.fleet.length} vehicles for ${problem.vehicles}`);
    for (const vehicle of problem.fleet)
      for (const value of [vehicle.capacity, vehicle.windowStart, vehicle.windowEnd])
        if (value !== undefined && !Number.isFinite(value))
          fail("a vehicle's capacity or window is not finite");
  }
  if (problem.lockedTo) {
    if (problem.lockedTo.length !== size)
      fail(`lockedTo has ${problem.lockedTo.length} entries for ${size} nodes`);
    for (let node = 0; node < size; node++) {
      const vehicle = problem.lockedTo[node]!;
      if (vehicle !== -1 && !(Number.isInteger(vehicle) && vehicle >= 0 && vehicle < problem.vehicles))
        fail(`node ${node} is locked to vehicle ${vehicle}, which is not in the fleet`);
    }
  }
  for (const value of problem.distance.values) if (!Number.isFinite(value)) fail('a distance is not finite');
  if (problem.time)
    for (const value of problem.time.values) if (!Number.isFinite(value)) fail('a time is not finite');
}
