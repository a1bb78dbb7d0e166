/* The worker thread's side of `solveInWorker`: solves the problem it was started with and posts the plan. */
import { parentPort, workerData } from 'node:worker_threads';
import { solve } from './solver.ts';
import type { TRoutingProblem, TSolveOptions } from './types.ts';

const { problem, options } = workerData as { problem: TRoutingProblem; options: TSolveOptions };
try {
  parentPort!.postMessage({ plan: solve(problem, options) });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
