import { and, asc, eq, gt, isNull, lt, lte, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changeEvents, tasks, tripDestinations, trips, vehicleRequests } from '../../db/schema/index.ts';
import { anyId } from '../../db/id-lists.ts';

/** The tenant filter of change_events: a tenant's rows, or the product's own (tenant_id null). */
const ofTenant = (tenantId: number | null): SQL =>
  tenantId === null ? isNull(changeEvents.tenantId) : eq(changeEvents.tenantId, tenantId);

/** A tenant's change events after `afterId` up to `upToId`, oldest first, at most `limit`. */
export function listChangesBetween(
  db: Db,
  tenantId: number | null,
  afterId: number,
  upToId: number,
  limit: number,
) {
  return db
    .select()
    .from(changeEvents)
    .where(and(ofTenant(tenantId), gt(changeEvents.id, afterId), lte(changeEvents.id, upToId)))
    .orderBy(asc(changeEvents.id))
    .limit(limit);
}

/** The oldest change event still kept (any tenant): anything older has been deleted. */
export async function oldestChangeId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: min(changeEvents.id) }).from(changeEvents);
  return row?.id ?? null;
}

/** Each trip's driver. */
export async function tripDrivers(db: Db, tenantId: number, tripIds: number[]) {
  return db
    .select({ id: trips.id, driverId: trips.driverId })
    .from(trips)
    .where(and(eq(trips.tenantId, tenantId), anyId(trips.id, tripIds)));
}

/** Each stop's (trip destination's) driver, through its trip. */
export async function stopDrivers(db: Db, tenantId: number, stopIds: number[]) {
  return db
    .select({ id: tripDestinations.id, driverId: trips.driverId })
    .from(tripDestinations)
    .innerJoin(
      trips,
      and(eq(trips.tenantId, tripDestinations.tenantId), eq(trips.id, tripDestinations.tripId)),
    )
    .where(and(eq(tripDestinations.tenantId, tenantId), anyId(tripDestinations.id, stopIds)));
}

/** Each task's driver, through its stop and trip. */
export async function taskDrivers(db: Db, tenantId: number, taskIds: number[]) {
  return db
    .select({ id: tasks.id, driverId: trips.driverId })
    .from(tasks)
    .innerJoin(
      tripDestinations,
      and(eq(tripDestinations.tenantId, tasks.tenantId), eq(tripDestinations.id, tasks.tripDestinationId)),
    )
    .innerJoin(trips, and(eq(trips.tenantId, tasks.tenantId), eq(trips.id, tripDestinations.tripId)))
    .where(and(eq(tasks.tenantId, tenantId), anyId(tasks.id, taskIds)));
}

/** Each vehicle change request's driver (who asked). */
export async function vehicleRequestDrivers(db: Db, tenantId: number, requestIds: number[]) {
  return db
    .select({ id: vehicleRequests.id, driverId: vehicleRequests.driverId })
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.tenantId, tenantId), anyId(vehicleRequests.id, requestIds)));
}

/**
 * Deletes change events older than `before`, in one transaction that first takes the retention's
 * advisory lock without waiting: when another process holds it, that process is already at it and
 * this one deletes nothing. Answers the rows deleted, or null when the lock was taken elsewhere.
 */
export async function deleteChangesBefore(
  db: Db,
  before: Date,
  lock: [number, number],
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [locked] = rowsOf<{ got: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${lock[0]}::int4, ${lock[1]}::int4) as got`),
    );
    if (!locked?.got) return null;
    const [deleted] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`with d as (delete from ${changeEvents} where ${lt(changeEvents.at, before)} returning 1) select count(*)::int as n from d`,
      ),
    );
    return deleted?.n ?? 0;
  });
}

/** The rows of a raw query: PGlite answers `{rows}`, postgres.js the rows themselves. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
