import { plannedStops, type TExceptionType, type TTerms } from '@fleet/contract';
import { metersBetween } from '../trips/service.ts';

/*
 * The exceptions engine's rules (spec 002 "Exceptions", §3): a pure function from a trip's plan,
 * what the driver recorded (start, arrivals, departures, skips, end), the fixes of the trip and the
 * time now to the exceptions the trip has earned. No database and no clock of its own: the engine
 * (engine.ts) loads the facts, calls `judgeTrip` and reconciles the answer with the stored rows, so
 * the same facts always give the same exceptions, whenever and however often they are judged.
 *
 * Everything is judged by the data's own times, never by when it arrived: a start queued offline
 * and sent an hour later counts at the time it was made. "Now" matters only for what has failed to
 * happen yet (a trip not started, a stop not reached, a stay not ended): such an exception holds
 * while nothing contradicts it, and a late start or arrival timed early enough makes it go.
 *
 * Each exception is about the trip (its start), or one stop, and carries the moment the plan was
 * broken: a deadline that passed (planned time plus its allowance), or the moment of the early
 * transition, the arrival ending a leg, the skip or departure that missed a stop, the departure
 * with too little time left. Tolerances, as a dispatcher reads the plan (a missing range is 0):
 *
 * - the start: the origin's departure time range, either way;
 * - an arrival: the stop's driving time range, either way;
 * - a departure: the stop's driving and staying time ranges together (the arrival may already be
 *   off by the first, the stay adds the second);
 * - a stay: the staying time plus its range; a leg: the driving time ± its range, judged for legs
 *   driven straight from the planned previous place (the origin for the first stop);
 * - an unauthorised stop: standing still (below the tenant's idle speed) within the stop radius
 *   of one place, away from the origin and every planned stop and not at a stop the driver checked
 *   in at, for longer than the trip type's `time_stop`; the first such stop of each leg counts;
 * - a missed stop: skipped, or never arrived at when the trip ended or a later stop was left;
 * - not enough time: leaving the origin or a stop with less time before the next open stop's
 *   planned arrival (plus its driving range, as for a late arrival) than the estimated drive there
 *   (straight-line distance at a typical speed, or a router's).
 */

const MINUTE = 60_000;

export interface TPoint {
  lat: number;
  lon: number;
}

/** A stop as planned and as the driver recorded it. Times in minutes; dates are the data's own. */
export interface TStopFacts {
  id: number;
  position: number;
  name: string | null;
  lat: number | null;
  lon: number | null;
  drivingTime: number | null;
  drivingTimeRange: number | null;
  stayingTime: number | null;
  stayingTimeRange: number | null;
  arrivedDate: Date | null;
  departedDate: Date | null;
  skippedDate: Date | null;
  skipReason: string | null;
}

/** A GPS fix of the trip's driver. */
export interface TFixFacts {
  at: Date;
  lat: number;
  lon: number;
  /** km/h; null when the source sent none (estimated from the neighbouring fixes). */
  speed: number | null;
}

export interface TTripFacts {
  id: number;
  /** Planned start. */
  startDate: Date | null;
  /** Minutes either side of the planned start the driver may leave at. */
  departureTimeRange: number | null;
  startedDate: Date | null;
  endedDate: Date | null;
  /** False for a trip called off (archived or cancelled): nothing is held against it. */
  live: boolean;
  origin: (TPoint & { title: string }) | null;
  /** The trip type's longest allowed unplanned stop, in minutes; null (or 0) when it sets none. */
  timeStop: number | null;
  stops: TStopFacts[];
  /** The driver's fixes while the trip ran, oldest first (others are ignored). */
  fixes: TFixFacts[];
}

export interface TJudgeSettings {
  stopRadiusMeters: number;
  idleSpeedKmh: number;
  /** The speed a drive is estimated at from its straight-line distance. */
  typicalSpeedKmh: number;
  terms: Pick<TTerms, 'trip' | 'destination' | 'warehouse'>;
  /** Seconds the drive from `from` to `to` takes (a router's answer); the straight-line estimate otherwise. */
  drivingSeconds?: ((from: TPoint, to: TPoint) => number | null) | undefined;
}

