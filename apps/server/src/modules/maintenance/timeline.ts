/*
 * A vehicle's odometer over time, and when each kind of service falls due (issue 27 item 3). Pure:
 * the service loads the facts, these functions reason on them.
 *
 * The odometer is known at readings: the odometer a workshop noted at a service, the mileage an
 * admin recorded, and every day the GPS counted distance (decision 0035), chained from the recorded
 * mileage forwards and backwards. Between readings it is interpolated, after the last one it goes on
 * at the recent distance a day. A reading below an earlier one (a mistyped odometer) is ignored.
 *
 * A type falls due at its last service plus its interval in days, or when the distance since that
 * service reaches its interval in distance at the vehicle's distance a day over the last 90 days,
 * whichever comes first. Distances are in the tenant's unit throughout.
 */

const DAY_MS = 86_400_000;
/** The window the distance a day is measured over. */
export const RATE_WINDOW_DAYS = 90;

/** `YYYY-MM-DD` as a day number (days since 1970-01-01), and back. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export interface TOdometerFacts {
  /** The recorded mileage and the day it was recorded; null when none was. */
  mileage: number | null;
  mileageDay: string;
  /** Distance the GPS counted, by day number (`dayNumber`). */
  counted: readonly { day: number; distance: number }[];
  /** Odometers noted at services. */
  noted: readonly { day: string; odometer: number }[];
}

export interface TOdometerTimeline {
  /** The odometer at the end of the day number, or null when nothing is known of it. */
  at(day: number): number | null;
  /** The distance a day over the `RATE_WINDOW_DAYS` before the day, or null when unknown. */
  perDay(day: number): number | null;
  /**
   * The timeline as it was known at the end of the day number: its readings of that day and before
   * only, carried on at the distance a day they show. What a prediction made that day could know.
   */
  asOf(day: number): TOdometerTimeline;
}

interface TReading {
  day: number;
  odometer: number;
}

export function odometerTimeline(facts: TOdometerFacts): TOdometerTimeline {
  const raw: TReading[] = facts.noted.map((n) => ({
    day: dayNumber(n.day),
    odometer: n.odometer,
  }));
  if (facts.mileage !== null) {
    const anchor = dayNumber(facts.mileageDay);
    raw.push({ day: anchor, odometer: facts.mileage });
    const { counted } = facts;
    let forward = facts.mileage;
    for (const c of counted.filter((c) => c.day > anchor).sort((a, b) => a.day - b.day)) {
      forward += c.distance;
      raw.push({ day: c.day, odometer: forward });
    }
    // Before the anchor: the mileage less what was driven after each day.
    let backward = facts.mileage;
    for (const c of counted.filter((c) => c.day <= anchor).sort((a, b) => b.day - a.day)) {
      raw.push({ day: c.day - 1, odometer: backward - c.distance });
      backward -= c.distance;
    }
  }
  raw.sort((a, b) => a.day - b.day || a.odometer - b.odometer);
  const readings: TReading[] = [];
  for (const r of raw) {
    const last = readings.at(-1);
    if (last && r.odometer < last.odometer) continue;
    if (last && last.day === r.day) last.odometer = r.odometer;
    else readings.push({ ...r });
  }
  return timelineOf(readings);
}

