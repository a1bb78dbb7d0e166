import { mixSeed, seeded, simulateServiceHistory } from '@fleet/sim';
import { inTenant, type TServiceContext } from '../../platform/context.ts';
import { addMaintenanceHistory, dayIn, maintenanceTypes } from '../maintenance/service.ts';
import { tenantProfile } from '../settings/service.ts';
import { vehicles } from '../vehicles/service.ts';
import { trainFleetRisk } from '../vehicle-risk/service.ts';

/*
 * The demo's service history (issue 27 item 6): two years of each demo vehicle's services and
 * breakdowns, drawn by the simulator from its hidden hazard (@fleet/sim maintenance-history.ts) and
 * recorded through the maintenance service as a workshop's paperwork brought in would be, a vehicle's
 * services at once, up to yesterday. Then each tenant's risk model is trained on it, as the nightly
 * job would: the console opens on a model that learnt the hazard from the records alone.
 */

/** Days of service history before today. */
export const MAINTENANCE_HISTORY_DAYS = 730;
/** The service history's own random stream, apart from the fleet's and the other records'. */
const MAINTENANCE_STREAM = 5;

const DAY_MS = 86_400_000;

/** Records the tenants' service histories and trains their models. Answers the records written. */
export async function recordDemoMaintenance(
  ctx: TServiceContext,
  tenantIds: readonly number[],
  { now, seed }: { now: number; seed: number },
): Promise<number> {
  let recorded = 0;
  for (const tenantId of tenantIds) {
    const tenantCtx = inTenant(ctx, tenantId);
    const { timeZone } = await tenantProfile(tenantCtx);
    const types = await maintenanceTypes(tenantCtx);
    const byName = new Map(types.map((t) => [t.name, t.id]));
    const from = dayIn(timeZone, new Date(now - MAINTENANCE_HISTORY_DAYS * DAY_MS));
    const to = dayIn(timeZone, new Date(now - DAY_MS));
    for (const vehicle of await vehicles(tenantCtx)) {
      const random = seeded(mixSeed(seed, tenantId, vehicle.id, MAINTENANCE_STREAM));
      const history = simulateServiceHistory(
        {
          year: vehicle.year,
          mileage: vehicle.mileage ?? 0,
          from,
          to,
          types: types.map((t) => ({
            name: t.name,
            intervalDistance: t.interval_distance,
            intervalDays: t.interval_days,
            unplanned: t.unplanned,
          })),
        },
        random,
      );
      const records = history.flatMap((event) => {
        const type = byName.get(event.type);
        return type === undefined
          ? []
          : [
              {
                type,
                date: event.day,
                note: event.note,
                cost: event.cost,
                completed_by: event.completedBy,
                odometer: event.odometer,
              },
            ];
      });
      recorded += await addMaintenanceHistory(tenantCtx, vehicle.id, records);
    }
    await trainFleetRisk(tenantCtx, { now: new Date(now) });
  }
  return recorded;
}