/** One exception the facts earn. `stopId` is null for the trip's start and for an idle stop on the way back. */
export interface TRaised {
  type: TExceptionType;
  stopId: number | null;
  occurredAt: Date;
  expectedDate: Date | null;
  actualDate: Date | null;
  message: string;
}

const time = (d: Date | null) => (d ? d.getTime() : null);
const minutesOf = (m: number | null) => (m ?? 0) * MINUTE;
const roundMinutes = (ms: number) => Math.max(0, Math.round(ms / MINUTE));
const placed = (p: { lat: number | null; lon: number | null } | null | undefined): p is TPoint =>
  !!p && p.lat !== null && p.lon !== null;
const coordinates = (p: TPoint) => `${p.lat.toFixed(5)}, ${p.lon.toFixed(5)}`;

/** The straight-line estimate of a drive, in seconds. */
export function straightLineSeconds(from: TPoint, to: TPoint, speedKmh: number): number {
  return metersBetween(from, to) / (speedKmh / 3.6);
}

/** "within 10 min of" the planned time, or "by" it when nothing is allowed. */
const within = (allowedMs: number) => (allowedMs > 0 ? `within ${roundMinutes(allowedMs)} min of` : 'by');
const allowed = (allowedMs: number) => `allowed: ${roundMinutes(allowedMs)} min`;

