import { and, asc, count, desc, eq, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { admins, drivers, vehicleRequests, vehicles } from '../../db/schema/index.ts';
import { anyId } from '../../db/id-lists.ts';

/*
 * What vehicle change requests read and write: the requests with their driver, vehicles and
 * deciding admin, the live drivers who have those vehicles now, and the decision's writes. A
 * decision also moves drivers between vehicles (`drivers.bus_id`): it is written here, under the
 * same row locks as the request, rather than through the drivers registry, so that the request,
 * the drivers and the vehicles change in one transaction or not at all. Every query is confined to
 * its tenant.
 */

const oldBus = alias(vehicles, 'old_bus');
const newBus = alias(vehicles, 'new_bus');
/** The requesting driver's vehicle now. */
const driverBus = alias(vehicles, 'driver_bus');

const rowColumns = {
  id: vehicleRequests.id,
  status: vehicleRequests.status,
  creationDate: vehicleRequests.creationDate,
  note: vehicleRequests.note,
  resolution: vehicleRequests.resolution,
  decidedDate: vehicleRequests.decidedDate,
  driverId: drivers.id,
  driverFname: drivers.fname,
  driverLname: drivers.lname,
  driverArchived: drivers.archived,
  driverBusId: driverBus.id,
  driverBusReference: driverBus.reference,
  oldBusId: oldBus.id,
  oldBusReference: oldBus.reference,
  oldBusArchived: oldBus.archived,
  newBusId: newBus.id,
  newBusReference: newBus.reference,
  newBusArchived: newBus.archived,
  deciderId: admins.id,
  deciderFname: admins.fname,
  deciderLname: admins.lname,
};

function requestsQuery(db: Db, tenantId: number) {
  return db
    .select(rowColumns)
    .from(vehicleRequests)
    .innerJoin(drivers, and(eq(drivers.id, vehicleRequests.driverId), eq(drivers.tenantId, tenantId)))
    .innerJoin(newBus, and(eq(newBus.id, vehicleRequests.newBusId), eq(newBus.tenantId, tenantId)))
    .leftJoin(oldBus, and(eq(oldBus.id, vehicleRequests.oldBusId), eq(oldBus.tenantId, tenantId)))
    .leftJoin(driverBus, and(eq(driverBus.id, drivers.busId), eq(driverBus.tenantId, tenantId)))
    .leftJoin(admins, and(eq(admins.id, vehicleRequests.decidedBy), eq(admins.tenantId, tenantId)));
}
export type TRequestRow = Awaited<ReturnType<ReturnType<typeof requestsQuery>['execute']>>[number];

const PENDING = 0;
const newestFirst = [desc(vehicleRequests.creationDate), desc(vehicleRequests.id)];

/** The tenant's pending requests, newest first (one per driver at most, so never many). */
export function pendingRequests(db: Db, tenantId: number, limit: number): Promise<TRequestRow[]> {
  return requestsQuery(db, tenantId)
    .where(and(eq(vehicleRequests.tenantId, tenantId), eq(vehicleRequests.status, PENDING)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** One page of the tenant's decided requests, newest first, and how many there are. */
export async function decidedRequests(
  db: Db,
  tenantId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: TRequestRow[]; total: number }> {
  const where = and(eq(vehicleRequests.tenantId, tenantId), ne(vehicleRequests.status, PENDING));
  const [total] = await db.select({ n: count() }).from(vehicleRequests).where(where);
  const rows = await requestsQuery(db, tenantId)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: total?.n ?? 0 };
}

/** One request of the tenant; undefined for another tenant's or none. */
export async function requestById(db: Db, tenantId: number, id: number): Promise<TRequestRow | undefined> {
  const [row] = await requestsQuery(db, tenantId)
    .where(and(eq(vehicleRequests.tenantId, tenantId), eq(vehicleRequests.id, id)))
    .limit(1);
  return row;
}

/** A driver's own requests, newest first (at most `limit`). */
export function requestsOfDriver(db: Db, tenantId: number, driverId: number, limit: number) {
  return requestsQuery(db, tenantId)
    .where(and(eq(vehicleRequests.tenantId, tenantId), eq(vehicleRequests.driverId, driverId)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The live drivers who have these vehicles now, by id. */
export function holdersOf(db: Db, tenantId: number, vehicleIds: number[]) {
  if (vehicleIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: drivers.id, fname: drivers.fname, lname: drivers.lname, busId: drivers.busId })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.archived, false), anyId(drivers.busId, vehicleIds)))
    .orderBy(asc(drivers.id));
}

// ---------- Decisions ----------

/**
 * Locks one request of the tenant for a decision (`FOR UPDATE`): a second decision waits here until
 * the first commits, then finds the request decided.
 */
export async function lockRequest(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({
      id: vehicleRequests.id,
      status: vehicleRequests.status,
      driverId: vehicleRequests.driverId,
      newBusId: vehicleRequests.newBusId,
      creationDate: vehicleRequests.creationDate,
    })
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.tenantId, tenantId), eq(vehicleRequests.id, id)))
    .for('update');
  return row;
}

