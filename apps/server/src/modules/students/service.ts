import type { TDriverStudent } from '@fleet/contract';
import type { TTenantContext } from '../../platform/context.ts';
import { driverOf } from '../drivers/service.ts';
import { listDriverStudents } from './queries.ts';

/*
 * Students (spec 000 §2, the driver details' Students tab of school-bus tenants): the pupils a
 * driver carries and the stop each boards at. The module's door: routes, other modules, jobs and the
 * seed call these functions only.
 */

/** The students a driver carries, by name (the driver must be the tenant's, archived or not). */
export async function driverStudents(ctx: TTenantContext, driverId: number): Promise<TDriverStudent[]> {
  await driverOf(ctx, driverId);
  return (await listDriverStudents(ctx.db, ctx.tenantId, driverId)).map((s) => ({
    id: s.id,
    fname: s.fname,
    lname: s.lname,
    stop_name: s.stopName,
    stop_lat: s.stopLat,
    stop_lon: s.stopLon,
  }));
}
