import type { FastifyBaseLogger } from 'fastify';
import type { TBackgroundPart } from './lifecycle.ts';

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

export interface TPeriodicJobOptions {
  name: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  run: () => Promise<unknown>;
  /** Told of each failed run (the error log records it), besides the log. */
  onFailure?: (error: unknown, job: string) => void;
}

/**
 * Runs `run` now and then every `intervalMs`, never two runs at once. A failed run never escapes:
 * it is logged, the next one tries again, and a job failing run after run is logged at its first
 * failure and then at the 2nd, 4th, 8th… so a database outage does not flood the log; its recovery
 * is logged too. Jobs that must run once across processes take a database lock inside.
 */
export function startPeriodicJob(options: TPeriodicJobOptions): PeriodicJob {
  const { name, intervalMs, log, run, onFailure } = options;
  let current: Promise<void> | null = null;
  let stopped = false;
  let failures = 0;
  const failed = (err: unknown) => {
    failures++;
    if ((failures & (failures - 1)) === 0) log.error({ err, job: name, failures }, 'job failed');
    try {
      onFailure?.(err, name);
    } catch (reportError) {
      log.warn({ err: reportError, job: name }, 'reporting a failed job failed');
    }
  };
  const tick = () => {
    if (current || stopped) return;
    current = Promise.resolve()
      .then(run)
      .then((result) => {
        if (failures > 0) log.info({ job: name, failures }, 'job runs again after failing');
        failures = 0;
        log.debug({ job: name, result }, 'job finished');
      })
      .catch(failed)
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}

/** A periodic job as a part of the app: started when the app is ready, stopped when it closes. */
export function periodicJob(options: TPeriodicJobOptions): TBackgroundPart {
  let job: PeriodicJob | null = null;
  return {
    name: options.name,
    start() {
      job = startPeriodicJob(options);
    },
    stop: () => job?.stop(),
  };
}
