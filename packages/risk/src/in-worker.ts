/*
 * Training on a worker thread, so the server keeps answering while a fleet's model is fitted and
 * validated. An abort terminates the thread at once and rejects with `RiskTrainingCancelledError`.
 */
import { Worker } from 'node:worker_threads';
import type { TRiskDataset, TRiskTraining } from './train.ts';

export class RiskTrainingCancelledError extends Error {
  constructor() {
    super('Training was cancelled');
    this.name = 'RiskTrainingCancelledError';
  }
}

/**
 * The package ships TypeScript source: from it, the thread starts on a small module that loads tsx
 * first (a worker does not inherit the parent's loaders). A bundle (the server's dist/main.js) has
 * the thread's side built beside it as risk-worker.js.
 */
const workerUrl = new URL(
  import.meta.url.endsWith('.ts') ? './worker-entry.mjs' : './risk-worker.js',
  import.meta.url,
);

/** Trains and validates a fleet's model on a worker thread (`trainRisk`). */
export function trainRiskInWorker(
  dataset: TRiskDataset,
  { lambda, signal }: { lambda?: number; signal?: AbortSignal } = {},
): Promise<TRiskTraining> {
  if (signal?.aborted) return Promise.reject(new RiskTrainingCancelledError());
  const worker = new Worker(workerUrl, { workerData: { dataset, lambda } });
  return new Promise<TRiskTraining>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = () => {
      settle(() => reject(new RiskTrainingCancelledError()));
      void worker.terminate();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: { answer?: TRiskTraining; error?: string }) => {
      settle(() =>
        message.answer ? resolve(message.answer) : reject(new Error(message.error ?? 'Training failed')),
      );
      void worker.terminate();
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`Training stopped before it answered (exit code ${code})`))),
    );
  });
}
