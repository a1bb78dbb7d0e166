import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TSimLogger } from '@fleet/sim';
import type { Db } from '../../db/client.ts';
import { demoHistory } from '../../db/schema/index.ts';
import type { TServiceContext } from '../../platform/context.ts';
import type { Storage } from '../../platform/storage.ts';
import { maintainPositionPartitions } from '../positions/service.ts';
import { simulateDemoHistory } from './service.ts';

/*
 * The demo's history at a first start: the seed records that its days are still to be replayed
 * (`demo_history`), and the server replays them once it answers, while the console shows how far it
 * got (`/api/health`'s `demo_history`). One process replays them: it claims the row, says it is alive
 * as it goes, and marks it finished at the end; a server stopped meanwhile leaves the row for the
 * next start, which replays the days again (drivers find their trips that already ran ended and
 * carry on from there).
 */

/** A replay not heard of for this long is taken over by the next server to start. */
const HEARTBEAT_TIMEOUT_SECONDS = 60;
/** How often the replaying process says it is alive. */
const HEARTBEAT_EVERY_MS = 10_000;

/** Claims the demo's history for this process: its days, or null when there is none to replay (or another process is at it). */
async function claimDemoHistory(db: Db): Promise<number | null> {
  const [row] = await db
    .update(demoHistory)
    .set({ heartbeatAt: sql`now()` })
    .where(
      and(
        eq(demoHistory.id, 1),
        isNull(demoHistory.finishedAt),
        or(
          isNull(demoHistory.heartbeatAt),
          lt(demoHistory.heartbeatAt, sql`now() - make_interval(secs => ${HEARTBEAT_TIMEOUT_SECONDS})`),
        ),
      ),
    )
    .returning({ days: demoHistory.days });
  return row?.days ?? null;
}

/** The days of a demo history still to be replayed, or null. */
export async function pendingDemoHistoryDays(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ days: demoHistory.days })
    .from(demoHistory)
    .where(isNull(demoHistory.finishedAt));
  return row?.days ?? null;
}

export interface TDemoHistoryRun {
  logger: TSimLogger;
  storage: Storage;
  retentionDays: number;
  signal?: AbortSignal;
  onProgress?: (share: number, days: number) => void;
  now?: number;
}

/**
 * Replays the demo's pending history through `app`, if there is one this process can claim: the
 * days' position partitions first, then the simulator's run (`simulateDemoHistory`). Answers the
 * days replayed, 0 when there was nothing to do, or null when `signal` stopped it first.
 */
export async function replayDemoHistory(
  ctx: TServiceContext,
  app: FastifyInstance,
  { logger, storage, retentionDays, signal, onProgress, now }: TDemoHistoryRun,
): Promise<number | null> {
  const days = await claimDemoHistory(ctx.db);
  if (days === null) return 0;
  const heartbeat = setInterval(() => {
    ctx.db
      .update(demoHistory)
      .set({ heartbeatAt: sql`now()` })
      .where(eq(demoHistory.id, 1))
      .catch((err: unknown) => logger.error({ err }, 'demo history: heartbeat failed'));
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();
  try {
    onProgress?.(0, days);
    // The days' position partitions first, so the history's positions land in them.
    await maintainPositionPartitions(ctx, { retentionDays, ...(now ? { now: new Date(now) } : {}) });
    const done = await simulateDemoHistory(ctx, app, {
      days,
      logger,
      storage,
      ...(now ? { now } : {}),
      ...(signal ? { signal } : {}),
      ...(onProgress ? { onProgress: (share: number) => onProgress(share, days) } : {}),
    });
    if (!done) {
      // Left for the next start to take up at once.
      await ctx.db.update(demoHistory).set({ heartbeatAt: null }).where(eq(demoHistory.id, 1));
      return null;
    }
    await ctx.db
      .update(demoHistory)
      .set({ finishedAt: sql`now()` })
      .where(eq(demoHistory.id, 1));
    return days;
  } finally {
    clearInterval(heartbeat);
  }
}