/** The timeline of readings sorted by day, rising. */
function timelineOf(readings: readonly TReading[]): TOdometerTimeline {
  /** The slope between a reading and the one at least a month away (towards `step`), if any. */
  const slopeFrom = (index: number, step: 1 | -1): number | null => {
    const from = readings[index]!;
    for (let j = index + step; j >= 0 && j < readings.length; j += step) {
      const to = readings[j]!;
      if (Math.abs(to.day - from.day) >= 30) return (to.odometer - from.odometer) / (to.day - from.day);
    }
    const end = readings[step === 1 ? readings.length - 1 : 0]!;
    return end.day === from.day ? null : (end.odometer - from.odometer) / (end.day - from.day);
  };
  const firstRate = readings.length > 0 ? slopeFrom(0, 1) : null;
  const lastRate = readings.length > 0 ? slopeFrom(readings.length - 1, -1) : null;
  /** The index of the last reading on or before the day, -1 when none is. */
  const lastOnOrBefore = (day: number) => {
    let lo = -1;
    let hi = readings.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (readings[mid]!.day <= day) lo = mid;
      else hi = mid;
    }
    return lo;
  };

  const at = (day: number): number | null => {
    if (readings.length === 0) return null;
    const first = readings[0]!;
    const last = readings.at(-1)!;
    if (day <= first.day) return Math.max(0, first.odometer - (firstRate ?? 0) * (first.day - day));
    if (day >= last.day) return last.odometer + (lastRate ?? 0) * (day - last.day);
    const i = lastOnOrBefore(day);
    const a = readings[i]!;
    const b = readings[i + 1]!;
    return a.odometer + ((b.odometer - a.odometer) * (day - a.day)) / (b.day - a.day);
  };
  return {
    at,
    perDay(day) {
      const now = at(day);
      const before = at(day - RATE_WINDOW_DAYS);
      return now === null || before === null ? null : (now - before) / RATE_WINDOW_DAYS;
    },
    asOf(day) {
      const known = lastOnOrBefore(day) + 1;
      return known === readings.length ? this : timelineOf(readings.slice(0, known));
    },
  };
}

export interface TPlannedType {
  id: number;
  name: string;
  intervalDistance: number | null;
  intervalDays: number | null;
}

export interface TServiceFact {
  typeId: number;
  /** `YYYY-MM-DD`. */
  date: string;
  odometer: number | null;
}

/**
 * The share of a type's interval used at `day` since its last service before it (the larger of
 * distance and days), or null when the vehicle has no service of the type before that day.
 */
export function intervalUsed(
  type: TPlannedType,
  last: TServiceFact | undefined,
  timeline: TOdometerTimeline,
  day: number,
): number | null {
  if (!last) return null;
  const since = dayNumber(last.date);
  let used = type.intervalDays ? (day - since) / type.intervalDays : 0;
  if (type.intervalDistance) {
    const now = timeline.at(day);
    const then = last.odometer ?? timeline.at(since);
    if (now !== null && then !== null) used = Math.max(used, (now - then) / type.intervalDistance);
  }
  return used;
}

export interface TDue {
  /** Day number of the due date (may be past: overdue). */
  day: number;
  type: string;
}

/**
 * When a type falls due after its last service (`services` latest first, of any type): by days, or
 * by distance at the recent distance a day. Null when the type has no service or no interval that
 * can be projected.
 */
export function typeDue(
  type: TPlannedType,
  services: readonly TServiceFact[],
  timeline: TOdometerTimeline,
  today: number,
): TDue | null {
  const last = services.find((s) => s.typeId === type.id);
  if (!last) return null;
  const since = dayNumber(last.date);
  let due = type.intervalDays ? since + type.intervalDays : Infinity;
  if (type.intervalDistance) {
    const now = timeline.at(today);
    const then = last.odometer ?? timeline.at(since);
    const rate = timeline.perDay(today);
    if (now !== null && then !== null && rate !== null && rate > 0) {
      due = Math.min(due, today + Math.floor((type.intervalDistance - (now - then)) / rate));
    }
  }
  return Number.isFinite(due) ? { day: due, type: type.name } : null;
}

/** The soonest due date over the types, or null. */
export function nextDue(
  types: readonly TPlannedType[],
  services: readonly TServiceFact[],
  timeline: TOdometerTimeline,
  today: number,
): TDue | null {
  let soonest: TDue | null = null;
  for (const type of types) {
    const due = typeDue(type, services, timeline, today);
    if (due && (!soonest || due.day < soonest.day)) soonest = due;
  }
  return soonest;
}
