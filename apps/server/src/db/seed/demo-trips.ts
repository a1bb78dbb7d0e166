import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, toUtcString, type TRepeatType } from '@fleet/contract';
import type { Db } from '../client.ts';
import { destinations, drivers, tripTypes, warehouses } from '../schema/index.ts';
import { systemContext } from '../../platform/context.ts';
import {
  recordTripHistory,
  type TNewTrip,
  type TParsedStop,
  type TStopPlan,
  type TTaskPlan,
  type TTripStop,
} from '../../modules/trips/service.ts';
import { addSchedule } from '../../modules/trip-schedules/service.ts';

// Each demo tenant's trips: about 60 over the last 30 days and today, in every state the console
// shows (waiting, started late or early, picked up, delivered), with stops and tasks, plus two
// schedules whose trips of the coming days are materialised. Deterministic: a seeded generator.

const MINUTE = 60_000;
const DAY = 86_400_000;
const PAST_DAYS = 30;
const PAST_TRIPS = 48;
/** Minutes from now of today's trips: done, on the road (late and early), about to start, later. */
const TODAY = [-300, -240, -150, -95, -60, -35, -20, 25, 90, 150, 240, 330];
/** Dubai is UTC+4: a working day of 06:00–18:00 local is 02:00–14:00 UTC. */
const DAY_START_UTC_HOUR = 2;

const TASKS: Record<string, string[]> = {
  delivery: [
    'Deliver parcels to reception',
    'Collect proof of delivery signature',
    'Pick up customer returns',
    'Deliver chilled goods to the loading bay',
    'Hand over documents to the store manager',
    'Collect cash on delivery',
  ],
  school_bus: [
    'Pick up students at the gate',
    'Check every seat belt is fastened',
    'Hand students over to the teacher on duty',
    'Confirm attendance with the school office',
    'Wait for late students (5 minutes)',
  ],
  namat: [
    'Inspect the fire alarm panel',
    'Replace air-conditioning filters',
    'Test the emergency lighting',
    'Photograph the completed work',
    'Get the site manager’s sign-off',
    'Check the generator fuel level',
  ],
};

/** mulberry32: a small, fast, seeded generator, so every fresh demo is the same. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type TRandom = ReturnType<typeof seeded>;

type TPlace = { id: number; name: string; lat: number; lon: number };

function stopsFor(rand: TRandom, places: TPlace[], taskTexts: string[], tripNo: number): TStopPlan[] {
  const count = rand.int(2, 4);
  const first = rand.int(0, places.length - 1);
  return Array.from({ length: count }, (_, i) => {
    const place = places[(first + i * 3) % places.length]!;
    const tasks: TTaskPlan[] = Array.from({ length: rand.int(1, 3) }, (_, k) => ({
      description: taskTexts[(tripNo + i + k * 2) % taskTexts.length]!,
      orderId: taskTexts === TASKS.delivery ? `ORD-${String(40_000 + tripNo * 10 + i * 3 + k)}` : null,
      clientApproval: false,
      managerApproval: false,
      priority: k,
      note: null,
    }));
    return {
      destinationId: place.id,
      destinationName: place.name,
      destinationLat: place.lat,
      destinationLon: place.lon,
      drivingTime: rand.int(12, 40),
      drivingTimeRange: 10,
      stayingTime: rand.int(5, 20),
      stayingTimeRange: 5,
      studentFname: null,
      studentLname: null,
      tasks,
    };
  });
}

/**
 * A trip planned at `start`. A started trip (late or early) that has finished by `now` is delivered,
 * with every stop's arrival and departure and its tasks approved; one still on the road is picked up,
 * with the stops reached so far. A trip not started is waiting.
 */
function tripAt(
  rand: TRandom,
  base: Omit<TNewTrip, 'startDate'>,
  plan: TStopPlan[],
  start: Date,
  timing: 'waiting' | 'late' | 'early',
  now: Date,
): { trip: TNewTrip; stops: TTripStop[] } {
  const trip: TNewTrip = {
    ...base,
    startDate: start,
    createdDate: new Date(start.getTime() - rand.int(1, 3) * DAY),
  };
  // Every draw is made whatever the outcome, so the demo does not depend on the hour it is seeded at.
  const delay = timing === 'late' ? rand.int(3, 25) : -rand.int(1, 10);
  const started = new Date(start.getTime() + delay * MINUTE);
  let clock = started.getTime();
  const stops = plan.map((stop) => {
    const arrived = clock + (stop.drivingTime! + rand.int(-3, 8)) * MINUTE;
    const departed = arrived + (stop.stayingTime! + rand.int(-2, 6)) * MINUTE;
    clock = departed;
    const approvals = stop.tasks.map(() => [rand.chance(0.85), rand.chance(0.6)] as const);
    const done = departed <= now.getTime();
    return {
      ...stop,
      arrivedDate: arrived <= now.getTime() ? new Date(arrived) : null,
      departedDate: done ? new Date(departed) : null,
      tasks: stop.tasks.map((t, k) => ({
        ...t,
        clientApproval: done && approvals[k]![0],
        managerApproval: done && approvals[k]![1],
      })),
    };
  });
  const end = new Date(clock + rand.int(10, 30) * MINUTE);
  if (timing === 'waiting' || started > now) return { trip, stops: plan };
  const ended = end <= now ? end : null;
  return { trip: { ...trip, startedDate: started, endedDate: ended, flag: 1 }, stops };
}

