import { describe, expect, it } from 'vitest';
import { orderTripInWorker, RoutingCancelledError, solveInWorker } from './in-worker.ts';
import { euclideanProblem, matrix } from './problem.ts';
import { mulberry32 } from './random.ts';
import { solve } from './solver.ts';
import { orderTrip } from './trip-order.ts';

const random = mulberry32(5);
const problem = euclideanProblem({
  depot: { x: 0, y: 0, windowEnd: 10_000 },
  customers: Array.from({ length: 60 }, () => ({ x: random() * 100, y: random() * 100, demand: 1 })),
  capacity: 20,
  vehicles: 5,
});

describe('solveInWorker', () => {
  it('answers the same plan as the solver on this thread', async () => {
    const options = { seed: 3, iterations: 1_000 };
    const plan = await solveInWorker(problem, options);
    expect(plan.routes).toEqual(solve(problem, options).routes);
  });

  it('is cancelled by its signal, rejecting clearly', async () => {
    const controller = new AbortController();
    const planning = solveInWorker(problem, { iterations: 1e9 }, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(planning).rejects.toBeInstanceOf(RoutingCancelledError);
    await expect(solveInWorker(problem, {}, controller.signal)).rejects.toThrow(
      'Route planning was cancelled',
    );
  });

  it('passes on the solver’s refusal of a malformed problem', async () => {
    await expect(solveInWorker({ ...problem, vehicles: -1 })).rejects.toThrow(
      'vehicles must be a whole number',
    );
  });
});

describe('orderTripInWorker', () => {
  it('answers the same order as on this thread', async () => {
    const points = Array.from({ length: 12 }, () => [random() * 100, random() * 100] as const);
    const distance = matrix(points.length, (i, j) =>
      Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1]),
    );
    const answer = await orderTripInWorker({ distance, seed: 2 });
    expect(answer).toEqual(orderTrip({ distance, seed: 2 }));
    expect(answer.after.distance).toBeLessThan(answer.before.distance);
  });
});