/** Everything the trip's facts earn at `now`, in a stable order. See the file's comment for the rules. */
export function judgeTrip(trip: TTripFacts, settings: TJudgeSettings, now: Date): TRaised[] {
  if (!trip.live) return [];
  const raised = new Map<string, TRaised>();
  /** The first of a kind for a stop is the one kept (an idle stop, a departure short of time). */
  const raise = (r: TRaised) => {
    const key = `${r.type}:${r.stopId ?? '-'}`;
    if (!raised.has(key)) raised.set(key, r);
  };
  const t = now.getTime();
  const started = time(trip.startedDate);
  const ended = time(trip.endedDate);
  const tripWord = settings.terms.trip.toLowerCase();
  const stops = [...trip.stops].sort((a, b) => a.position - b.position);
  const label = (s: TStopFacts) => s.name?.trim() || `${settings.terms.destination} ${stops.indexOf(s) + 1}`;
  const planned = plannedStops(
    trip.startDate,
    stops.map((s) => ({ driving_time: s.drivingTime, staying_time: s.stayingTime })),
  ).stops;

  // ---------- The start ----------
  const plannedStart = time(trip.startDate);
  if (plannedStart !== null) {
    const range = minutesOf(trip.departureTimeRange);
    const deadline = plannedStart + range;
    const base = { stopId: null, expectedDate: trip.startDate, actualDate: trip.startedDate };
    if (started !== null ? started > deadline : t > deadline) {
      raise({
        ...base,
        type: 'started_late',
        occurredAt: new Date(deadline),
        message:
          started !== null
            ? `The ${tripWord} started ${roundMinutes(started - plannedStart)} min after its planned start (${allowed(range)}).`
            : `The ${tripWord} has not started ${within(range)} its planned start.`,
      });
    }
    if (started !== null && started < plannedStart - range) {
      raise({
        ...base,
        type: 'started_soon',
        occurredAt: new Date(started),
        message: `The ${tripWord} started ${roundMinutes(plannedStart - started)} min before its planned start (${allowed(range)}).`,
      });
    }
  }

  // ---------- Each stop: arrival, stay, departure, the leg to it, missing it ----------
  stops.forEach((stop, i) => {
    const arrived = time(stop.arrivedDate);
    const departed = time(stop.departedDate);
    const skipped = time(stop.skippedDate);
    const drivingRange = minutesOf(stop.drivingTimeRange);
    const stayingRange = minutesOf(stop.stayingTimeRange);
    const name = label(stop);
    const plannedArrival = time(planned[i]?.arrival ?? null);
    const plannedDeparture = time(planned[i]?.departure ?? null);
    const about = { stopId: stop.id };

    if (plannedArrival !== null) {
      const deadline = plannedArrival + drivingRange;
      const expected = { ...about, expectedDate: new Date(plannedArrival), actualDate: stop.arrivedDate };
      // Not there by the deadline while the trip ran and the stop was still to be visited.
      const dueUntil = Math.min(skipped ?? Infinity, ended ?? Infinity, t);
      const lateWithout = arrived === null && started !== null && dueUntil > deadline;
      if ((arrived !== null && arrived > deadline) || lateWithout) {
        raise({
          ...expected,
          type: 'arrival_late',
          // A trip that started after the deadline was late for this stop from its start.
          occurredAt: new Date(Math.max(deadline, started ?? deadline)),
          message:
            arrived !== null
              ? `Arrived at ${name} ${roundMinutes(arrived - plannedArrival)} min after the planned arrival (${allowed(drivingRange)}).`
              : dueUntil === t
                ? `Has not arrived at ${name} ${within(drivingRange)} the planned arrival.`
                : `Did not arrive at ${name} ${within(drivingRange)} the planned arrival.`,
        });
      }
      if (arrived !== null && arrived < plannedArrival - drivingRange) {
        raise({
          ...expected,
          type: 'arrival_early',
          occurredAt: new Date(arrived),
          message: `Arrived at ${name} ${roundMinutes(plannedArrival - arrived)} min before the planned arrival (${allowed(drivingRange)}).`,
        });
      }
    }

    if (plannedDeparture !== null) {
      const tolerance = drivingRange + stayingRange;
      const deadline = plannedDeparture + tolerance;
      const expected = { ...about, expectedDate: new Date(plannedDeparture), actualDate: stop.departedDate };
      // Still there past the deadline (a trip cannot end with a stop arrived at and not left).
      const stillThere = arrived !== null && departed === null && ended === null && t > deadline;
      if ((departed !== null && departed > deadline) || stillThere) {
        raise({
          ...expected,
          type: 'departure_late',
          occurredAt: new Date(Math.max(deadline, arrived!)),
          message:
            departed !== null
              ? `Left ${name} ${roundMinutes(departed - plannedDeparture)} min after the planned departure (${allowed(tolerance)}).`
              : `Has not left ${name} ${within(tolerance)} the planned departure.`,
        });
      }
      if (departed !== null && departed < plannedDeparture - tolerance) {
        raise({
          ...expected,
          type: 'departure_early',
          occurredAt: new Date(departed),
          message: `Left ${name} ${roundMinutes(plannedDeparture - departed)} min before the planned departure (${allowed(tolerance)}).`,
        });
      }
    }

    if (stop.stayingTime && arrived !== null) {
      const stay = minutesOf(stop.stayingTime);
      const limit = arrived + stay + stayingRange;
      const over = departed !== null ? departed > limit : ended === null && t > limit;
      if (over) {
        raise({
          ...about,
          type: 'exceeded_staying_time',
          occurredAt: new Date(limit),
          expectedDate: new Date(arrived + stay),
          actualDate: stop.departedDate,
          message:
            departed !== null
              ? `Stayed ${roundMinutes(departed - arrived)} min at ${name}; planned ${stop.stayingTime} min (${allowed(stayingRange)} more).`
              : `Has stayed at ${name} longer than the planned ${stop.stayingTime} min (${allowed(stayingRange)} more).`,
        });
      }
    }

    if (stop.drivingTime && arrived !== null) {
      const leg = legInto(stop, stops, started);
      const fromPlanned = i === 0 ? leg?.from === 'origin' : leg?.from === stops[i - 1]!.id;
      if (leg && fromPlanned) {
        const driven = arrived - leg.at;
        const plannedDrive = minutesOf(stop.drivingTime);
        if (driven > plannedDrive + drivingRange || driven < plannedDrive - drivingRange) {
          raise({
            ...about,
            type: 'driving_time_out_of_range',
            occurredAt: new Date(arrived),
            expectedDate: new Date(leg.at + plannedDrive),
            actualDate: stop.arrivedDate,
            message: `Drove ${roundMinutes(driven)} min to ${name}; planned ${stop.drivingTime} min (allowed: ± ${roundMinutes(drivingRange)} min).`,
          });
        }
      }
    }

    if (arrived === null) {
      const missed = missedBy(stop, stops, ended);
      if (missed) {
        raise({
          ...about,
          type: 'missed_destination',
          occurredAt: new Date(missed.at),
          expectedDate: null,
          actualDate: null,
          message:
            missed.by === 'skip'
              ? `${name} was skipped${stop.skipReason ? `: ${stop.skipReason}` : ''}.`
              : missed.by === 'end'
                ? `The ${tripWord} ended without a visit to ${name}.`
                : `${label(missed.by)} was left without a visit to ${name}, planned before it.`,
        });
      }
    }
  });

  // ---------- Leaving with too little time for the next stop ----------
  for (const leaving of departures(trip, stops)) {
    const next = nextOpenStop(stops, leaving.position, leaving.at);
    const plannedArrival = next ? time(planned[stops.indexOf(next)]?.arrival ?? null) : null;
    if (!next || plannedArrival === null || !placed(next) || !leaving.point) continue;
    const to = { lat: next.lat, lon: next.lon };
    const seconds =
      settings.drivingSeconds?.(leaving.point, to) ??
      straightLineSeconds(leaving.point, to, settings.typicalSpeedKmh);
    const left = plannedArrival - leaving.at;
    // The arrival may be late by the stop's driving range: only a drive that cannot make even that counts.
    const range = minutesOf(next.drivingTimeRange);
    if (left + range >= seconds * 1000) continue;
    const from = leaving.stop ? label(leaving.stop) : (trip.origin?.title ?? settings.terms.warehouse);
    raise({
      type: 'not_enough_time_to_next_destination',
      stopId: next.id,
      occurredAt: new Date(leaving.at),
      expectedDate: new Date(plannedArrival),
      actualDate: new Date(leaving.at + Math.round(seconds) * 1000),
      message: `Left ${from} ${roundMinutes(Math.abs(left))} min ${left >= 0 ? 'before' : 'after'} the planned arrival at ${label(next)} (${allowed(range)} more); the drive takes about ${roundMinutes(seconds * 1000)} min.`,
    });
  }

  // ---------- Standing still where nothing was planned ----------
  for (const idle of idleStops(trip, stops, settings)) {
    const heading = idle.heading ? `on the way to ${label(idle.heading)}` : 'after the last stop';
    raise({
      type: 'idle_location',
      stopId: idle.heading?.id ?? null,
      occurredAt: new Date(idle.from + minutesOf(trip.timeStop)),
      expectedDate: null,
      actualDate: null,
      message: idle.over
        ? `Stood still for ${roundMinutes(idle.to - idle.from)} min at ${coordinates(idle.at)}, ${heading}, away from every planned stop (${allowed(minutesOf(trip.timeStop))}).`
        : `Standing still at ${coordinates(idle.at)}, ${heading}, away from every planned stop, for longer than the ${trip.timeStop} min allowed.`,
    });
  }

  return [...raised.values()];
}

