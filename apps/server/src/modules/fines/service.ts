import { toUtcString, type TDriverFinesPage } from '@fleet/contract';
import type { TTenantContext } from '../../platform/context.ts';
import { driverOf } from '../drivers/service.ts';
import { listDriverFines } from './queries.ts';

/*
 * Fines (spec 000 §2, the driver details' Fines tab): the traffic fines a driver was issued, with
 * their status (Not Paid, Postponed, Paid). The module's door: routes, other modules, jobs and the
 * seed call these functions only.
 */

/** One page of a driver's fines (the driver must be the tenant's, archived or not). */
export async function driverFines(
  ctx: TTenantContext,
  driverId: number,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<TDriverFinesPage> {
  await driverOf(ctx, driverId);
  const { rows, total } = await listDriverFines(ctx.db, ctx.tenantId, driverId, page, pageSize);
  return {
    fines: rows.map((f) => ({
      id: f.id,
      issued_date: toUtcString(f.issuedDate),
      status: f.status,
      amount: Number(f.amount),
      description: f.description,
      trip_id: f.tripId,
    })),
    pagination: { page, page_size: pageSize, total_items: total },
  };
}
