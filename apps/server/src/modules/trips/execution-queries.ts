import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  driverLocations,
  taskPhotos,
  tasks,
  tripDestinations,
  trips,
  warehouses,
} from '../../db/schema/index.ts';
import { anyId } from '../../db/id-lists.ts';

/*
 * What running a trip reads and writes: a trip's state with its origin and stops (locked while a
 * transition decides), a task with its stop, the proof photos, and the driver's recent fixes that
 * the trip follower reads to see a driver leave the origin. Every query is confined to its tenant.
 */

const runColumns = {
  id: trips.id,
  driverId: trips.driverId,
  startDate: trips.startDate,
  startedDate: trips.startedDate,
  endedDate: trips.endedDate,
  cancelled: trips.cancelled,
  departureTimeRange: trips.departureTimeRange,
  activeTripDestinationId: trips.activeTripDestinationId,
  origin: { lat: warehouses.lat, lon: warehouses.lon },
};

const stopColumns = {
  id: tripDestinations.id,
  tripId: tripDestinations.tripId,
  position: tripDestinations.position,
  name: tripDestinations.destinationName,
  lat: tripDestinations.destinationLat,
  lon: tripDestinations.destinationLon,
  arrivedDate: tripDestinations.arrivedDate,
  departedDate: tripDestinations.departedDate,
  skippedDate: tripDestinations.skippedDate,
};

/** The stops of these trips, in their order. */
export async function stopsOfTrips(db: Db, tenantId: number, tripIds: number[]) {
  if (!tripIds.length) return [];
  return db
    .select(stopColumns)
    .from(tripDestinations)
    .where(and(eq(tripDestinations.tenantId, tenantId), anyId(tripDestinations.tripId, tripIds)))
    .orderBy(asc(tripDestinations.tripId), asc(tripDestinations.position));
}
export type TRunStop = Awaited<ReturnType<typeof stopsOfTrips>>[number];

/**
 * A live trip of this driver, with its origin's place and its stops; with `lock`, its row stays
 * locked until the transaction ends, so two transitions of one trip (the app and a tracker, say)
 * decide one after the other. Undefined for another driver's trip, an archived or a missing one.
 */
export async function driverRun(
  db: Db,
  tenantId: number,
  driverId: number,
  tripId: number,
  { lock = false } = {},
) {
  const query = db
    .select(runColumns)
    .from(trips)
    .leftJoin(warehouses, and(eq(warehouses.id, trips.warehouseId), eq(warehouses.tenantId, tenantId)))
    .where(
      and(
        eq(trips.tenantId, tenantId),
        eq(trips.id, tripId),
        eq(trips.driverId, driverId),
        eq(trips.archived, false),
      ),
    )
    .limit(1);
  const [trip] = await (lock ? query.for('update', { of: trips }) : query);
  if (!trip) return undefined;
  return { trip, stops: await stopsOfTrips(db, tenantId, [trip.id]) };
}
export type TRun = NonNullable<Awaited<ReturnType<typeof driverRun>>>;

/** The trip a stop belongs to, when that trip is the driver's and live. */
export async function tripOfStop(db: Db, tenantId: number, driverId: number, stopId: number) {
  const [row] = await db
    .select({ tripId: tripDestinations.tripId })
    .from(tripDestinations)
    .innerJoin(trips, and(eq(trips.id, tripDestinations.tripId), eq(trips.tenantId, tenantId)))
    .where(
      and(
        eq(tripDestinations.tenantId, tenantId),
        eq(tripDestinations.id, stopId),
        eq(trips.driverId, driverId),
        eq(trips.archived, false),
      ),
    )
    .limit(1);
  return row?.tripId;
}