/** Where the driver set off for `stop`: the last departure (or the start) before arriving there. */
function legInto(
  stop: TStopFacts,
  stops: TStopFacts[],
  started: number | null,
): { at: number; from: 'origin' | number } | null {
  const arrived = time(stop.arrivedDate)!;
  let leg: { at: number; from: 'origin' | number } | null =
    started !== null && started <= arrived ? { at: started, from: 'origin' } : null;
  for (const other of stops) {
    const left = time(other.departedDate);
    if (other === stop || left === null || left > arrived) continue;
    if (!leg || left >= leg.at) leg = { at: left, from: other.id };
  }
  return leg;
}

/** What made a stop never arrived at a missed one, and when: its skip, a later stop left, the end. */
function missedBy(
  stop: TStopFacts,
  stops: TStopFacts[],
  ended: number | null,
): { at: number; by: 'skip' | 'end' | TStopFacts } | null {
  const skipped = time(stop.skippedDate);
  if (skipped !== null) return { at: skipped, by: 'skip' };
  let found: { at: number; by: 'end' | TStopFacts } | null = ended !== null ? { at: ended, by: 'end' } : null;
  for (const later of stops) {
    const left = time(later.departedDate);
    if (later.position <= stop.position || left === null) continue;
    if (!found || left < found.at) found = { at: left, by: later };
  }
  return found;
}