/** Locks vehicles of the tenant, in id order (so two decisions never wait on each other in a circle). */
export function lockVehicles(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: vehicles.id, reference: vehicles.reference, archived: vehicles.archived })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), anyId(vehicles.id, ids)))
    .orderBy(asc(vehicles.id))
    .for('update');
}

/**
 * Locks the requesting driver and every live driver who has `vehicleId` now, in id order: the
 * drivers a decision may move.
 */
export function lockDriversOf(db: Db, tenantId: number, driverId: number, vehicleId: number) {
  return db
    .select({
      id: drivers.id,
      fname: drivers.fname,
      lname: drivers.lname,
      busId: drivers.busId,
      archived: drivers.archived,
    })
    .from(drivers)
    .where(
      and(
        eq(drivers.tenantId, tenantId),
        or(eq(drivers.id, driverId), and(eq(drivers.archived, false), eq(drivers.busId, vehicleId))),
      ),
    )
    .orderBy(asc(drivers.id))
    .for('update');
}

/** The vehicle a driver of the tenant has now (read before the locks are taken). */
export async function vehicleOfDriver(db: Db, tenantId: number, driverId: number): Promise<number | null> {
  const [row] = await db
    .select({ busId: drivers.busId })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, driverId)))
    .limit(1);
  return row?.busId ?? null;
}

/** Gives these drivers of the tenant a vehicle (or none). */
export async function setDriversVehicle(
  db: Db,
  tenantId: number,
  driverIds: number[],
  vehicleId: number | null,
): Promise<void> {
  if (driverIds.length === 0) return;
  await db
    .update(drivers)
    .set({ busId: vehicleId })
    .where(and(eq(drivers.tenantId, tenantId), anyId(drivers.id, driverIds)));
}

/**
 * Records the decision on a request still pending (guarded again on the status, though the lock
 * already holds it); answers whether it was pending.
 */
export async function recordDecision(
  db: Db,
  tenantId: number,
  id: number,
  decision: { status: number; resolution: string | null; at: Date; adminId: number | null },
): Promise<boolean> {
  const rows = await db
    .update(vehicleRequests)
    .set({
      status: decision.status,
      resolution: decision.resolution,
      decidedDate: decision.at,
      decidedBy: decision.adminId,
    })
    .where(
      and(
        eq(vehicleRequests.tenantId, tenantId),
        eq(vehicleRequests.id, id),
        eq(vehicleRequests.status, PENDING),
      ),
    )
    .returning({ id: vehicleRequests.id });
  return rows.length > 0;
}

// ---------- The driver app ----------

/** A live driver of the tenant with the vehicle they have. */
export async function liveDriver(db: Db, tenantId: number, driverId: number) {
  const [row] = await db
    .select({ id: drivers.id, busId: drivers.busId })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, driverId), eq(drivers.archived, false)))
    .limit(1);
  return row;
}

/** The tenant's live vehicles by reference (or the one of them asked for). */
export function liveVehicles(db: Db, tenantId: number, only?: number) {
  return db
    .select({
      id: vehicles.id,
      reference: vehicles.reference,
      brand: vehicles.brand,
      model: vehicles.model,
      year: vehicles.year,
    })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.tenantId, tenantId),
        eq(vehicles.archived, false),
        only === undefined ? undefined : eq(vehicles.id, only),
      ),
    )
    .orderBy(asc(vehicles.reference), asc(vehicles.id));
}

/** The driver's pending request, if any. */
export async function pendingRequestOf(db: Db, tenantId: number, driverId: number) {
  const [row] = await db
    .select({ id: vehicleRequests.id })
    .from(vehicleRequests)
    .where(
      and(
        eq(vehicleRequests.tenantId, tenantId),
        eq(vehicleRequests.driverId, driverId),
        eq(vehicleRequests.status, PENDING),
      ),
    )
    .limit(1);
  return row;
}

export async function insertRequest(
  db: Db,
  tenantId: number,
  values: { driverId: number; oldBusId: number | null; newBusId: number; note: string | null; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(vehicleRequests)
    .values({
      tenantId,
      driverId: values.driverId,
      oldBusId: values.oldBusId,
      newBusId: values.newBusId,
      note: values.note,
      creationDate: values.at,
    })
    .returning({ id: vehicleRequests.id });
  return row!.id;
}
