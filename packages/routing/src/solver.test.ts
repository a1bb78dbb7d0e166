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
