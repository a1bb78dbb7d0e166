/*
 * The worker thread's side of `solveInWorker` and `orderTripInWorker`: runs the task it was started
 * with and posts the answer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { solve } from './solver.ts';
import { orderTrip } from './trip-order.ts';
import type { TWorkerTask } from './in-worker.ts';

const task = workerData as TWorkerTask;
try {
  parentPort!.postMessage({
    answer: task.kind === 'solve' ? solve(task.problem, task.options) : orderTrip(task.input),
  });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
