import { and, count, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { dieselTanks, drivers } from '../../db/schema/index.ts';
import { tripInProgressOf } from '../../db/trip-in-progress.ts';

const live = (tenantId: number) => and(eq(dieselTanks.tenantId, tenantId), eq(dieselTanks.archived, false));

/** A driver's live refuels (the spec's diesel tanks), newest first. */
export const listDriverRefuels = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(dieselTanks)
    .where(and(live(tenantId), eq(dieselTanks.driverId, driverId)))
    .orderBy(desc(dieselTanks.createdDate));

/**
 * The tenant's live refuels made from `from` (included) to `to` (excluded), or the one of `id`,
 * newest first, with their drivers.
 */
export const listRefuels = (db: Db, tenantId: number, which: { from: Date; to: Date } | { id: number }) =>
  db
    .select({
      refuel: dieselTanks,
      driver: { id: drivers.id, fname: drivers.fname, lname: drivers.lname },
    })
    .from(dieselTanks)
    // Archived drivers keep their names in the history.
    .leftJoin(drivers, and(eq(drivers.id, dieselTanks.driverId), eq(drivers.tenantId, tenantId)))
    .where(
      and(
        live(tenantId),
        'id' in which
          ? eq(dieselTanks.id, which.id)
          : and(gte(dieselTanks.createdDate, which.from), lt(dieselTanks.createdDate, which.to)),
      ),
    )
    .orderBy(desc(dieselTanks.createdDate), desc(dieselTanks.id));
export type TRefuelDbRow = Awaited<ReturnType<typeof listRefuels>>[number];

export async function findLiveRefuel(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: dieselTanks.id })
    .from(dieselTanks)
    .where(and(live(tenantId), eq(dieselTanks.id, id)))
    .limit(1);
  return row;
}

/**
 * A refuel the driver reported at `at`, tied to the trip they had in progress then (if any) in the
 * same statement.
 */
export async function insertRefuel(
  db: Db,
  tenantId: number,
  v: { driverId: number; at: Date; volume: number; amount: number },
) {
  const [row] = await db
    .insert(dieselTanks)
    .values({
      tenantId,
      driverId: v.driverId,
      tripId: tripInProgressOf(tenantId, v.driverId, v.at),
      volume: v.volume,
      amount: v.amount,
      createdDate: v.at,
    })
    .returning();
  return row!;
}

export async function updateRefuel(
  db: Db,
  tenantId: number,
  id: number,
  v: { amount: number; volume: number },
) {
  const rows = await db
    .update(dieselTanks)
    .set(v)
    .where(and(live(tenantId), eq(dieselTanks.id, id)))
    .returning({ id: dieselTanks.id });
  return rows.length > 0;
}

export async function archiveRefuel(db: Db, tenantId: number, id: number) {
  const rows = await db
    .update(dieselTanks)
    .set({ archived: true })
    .where(and(live(tenantId), eq(dieselTanks.id, id)))
    .returning({ id: dieselTanks.id });
  return rows.length > 0;
}

/** The keyset of the refuels export: a refuel's time (as text, microseconds kept) and id. */
export interface TRefuelKey {
  at: string;
  id: number;
}
export interface TRefuelExportFilter {
  from: Date;
  to: Date;
  /** The console's search: the driver's name ('N/A' for none). */
  search?: string | undefined;
}

function exportWhere(tenantId: number, f: TRefuelExportFilter) {
  return and(
    live(tenantId),
    gte(dieselTanks.createdDate, f.from),
    lt(dieselTanks.createdDate, f.to),
    f.search
      ? ilike(sql`coalesce(${drivers.fname} || ' ' || ${drivers.lname}, 'N/A')`, `%${escapeLike(f.search)}%`)
      : undefined,
  );
}
const driverJoin = (tenantId: number) =>
  and(eq(drivers.id, dieselTanks.driverId), eq(drivers.tenantId, tenantId));

/** How many refuels the export holds, counted up to `bound + 1`. */
export async function countRefuelsForExport(db: Db, tenantId: number, f: TRefuelExportFilter, bound: number) {
  const matching = db
    .select({ one: sql`1` })
    .from(dieselTanks)
    .leftJoin(drivers, driverJoin(tenantId))
    .where(exportWhere(tenantId, f))
    .limit(bound + 1);
  const [row] = await db.select({ n: count() }).from(matching.as('matching'));
  return row?.n ?? 0;
}

/** The export's next `limit` refuels after `after`, newest first, with their drivers. */
export function refuelExportChunk(
  db: Db,
  tenantId: number,
  f: TRefuelExportFilter,
  after: TRefuelKey | null,
  limit: number,
) {
  return db
    .select({
      refuel: dieselTanks,
      at: sql<string>`${dieselTanks.createdDate}::text`,
      driver: { id: drivers.id, fname: drivers.fname, lname: drivers.lname },
    })
    .from(dieselTanks)
    .leftJoin(drivers, driverJoin(tenantId))
    .where(
      and(
        exportWhere(tenantId, f),
        after
          ? sql`(${dieselTanks.createdDate}, ${dieselTanks.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(dieselTanks.createdDate), desc(dieselTanks.id))
    .limit(limit);
}
export type TRefuelExportRow = Awaited<ReturnType<typeof refuelExportChunk>>[number];
