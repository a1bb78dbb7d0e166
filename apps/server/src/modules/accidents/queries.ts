import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
