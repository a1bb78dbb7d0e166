import {
  askForVehicleChange,
  mixSeed,
  seeded,
  type TFleetDriver,
  type TTransport,
  type TVehicleWish,
} from '@fleet/sim';
import { inTenant, type TServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { adminsOf } from '../admins/service.ts';
import { decideVehicleRequest, type TDecision } from '../vehicle-requests/service.ts';

/*
 * The demo's vehicle change requests: in each demo tenant, drivers of the demo fleet ask for
 * another vehicle through the driver API (note and photos, as the app sends them, dated in the
 * past), and the fleet's second admin, as the simulated admin, decides the older ones through the
 * vehicle requests service: some accepted (a free vehicle), some swapped (a colleague's), some
 * declined. The newest few stay pending for the console's cards. Each request is decided before
 * the next is made, so every driver keeps exactly the vehicle the decisions leave them.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The requests' own random stream, apart from the fleet's and the approvals'. */
const VEHICLE_REQUEST_STREAM = 3;

interface TPlannedRequest {
  /** When the driver asks, before now. */
  ago: number;
  wish: TVehicleWish;
  /** The simulated admin's decision; none leaves it pending. */
  decision?: Exclude<TDecision, 'force'>;
}

/** Oldest first: each decided (within a day) before the next is asked. */
const PLAN: TPlannedRequest[] = [
  { ago: 26 * DAY, wish: 'free', decision: 'accept' },
  { ago: 22 * DAY, wish: 'taken', decision: 'swap' },
  { ago: 18 * DAY, wish: 'any', decision: 'decline' },
  { ago: 13 * DAY, wish: 'free', decision: 'accept' },
  { ago: 9 * DAY, wish: 'taken', decision: 'swap' },
  { ago: 5 * DAY, wish: 'any', decision: 'decline' },
  { ago: 2 * DAY, wish: 'taken', decision: 'decline' },
  { ago: 30 * HOUR, wish: 'taken' },
  { ago: 7 * HOUR, wish: 'free' },
  { ago: 90 * 60_000, wish: 'taken' },
];

export interface TDemoRequestTenant {
  tenantId: number;
  /** The demo fleet's drivers, who sign in with the demo password. */
  drivers: readonly TFleetDriver[];
  /** The simulated admin: the demo fleet's second admin. */
  adminEmail: string;
}

/**
 * Makes the demo tenants' vehicle change requests up to `now` through `transport` (the driver API)
 * and decides the older ones as each tenant's simulated admin. Answers how many were made.
 */
export async function simulateDemoVehicleRequests(
  ctx: TServiceContext,
  transport: TTransport,
  tenants: readonly TDemoRequestTenant[],
  { now, seed }: { now: number; seed: number },
): Promise<number> {
  let made = 0;
  for (const tenant of tenants) {
    const tenantCtx = inTenant(ctx, tenant.tenantId);
    const adminId = (await adminsOf(tenantCtx)).find((a) => a.email === tenant.adminEmail)?.id;
    if (adminId === undefined || tenant.drivers.length === 0) continue;
    const random = seeded(mixSeed(seed, tenant.tenantId, VEHICLE_REQUEST_STREAM));
    // Each request from a different driver, drawn once for the tenant.
    const askers = [...tenant.drivers]
      .map((driver) => ({ driver, order: random.next() }))
      .sort((a, b) => a.order - b.order)
      .map((a) => a.driver);
    for (const [i, planned] of PLAN.entries()) {
      const who = askers[i % askers.length]!;
      const at = now - planned.ago + random.int(0, 90) * 60_000 - 45 * 60_000;
      const request = await askForVehicleChange(transport, random, {
        email: who.email,
        password: who.password,
        wish: planned.wish,
        at: Math.min(at, now - 60_000),
      });
      if (!request) continue;
      made++;
      if (!planned.decision) continue;
      const decidedAt = new Date(Math.min(at + random.int(40, 12 * 60) * 60_000, now - 60_000));
      const decide = (decision: TDecision) =>
        decideVehicleRequest(tenantCtx, request.id, decision, { at: decidedAt, adminId });
      try {
        await decide(planned.decision);
      } catch (error) {
        // A swap needs a vehicle to give: an asker without one is declined instead.
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        await decide('decline');
      }
    }
  }
  return made;
}
