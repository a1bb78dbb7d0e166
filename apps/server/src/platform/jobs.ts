import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `run` now and then every `intervalMs`, never two runs at once; a failed run is logged and
 * the next one tries again. Jobs that must run once across processes take a database lock inside.
 */
export function startPeriodicJob(options: {
  name: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  run: () => Promise<unknown>;
}): PeriodicJob {
  const { name, intervalMs, log, run } = options;
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (current || stopped) return;
    current = run()
      .then((result) => log.debug({ job: name, result }, 'job finished'))
      .catch((err: unknown) => log.error({ err, job: name }, 'job failed'))
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
