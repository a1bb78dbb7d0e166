import { and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { accidents, drivers } from '../../db/schema/index.ts';
import { tripInProgressOf } from '../../db/trip-in-progress.ts';

const live = (tenantId: number) => and(eq(accidents.tenantId, tenantId), eq(accidents.archived, false));

/** A driver's live accidents, newest first. */
export const listDriverAccidents = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(accidents)
    .where(and(live(tenantId), eq(accidents.driverId, driverId)))
    .orderBy(desc(accidents.createdDate));

/**
 * The tenant's live accidents reported from `from` (included) to `to` (excluded), or the newest
 * `latest` of them, or the one of `id`: newest first, with their drivers.
 */
export const listAccidents = (
  db: Db,
  tenantId: number,
  which: { from: Date; to: Date } | { latest: number } | { id: number },
) =>
  db
    .select({
      accident: accidents,
      driver: { id: drivers.id, fname: drivers.fname, lname: drivers.lname },
    })
    .from(accidents)
    // Archived drivers keep their names in the history.
    .leftJoin(drivers, and(eq(drivers.id, accidents.driverId), eq(drivers.tenantId, tenantId)))
    .where(
      and(
        live(tenantId),
        'id' in which
          ? eq(accidents.id, which.id)
          : 'from' in which
            ? and(gte(accidents.createdDate, which.from), lt(accidents.createdDate, which.to))
            : undefined,
      ),
    )
    .orderBy(desc(accidents.createdDate), desc(accidents.id))
    .limit('latest' in which ? which.latest : 100_000);
export type TAccidentDbRow = Awaited<ReturnType<typeof listAccidents>>[number];

export async function findLiveAccident(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: accidents.id })
    .from(accidents)
    .where(and(live(tenantId), eq(accidents.id, id)))
    .limit(1);
  return row;
}

/**
 * An accident the driver reported at `at`, tied to the trip they had in progress then (if any) in
 * the same statement.
 */
export async function insertAccident(
  db: Db,
  tenantId: number,
  v: {
    driverId: number;
    at: Date;
    description: string;
    location: string | null;
    lat: number | null;
    lon: number | null;
  },
) {
  const [row] = await db
    .insert(accidents)
    .values({
      tenantId,
      driverId: v.driverId,
      tripId: tripInProgressOf(tenantId, v.driverId, v.at),
      description: v.description,
      location: v.location,
      lat: v.lat,
      lon: v.lon,
      createdDate: v.at,
    })
    .returning();
  return row!;
}

/** The keyset of the accidents export: an accident's time (as text, microseconds kept) and id. */
export interface TAccidentKey {
  at: string;
  id: number;
}
export interface TAccidentExportFilter {
  from: Date;
  to: Date;
  /** The console's search: the driver's name ('N/A' for none), the location or the description. */
  search?: string | undefined;
}

function exportWhere(tenantId: number, f: TAccidentExportFilter) {
  const pattern = f.search ? `%${escapeLike(f.search)}%` : undefined;
  return and(
    live(tenantId),
    gte(accidents.createdDate, f.from),
    lt(accidents.createdDate, f.to),
    pattern
      ? or(
          ilike(sql`coalesce(${drivers.fname} || ' ' || ${drivers.lname}, 'N/A')`, pattern),
          ilike(accidents.location, pattern),
          ilike(accidents.description, pattern),
        )
      : undefined,
  );
}
const driverJoin = (tenantId: number) =>
  and(eq(drivers.id, accidents.driverId), eq(drivers.tenantId, tenantId));

/** How many accidents the export holds, counted up to `bound + 1`. */
export async function countAccidentsForExport(
  db: Db,
  tenantId: number,
  f: TAccidentExportFilter,
  bound: number,
) {
  const matching = db
    .select({ one: sql`1` })
    .from(accidents)
    .leftJoin(drivers, driverJoin(tenantId))
    .where(exportWhere(tenantId, f))
    .limit(bound + 1);
  const [row] = await db.select({ n: count() }).from(matching.as('matching'));
  return row?.n ?? 0;
}

/** The export's next `limit` accidents after `after`, newest first, with their drivers. */
export function accidentExportChunk(
  db: Db,
  tenantId: number,
  f: TAccidentExportFilter,
  after: TAccidentKey | null,
  limit: number,
) {
  return db
    .select({
      accident: accidents,
      at: sql<string>`${accidents.createdDate}::text`,
      driver: { id: drivers.id, fname: drivers.fname, lname: drivers.lname },
    })
    .from(accidents)
    .leftJoin(drivers, driverJoin(tenantId))
    .where(
      and(
        exportWhere(tenantId, f),
        after
          ? sql`(${accidents.createdDate}, ${accidents.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(accidents.createdDate), desc(accidents.id))
    .limit(limit);
}
export type TAccidentExportRow = Awaited<ReturnType<typeof accidentExportChunk>>[number];