interface TDeparture {
  at: number;
  /** The stop left; null for the origin at the start. */
  stop: TStopFacts | null;
  position: number;
  point: TPoint | null;
}

/** The trip's start (leaving the origin) and every departure from a stop, in time order. */
function departures(trip: TTripFacts, stops: TStopFacts[]): TDeparture[] {
  const out: TDeparture[] = [];
  const started = time(trip.startedDate);
  if (started !== null) {
    out.push({ at: started, stop: null, position: -1, point: placed(trip.origin) ? trip.origin : null });
  }
  for (const stop of stops) {
    const at = time(stop.departedDate);
    if (at === null) continue;
    out.push({
      at,
      stop,
      position: stop.position,
      point: placed(stop) ? { lat: stop.lat, lon: stop.lon } : null,
    });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Neither arrived at nor skipped by `at`. */
const openAt = (stop: TStopFacts, at: number) =>
  !((time(stop.arrivedDate) ?? Infinity) <= at) && !((time(stop.skippedDate) ?? Infinity) <= at);

/** The stop a driver leaving at `at` heads for: the next open one in the plan after `position`, else the first open one. */
function nextOpenStop(stops: TStopFacts[], position: number, at: number): TStopFacts | null {
  const open = stops.filter((s) => openAt(s, at));
  return open.find((s) => s.position > position) ?? open[0] ?? null;
}

interface TIdle {
  from: number;
  to: number;
  at: TPoint;
  /** Moving again (or the trip ended): the stop's length is known. */
  over: boolean;
  heading: TStopFacts | null;
}

/** Each leg's first stop longer than the trip type allows, away from every planned place. */
function idleStops(trip: TTripFacts, stops: TStopFacts[], settings: TJudgeSettings): TIdle[] {
  const limit = minutesOf(trip.timeStop);
  const started = time(trip.startedDate);
  if (limit <= 0 || started === null) return [];
  const ended = time(trip.endedDate) ?? Infinity;
  const radius = settings.stopRadiusMeters;
  const places: TPoint[] = [
    ...(placed(trip.origin) ? [trip.origin] : []),
    ...stops.filter(placed).map((s) => ({ lat: s.lat!, lon: s.lon! })),
  ];
  // While checked in at a stop the driver is where the plan says, coordinates or not.
  const atAStop = (at: number) =>
    stops.some((s) => {
      const arrived = time(s.arrivedDate);
      return arrived !== null && arrived <= at && at <= (time(s.departedDate) ?? ended);
    });
  const fixes = trip.fixes
    .filter((f) => f.at.getTime() >= started && f.at.getTime() <= ended)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const speedOf = (i: number): number | null => {
    const fix = fixes[i]!;
    if (fix.speed !== null) return fix.speed;
    const other = fixes[i - 1] ?? fixes[i + 1];
    if (!other) return null;
    const seconds = Math.abs(fix.at.getTime() - other.at.getTime()) / 1000;
    return seconds > 0 ? (metersBetween(fix, other) / seconds) * 3.6 : null;
  };

  const found: TIdle[] = [];
  let stretch: { from: number; to: number; at: TPoint } | null = null;
  const close = (over: boolean) => {
    if (stretch && stretch.to - stretch.from > limit) {
      const heading = stops.find((s) => openAt(s, stretch!.from)) ?? null;
      found.push({ ...stretch, over, heading });
    }
    stretch = null;
  };
  fixes.forEach((fix, i) => {
    const at = fix.at.getTime();
    const speed = speedOf(i);
    const still =
      speed !== null &&
      speed < settings.idleSpeedKmh &&
      !atAStop(at) &&
      places.every((p) => metersBetween(p, fix) > radius);
    if (!still) return close(true);
    if (stretch && metersBetween(stretch.at, fix) <= radius) {
      stretch.to = at;
      return;
    }
    close(true);
    stretch = { from: at, to: at, at: { lat: fix.lat, lon: fix.lon } };
  });
  close(time(trip.endedDate) !== null);
  return found;
}
