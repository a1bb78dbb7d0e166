import { count, sql } from 'drizzle-orm';
import { EXPORT_LIMIT, EXPORT_MESSAGES, pluralize, type TTripRow } from '@fleet/contract';
import { trips } from '../../db/schema/index.ts';
import type { TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { searchedRefs, tripWhere } from './queries.ts';
import { tripRange, tripRows, tripTerm, type TTripRangeFilter } from './service.ts';

/*
 * The trips export (issue 16): the trips the list shows for a range and a search, read in keyset
 * chunks over the (tenant_id, planned_date, id) index, newest planned first, each chunk's rows
 * loaded as the list loads a page. Nothing holds more than one chunk, so the direct export
 * (`GET /api/v1/trips/export`, up to EXPORT_LIMIT trips) and the background export (any number)
 * stream the same rows in the same order with flat memory.
 */

/** Trips read at a time. */
export const TRIP_EXPORT_CHUNK = 1000;

/** The list's conditions for the filter: the range (checked: 400 when reversed) and the search's ids. */
async function exportWhere(ctx: TTenantContext, filter: TTripRangeFilter) {
  const range = tripRange(filter.fdate, filter.tdate);
  const search = filter.search?.trim() || undefined;
  const refs = search ? await searchedRefs(ctx.db, ctx.tenantId, search) : undefined;
  return tripWhere(ctx.tenantId, { ...range, search }, refs);
}

/** How many trips the export of the filter holds, counted up to `bound + 1` when a bound is given. */
export async function countTripsForExport(
  ctx: TTenantContext,
  filter: TTripRangeFilter,
  bound?: number,
): Promise<number> {
  const where = await exportWhere(ctx, filter);
  const matching = ctx.db
    .select({ one: sql`1` })
    .from(trips)
    .where(where)
    .$dynamic();
  if (bound !== undefined) matching.limit(bound + 1);
  const [row] = await ctx.db.select({ n: count() }).from(matching.as('matching'));
  return row?.n ?? 0;
}

/**
 * The export's trips in chunks of `size`, newest planned first (then newest id). Each chunk starts
 * after the last (planned_date, id) of the one before: the index is walked once, however deep.
 * The planned time is carried as text, so its microseconds survive the round trip.
 */
export async function* tripExportChunks(
  ctx: TTenantContext,
  filter: TTripRangeFilter,
  size = TRIP_EXPORT_CHUNK,
): AsyncGenerator<TTripRow[]> {
  const where = await exportWhere(ctx, filter);
  let after: { planned: string; id: number } | null = null;
  for (;;) {
    const cursor = after;
    const rows: { id: number; planned: string }[] = await ctx.db
      .select({ id: trips.id, planned: sql<string>`${trips.plannedDate}::text` })
      .from(trips)
      .where(
        cursor
          ? sql`${where} and (${trips.plannedDate}, ${trips.id}) < (${cursor.planned}::timestamptz, ${cursor.id})`
          : where,
      )
      .orderBy(sql`${trips.plannedDate} desc, ${trips.id} desc`)
      .limit(size);
    if (rows.length)
      yield await tripRows(
        ctx,
        rows.map((r) => r.id),
      );
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { planned: last.planned, id: last.id };
  }
}

/**
 * The direct export's check, before the first byte is sent: a range of more than EXPORT_LIMIT
 * trips is refused (409) with a message that says so and offers the background export.
 */
export async function checkDirectTripExport(ctx: TTenantContext, filter: TTripRangeFilter): Promise<void> {
  const n = await countTripsForExport(ctx, filter, EXPORT_LIMIT);
  if (n <= EXPORT_LIMIT) return;
  const things = pluralize(await tripTerm(ctx)).toLowerCase();
  throw new AppError('CONFLICT', EXPORT_MESSAGES.tooLarge(things, null));
}
