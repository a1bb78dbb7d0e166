import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accidents,
  dieselTanks,
  driverLocations,
  drivers,
  fines,
  students,
  tasks,
  tripDestinations,
  trips,
  tripTypes,
  warehouses,
} from '../../db/schema/index.ts';

/** A driver of this tenant, archived or not (history still shows archived drivers). */
export async function findTenantDriver(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: drivers.id, fname: drivers.fname, lname: drivers.lname })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, id)))
    .limit(1);
  return row;
}

/** A driver's trips planned (or, unplanned, created) in [from, to), newest first, with stops and tasks. */
export async function driverTrips(db: Db, tenantId: number, driverId: number, from: Date, to: Date) {
  const when = sql`coalesce(${trips.startDate}, ${trips.createdDate})`;
  const rows = await db
    .select({
      trip: trips,
      warehouseTitle: warehouses.title,
      typeTitle: tripTypes.title,
    })
    .from(trips)
    .leftJoin(warehouses, and(eq(warehouses.id, trips.warehouseId), eq(warehouses.tenantId, tenantId)))
    .leftJoin(tripTypes, and(eq(tripTypes.id, trips.typeId), eq(tripTypes.tenantId, tenantId)))
    .where(
      and(
        eq(trips.tenantId, tenantId),
        eq(trips.driverId, driverId),
        eq(trips.archived, false),
        sql`${when} >= ${from.toISOString()}::timestamptz`,
        sql`${when} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(trips.id));
  const tripIds = rows.map((r) => r.trip.id);
  const stops = tripIds.length
    ? await db
        .select()
        .from(tripDestinations)
        .where(and(eq(tripDestinations.tenantId, tenantId), inArray(tripDestinations.tripId, tripIds)))
        .orderBy(asc(tripDestinations.tripId), asc(tripDestinations.position))
    : [];
  const stopIds = stops.map((s) => s.id);
  const stopTasks = stopIds.length
    ? await db
        .select({ id: tasks.id, description: tasks.description, stopId: tasks.tripDestinationId })
        .from(tasks)
        .where(and(eq(tasks.tenantId, tenantId), inArray(tasks.tripDestinationId, stopIds)))
        .orderBy(asc(tasks.priority), asc(tasks.id))
    : [];
  return rows.map((r) => ({
    ...r,
    stops: stops
      .filter((s) => s.tripId === r.trip.id)
      .map((s) => ({ ...s, tasks: stopTasks.filter((t) => t.stopId === s.id) })),
  }));
}

export const driverAccidents = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(accidents)
    .where(
      and(eq(accidents.tenantId, tenantId), eq(accidents.driverId, driverId), eq(accidents.archived, false)),
    )
    .orderBy(desc(accidents.createdDate));

export async function driverFines(
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

export const driverFuel = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(dieselTanks)
    .where(
      and(
        eq(dieselTanks.tenantId, tenantId),
        eq(dieselTanks.driverId, driverId),
        eq(dieselTanks.archived, false),
      ),
    )
    .orderBy(desc(dieselTanks.createdDate));

export const driverStudents = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(students)
    .where(
      and(eq(students.tenantId, tenantId), eq(students.driverId, driverId), eq(students.archived, false)),
    )
    .orderBy(asc(students.lname), asc(students.fname));

export const driverLocationsBetween = (db: Db, tenantId: number, driverId: number, from: Date, to: Date) =>
  db
    .select()
    .from(driverLocations)
    .where(
      and(
        eq(driverLocations.tenantId, tenantId),
        eq(driverLocations.driverId, driverId),
        gte(driverLocations.recordedAt, from),
        lt(driverLocations.recordedAt, to),
      ),
    )
    .orderBy(asc(driverLocations.recordedAt));
