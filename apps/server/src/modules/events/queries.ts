import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks, tripDestinations, trips, vehicleRequests } from '../../db/schema/index.ts';
import { anyId } from '../../db/id-lists.ts';

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
