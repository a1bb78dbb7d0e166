import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boundedCount } from '../../db/bounded-count.ts';
import { escapeLike } from '../../db/like.ts';
import {
  driverLocations,
  drivers,
  exceptionEngineState,
  exceptions,
  tasks,
  tenants,
  tripDestinations,
  trips,
  tripTypes,
  warehouses,
} from '../../db/schema/index.ts';
import { anyId } from '../../db/id-lists.ts';

/*
 * What the exceptions engine and its calls read and write. The engine reads a trip's plan, its
 * recorded transitions and its driver's fixes (by the positions' own key: tenant, driver, time),
 * and the trips a sweep must look at; the calls page through a tenant's exceptions over the partial
 * indexes of migration 0010. Every query is confined to its tenant.
 */

// ---------- One trip's facts ----------

/** Advisory lock namespace of the engine: (namespace, trip id) while a trip is judged. */
const TRIP_LOCK_NAMESPACE = 7_204_314;

/** Holds, until the transaction ends, the lock under which one trip is judged at a time, across processes. */
export async function lockTrip(db: Db, tripId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${TRIP_LOCK_NAMESPACE}::int4, ${tripId}::int4)`);
}

/** A trip's plan and recorded start and end, with its origin and its type's unauthorised stop time. */
export async function tripFacts(db: Db, tenantId: number, tripId: number) {
  const [row] = await db
    .select({
      id: trips.id,
      driverId: trips.driverId,
      startDate: trips.startDate,
      departureTimeRange: trips.departureTimeRange,
      startedDate: trips.startedDate,
      endedDate: trips.endedDate,
      archived: trips.archived,
      cancelled: trips.cancelled,
      originTitle: warehouses.title,
      originLat: warehouses.lat,
      originLon: warehouses.lon,
      timeStop: tripTypes.timeStop,
    })
    .from(trips)
    .leftJoin(warehouses, and(eq(warehouses.id, trips.warehouseId), eq(warehouses.tenantId, tenantId)))
    .leftJoin(tripTypes, and(eq(tripTypes.id, trips.typeId), eq(tripTypes.tenantId, tenantId)))
    .where(and(eq(trips.tenantId, tenantId), eq(trips.id, tripId)))
    .limit(1);
  return row;
}

/** A trip's stops as planned and as recorded, in their order. */
export function stopFacts(db: Db, tenantId: number, tripId: number) {
  return db
    .select({
      id: tripDestinations.id,
      position: tripDestinations.position,
      name: tripDestinations.destinationName,
      lat: tripDestinations.destinationLat,
      lon: tripDestinations.destinationLon,
      drivingTime: tripDestinations.drivingTime,
      drivingTimeRange: tripDestinations.drivingTimeRange,
      stayingTime: tripDestinations.stayingTime,
      stayingTimeRange: tripDestinations.stayingTimeRange,
      arrivedDate: tripDestinations.arrivedDate,
      departedDate: tripDestinations.departedDate,
      skippedDate: tripDestinations.skippedDate,
      skipReason: tripDestinations.skipReason,
    })
    .from(tripDestinations)
    .where(and(eq(tripDestinations.tenantId, tenantId), eq(tripDestinations.tripId, tripId)))
    .orderBy(asc(tripDestinations.position));
}

/** A driver's fixes taken in [from, to], oldest first: only what the rules read. */
export function fixesBetween(db: Db, tenantId: number, driverId: number, from: Date, to: Date) {
  return db
    .select({
      at: driverLocations.recordedAt,
      lat: driverLocations.lat,
      lon: driverLocations.lon,
      speed: driverLocations.speed,
    })
    .from(driverLocations)
    .where(
      and(
        eq(driverLocations.tenantId, tenantId),
        eq(driverLocations.driverId, driverId),
        gte(driverLocations.recordedAt, from),
        lte(driverLocations.recordedAt, to),
      ),
    )
    .orderBy(asc(driverLocations.recordedAt));
}

// ---------- The stored exceptions of a trip ----------

const storedColumns = {
  id: exceptions.id,
  type: exceptions.type,
  stopId: exceptions.tripDestinationId,
  occurredAt: exceptions.occurredAt,
  expectedDate: exceptions.expectedDate,
  actualDate: exceptions.actualDate,
  message: exceptions.message,
  driverId: exceptions.driverId,
  withdrawnDate: exceptions.withdrawnDate,
};

/** Every exception ever raised for a trip, withdrawn ones included. */
export function exceptionsOfTrip(db: Db, tenantId: number, tripId: number) {
  return db
    .select(storedColumns)
    .from(exceptions)
    .where(and(eq(exceptions.tenantId, tenantId), eq(exceptions.tripId, tripId)));
}
export type TStoredRow = Awaited<ReturnType<typeof exceptionsOfTrip>>[number];

export interface TExceptionValues {
  type: string;
  stopId: number | null;
  occurredAt: Date;
  expectedDate: Date | null;
  actualDate: Date | null;
  message: string;
}

/** Inserts new exceptions of a trip; one already there (same trip, stop and type) is left alone. Answers the new ids. */
export async function insertExceptions(
  db: Db,
  tenantId: number,
  trip: { id: number; driverId: number | null },
  values: TExceptionValues[],
): Promise<number[]> {
  if (!values.length) return [];
  const rows = await db
    .insert(exceptions)
    .values(
      values.map((v) => ({
        tenantId,
        tripId: trip.id,
        tripDestinationId: v.stopId,
        driverId: trip.driverId,
        type: v.type,
        occurredAt: v.occurredAt,
        expectedDate: v.expectedDate,
        actualDate: v.actualDate,
        message: v.message,
      })),
    )
    .onConflictDoNothing({
      target: [exceptions.tenantId, exceptions.tripId, exceptions.tripDestinationId, exceptions.type],
    })
    .returning({ id: exceptions.id });
  return rows.map((r) => r.id);
}

/**
 * Writes what the engine now says of a stored exception: its times and message, and whether it
 * stands (a withdrawn one brought back is unread again).
 */
export async function rewriteException(
  db: Db,
  tenantId: number,
  id: number,
  values: TExceptionValues & { driverId: number | null },
  { restore }: { restore: boolean },
): Promise<void> {
  await db
    .update(exceptions)
    .set({
      occurredAt: values.occurredAt,
      expectedDate: values.expectedDate,
      actualDate: values.actualDate,
      message: values.message,
      driverId: values.driverId,
      ...(restore ? { withdrawnDate: null, seen: false, seenDate: null } : {}),
    })
    .where(and(eq(exceptions.tenantId, tenantId), eq(exceptions.id, id)));
}

export async function withdrawExceptions(db: Db, tenantId: number, ids: number[], at: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .update(exceptions)
    .set({ withdrawnDate: at })
    .where(
      and(eq(exceptions.tenantId, tenantId), anyId(exceptions.id, ids), isNull(exceptions.withdrawnDate)),
    );
}

// ---------- Which trips to judge ----------

const liveTrip = (tenantId: number) =>
  and(eq(trips.tenantId, tenantId), eq(trips.archived, false), eq(trips.cancelled, false));

/** The tenant's trips on the road: started, not ended. */
export async function runningTripIds(db: Db, tenantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(liveTrip(tenantId), isNotNull(trips.startedDate), isNull(trips.endedDate)));
  return rows.map((r) => r.id);
}

/**
 * Trips planned in [from, to] whose departure window closed by `to` without a start, and that have
 * no started_late exception yet: the timer's share of the work.
 */
export async function overdueTripIds(db: Db, tenantId: number, from: Date, to: Date): Promise<number[]> {
  const rows = await db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        liveTrip(tenantId),
        isNull(trips.startedDate),
        gte(trips.startDate, from),
        lte(trips.startDate, to),
        sql`${trips.startDate} + make_interval(mins => coalesce(${trips.departureTimeRange}, 0)) < ${to.toISOString()}::timestamptz`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(exceptions)
            .where(
              and(
                eq(exceptions.tenantId, tenantId),
                eq(exceptions.tripId, trips.id),
                eq(exceptions.type, 'started_late'),
              ),
            ),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Ended trips (since `endedAfter`) for which fixes taken during the trip were received after
 * `since`: a phone back from a dead zone sends its track late, and the trip is judged again with it.
 */
export async function tripIdsWithLateFixes(
  db: Db,
  tenantId: number,
  since: Date,
  endedAfter: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        liveTrip(tenantId),
        gte(trips.endedDate, endedAfter),
        sql`exists (select 1 from ${driverLocations} l
          where l.tenant_id = ${tenantId} and l.driver_id = ${trips.driverId}
            and l.recorded_at >= ${trips.startedDate} and l.recorded_at <= ${trips.endedDate}
            and l.received_at > ${since.toISOString()}::timestamptz)`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Every trip planned to start in [from, to], whatever became of it (the catch-up after downtime). */
export async function tripIdsPlannedBetween(
  db: Db,
  tenantId: number,
  from: Date,
  to: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.tenantId, tenantId), gte(trips.startDate, from), lte(trips.startDate, to)))
    .orderBy(asc(trips.startDate));
  return rows.map((r) => r.id);
}

/** The trips of these stops. */
export async function tripIdsOfStops(db: Db, tenantId: number, stopIds: number[]): Promise<number[]> {
  if (!stopIds.length) return [];
  const rows = await db
    .selectDistinct({ id: tripDestinations.tripId })
    .from(tripDestinations)
    .where(and(eq(tripDestinations.tenantId, tenantId), anyId(tripDestinations.id, stopIds)));
  return rows.map((r) => r.id);
}

/** The tenants whose trips are judged: all that are not archived. */
export async function liveTenantIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.archived, false))
    .orderBy(asc(tenants.id));
  return rows.map((r) => r.id);
}

// ---------- The sweep's lease and progress, per tenant ----------

/**
 * Takes the tenant's sweep for `holder` until `until`, unless another process holds an unexpired
 * lease: one conditional update, so of two processes one wins. Answers where the last sweep stopped,
 * or null when the tenant is being swept elsewhere.
 */
export async function claimSweep(db: Db, tenantId: number, holder: string, now: Date, until: Date) {
  await db.insert(exceptionEngineState).values({ tenantId }).onConflictDoNothing();
  const [row] = await db
    .update(exceptionEngineState)
    .set({ leaseHolder: holder, leaseUntil: until })
    .where(
      and(
        eq(exceptionEngineState.tenantId, tenantId),
        or(
          isNull(exceptionEngineState.leaseUntil),
          lt(exceptionEngineState.leaseUntil, now),
          eq(exceptionEngineState.leaseHolder, holder),
        ),
      ),
    )
    .returning({ changeEventId: exceptionEngineState.changeEventId, sweptAt: exceptionEngineState.sweptAt });
  return row ?? null;
}

/** Records a finished sweep and gives the lease back. */
export async function finishSweep(
  db: Db,
  tenantId: number,
  holder: string,
  progress: { changeEventId: number; sweptAt: Date },
): Promise<void> {
  await db
    .update(exceptionEngineState)
    .set({ ...progress, leaseHolder: null, leaseUntil: null })
    .where(and(eq(exceptionEngineState.tenantId, tenantId), eq(exceptionEngineState.leaseHolder, holder)));
}

/** Gives a lease back without recording progress (the sweep failed; the next one starts over). */
export async function releaseSweep(db: Db, tenantId: number, holder: string): Promise<void> {
  await db
    .update(exceptionEngineState)
    .set({ leaseHolder: null, leaseUntil: null })
    .where(and(eq(exceptionEngineState.tenantId, tenantId), eq(exceptionEngineState.leaseHolder, holder)));
}

// ---------- The calls: pages, one, seen ----------

export interface TListFilter {
  type?: string | undefined;
  driverName?: string | undefined;
  notSeen?: boolean;
}

function listWhere(tenantId: number, f: TListFilter): SQL | undefined {
  const name = f.driverName?.replace(/\s+/g, ' ');
  return and(
    eq(exceptions.tenantId, tenantId),
    isNull(exceptions.withdrawnDate),
    f.notSeen ? eq(exceptions.seen, false) : undefined,
    f.type ? eq(exceptions.type, f.type) : undefined,
    name ? ilike(sql`${drivers.fname} || ' ' || ${drivers.lname}`, `%${escapeLike(name)}%`) : undefined,
  );
}

const joins = (tenantId: number) => ({
  driver: and(eq(drivers.id, exceptions.driverId), eq(drivers.tenantId, tenantId)),
  trip: and(eq(trips.id, exceptions.tripId), eq(trips.tenantId, tenantId)),
  warehouse: and(eq(warehouses.id, trips.warehouseId), eq(warehouses.tenantId, tenantId)),
  stop: and(eq(tripDestinations.id, exceptions.tripDestinationId), eq(tripDestinations.tenantId, tenantId)),
});

function listQuery(db: Db, tenantId: number) {
  const j = joins(tenantId);
  return db
    .select({
      id: exceptions.id,
      type: exceptions.type,
      seen: exceptions.seen,
      occurredAt: exceptions.occurredAt,
      /** The same as text, microseconds kept: the export's keyset. */
      occurredText: sql<string>`${exceptions.occurredAt}::text`,
      expectedDate: exceptions.expectedDate,
      actualDate: exceptions.actualDate,
      message: exceptions.message,
      driverId: drivers.id,
      driverFname: drivers.fname,
      driverLname: drivers.lname,
      tripId: trips.id,
      tripStartDate: trips.startDate,
      warehouseTitle: warehouses.title,
      stopId: tripDestinations.id,
      stopName: tripDestinations.destinationName,
    })
    .from(exceptions)
    .leftJoin(drivers, j.driver)
    .leftJoin(trips, j.trip)
    .leftJoin(warehouses, j.warehouse)
    .leftJoin(tripDestinations, j.stop);
}
export type TListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

/** One page of the tenant's standing exceptions, newest first, and how many match in all. */
export async function exceptionsPage(
  db: Db,
  tenantId: number,
  filter: TListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TListRow[]; total: number; exact: boolean }> {
  const where = listWhere(tenantId, filter);
  const matching = () => {
    const q = db
      .select({ one: sql`1` })
      .from(exceptions)
      .$dynamic();
    return (filter.driverName ? q.leftJoin(drivers, joins(tenantId).driver) : q).where(where);
  };
  const [counted, rows] = await Promise.all([
    boundedCount(db, matching),
    listQuery(db, tenantId)
      .where(where)
      .orderBy(desc(exceptions.occurredAt), desc(exceptions.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { rows, ...counted };
}

/** One standing exception of the tenant; undefined for a withdrawn, missing or other tenant's one. */
export async function exceptionById(db: Db, tenantId: number, id: number): Promise<TListRow | undefined> {
  const [row] = await listQuery(db, tenantId)
    .where(and(listWhere(tenantId, {}), eq(exceptions.id, id)))
    .limit(1);
  return row;
}

/** The stops of these trips with their tasks, for the exceptions' info dialog. */
export async function stopsWithTasks(db: Db, tenantId: number, tripIds: number[]) {
  if (!tripIds.length) return [];
  return db
    .select({
      tripId: tripDestinations.tripId,
      stopId: tripDestinations.id,
      name: tripDestinations.destinationName,
      taskId: tasks.id,
      description: tasks.description,
      orderId: tasks.orderId,
    })
    .from(tripDestinations)
    .leftJoin(tasks, and(eq(tasks.tripDestinationId, tripDestinations.id), eq(tasks.tenantId, tenantId)))
    .where(and(eq(tripDestinations.tenantId, tenantId), anyId(tripDestinations.tripId, tripIds)))
    .orderBy(
      asc(tripDestinations.tripId),
      asc(tripDestinations.position),
      asc(tasks.priority),
      asc(tasks.id),
    );
}

/**
 * Marks the tenant's standing unread exceptions seen (one, or all when `id` is left out); answers
 * the ids that changed.
 */
export async function markSeen(db: Db, tenantId: number, at: Date, id?: number): Promise<number[]> {
  const rows = await db
    .update(exceptions)
    .set({ seen: true, seenDate: at })
    .where(
      and(
        eq(exceptions.tenantId, tenantId),
        isNull(exceptions.withdrawnDate),
        eq(exceptions.seen, false),
        id === undefined ? undefined : eq(exceptions.id, id),
      ),
    )
    .returning({ id: exceptions.id });
  return rows.map((r) => r.id);
}

/** True when the tenant has this exception standing (withdrawn ones are gone). */
export async function exceptionStands(db: Db, tenantId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: exceptions.id })
    .from(exceptions)
    .where(and(eq(exceptions.tenantId, tenantId), eq(exceptions.id, id), isNull(exceptions.withdrawnDate)))
    .limit(1);
  return row !== undefined;
}

// ---------- The export ----------

/** The keyset of the exceptions export: when it happened (as text, microseconds kept) and its id. */
export interface TExceptionKey {
  at: string;
  id: number;
}

const exportMatching = (db: Db, tenantId: number, filter: TListFilter) => {
  const q = db
    .select({ one: sql`1` })
    .from(exceptions)
    .$dynamic();
  return (filter.driverName ? q.leftJoin(drivers, joins(tenantId).driver) : q).where(
    listWhere(tenantId, filter),
  );
};

/** How many standing exceptions the export of the filter holds, counted up to `bound + 1`. */
export async function countExceptionsForExport(db: Db, tenantId: number, filter: TListFilter, bound: number) {
  const [row] = await db.select({ n: count() }).from(
    exportMatching(db, tenantId, filter)
      .limit(bound + 1)
      .as('matching'),
  );
  return row?.n ?? 0;
}

/** The export's next `limit` standing exceptions after `after`, newest first (the list's order). */
export function exceptionExportChunk(
  db: Db,
  tenantId: number,
  filter: TListFilter,
  after: TExceptionKey | null,
  limit: number,
) {
  return listQuery(db, tenantId)
    .where(
      and(
        listWhere(tenantId, filter),
        after
          ? sql`(${exceptions.occurredAt}, ${exceptions.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(exceptions.occurredAt), desc(exceptions.id))
    .limit(limit);
}
