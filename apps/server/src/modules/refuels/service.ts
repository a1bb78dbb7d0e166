import { toUtcString, type TDriverFuel } from '@fleet/contract';
import type { TTenantContext } from '../../platform/context.ts';
import { driverOf } from '../drivers/service.ts';
import { listDriverRefuels } from './queries.ts';

/*
 * Refuels (spec 000 §2, the driver details' Fuel tab; the spec's "diesel tanks"): the volume and
 * amount of each refuel, on which trip. The module's door: routes, other modules, jobs and the seed
 * call these functions only.
 */

/** A driver's refuels, newest first (the driver must be the tenant's, archived or not). */
export async function driverRefuels(ctx: TTenantContext, driverId: number): Promise<TDriverFuel[]> {
  await driverOf(ctx, driverId);
  return (await listDriverRefuels(ctx.db, ctx.tenantId, driverId)).map((f) => ({
    id: f.id,
    created_date: toUtcString(f.createdDate),
    volume: f.volume,
    amount: Number(f.amount),
    trip_id: f.tripId,
  }));
}