/** A task with its stop's id and trip's id, when the trip is the driver's and live. */
export async function driverTask(db: Db, tenantId: number, driverId: number, taskId: number) {
  const [row] = await db
    .select({
      id: tasks.id,
      stopId: tasks.tripDestinationId,
      tripId: tripDestinations.tripId,
      clientApproval: tasks.clientApproval,
      managerApproval: tasks.managerApproval,
      managerApprovalStatus: tasks.managerApprovalStatus,
      completedDate: tasks.completedDate,
      status: tasks.status,
    })
    .from(tasks)
    .innerJoin(
      tripDestinations,
      and(eq(tripDestinations.id, tasks.tripDestinationId), eq(tripDestinations.tenantId, tenantId)),
    )
    .innerJoin(trips, and(eq(trips.id, tripDestinations.tripId), eq(trips.tenantId, tenantId)))
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        eq(tasks.id, taskId),
        eq(trips.driverId, driverId),
        eq(trips.archived, false),
      ),
    )
    .limit(1);
  return row;
}
export type TDriverTaskRow = NonNullable<Awaited<ReturnType<typeof driverTask>>>;

/** Another live trip of the driver started and not ended, if any. */
export async function otherTripInProgress(db: Db, tenantId: number, driverId: number, tripId: number) {
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        eq(trips.tenantId, tenantId),
        eq(trips.driverId, driverId),
        ne(trips.id, tripId),
        eq(trips.archived, false),
        eq(trips.cancelled, false),
        isNotNull(trips.startedDate),
        isNull(trips.endedDate),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function setTripRun(
  db: Db,
  tenantId: number,
  tripId: number,
  values: Partial<
    Pick<typeof trips.$inferInsert, 'startedDate' | 'endedDate' | 'flag' | 'activeTripDestinationId'>
  >,
) {
  await db
    .update(trips)
    .set(values)
    .where(and(eq(trips.tenantId, tenantId), eq(trips.id, tripId)));
}

export async function setStopRun(
  db: Db,
  tenantId: number,
  stopId: number,
  values: Partial<
    Pick<typeof tripDestinations.$inferInsert, 'arrivedDate' | 'departedDate' | 'skippedDate' | 'skipReason'>
  >,
) {
  await db
    .update(tripDestinations)
    .set(values)
    .where(and(eq(tripDestinations.tenantId, tenantId), eq(tripDestinations.id, stopId)));
}

/** Marks the tasks not completed at these stops as missed orders; answers their ids. */
export async function missOpenTasks(db: Db, tenantId: number, stopIds: number[]) {
  if (!stopIds.length) return [];
  const rows = await db
    .update(tasks)
    .set({ status: 'missed' })
    .where(
      and(eq(tasks.tenantId, tenantId), anyId(tasks.tripDestinationId, stopIds), isNull(tasks.completedDate)),
    )
    .returning({ id: tasks.id });
  return rows.map((r) => r.id);
}

/**
 * Records a task as done, once: answers false when it was completed meanwhile. A manager's approval
 * still awaiting the proof becomes pending.
 */
export async function completeTaskRow(
  db: Db,
  tenantId: number,
  taskId: number,
  values: { completedDate: Date; driverId: number; driverNote: string | null; submitsProof: boolean },
): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      status: 'completed',
      completedDate: values.completedDate,
      completedByDriverId: values.driverId,
      driverNote: values.driverNote,
      ...(values.submitsProof
        ? {
            managerApprovalStatus: sql`case when ${tasks.managerApprovalStatus} is null or ${tasks.managerApprovalStatus} = 'awaiting_submission' then 'pending' else ${tasks.managerApprovalStatus} end`,
          }
        : {}),
    })
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, taskId), isNull(tasks.completedDate)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

export async function insertTaskPhotos(
  db: Db,
  tenantId: number,
  rows: {
    taskId: number;
    kind: string;
    storageKey: string;
    contentType: string;
    bytes: number;
    driverId: number;
  }[],
) {
  if (!rows.length) return;
  await db.insert(taskPhotos).values(rows.map((r) => ({ ...r, tenantId })));
}

