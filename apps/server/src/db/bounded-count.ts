import { count, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { LIST_EXACT_COUNT } from '@fleet/contract';
import type { Db } from './client.ts';

/*
 * Counts of lists that grow with trips (trips, their tasks, exceptions): exact up to
 * LIST_EXACT_COUNT, read as `count(*)` over the first LIST_EXACT_COUNT + 1 matches, so a count
 * never reads more than that many rows; past it, the planner's estimate of the same query (no row
 * read), never below the bound, flagged inexact (the console shows "10,000+"). Decision 0014.
 */

/** How many rows the planner expects `query` to answer (its estimate; no row is read). */
export async function plannedRows(db: Db, query: SQLWrapper): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as
    { rows: Record<string, unknown>[] } | Record<string, unknown>[];
  const rows = Array.isArray(result) ? result : result.rows;
  const plan = Object.values(rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * How many rows `matching()` answers (a fresh `select 1 … where …` each call, made `$dynamic()`):
 * exact up to the bound, the planner's estimate past it.
 */
export async function boundedCount(
  db: Db,
  matching: () => PgSelect,
): Promise<{ total: number; exact: boolean }> {
  const [counted] = await db.select({ n: count() }).from(
    matching()
      .limit(LIST_EXACT_COUNT + 1)
      .as('bounded'),
  );
  const n = counted?.n ?? 0;
  if (n <= LIST_EXACT_COUNT) return { total: n, exact: true };
  const estimate = await plannedRows(db, matching());
  return { total: Math.max(estimate, LIST_EXACT_COUNT + 1), exact: false };
}
