import { DEFAULT_SETTINGS, toUtcString, type TRepeatType } from '@fleet/contract';
import { seeded } from '@fleet/sim';
import type { Db } from '../client.ts';
import { systemContext } from '../../platform/context.ts';
import { planTrips, type TTripToInsert } from '../../modules/trips/service.ts';
import { addSchedule } from '../../modules/trip-schedules/service.ts';
import { asDialogStop, canPlan, demoPlanning, demoStops } from './demo-plans.ts';

// Each demo tenant's plans: about 60 trips over the last 30 days and today, and two schedules whose
// trips of the coming days are materialised. Only plans: what happened on the road (starts, stops,
// positions, tasks, proofs) is produced afterwards by running the fleet simulator over those days
// through the driver API (modules/simulation, `simulateDemoHistory`). Deterministic: seeded.

const MINUTE = 60_000;
const DAY = 86_400_000;
const PAST_DAYS = 30;
const PAST_TRIPS = 48;
/** Minutes from now of today's trips: done, on the road, about to start, later. */
const TODAY = [-300, -240, -150, -95, -60, -35, -20, 2, 25, 90, 150, 240, 330];
/** Dubai is UTC+4: a working day of 06:00–18:00 local is 02:00–14:00 UTC. */
const DAY_START_UTC_HOUR = 2;

/**
 * Plans one demo tenant's trips and schedules through the trips and scheduled-trips services, as
 * the product itself (the 'demo seed'). Nobody listens yet while the demo is seeded, so its change
 * events go nowhere.
 */
export async function seedDemoTrips(tx: Db, tenantId: number, tenantType: string, now = new Date()) {
  const ctx = systemContext(tx, () => {}, 'demo seed', tenantId);
  const rand = seeded(tenantId * 7_919);
  const planning = await demoPlanning(tx, tenantId, tenantType);
  if (!canPlan(planning)) return;
  const { drivers: driverRows, origins, types } = planning;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  const items: TTripToInsert[] = [];
  for (let n = 0; n < PAST_TRIPS + TODAY.length; n++) {
    let start: Date;
    if (n < PAST_TRIPS) {
      // Spread over the last 30 days, within the working day.
      const day = today - (1 + Math.floor(((PAST_TRIPS - 1 - n) * PAST_DAYS) / PAST_TRIPS)) * DAY;
      start = new Date(
        day + (DAY_START_UTC_HOUR + rand.int(0, 10)) * 3_600_000 + rand.pick([0, 15, 30, 45]) * MINUTE,
      );
    } else {
      start = new Date(now.getTime() + TODAY[n - PAST_TRIPS]! * MINUTE);
      start.setUTCSeconds(0, 0);
    }
    const driverId = driverRows[n % driverRows.length]!.id;
    items.push({
      trip: {
        driverId,
        warehouseId: rand.pick(origins).id,
        typeId: rand.pick(types).id,
        departureTimeRange: rand.pick([10, 15, 20]),
        note: n % 5 === 0 ? 'Call the contact person 10 minutes before arrival.' : null,
        startDate: start,
        // Planned a day to three before it runs (today's later trips: this morning at the latest).
        createdDate: new Date(Math.min(start.getTime() - rand.int(1, 3) * DAY, now.getTime())),
      },
      stops: demoStops(rand, planning, n, driverId),
    });
  }
  await planTrips(ctx, items);

  // Two schedules: a daily late-afternoon run and a weekday morning run (Dubai time).
  const schedules: {
    hour: number;
    minute: number;
    repeatType: TRepeatType;
    daysOfWeek: number[] | null;
    note: string;
  }[] = [
    { hour: 12, minute: 0, repeatType: 'daily', daysOfWeek: null, note: 'Daily afternoon collection round' },
    { hour: 3, minute: 30, repeatType: 'weekly', daysOfWeek: [1, 2, 3, 4, 5], note: 'Weekday morning round' },
  ];
  for (const [i, s] of schedules.entries()) {
    const driverId = driverRows[(i + 1) % driverRows.length]!.id;
    await addSchedule(
      ctx,
      {
        driver_id: driverId,
        warehouse_id: origins[i % origins.length]!.id,
        type: types[i % types.length]!.id,
        start_date: toUtcString(new Date(today + (s.hour * 60 + s.minute) * MINUTE)),
        end_date: null,
        repeat_type: s.repeatType,
        repeat_interval: 1,
        days_of_week: s.daysOfWeek,
        departure_time_range: 15,
        note: s.note,
        time_zone: DEFAULT_SETTINGS.time_zone,
        destinations: demoStops(rand, planning, 100 + i, driverId).map(asDialogStop),
      },
      now,
    );
  }
}