/** A photo of a task of the tenant, with the driver and the archived flag of the task's trip. */
export async function findTaskPhoto(db: Db, tenantId: number, taskId: number, photoId: number) {
  const [row] = await db
    .select({
      storageKey: taskPhotos.storageKey,
      contentType: taskPhotos.contentType,
      bytes: taskPhotos.bytes,
      kind: taskPhotos.kind,
      tripDriverId: trips.driverId,
      tripArchived: trips.archived,
      tripCancelled: trips.cancelled,
      clientApproval: tasks.clientApproval,
      studentId: tripDestinations.studentId,
    })
    .from(taskPhotos)
    .innerJoin(tasks, and(eq(tasks.id, taskPhotos.taskId), eq(tasks.tenantId, tenantId)))
    .innerJoin(
      tripDestinations,
      and(eq(tripDestinations.id, tasks.tripDestinationId), eq(tripDestinations.tenantId, tenantId)),
    )
    .innerJoin(trips, and(eq(trips.id, tripDestinations.tripId), eq(trips.tenantId, tenantId)))
    .where(and(eq(taskPhotos.tenantId, tenantId), eq(taskPhotos.id, photoId), eq(taskPhotos.taskId, taskId)))
    .limit(1);
  return row;
}

/**
 * Ids of the driver's live trips planned in [from, to), and of any trip of theirs still in progress
 * whenever it was planned; by planned start.
 */
export async function driverTripIds(db: Db, tenantId: number, driverId: number, from: Date, to: Date) {
  const rows = await db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        eq(trips.tenantId, tenantId),
        eq(trips.driverId, driverId),
        eq(trips.archived, false),
        or(
          and(gte(trips.startDate, from), lt(trips.startDate, to)),
          and(isNotNull(trips.startedDate), isNull(trips.endedDate), eq(trips.cancelled, false)),
        ),
      ),
    )
    .orderBy(asc(trips.startDate), asc(trips.id))
    .limit(200);
  return rows.map((r) => r.id);
}

/**
 * The trip the follower watches for a driver at `at`: the one in progress, else the earliest due one
 * (not started, its departure window opened at or before `at`, planned no longer than `lateBy` ago).
 * One indexed query: the follower runs after every batch of positions.
 */
export async function followedTripId(db: Db, tenantId: number, driverId: number, at: Date, lateBy: number) {
  const running = and(isNotNull(trips.startedDate), isNull(trips.endedDate));
  const due = and(
    isNull(trips.startedDate),
    isNull(trips.endedDate),
    lte(
      sql`${trips.startDate} - make_interval(mins => coalesce(${trips.departureTimeRange}, 0))`,
      sql`${at.toISOString()}::timestamptz`,
    ),
    gte(trips.startDate, new Date(at.getTime() - lateBy)),
  );
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        eq(trips.tenantId, tenantId),
        eq(trips.driverId, driverId),
        eq(trips.archived, false),
        eq(trips.cancelled, false),
        or(running, due),
      ),
    )
    .orderBy(sql`${trips.startedDate} is null`, desc(trips.startedDate), asc(trips.startDate), asc(trips.id))
    .limit(1);
  return row?.id;
}

/**
 * The driver's fixes in [from, before), oldest first, at most `limit` of the newest. Read here rather
 * than through the positions service, which calls the follower after each commit: asking it back
 * would tie the two doors in a loop. Served by the table's key (tenant, driver, fix time).
 */
export async function fixesBefore(
  db: Db,
  tenantId: number,
  driverId: number,
  from: Date,
  before: Date,
  limit = 200,
) {
  const rows = await db
    .select({
      lat: driverLocations.lat,
      lon: driverLocations.lon,
      recordedAt: driverLocations.recordedAt,
      speed: driverLocations.speed,
    })
    .from(driverLocations)
    .where(
      and(
        eq(driverLocations.tenantId, tenantId),
        eq(driverLocations.driverId, driverId),
        gte(driverLocations.recordedAt, from),
        lt(driverLocations.recordedAt, before),
      ),
    )
    .orderBy(desc(driverLocations.recordedAt))
    .limit(limit);
  return rows.reverse();
}
