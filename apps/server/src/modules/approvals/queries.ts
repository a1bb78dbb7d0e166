import { and, asc, count, desc, eq, ilike, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { boundedCount } from '../../db/bounded-count.ts';
import { escapeLike } from '../../db/like.ts';
import { admins, drivers, taskPhotos, tasks, tripDestinations, trips } from '../../db/schema/index.ts';
import { anyId } from '../../db/id-lists.ts';

/*
 * What the approvals dashboards and the orders table read: tasks of the tenant's live trips (not
 * archived, not cancelled) with their stop, trip and driver. Each list is counted and paged in SQL
 * over the partial indexes of migration 0009 (`tasks_tenant_manager_approval_idx`,
 * `tasks_tenant_client_approval_idx`, `tasks_tenant_orders_idx`), so a tenant's years of history are
 * never read whole. Every query is confined to its tenant.
 */

/** The tasks of the tenant's live trips, joined to their stop and trip (and the trip's driver). */
const joinStopAndTrip = (tenantId: number) => ({
  stop: and(eq(tripDestinations.id, tasks.tripDestinationId), eq(tripDestinations.tenantId, tenantId)),
  trip: and(eq(trips.id, tripDestinations.tripId), eq(trips.tenantId, tenantId)),
  driver: and(eq(drivers.id, trips.driverId), eq(drivers.tenantId, tenantId)),
});
const liveTripTask = (tenantId: number) =>
  and(eq(tasks.tenantId, tenantId), eq(trips.archived, false), eq(trips.cancelled, false));

/**
 * When a request was made: the driver's submission (the task's completion), or the trip's creation
 * while the proof is still awaited.
 */
const requestedDate = sql`coalesce(case when ${tasks.managerApprovalStatus} is distinct from 'awaiting_submission' then ${tasks.completedDate} end, ${trips.createdDate})`;

/** A driver's name as typed into a search: first, last, or "first last", any case, literally. */
function driverNameMatches(name: string | undefined): SQL | undefined {
  if (!name) return undefined;
  const pattern = `%${escapeLike(name.replace(/\s+/g, ' '))}%`;
  return ilike(sql`${drivers.fname} || ' ' || ${drivers.lname}`, pattern);
}

const containsText = (column: typeof tasks.orderId, text: string | undefined): SQL | undefined =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

export type TApprovalSide = 'manager' | 'client';

export interface TRequestFilter {
  side: TApprovalSide;
  /** Manager side: one status, or every status when left out. */
  status?: string | undefined;
  driverName?: string | undefined;
  /** Client side: part of the order id. */
  orderId?: string | undefined;
  /** Only the tasks at stops of these students (a guardian's children); every stop when left out. */
  studentIds?: number[] | undefined;
}

function requestWhere(tenantId: number, f: TRequestFilter): SQL | undefined {
  return and(
    liveTripTask(tenantId),
    f.side === 'manager' ? eq(tasks.managerApproval, true) : eq(tasks.clientApproval, true),
    f.status ? eq(tasks.managerApprovalStatus, f.status) : undefined,
    driverNameMatches(f.driverName),
    containsText(tasks.orderId, f.orderId),
    f.studentIds === undefined ? undefined : anyId(tripDestinations.studentId, f.studentIds),
  );
}

const requestColumns = {
  id: tasks.id,
  tripId: trips.id,
  tripCreatedDate: trips.createdDate,
  driverId: drivers.id,
  driverFname: drivers.fname,
  driverLname: drivers.lname,
  destinationName: tripDestinations.destinationName,
  description: tasks.description,
  orderId: tasks.orderId,
  completedDate: tasks.completedDate,
  driverNote: tasks.driverNote,
  managerApproval: tasks.managerApproval,
  managerApprovalStatus: tasks.managerApprovalStatus,
  clientApproval: tasks.clientApproval,
  managerDecidedDate: tasks.managerDecidedDate,
};

function requestsQuery(db: Db, tenantId: number) {
  const j = joinStopAndTrip(tenantId);
  return db
    .select(requestColumns)
    .from(tasks)
    .innerJoin(tripDestinations, j.stop)
    .innerJoin(trips, j.trip)
    .leftJoin(drivers, j.driver);
}
export type TRequestRow = Awaited<ReturnType<ReturnType<typeof requestsQuery>['execute']>>[number];

/** One page of approval requests, newest request first (or oldest), and how many match in all. */
export async function requestsPage(
  db: Db,
  tenantId: number,
  filter: TRequestFilter,
  page: { limit: number; offset: number; oldestFirst?: boolean },
): Promise<{ rows: TRequestRow[]; total: number; exact: boolean }> {
  const j = joinStopAndTrip(tenantId);
  const where = requestWhere(tenantId, filter);
  const matching = () => {
    const q = db
      .select({ one: sql`1` })
      .from(tasks)
      .innerJoin(tripDestinations, j.stop)
      .innerJoin(trips, j.trip)
      .$dynamic();
    return (filter.driverName ? q.leftJoin(drivers, j.driver) : q).where(where);
  };
  const direction = page.oldestFirst ? asc : desc;
  const [counted, rows] = await Promise.all([
    boundedCount(db, matching),
    requestsQuery(db, tenantId)
      .where(where)
      .orderBy(direction(requestedDate), direction(tasks.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { rows, ...counted };
}

/** One request of the tenant's live trips, whichever side it is on; undefined for anything else. */
export async function requestById(db: Db, tenantId: number, taskId: number) {
  const [row] = await requestsQuery(db, tenantId)
    .where(and(liveTripTask(tenantId), eq(tasks.id, taskId)))
    .limit(1);
  return row;
}

/** How many of the tenant's manager approval requests stand at each status. */
export async function managerStatusCounts(db: Db, tenantId: number) {
  const j = joinStopAndTrip(tenantId);
  return db
    .select({ status: tasks.managerApprovalStatus, n: count() })
    .from(tasks)
    .innerJoin(tripDestinations, j.stop)
    .innerJoin(trips, j.trip)
    .where(and(liveTripTask(tenantId), eq(tasks.managerApproval, true)))
    .groupBy(tasks.managerApprovalStatus);
}

/** The proof photos of these tasks, oldest first. */
export async function photosOfTasks(db: Db, tenantId: number, taskIds: number[]) {
  if (!taskIds.length) return [];
  return db
    .select({ id: taskPhotos.id, taskId: taskPhotos.taskId, kind: taskPhotos.kind })
    .from(taskPhotos)
    .where(and(eq(taskPhotos.tenantId, tenantId), anyId(taskPhotos.taskId, taskIds)))
    .orderBy(asc(taskPhotos.id));
}

/** The live trip's task behind a request, with where its manager approval stands. */
export async function approvalState(db: Db, tenantId: number, taskId: number) {
  const j = joinStopAndTrip(tenantId);
  const [row] = await db
    .select({ managerApproval: tasks.managerApproval, status: tasks.managerApprovalStatus })
    .from(tasks)
    .innerJoin(tripDestinations, j.stop)
    .innerJoin(trips, j.trip)
    .where(and(liveTripTask(tenantId), eq(tasks.id, taskId)))
    .limit(1);
  return row;
}

/**
 * Records a manager's decision on a pending request of a live trip, in one guarded statement: of two
 * decisions racing, the second finds the request no longer pending and changes nothing. Answers
 * whether this one decided.
 */
export async function decidePending(
  db: Db,
  tenantId: number,
  taskId: number,
  decision: { status: string; at: Date; managerId: number },
): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      managerApprovalStatus: decision.status,
      managerDecidedDate: decision.at,
      managerDecidedBy: decision.managerId,
    })
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        eq(tasks.id, taskId),
        eq(tasks.managerApproval, true),
        eq(tasks.managerApprovalStatus, 'pending'),
        sql`exists (select 1 from ${tripDestinations} join ${trips} on ${trips.id} = ${tripDestinations.tripId}
          and ${trips.tenantId} = ${tenantId} and not ${trips.archived} and not ${trips.cancelled}
          where ${tripDestinations.id} = ${tasks.tripDestinationId} and ${tripDestinations.tenantId} = ${tenantId})`,
      ),
    )
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Whether this admin is a live admin of the tenant. */
export async function isTenantAdmin(db: Db, tenantId: number, adminId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.tenantId, tenantId), eq(admins.id, adminId), eq(admins.archived, false)))
    .limit(1);
  return row !== undefined;
}

