import type { TRandom } from './random.ts';

/*
 * A vehicle's service history, day by day: the distance it drives, the services its workshop does
 * when a type's interval is used (each vehicle's workshop is more or less punctual), and breakdowns
 * drawn from a hidden hazard. The console never sees the hazard: it sees the records, and its risk
 * model has to find the law in them (issue 27, decision 0036).
 *
 * The hidden hazard, the chance of a breakdown on a day:
 *
 *     h = exp(HAZARD.base + HAZARD.oil × oil + HAZARD.brakes × brakes + HAZARD.age × age)
 *
 * where `oil` is the distance since the last oil change over 10,000, `brakes` the distance since the
 * last brake service over 30,000, and `age` the vehicle's age in years. So a vehicle driven far past
 * its oil change, with worn brakes, and old, breaks down most (a day's chance rises 150-fold from a
 * fresh oil change to one a whole interval late); a punctual workshop keeps a fleet safe. Tyres and
 * inspections do not enter it (the model should find them of little use). A vehicle towed in also
 * gets the services it is close to due for. On fleets like the demo's, a vehicle breaks down about
 * 1.6 times a year, and one vehicle-month in eight has a breakdown.
 */

export const HAZARD = { base: -14, oil: 5, brakes: 3, age: 0.3 } as const;
const OIL_DISTANCE = 10_000;
/** A breakdown's repair also does the planned services past this share of their interval. */
const WHILE_IN_WORKSHOP = 0.6;
const BRAKES_DISTANCE = 30_000;

export interface TServiceType {
  name: string;
  intervalDistance: number | null;
  intervalDays: number | null;
  unplanned: boolean;
}

export interface TServiceEvent {
  /** `YYYY-MM-DD`. */
  day: string;
  type: string;
  /** The odometer at the service, whole units. */
  odometer: number;
  cost: number;
  note: string | null;
  completedBy: string;
}

export interface TVehicleHistoryPlan {
  /** The vehicle's model year. */
  year: number;
  /** The odometer at the end of the history. */
  mileage: number;
  /** The first and the last day of the history, `YYYY-MM-DD`. */
  from: string;
  to: string;
  types: readonly TServiceType[];
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What a service of each default type costs, in the tenant's currency (a range). */
const COSTS: Record<string, [number, number]> = {
  'Oil change': [220, 420],
  Tyres: [1800, 3400],
  Brakes: [600, 1250],
  Inspection: [150, 260],
  'Breakdown repair': [700, 6500],
};
const NOTES: Record<string, readonly (string | null)[]> = {
  'Oil change': ['Engine oil and filter replaced', 'Oil, oil filter and air filter', null],
  Tyres: ['Four tyres replaced and balanced', 'Front tyres replaced, rear rotated', null],
  Brakes: ['Front pads and discs', 'Pads replaced all round, fluid flushed', null],
  Inspection: ['Annual inspection passed', 'Inspection passed after a headlamp fix', null],
  'Breakdown repair': [
    'Towed in: alternator failed',
    'Engine overheated, water pump replaced',
    'Brake caliper seized on the road',
    'Fuel injector replaced after the engine cut out',
    'Starter motor replaced',
    'Gearbox slipping, clutch replaced',
  ],
};
const WORKSHOPS = ['Al Quoz Auto Care', 'FleetServe Garage', 'Desert Motors Workshop', 'City Truck Centre'];

/**
 * Simulates one vehicle's days from `from` to `to` and answers its services and breakdowns, oldest
 * first, with the odometer at each. The history opens with a full service (every planned type on
 * `from`), so every interval has a start; the services drift apart from there, each type at its own
 * interval and the workshop's punctuality.
 */
export function simulateServiceHistory(plan: TVehicleHistoryPlan, random: TRandom): TServiceEvent[] {
  const start = Date.parse(`${plan.from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${plan.to}T00:00:00Z`) - start) / DAY_MS) + 1;
  // A vehicle drives its own distance a day, bounded so the history ends below its odometer.
  const perDay = Math.min(random.int(70, 260), (0.8 * plan.mileage) / days);
  // How late its workshop is: services happen at this share of an interval.
  const punctuality = 0.85 + random.next() * 0.75;
  const workshop = random.pick(WORKSHOPS);
  const planned = plan.types.filter((t) => !t.unplanned && (t.intervalDistance || t.intervalDays));
  const repair = plan.types.find((t) => t.unplanned);

  type TLast = { day: number; km: number };
  const events: { day: number; km: number; type: TServiceType }[] = [];
  const last = new Map<string, TLast>();
  // The history opens with a full service: every planned type on its first day.
  for (const type of planned) {
    last.set(type.name, { day: 0, km: 0 });
    events.push({ day: 0, km: 0, type });
  }
  const share = (type: TServiceType, day: number, km: number) => {
    const since = last.get(type.name)!;
    return Math.max(
      type.intervalDistance ? (km - since.km) / type.intervalDistance : 0,
      type.intervalDays ? (day - since.day) / type.intervalDays : 0,
    );
  };
  const sinceOf = (name: string, km: number, per: number) => {
    const since = last.get(name);
    return since ? (km - since.km) / per : 0;
  };

  let km = 0;
  for (let day = 0; day < days; day++) {
    const weekday = new Date(start + day * DAY_MS).getUTCDay();
    const driven = Math.max(0, random.normal(weekday === 5 ? perDay * 0.3 : perDay, perDay * 0.25));
    km += driven;
    const age = (start + day * DAY_MS - Date.UTC(plan.year, 0, 1)) / (365.25 * DAY_MS);
    const hazard = Math.exp(
      HAZARD.base +
        HAZARD.oil * sinceOf('Oil change', km, OIL_DISTANCE) +
        HAZARD.brakes * sinceOf('Brakes', km, BRAKES_DISTANCE) +
        HAZARD.age * Math.max(0, age),
    );
    const brokeDown = repair !== undefined && random.chance(Math.min(1, hazard));
    if (brokeDown) events.push({ day, km, type: repair });
    for (const type of planned) {
      // A vehicle towed in gets the services it is close to due for while it is in the workshop.
      if (share(type, day, km) >= (brokeDown ? Math.min(punctuality, WHILE_IN_WORKSHOP) : punctuality)) {
        last.set(type.name, { day, km });
        events.push({ day, km, type });
      }
    }
  }
  // The odometer: the history's readings end at the vehicle's mileage.
  const offset = Math.max(0, plan.mileage - km);
  return events
    .sort((a, b) => a.day - b.day)
    .map((e) => {
      const [low, high] = COSTS[e.type.name] ?? [200, 500];
      return {
        day: dayOf(start + e.day * DAY_MS),
        type: e.type.name,
        odometer: Math.round(Math.max(0, offset + e.km)),
        cost: Math.round((low + random.next() * (high - low)) * 100) / 100,
        note: random.pick(NOTES[e.type.name] ?? [null]),
        completedBy: workshop,
      };
    });
}
