import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/*
 * The server's background machinery as named parts of the app: the live relay, the position ingest,
 * the export runner, event streams, the periodic jobs, the exceptions engine, the tracker port and
 * the simulator. The app builder registers each with its start and stop, so a test's app and the
 * production process run the same parts and routes files stay HTTP only.
 *
 *   start: when the app is ready (in registration order), or once it listens (what needs its address;
 *          the server answers meanwhile, each part starting when the one before has)
 *   stop:  before requests are drained (what would keep them open: streams, the simulator's own
 *          requests), or after they are (what requests write through: ingest, relay), in reverse order
 *
 * A part's failure to start fails the start (the process must not run half set up); its failure to
 * stop is logged and the others still stop.
 */

export interface TBackgroundPart {
  /** Named in the log. */
  name: string;
  /** `ready` (default) or `listen`: only a listening app (never one used through inject) starts the latter. */
  startOn?: 'ready' | 'listen';
  start?(): void | Promise<void>;
  /** `drain`: before the server waits for open requests; `close` (default): after they finished. */
  stopOn?: 'drain' | 'close';
  stop?(): void | Promise<void>;
}

/** Registers the parts' starts and stops on the app's hooks. */
export function registerBackground(app: FastifyInstance, parts: readonly TBackgroundPart[]): void {
  const log = app.log.child({ module: 'lifecycle' });
  const started: TBackgroundPart[] = [];
  let stopping = false;
  const start = async (phase: 'ready' | 'listen') => {
    for (const part of parts) {
      // A server stopping while the listening parts start (behind a long one: a first start's demo
      // history) starts no more of them.
      if (stopping) return;
      if ((part.startOn ?? 'ready') !== phase) continue;
      // Stoppable as soon as it starts: a long start is ended by the part's stop.
      started.push(part);
      await part.start?.();
    }
  };
  app.addHook('onReady', () => start('ready'));
  app.addHook('onListen', () => start('listen'));
  const stop = async (phase: 'drain' | 'close') => {
    for (const part of [...started].reverse()) {
      if ((part.stopOn ?? 'close') !== phase) continue;
      started.splice(started.indexOf(part), 1);
      await stopPart(part, log);
    }
  };
  app.addHook('preClose', () => {
    stopping = true;
    return stop('drain');
  });
  app.addHook('onClose', () => stop('close'));
}

async function stopPart(part: TBackgroundPart, log: FastifyBaseLogger): Promise<void> {
  const began = Date.now();
  try {
    await part.stop?.();
    log.debug({ part: part.name, ms: Date.now() - began }, 'stopped');
  } catch (err) {
    log.error({ err, part: part.name }, 'stopping failed');
  }
}
