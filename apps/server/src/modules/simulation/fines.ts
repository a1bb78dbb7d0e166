import { FINE_STATUSES, parseUtcDateTime, toUtcString } from '@fleet/contract';
import { mixSeed, photoPng, seeded } from '@fleet/sim';
import { inTenant, type TServiceContext } from '../../platform/context.ts';
import type { Storage } from '../../platform/storage.ts';
import { adminsOf } from '../admins/service.ts';
import { addFine } from '../fines/service.ts';
import { tripsForExport } from '../trips/service.ts';

/*
 * The demo's fines: in each demo tenant where the fleet's second admin (the simulated admin, as for
 * approvals and vehicle requests) is still there, the traffic fines its drivers got on trips they
 * drove in the replayed days are recorded through the fines service, with the console's checks, a
 * few hours to two days after each was issued. Every status is there (the older fines paid), and
 * about half carry pictures of the ticket (seeded PNGs of the simulator). The admin acts in-process,
 * without a session: the writes are announced as the simulator's.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Fines recorded per tenant over the history. */
const FINES_PER_TENANT = 12;
/** The share of fines recorded with pictures. */
const PICTURE_CHANCE = 0.5;
/** The fines' own random stream, apart from the fleet's, the approvals' and the vehicle requests'. */
const FINE_STREAM = 4;

/** Offences and what they cost, in the tenant's currency. */
const OFFENCES: [description: string, amount: number][] = [
  ['Speeding: up to 20 km/h over the limit', 300],
  ['Speeding: 30 km/h over the limit', 600],
  ['Parking in a no-parking zone', 200],
  ['Stopping in a yellow box junction', 500],
  ['Running a red light', 1000],
  ['Using a mobile phone while driving', 800],
  ['Overloaded vehicle', 1500],
  ['Blocking a loading bay', 150],
  ['Not giving way to pedestrians at a crossing', 500],
  ['Following too closely', 400],
  ['Sudden swerving', 1000],
  ['Expired vehicle registration', 500],
];

export interface TDemoFineTenant {
  tenantId: number;
  /** The demo seed's drivers: fines go to them only. */
  driverIds: readonly number[];
  /** The simulated admin: the demo fleet's second admin. */
  adminEmail: string;
}

/**
 * Records the demo tenants' fines on trips driven in the `days` before `now`, as each tenant's
 * simulated admin. Answers how many were recorded.
 */
export async function recordDemoFines(
  ctx: TServiceContext,
  storage: Storage,
  tenants: readonly TDemoFineTenant[],
  { now, days, seed }: { now: number; days: number; seed: number },
): Promise<number> {
  let recorded = 0;
  const fdate = new Date(now - days * 24 * HOUR).toISOString().slice(0, 10);
  const tdate = new Date(now).toISOString().slice(0, 10);
  for (const tenant of tenants) {
    const tenantCtx = inTenant(ctx, tenant.tenantId);
    if (!(await adminsOf(tenantCtx)).some((a) => a.email === tenant.adminEmail)) continue;
    const random = seeded(mixSeed(seed, tenant.tenantId, FINE_STREAM));
    const ours = new Set(tenant.driverIds);
    // Trips the demo's drivers started: a fine is issued while driving.
    const driven = (await tripsForExport(tenantCtx, { fdate, tdate })).filter(
      (trip) => trip.started_date && trip.driver_id !== null && ours.has(trip.driver_id),
    );
    const chosen = driven
      .map((trip) => ({ trip, order: random.next() }))
      .sort((a, b) => a.order - b.order)
      .slice(0, FINES_PER_TENANT)
      .map((c) => c.trip)
      .sort((a, b) => a.started_date!.localeCompare(b.started_date!));
    for (const [i, trip] of chosen.entries()) {
      const started = parseUtcDateTime(trip.started_date!)!.getTime();
      const ended = trip.ended_date ? parseUtcDateTime(trip.ended_date)!.getTime() : now;
      const issued = Math.min(started + random.int(5, Math.max(5, (ended - started) / MINUTE)) * MINUTE, now);
      const recordedAt = Math.min(issued + random.int(3, 48) * HOUR, now);
      // The oldest third paid, then every status in turn: each status shows whatever the dates.
      const status = i < chosen.length / 3 ? 2 : FINE_STATUSES[i % FINE_STATUSES.length]!;
      const [description, amount] = random.pick(OFFENCES);
      const pictures = random.chance(PICTURE_CHANCE)
        ? Array.from({ length: random.int(1, 2) }, () => ({
            field: 'photos',
            data: photoPng(random, 96, 64),
          }))
        : [];
      await addFine(
        tenantCtx,
        storage,
        {
          driver_id: trip.driver_id!,
          trip_id: trip.id,
          amount,
          description,
          date: toUtcString(new Date(issued)),
          status,
        },
        pictures,
        { at: new Date(recordedAt) },
      );
      recorded++;
    }
  }
  return recorded;
}
