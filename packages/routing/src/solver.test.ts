import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkInstanceOf, checkRoutes, solomonCheckInstance } from './checker.ts';
import { euclideanProblem } from './problem.ts';
import { mulberry32 } from './random.ts';
import { parseSolomon, solomonProblem } from './solomon.ts';
import { solve } from './solver.ts';
import type { TRoutingProblem } from './types.ts';

/** A seeded instance on a 100 × 100 plane, distances truncated to whole units (exact sums). */
function randomProblem(seed: number, customers: number, vehicles: number, tight = false): TRoutingProblem {
  const random = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return euclideanProblem({
    depot: { x: 50, y: 50, windowStart: 0, windowEnd: 1000 },
    customers: Array.from({ length: customers }, () => {
      const opens = int(0, tight ? 600 : 300);
      return {
        x: int(0, 100),
        y: int(0, 100),
        demand: int(1, 30),
        serviceTime: int(0, 10),
        windowStart: opens,
        windowEnd: opens + int(tight ? 20 : 100, tight ? 120 : 600),
      };
    }),
    capacity: 60,
    vehicles,
    distance: Math.floor,
  });
}

/** The shortest valid plan by trying every order of the customers cut into at most `vehicles` routes. */
function bruteForceOptimum(problem: TRoutingProblem): number {
  const instance = checkInstanceOf(problem);
  const customers = Array.from({ length: problem.distance.size - 1 }, (_, i) => i + 1);
  let best = Infinity;
  const permute = (rest: number[], order: number[]) => {
    if (rest.length === 0) {
      for (let cuts = 0; cuts < 1 << (order.length - 1); cuts++) {
        const routes: number[][] = [[order[0]!]];
        for (let i = 1; i < order.length; i++) {
          if (cuts & (1 << (i - 1))) routes.push([]);
          routes.at(-1)!.push(order[i]!);
        }
        if (routes.length > problem.vehicles) continue;
        const result = checkRoutes(instance, routes);
        if (result.valid) best = Math.min(best, result.distance);
      }
      return;
    }
    rest.forEach((c, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...order, c]));
  };
  permute(customers, []);
  return best;
}

/** A mixed fleet for a random problem: capacities and shifts differ by vehicle. */
function mixedFleet(problem: TRoutingProblem, seed: number): TRoutingProblem {
  const random = mulberry32(seed * 31);
  const fleet = Array.from({ length: problem.vehicles }, () => ({
    capacity: 20 + Math.floor(random() * 60),
    maxStops: 3 + Math.floor(random() * 12),
    windowStart: Math.floor(random() * 200),
    windowEnd: 600 + Math.floor(random() * 400),
  }));
  return { ...problem, fleet };
}

/** The shortest valid plan of a mixed fleet: every order of the customers, cut and handed to vehicles every way. */
function bruteForceFleetOptimum(problem: TRoutingProblem): number {
  const instance = checkInstanceOf(problem);
  const customers = Array.from({ length: problem.distance.size - 1 }, (_, i) => i + 1);
  let best = Infinity;
  const assign = (segments: number[][], routes: number[][]) => {
    if (segments.length === 0) {
      const result = checkRoutes(instance, routes);
      if (result.valid) best = Math.min(best, result.distance);
      return;
    }
    for (let v = 0; v < routes.length; v++) {
      if (routes[v]!.length > 0) continue;
      routes[v] = segments[0]!;
      assign(segments.slice(1), routes);
      routes[v] = [];
    }
  };
  const permute = (rest: number[], order: number[]) => {
    if (rest.length === 0) {
      for (let cuts = 0; cuts < 1 << (order.length - 1); cuts++) {
        const segments: number[][] = [[order[0]!]];
        for (let i = 1; i < order.length; i++) {
          if (cuts & (1 << (i - 1))) segments.push([]);
          segments.at(-1)!.push(order[i]!);
        }
        if (segments.length <= problem.vehicles)
          assign(
            segments,
            Array.from({ length: problem.vehicles }, () => []),
          );
      }
      return;
    }
    rest.forEach((c, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...order, c]));
  };
  permute(customers, []);
  return best;
}

