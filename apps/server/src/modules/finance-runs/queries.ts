import { and, count, desc, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { financeRuns } from '../../db/schema/index.ts';

/* The monthly finance runs' SQL (decision 0032): this module owns `finance_runs`. */

export type TFinanceRunRow = typeof financeRuns.$inferSelect;

export async function findRun(db: Db, tenantId: number, month: string): Promise<TFinanceRunRow | undefined> {
  const [row] = await db
    .select()
    .from(financeRuns)
    .where(and(eq(financeRuns.tenantId, tenantId), eq(financeRuns.month, month)))
    .limit(1);
  return row;
}

/**
 * Claims the month's first attempt: the row is made by whoever inserts it first, across processes
 * (the unique (tenant_id, month) index). Answers the row when this caller made it.
 */
export async function claimFirstAttempt(
  db: Db,
  values: { tenantId: number; month: string; fileType: number; recipient: string; now: Date },
): Promise<TFinanceRunRow | undefined> {
  const [row] = await db
    .insert(financeRuns)
    .values({
      tenantId: values.tenantId,
      month: values.month,
      status: 'sending',
      fileType: values.fileType,
      recipient: values.recipient,
      attempts: 1,
      claimedAt: values.now,
    })
    .onConflictDoNothing({ target: [financeRuns.tenantId, financeRuns.month] })
    .returning();
  return row;
}

/**
 * Claims another attempt of the month's run in one conditional update (so only one process gets
 * it): a failed run whose retry is due, or one left `sending` since before `staleBefore` (its
 * server stopped mid-send), while attempts remain.
 */
export async function claimRetry(
  db: Db,
  values: {
    tenantId: number;
    month: string;
    fileType: number;
    recipient: string;
    now: Date;
    staleBefore: Date;
    maxAttempts: number;
  },
): Promise<TFinanceRunRow | undefined> {
  const { tenantId, month, now } = values;
  const [row] = await db
    .update(financeRuns)
    .set({
      status: 'sending',
      fileType: values.fileType,
      recipient: values.recipient,
      reason: null,
      attempts: sql`${financeRuns.attempts} + 1`,
      claimedAt: now,
      nextAttemptAt: null,
      finishedAt: null,
    })
    .where(
      and(
        eq(financeRuns.tenantId, tenantId),
        eq(financeRuns.month, month),
        lt(financeRuns.attempts, values.maxAttempts),
        or(
          and(eq(financeRuns.status, 'failed'), lte(financeRuns.nextAttemptAt, now)),
          and(eq(financeRuns.status, 'sending'), lt(financeRuns.claimedAt, values.staleBefore)),
        ),
      ),
    )
    .returning();
  return row;
}

/** Records how an attempt ended (only the attempt that claimed it: same row, same claim time). */
export async function finishRun(
  db: Db,
  run: Pick<TFinanceRunRow, 'id' | 'tenantId' | 'claimedAt'>,
  result: {
    status: 'sent' | 'outbox' | 'skipped' | 'failed';
    fileName?: string | null;
    reason?: string | null;
    nextAttemptAt?: Date | null;
    now: Date;
  },
): Promise<void> {
  await db
    .update(financeRuns)
    .set({
      status: result.status,
      fileName: result.fileName ?? null,
      reason: result.reason ?? null,
      nextAttemptAt: result.nextAttemptAt ?? null,
      finishedAt: result.now,
    })
    .where(
      and(
        eq(financeRuns.tenantId, run.tenantId),
        eq(financeRuns.id, run.id),
        eq(financeRuns.claimedAt, run.claimedAt),
      ),
    );
}

/** A page of the tenant's runs, the newest month first, and how many there are. */
export async function listRuns(db: Db, tenantId: number, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(financeRuns)
      .where(eq(financeRuns.tenantId, tenantId))
      .orderBy(desc(financeRuns.month), desc(financeRuns.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(financeRuns).where(eq(financeRuns.tenantId, tenantId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
