import { and, count, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { drivers, fines, trips, tripTypes } from '../../db/schema/index.ts';

/** One page of a driver's live fines, latest issued first, and how many there are in all. */
export async function listDriverFines(
  db: Db,
  tenantId: number,
  driverId: number,
  page: number,
  pageSize: number,
) {
  const where = and(eq(fines.tenantId, tenantId), eq(fines.driverId, driverId), eq(fines.archived, false));
  const [total] = await db.select({ n: count() }).from(fines).where(where);
  const rows = await db
    .select()
    .from(fines)
    .where(where)
    .orderBy(desc(fines.issuedDate), desc(fines.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}

// The trip's own driver, beside the fine's (a trip may have been given to another driver since).
const tripDriver = alias(drivers, 'trip_driver');

export interface TFineFilter {
  /** Issued in [from, to). */
  from?: Date;
  to?: Date;
  id?: number;
}

/** Live fines with their driver, trip (its type and driver), newest issued first. */
export function listFines(db: Db, tenantId: number, filter: TFineFilter) {
  return db
    .select({
      fine: fines,
      driver: { id: drivers.id, fname: drivers.fname, lname: drivers.lname },
      trip: { id: trips.id, startDate: trips.startDate, warehouseId: trips.warehouseId },
      type: { title: tripTypes.title },
      tripDriver: { id: tripDriver.id, fname: tripDriver.fname, lname: tripDriver.lname },
    })
    .from(fines)
    .leftJoin(drivers, and(eq(drivers.id, fines.driverId), eq(drivers.tenantId, tenantId)))
    .leftJoin(trips, and(eq(trips.id, fines.tripId), eq(trips.tenantId, tenantId)))
    .leftJoin(tripTypes, and(eq(tripTypes.id, trips.typeId), eq(tripTypes.tenantId, tenantId)))
    .leftJoin(tripDriver, and(eq(tripDriver.id, trips.driverId), eq(tripDriver.tenantId, tenantId)))
    .where(
      and(
        eq(fines.tenantId, tenantId),
        eq(fines.archived, false),
        filter.id === undefined ? undefined : eq(fines.id, filter.id),
        filter.from ? gte(fines.issuedDate, filter.from) : undefined,
        filter.to ? lt(fines.issuedDate, filter.to) : undefined,
      ),
    )
    .orderBy(desc(fines.issuedDate), desc(fines.id));
}
export type TFineListRow = Awaited<ReturnType<typeof listFines>>[number];

/** A live fine of the tenant; `lock` holds its row until the transaction ends (its pictures are counted). */
export async function findFine(db: Db, tenantId: number, id: number, { lock = false } = {}) {
  const query = db
    .select()
    .from(fines)
    .where(and(eq(fines.tenantId, tenantId), eq(fines.id, id), eq(fines.archived, false)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** A live trip of the tenant and its driver, for a fine naming it. */
export async function findLiveTrip(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: trips.id, driverId: trips.driverId })
    .from(trips)
    .where(and(eq(trips.tenantId, tenantId), eq(trips.id, id), eq(trips.archived, false)))
    .limit(1);
  return row;
}

export type TFineValues = Pick<
  typeof fines.$inferInsert,
  'driverId' | 'tripId' | 'amount' | 'description' | 'issuedDate' | 'status'
>;

export async function insertFine(
  db: Db,
  tenantId: number,
  values: TFineValues & { creationDate?: Date | undefined },
): Promise<number> {
  const [row] = await db
    .insert(fines)
    .values({ tenantId, ...values })
    .returning({ id: fines.id });
  return row!.id;
}

/** Changes a live fine; answers its id, or undefined when there is none. */
export async function updateFine(db: Db, tenantId: number, id: number, values: TFineValues) {
  const [row] = await db
    .update(fines)
    .set(values)
    .where(and(eq(fines.tenantId, tenantId), eq(fines.id, id), eq(fines.archived, false)))
    .returning({ id: fines.id });
  return row?.id;
}

/** Archives a live fine; answers its id, or undefined when there is none. */
export async function archiveFineRow(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .update(fines)
    .set({ archived: true })
    .where(and(eq(fines.tenantId, tenantId), eq(fines.id, id), eq(fines.archived, false)))
    .returning({ id: fines.id });
  return row?.id;
}

/** The keyset of the fines export: a fine's issued time (as text, microseconds kept) and id. */
export interface TFineKey {
  issued: string;
  id: number;
}

/** The filter of the fines export: the list's range and the console's search (driver or description). */
function exportWhere(tenantId: number, f: { from: Date; to: Date; search?: string | undefined }) {
  return and(
    eq(fines.tenantId, tenantId),
    eq(fines.archived, false),
    gte(fines.issuedDate, f.from),
    lt(fines.issuedDate, f.to),
    f.search
      ? ilike(
          sql`coalesce(${drivers.fname} || ' ' || ${drivers.lname}, '') || ' ' || ${fines.description}`,
          `%${escapeLike(f.search)}%`,
        )
      : undefined,
  );
}

/** How many fines the export holds, counted up to `bound + 1`. */
export async function countFinesForExport(
  db: Db,
  tenantId: number,
  f: { from: Date; to: Date; search?: string | undefined },
  bound: number,
) {
  const matching = db
    .select({ one: sql`1` })
    .from(fines)
    .leftJoin(drivers, and(eq(drivers.id, fines.driverId), eq(drivers.tenantId, tenantId)))
    .where(exportWhere(tenantId, f))
    .limit(bound + 1);
  const [row] = await db.select({ n: count() }).from(matching.as('matching'));
  return row?.n ?? 0;
}

/** The export's next `limit` fines after `after`, newest issued first, with driver and trip. */
export function fineExportChunk(
  db: Db,
  tenantId: number,
  f: { from: Date; to: Date; search?: string | undefined },
  after: TFineKey | null,
  limit: number,
) {
  return db
    .select({
      fine: fines,
      issued: sql<string>`${fines.issuedDate}::text`,
      driver: { id: drivers.id, fname: drivers.fname, lname: drivers.lname },
      trip: { id: trips.id, startDate: trips.startDate },
      type: { title: tripTypes.title },
    })
    .from(fines)
    .leftJoin(drivers, and(eq(drivers.id, fines.driverId), eq(drivers.tenantId, tenantId)))
    .leftJoin(trips, and(eq(trips.id, fines.tripId), eq(trips.tenantId, tenantId)))
    .leftJoin(tripTypes, and(eq(tripTypes.id, trips.typeId), eq(tripTypes.tenantId, tenantId)))
    .where(
      and(
        exportWhere(tenantId, f),
        after
          ? sql`(${fines.issuedDate}, ${fines.id}) < (${after.issued}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(fines.issuedDate), desc(fines.id))
    .limit(limit);
}
export type TFineExportRow = Awaited<ReturnType<typeof fineExportChunk>>[number];
