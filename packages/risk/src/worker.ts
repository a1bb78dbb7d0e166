/*
 * The worker thread's side of `trainRiskInWorker`: trains on the dataset it was started with and
 * posts the outcome.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { trainRisk, type TRiskDataset } from './train.ts';

const task = workerData as { dataset: TRiskDataset; lambda?: number };
try {
  parentPort!.postMessage({ answer: trainRisk(task.dataset, task.lambda) });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
