/*
 * The solver and the trip ordering on a worker thread, so the server keeps answering while a plan
 * is searched. An abort terminates the thread at once (the search does not need to reach a
 * checkpoint) and rejects with `RoutingCancelledError`.
 */
import { Worker } from 'node:worker_threads';
import type { TTripInput, TTripOrder } from './trip-order.ts';
import type { TRoutingPlan, TRoutingProblem, TSolveOptions } from './types.ts';

export class RoutingCancelledError extends Error {
  constructor() {
    super('Route planning was cancelled');
    this.name = 'RoutingCancelledError';
  }
}

/**
 * The package ships TypeScript source: from it, the thread starts on a small module that loads
 * tsx first (a worker does not inherit the parent's loaders, whether tsx's or vitest's). A bundle
 * (the server's dist/main.js) has the thread's side built beside it as worker.js.
 */
const workerUrl = new URL(
  import.meta.url.endsWith('.ts') ? './worker-entry.mjs' : './worker.js',
  import.meta.url,
);

/** What a worker thread is started with. */
export type TWorkerTask =
  | { kind: 'solve'; problem: TRoutingProblem; options: TSolveOptions }
  | { kind: 'orderTrip'; input: TTripInput };

/** Plans routes on a worker thread (`solve`). */
export const solveInWorker = (
  problem: TRoutingProblem,
  options: TSolveOptions = {},
  signal?: AbortSignal,
): Promise<TRoutingPlan> => inWorker({ kind: 'solve', problem, options }, signal);

/** Orders one trip's stops on a worker thread (`orderTrip`). */
export const orderTripInWorker = (input: TTripInput, signal?: AbortSignal): Promise<TTripOrder> =>
  inWorker({ kind: 'orderTrip', input }, signal);

function inWorker<T>(task: TWorkerTask, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(new RoutingCancelledError());
  const worker = new Worker(workerUrl, { workerData: task });
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = () => {
      settle(() => reject(new RoutingCancelledError()));
      void worker.terminate();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: { answer?: T; error?: string }) => {
      settle(() =>
        message.answer
          ? resolve(message.answer)
          : reject(new Error(message.error ?? 'Route planning failed')),
      );
      void worker.terminate();
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`Route planning stopped before it answered (exit code ${code})`))),
    );
  });
}
