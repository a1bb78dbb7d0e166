import type { FastifyBaseLogger } from 'fastify';

/*
 * Work a request starts and does not wait for (a fleet's risk model trained on demand): each piece
 * runs with the app's abort signal, a failure is logged, never thrown at nobody. The app's stop aborts
 * what still runs and waits for it to settle, so nothing writes to a closing database; `settled`
 * lets a caller (a test) wait for what is in flight.
 */
export interface TBackgroundWork {
  run(name: string, work: (signal: AbortSignal) => Promise<unknown>): void;
  /** Resolves once every piece started so far has finished, however it ended. */
  settled(): Promise<void>;
  /** Aborts what runs and waits for it. */
  stop(): Promise<void>;
}

export function createBackgroundWork(log: FastifyBaseLogger): TBackgroundWork {
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  const settled = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };
  return {
    run(name, work) {
      const piece = work(controller.signal)
        .then(() => undefined)
        .catch((err: unknown) => {
          if (!controller.signal.aborted) log.error({ err }, `${name} failed`);
        })
        .finally(() => running.delete(piece));
      running.add(piece);
    },
    settled,
    async stop() {
      controller.abort();
      await settled();
    },
  };
}