/** The tenant's pending requests of live trips, newest submission first, at most `limit`. */
export async function pendingRequests(db: Db, tenantId: number, limit: number) {
  const j = joinStopAndTrip(tenantId);
  return db
    .select({ id: tasks.id, submittedDate: tasks.completedDate })
    .from(tasks)
    .innerJoin(tripDestinations, j.stop)
    .innerJoin(trips, j.trip)
    .where(
      and(
        liveTripTask(tenantId),
        eq(tasks.managerApproval, true),
        eq(tasks.managerApprovalStatus, 'pending'),
        isNotNull(tasks.completedDate),
      ),
    )
    .orderBy(desc(tasks.completedDate), desc(tasks.id))
    .limit(limit);
}

// ---------- Orders ----------

/** The driver who completed an order (the trip's driver may have changed since). */
const completer = alias(drivers, 'completer');

export interface TOrderFilter {
  orderId?: string | undefined;
  /** One order status, or every status when left out. */
  status?: string | undefined;
}

function orderWhere(tenantId: number, f: TOrderFilter): SQL | undefined {
  return and(
    liveTripTask(tenantId),
    isNotNull(tasks.orderId),
    f.status ? eq(tasks.status, f.status) : undefined,
    containsText(tasks.orderId, f.orderId),
  );
}

/**
 * One page of orders (tasks with an order id) by completion date, newest first (or oldest); orders
 * not completed come last either way, by their trip's planned start, and how many match in all.
 */
export async function ordersPage(
  db: Db,
  tenantId: number,
  filter: TOrderFilter,
  page: { limit: number; offset: number; oldestFirst: boolean },
) {
  const j = joinStopAndTrip(tenantId);
  const where = orderWhere(tenantId, filter);
  const counted = await boundedCount(db, () =>
    db
      .select({ one: sql`1` })
      .from(tasks)
      .innerJoin(tripDestinations, j.stop)
      .innerJoin(trips, j.trip)
      .where(where)
      .$dynamic(),
  );
  const order = page.oldestFirst
    ? [sql`${tasks.completedDate} asc nulls last`, sql`${trips.startDate} asc nulls last`, asc(tasks.id)]
    : [sql`${tasks.completedDate} desc nulls last`, sql`${trips.startDate} desc nulls last`, desc(tasks.id)];
  const rows = await db
    .select({
      id: tasks.id,
      tripId: trips.id,
      orderId: tasks.orderId,
      description: tasks.description,
      status: tasks.status,
      completedDate: tasks.completedDate,
      completerFname: completer.fname,
      completerLname: completer.lname,
      destinationName: tripDestinations.destinationName,
      arrivedDate: tripDestinations.arrivedDate,
      departedDate: tripDestinations.departedDate,
    })
    .from(tasks)
    .innerJoin(tripDestinations, j.stop)
    .innerJoin(trips, j.trip)
    .leftJoin(completer, and(eq(completer.id, tasks.completedByDriverId), eq(completer.tenantId, tenantId)))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { rows, ...counted };
}