/** A planned stop as the trip dialog sends it, so a demo schedule is added as an admin adds one. */
const asDialogStop = (s: TStopPlan): TParsedStop => ({
  destination_id: s.destinationId,
  destination_name: s.destinationName ?? '',
  destination_lat: s.destinationLat,
  destination_lon: s.destinationLon,
  staying_time: s.stayingTime,
  staying_time_range: s.stayingTimeRange,
  driving_time: s.drivingTime,
  driving_time_range: s.drivingTimeRange,
  student_fname: s.studentFname,
  student_lname: s.studentLname,
  tasks: s.tasks.map((t) => ({
    description: t.description,
    order_id: t.orderId,
    client_approval: t.clientApproval,
    manager_approval: t.managerApproval,
    priority: t.priority,
    note: t.note,
  })),
});

/**
 * Seeds one demo tenant's trips and schedules through the trips and scheduled-trips services, as
 * the product itself (the 'demo seed'). Nobody listens yet while the demo is seeded, so its change
 * events go nowhere.
 */
export async function seedDemoTrips(tx: Db, tenantId: number, tenantType: string, now = new Date()) {
  const ctx = systemContext(tx, () => {}, 'demo seed', tenantId);
  const rand = seeded(tenantId * 7_919);
  const [driverRows, origins, types, places] = await Promise.all([
    tx
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.tenantId, tenantId), eq(drivers.archived, false)))
      .orderBy(asc(drivers.id)),
    tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.archived, false)))
      .orderBy(asc(warehouses.id)),
    tx
      .select({ id: tripTypes.id })
      .from(tripTypes)
      .where(and(eq(tripTypes.tenantId, tenantId), eq(tripTypes.archived, false)))
      .orderBy(asc(tripTypes.id)),
    tx
      .select({ id: destinations.id, name: destinations.name, lat: destinations.lat, lon: destinations.lon })
      .from(destinations)
      .where(and(eq(destinations.tenantId, tenantId), eq(destinations.archived, false)))
      .orderBy(asc(destinations.id)),
  ]);
  if (!driverRows.length || !origins.length || !types.length || !places.length) return;
  const taskTexts = TASKS[tenantType] ?? TASKS.delivery!;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  const items = [];
  for (let n = 0; n < PAST_TRIPS + TODAY.length; n++) {
    const base = {
      driverId: driverRows[n % driverRows.length]!.id,
      warehouseId: rand.pick(origins).id,
      typeId: rand.pick(types).id,
      departureTimeRange: rand.pick([10, 15, 20]),
      note: n % 5 === 0 ? 'Call the contact person 10 minutes before arrival.' : null,
    };
    const plan = stopsFor(rand, places, taskTexts, n);
    if (n < PAST_TRIPS) {
      // Spread over the last 30 days, within the working day; most delivered, a few never picked up.
      const day = today - (1 + Math.floor(((PAST_TRIPS - 1 - n) * PAST_DAYS) / PAST_TRIPS)) * DAY;
      const start = new Date(
        day + (DAY_START_UTC_HOUR + rand.int(0, 10)) * 3_600_000 + rand.pick([0, 15, 30, 45]) * MINUTE,
      );
      items.push(tripAt(rand, base, plan, start, n % 12 === 7 ? 'waiting' : n % 2 ? 'late' : 'early', now));
    } else {
      const offset = TODAY[n - PAST_TRIPS]!;
      const start = new Date(now.getTime() + offset * MINUTE);
      start.setUTCSeconds(0, 0);
      items.push(tripAt(rand, base, plan, start, offset > 0 ? 'waiting' : n % 2 ? 'late' : 'early', now));
    }
  }
  // Trips that already ran keep their actual times: they are recorded as history, not planned.
  await recordTripHistory(ctx, items);

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
    await addSchedule(
      ctx,
      {
        driver_id: driverRows[(i + 1) % driverRows.length]!.id,
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
        destinations: stopsFor(rand, places, taskTexts, 100 + i).map(asDialogStop),
      },
      now,
    );
  }
}
