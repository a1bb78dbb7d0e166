import { toUtcString, type TDriverAccident } from '@fleet/contract';
import type { TTenantContext } from '../../platform/context.ts';
import { driverOf } from '../drivers/service.ts';
import { listDriverAccidents } from './queries.ts';

/*
 * Accidents (spec 000 §2, the driver details' Accidents tab): where and how a driver's vehicle was
 * damaged, on which trip. The module's door: routes, other modules, jobs and the seed call these
 * functions only.
 */

/** A driver's accidents, newest first (the driver must be the tenant's, archived or not). */
export async function driverAccidents(ctx: TTenantContext, driverId: number): Promise<TDriverAccident[]> {
  await driverOf(ctx, driverId);
  return (await listDriverAccidents(ctx.db, ctx.tenantId, driverId)).map((a) => ({
    id: a.id,
    created_date: toUtcString(a.createdDate),
    location: a.location,
    description: a.description,
    trip_id: a.tripId,
  }));
}