describe('solve', () => {
  it('finds the optimum of small instances, as enumeration proves', () => {
    let compared = 0;
    for (let seed = 1; compared < 6; seed++) {
      const problem = randomProblem(seed, 6, 3);
      const optimum = bruteForceOptimum(problem);
      if (!Number.isFinite(optimum)) continue;
      const plan = solve(problem, { seed: 1, iterations: 1_500 });
      expect(plan.unassigned).toEqual([]);
      expect(checkRoutes(checkInstanceOf(problem), plan.routes).valid).toBe(true);
      expect(plan.distance).toBe(optimum);
      compared++;
    }
  });

  it('never breaks a window, the capacity or the fleet limit on random instances', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const problem = randomProblem(seed, 40, seed % 2 ? 4 : 8, seed % 3 === 0);
      const plan = solve(problem, { seed, iterations: 1_500 });
      const left = plan.unassigned.map((u) => u.node);
      const result = checkRoutes(checkInstanceOf(problem), plan.routes, left);
      expect(result.problems).toEqual([]);
      expect(plan.distance).toBeCloseTo(result.distance, 6);
      expect(plan.routes.length).toBeLessThanOrEqual(problem.vehicles);
    }
  });

  it('finds the optimum of small mixed fleets (own capacity and shift per vehicle), as enumeration proves', () => {
    let compared = 0;
    for (let seed = 1; compared < 4; seed++) {
      const problem = mixedFleet(randomProblem(seed, 6, 2), seed);
      const optimum = bruteForceFleetOptimum(problem);
      if (!Number.isFinite(optimum)) continue;
      const plan = solve(problem, { seed: 1, iterations: 1_500 });
      expect(plan.unassigned).toEqual([]);
      expect(checkRoutes(checkInstanceOf(problem), plan.vehicleRoutes).problems).toEqual([]);
      expect(plan.distance).toBe(optimum);
      compared++;
    }
  });

  it("never breaks a vehicle's capacity or shift, nor a locked stop, in a mixed fleet", () => {
    for (let seed = 1; seed <= 8; seed++) {
      const problem = mixedFleet(randomProblem(seed, 40, 5, seed % 2 === 0), seed);
      const lockedTo = Array.from({ length: 41 }, (_, node) => (node > 0 && node % 7 === 0 ? node % 5 : -1));
      const plan = solve({ ...problem, lockedTo }, { seed, iterations: 2_000 });
      const left = plan.unassigned.map((u) => u.node);
      const result = checkRoutes(checkInstanceOf({ ...problem, lockedTo }), plan.vehicleRoutes, left);
      expect(result.problems).toEqual([]);
      expect(plan.vehicleRoutes).toHaveLength(5);
      for (let node = 7; node <= 40; node += 7)
        if (!left.includes(node)) expect(plan.vehicleRoutes[node % 5]).toContain(node);
    }
  });

  it('leaves out a stop locked to a vehicle that cannot take it, with why', () => {
    const problem = euclideanProblem({
      depot: { x: 0, y: 0, windowStart: 0, windowEnd: 1000 },
      customers: [
        { x: 10, y: 0, demand: 30 },
        { x: 400, y: 0, demand: 1 },
        { x: 20, y: 0, demand: 30 },
      ],
      capacity: 50,
      vehicles: 2,
    });
    const plan = solve(
      {
        ...problem,
        fleet: [{ capacity: 20 }, { windowStart: 500 }],
        lockedTo: [-1, 0, 1, -1],
      },
      { iterations: 500 },
    );
    // Vehicle 1 carries 20 (customer 1 weighs 30); vehicle 2 leaves at 500, too late for the far customer 2.
    expect(plan.unassigned).toEqual([
      { node: 1, reason: 'over-capacity' },
      { node: 2, reason: 'unreachable' },
    ]);
    expect(plan.vehicleRoutes).toEqual([[], [3]]);
  });

  it('refuses a lock to a vehicle outside the fleet', () => {
    const problem = randomProblem(1, 3, 2);
    expect(() => solve({ ...problem, lockedTo: [-1, 0, 2, -1] })).toThrow(
      'Routing problem: node 2 is locked to vehicle 2, which is not in the fleet',
    );
  });

  it('gives the same plan for the same seed', () => {
    const problem = randomProblem(7, 40, 6);
    const first = solve(problem, { seed: 42, iterations: 2_000 });
    const second = solve(problem, { seed: 42, iterations: 2_000 });
    expect(second.routes).toEqual(first.routes);
    expect(second.distance).toBe(first.distance);
  });

  it('lists customers it cannot serve, with why, instead of failing', () => {
    const problem = euclideanProblem({
      depot: { x: 0, y: 0, windowStart: 0, windowEnd: 100 },
      customers: [
        { x: 30, y: 0, demand: 5, windowStart: 0, windowEnd: 100 },
        { x: 0, y: 10, demand: 50, windowStart: 0, windowEnd: 100 },
        { x: 60, y: 0, demand: 1, windowStart: 0, windowEnd: 20 },
        { x: 70, y: 0, demand: 1, windowStart: 0, windowEnd: 100 },
        { x: -10, y: 0, demand: 10, windowStart: 0, windowEnd: 100 },
      ],
      capacity: 12,
      vehicles: 1,
    });
    // One vehicle of 12 carries customer 5 (10) or customer 1 (5), not both; 5 is nearer.
    const plan = solve(problem, { iterations: 500 });
    expect(plan.unassigned).toEqual([
      { node: 1, reason: 'no-room' },
      { node: 2, reason: 'over-capacity' },
      { node: 3, reason: 'unreachable' },
      { node: 4, reason: 'unreachable' },
    ]);
    expect(plan.routes).toEqual([[5]]);
  });

  it('answers an empty plan when there is no vehicle', () => {
    const plan = solve(randomProblem(1, 5, 0));
    expect(plan.routes).toEqual([]);
    expect(plan.unassigned.map((u) => u.reason)).toEqual(Array(5).fill('no-room'));
  });

  it('refuses a malformed problem with a clear error', () => {
    const problem = randomProblem(1, 5, 2);
    expect(() => solve({ ...problem, demand: [0, 1] })).toThrow(
      'Routing problem: demand has 2 entries for 6 nodes',
    );
  });

  it('stops on its time limit with a valid plan', () => {
    const problem = randomProblem(3, 60, 8);
    const plan = solve(problem, { timeLimitMs: 0, iterations: 1e9 });
    expect(plan.stoppedByTime).toBe(true);
    const left = plan.unassigned.map((u) => u.node);
    expect(checkRoutes(checkInstanceOf(problem), plan.routes, left).valid).toBe(true);
  });

  it("plans a Solomon instance validly by the benchmark's convention", () => {
    const text = readFileSync(
      new URL('../../../../shared/bench/solomon/R101.100.20.vrptw', import.meta.url),
      'utf8',
    );
    const instance = parseSolomon(text);
    const plan = solve(solomonProblem(instance), { seed: 1, iterations: 3_000 });
    const result = checkRoutes(solomonCheckInstance(instance), plan.routes);
    expect(result.problems).toEqual([]);
    expect(result.distance).toBe(plan.distance);
    expect(plan.distance / 10).toBeLessThan(1637.7 * 1.1);
  });
});
