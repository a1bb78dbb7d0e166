import { parseUtcDateTime, type TDriverAppStop, type TDriverAppTrip } from '@fleet/contract';
import type { TPhotoField, TSimFix } from './client.ts';
import {
  cornersAlong,
  drive,
  gpsReading,
  metersBetween,
  pathLength,
  pointAlong,
  ROAD_SPEED_KMH,
  roadPath,
  type TPoint,
} from './geo.ts';
import { photoPng } from './photo.ts';
import type { TRandom } from './random.ts';

/*
 * How a driver runs a trip: a pure function from the trip as the driver app reads it, where the
 * driver is, the time and a seeded generator to a time-ordered script of what happens — the fixes
 * the phone takes and the buttons the driver presses, each at an absolute time. The same inputs make
 * the same script, so a run is reproducible and a past day can be replayed.
 *
 * The driver waits at the origin, leaves mostly within the departure range (sometimes late, now and
 * then too early), drives a road-like path to each stop at city speeds, taking about the planned
 * driving time (halting on the way when the plan leaves time to spare, as traffic does), stays about
 * the planned staying time completing the stop's tasks with a note and proof photos, departs, and
 * ends the trip on the way back to the origin. Now and then a stop is skipped with a reason, or the
 * driver halts a few minutes mid-leg. A trip already running is continued from its state.
 */

export interface TBehaviour {
  /** Chance the driver leaves late: 3–25 minutes after the planned start. */
  lateStart: number;
  /** Chance the driver leaves before the departure range opens: 1–10 minutes before it. */
  earlyStart: number;
  /** Spread of a leg's driving time around the plan (standard deviation, a share of it). */
  drivingSpread: number;
  /** Spread of a stay around the planned staying time (standard deviation, a share of it). */
  stayingSpread: number;
  /** Chance a leg has a halt of 2–8 minutes on the way (a jam, a break). */
  halt: number;
  /** Chance a stop is skipped, with a reason. */
  skip: number;
}

export const DEFAULT_BEHAVIOUR: TBehaviour = {
  lateStart: 0.2,
  earlyStart: 0.08,
  drivingSpread: 0.15,
  stayingSpread: 0.25,
  halt: 0.15,
  skip: 0.05,
};

export type TScriptPhoto = { field: TPhotoField; data: Buffer };

export type TStep =
  | { kind: 'fix'; at: number; fix: TSimFix }
  | { kind: 'start'; at: number; tripId: number }
  | { kind: 'arrive'; at: number; stopId: number }
  | { kind: 'complete'; at: number; stopId: number; taskId: number; note: string; photos: TScriptPhoto[] }
  | { kind: 'depart'; at: number; stopId: number }
  | { kind: 'skip'; at: number; stopId: number; reason: string }
  | { kind: 'end'; at: number; tripId: number };

/** Where the driver is between trips: the next script begins from here. */
export interface TDriverPlace {
  position: TPoint | null;
  /** Epoch ms. */
  at: number;
  battery: number;
}

export interface TTripScript {
  tripId: number;
  /** In time order (actions made at the same second keep the order they happen in). */
  steps: TStep[];
  /** The drives, for a reader (and tests): to a stop, to the origin (null), their paths and times. */
  legs: { toStopId: number | null; path: TPoint[]; departs: number; arrives: number }[];
  /** Where and when the script leaves the driver. */
  finish: TDriverPlace;
}

export interface TTripRunInput {
  trip: TDriverAppTrip;
  /** When the script may begin at the earliest (the clock's now), epoch ms. */
  now: number;
  /** Where the driver is (their last fix); estimated from the trip when unknown. */
  position?: TPoint | null;
  /** Battery percent of the phone; drawn when unknown. */
  battery?: number;
  random: TRandom;
  behaviour?: Partial<TBehaviour>;
  /** Seconds between fixes while moving (default 5). */
  fixEverySeconds?: number;
  /** Seconds between fixes while parked (default 30). */
  parkedEverySeconds?: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Farther than this from the origin, the driver first drives there. */
const AT_PLACE_M = 150;
/** A halt is made only this far from every stop and the origin, so it never reads as a visit. */
const HALT_CLEAR_M = 250;
/** A drive when the trip does not plan its time: at this speed, km/h. */
const UNPLANNED_KMH = 40;
/** However generous a plan, nobody halts on the road longer than this, or stays longer at a stop. */
const MAX_HALT_S = 30 * 60;
const MAX_STAY_S = 3 * 3600;

const SKIP_REASONS = [
  'Nobody at the address',
  'Road closed on the way',
  'Gate locked, no answer by phone',
  'Cancelled by phone on the way',
  'Access refused at the entrance',
];

const placed = (p: { lat: number | null; lon: number | null } | null | undefined): p is TPoint =>
  !!p && p.lat !== null && p.lon !== null;
const time = (utc: string | null) => (utc ? (parseUtcDateTime(utc)?.getTime() ?? null) : null);
const ceilSecond = (ms: number) => Math.ceil(ms / SECOND) * SECOND;

/** Where a driver of this trip most likely is when nothing else is known. */
export function likelyPosition(trip: TDriverAppTrip): TPoint | null {
  const here = trip.stops.find((s) => s.state === 'arrived');
  if (placed(here)) return { lat: here.lat, lon: here.lon };
  const left = trip.stops
    .filter((s) => s.state === 'departed' && placed(s))
    .sort((a, b) => (time(b.departed_date) ?? 0) - (time(a.departed_date) ?? 0))[0];
  if (placed(left)) return { lat: left.lat, lon: left.lon };
  if (trip.origin) return { lat: trip.origin.lat, lon: trip.origin.lon };
  const first = trip.stops.find(placed);
  return first ? { lat: first.lat!, lon: first.lon! } : null;
}

/** What the driver writes when completing a task. */
function noteFor(
  stop: TDriverAppStop,
  task: TDriverAppStop['tasks'][number],
  photos: number,
  random: TRandom,
) {
  if (random.chance(0.2)) return '';
  const subject = task.order_id ? `Order ${task.order_id}` : task.description;
  const place = stop.name ?? 'the stop';
  return random.pick([
    'Done.',
    'Done, no issues.',
    `Done at ${place}.`,
    `${subject}: done.`,
    photos > 0 ? `${subject}: done, photo attached.` : `${subject}: done on time.`,
  ]);
}

/** The script of `trip` from `now`: see the file's comment. Ended and cancelled trips have none. */
export function tripScript(input: TTripRunInput): TTripScript {
  const { trip, random } = input;
  const b = { ...DEFAULT_BEHAVIOUR, ...input.behaviour };
  const every = Math.max(1, Math.round(input.fixEverySeconds ?? 5));
  const parkedEvery = Math.max(every, Math.round(input.parkedEverySeconds ?? 30));
  const origin = trip.origin ? { lat: trip.origin.lat, lon: trip.origin.lon } : null;

  let t = ceilSecond(input.now);
  let position = input.position ?? likelyPosition(trip);
  const battery0 = input.battery ?? random.int(55, 100);
  const began = t;
  const altitude0 = random.int(3, 40);
  const steps: TStep[] = [];
  const legs: TTripScript['legs'] = [];
  const batteryAt = (at: number) => Math.max(15, Math.round(battery0 - (at - began) / (6 * MINUTE)));
  const finish = (): TTripScript => ({
    tripId: trip.id,
    // Stable: steps of the same second keep the order they were made in.
    steps: steps.sort((x, y) => x.at - y.at),
    legs,
    finish: { position, at: Math.max(t, steps.at(-1)?.at ?? t), battery: batteryAt(t) },
  });
  if (trip.state === 'ended' || trip.state === 'cancelled') return finish();

  let lastFixAt = -Infinity;
  /** A fix of the phone at `point`, as its GPS reads it; one a second at most (trackers send seconds). */
  const fix = (point: TPoint, at: number, kmh: number, course: number | null) => {
    if (at <= lastFixAt) return;
    lastFixAt = at;
    const reading = gpsReading(point, random);
    steps.push({
      kind: 'fix',
      at,
      fix: {
        lat: reading.point.lat,
        lon: reading.point.lon,
        at,
        speed: Math.round(kmh * 10) / 10,
        course: course === null ? null : Math.round(course * 10) / 10,
        accuracy: reading.accuracy,
        altitude: Math.round((altitude0 + random.normal(0, 1.5)) * 10) / 10,
        battery: batteryAt(at),
      },
    });
  };
  /** Parked at the current position from `from` until `until` (excluded): a fix every parkedEvery. */
  const park = (from: number, until: number) => {
    if (!position) return;
    for (let at = from; at < until; at += parkedEvery * SECOND) fix(position, at, 0, null);
  };
  /** Everywhere a halt must keep clear of. */
  const places = [
    ...(origin ? [origin] : []),
    ...trip.stops.filter(placed).map((s) => ({ lat: s.lat!, lon: s.lon! })),
  ];

  /**
   * Drives from the current position to `to` leaving at `t`, taking about `plannedSeconds` (the
   * plan's driving time, spread), with a halt when the plan leaves time to spare or by chance.
   * Moves `t` to the arrival.
   */
  const driveTo = (to: TPoint, toStopId: number | null, plannedSeconds: number | null) => {
    const from = position ?? to;
    const path = roadPath(from, to, random);
    const length = pathLength(path);
    const wanted = plannedSeconds
      ? plannedSeconds * Math.max(0.5, random.normal(1, b.drivingSpread))
      : (length / (UNPLANNED_KMH / 3.6)) * random.normal(1, 0.1);
    // Corners, braking and pulling away cost about a fifth of the time at cruising speed.
    const cruiseKmh = Math.min(
      ROAD_SPEED_KMH.max,
      Math.max(ROAD_SPEED_KMH.min, ((length * 1.2) / Math.max(1, wanted)) * 3.6),
    );
    const spare = wanted - (length * 1.2) / (cruiseKmh / 3.6);
    const haltSeconds =
      spare > 120 && random.chance(0.7)
        ? Math.round(Math.min(MAX_HALT_S, spare) * (0.5 + random.next() * 0.5))
        : random.chance(b.halt)
          ? random.int(2, 8) * 60
          : 0;
    const halts = [];
    if (haltSeconds > 0) {
      // Somewhere in the middle of the leg, clear of every stop.
      for (let attempt = 0; attempt < 5; attempt++) {
        const meters = length * (0.3 + random.next() * 0.4);
        const at = pointAlong(path, meters).point;
        if (places.every((p) => metersBetween(p, at) > HALT_CLEAR_M)) {
          halts.push({ meters, seconds: haltSeconds });
          break;
        }
      }
    }
    const samples = drive(length, random, { cruiseKmh, corners: cornersAlong(path), halts });
    const last = samples.at(-1)!;
    for (const sample of samples) {
      if (sample.second % every !== 0 && sample !== last) continue;
      const along = pointAlong(path, sample.meters);
      fix(along.point, t + sample.second * SECOND, sample.kmh, sample.kmh > 0 ? along.course : null);
    }
    legs.push({ toStopId, path, departs: t, arrives: t + last.second * SECOND });
    t += last.second * SECOND;
    position = to;
  };

  // ---------- Leaving the origin ----------
  if (trip.state === 'planned') {
    const planned = time(trip.start_date) ?? t;
    const range = (trip.departure_time_range ?? 0) * MINUTE;
    const r = random.next();
    let leave =
      r < b.earlyStart
        ? planned - range - random.int(60, 600) * SECOND
        : r < b.earlyStart + b.lateStart
          ? planned + random.int(3 * 60, 25 * 60) * SECOND
          : planned - Math.round((random.next() * (range + 2 * MINUTE)) / SECOND) * SECOND + 2 * MINUTE;
    leave = Math.max(ceilSecond(leave), t + random.int(5, 60) * SECOND);
    if (origin && position && metersBetween(position, origin) > AT_PLACE_M) {
      // To the origin first, to be there a few minutes before leaving.
      const estimate = (pathLength([position, origin]) * 1.3) / (UNPLANNED_KMH / 3.6);
      t = Math.max(t, leave - Math.round(estimate + 5 * 60) * SECOND);
      driveTo(origin, null, null);
      leave = Math.max(leave, t + random.int(1, 3) * MINUTE);
    }
    if (origin && !position) position = origin;
    park(t, leave);
    steps.push({ kind: 'start', at: leave, tripId: trip.id });
    t = leave + random.int(5, 30) * SECOND;
  }

  // ---------- The stops ----------
  const stops = [...trip.stops].sort((x, y) => x.position - y.position);
  /** At the stop from `arrived` (pressed): its open tasks, then the departure. Moves `t` to it. */
  const stay = (stop: TDriverAppStop, arrived: number, plannedSeconds: number) => {
    const open = stop.tasks.filter((task) => task.status === 'pending' && task.completed_date === null);
    const seconds = Math.max(60 + 30 * open.length, Math.round(Math.min(MAX_STAY_S, plannedSeconds)));
    const departs = arrived + seconds * SECOND;
    park(t, departs);
    open.forEach((task, i) => {
      const photos: TScriptPhoto[] = [];
      if (task.client_approval) photos.push({ field: 'client_photos', data: photoPng(random) });
      if (task.manager_approval) {
        for (let n = random.int(1, 2); n > 0; n--)
          photos.push({ field: 'manager_photos', data: photoPng(random) });
      }
      // Spread over the stay, in order, each at least a few seconds after the one before.
      const at = arrived + Math.round(((i + 1) * seconds) / (open.length + 1) - random.int(0, 10)) * SECOND;
      steps.push({
        kind: 'complete',
        at: Math.max(at, arrived + (i + 1) * 5 * SECOND),
        stopId: stop.id,
        taskId: task.id,
        note: noteFor(stop, task, photos.length, random),
        photos,
      });
    });
    steps.push({ kind: 'depart', at: departs, stopId: stop.id });
    t = departs + random.int(5, 20) * SECOND;
  };
  const stayingSeconds = (stop: TDriverAppStop) =>
    (stop.staying_time ?? random.int(3, 10)) * 60 * Math.max(0.3, random.normal(1, b.stayingSpread));

  /**
   * Skips are pressed on the road (the driver learns on the way that the stop cannot be made): on
   * the next drive, a minute or three after leaving, before its half-way point.
   */
  const skips: { stopId: number; reason: string }[] = [];
  const pressSkips = (departs: number, arrives: number) => {
    let at = Math.min(departs + random.int(60, 180) * SECOND, ceilSecond((departs + arrives) / 2));
    for (const skip of skips.splice(0)) {
      steps.push({ kind: 'skip', at, ...skip });
      at += random.int(5, 20) * SECOND;
    }
    return at;
  };

  const here = stops.find((s) => s.state === 'arrived');
  if (here) {
    // Resumed at the stop the driver is at: what is left of the stay.
    const left = (time(here.expected_departure_date) ?? 0) - t;
    stay(here, t, left > 0 ? left / SECOND : random.int(1, 5) * 60);
  }
  for (const stop of stops) {
    if (stop.state !== 'pending') continue;
    if (random.chance(b.skip)) {
      skips.push({ stopId: stop.id, reason: random.pick(SKIP_REASONS) });
      continue;
    }
    const departs = t;
    const planned = stop.driving_time ? stop.driving_time * 60 : null;
    if (placed(stop)) {
      driveTo({ lat: stop.lat, lon: stop.lon }, stop.id, planned);
    } else {
      // A stop without coordinates: the phone cannot tell where the driver goes, only the buttons do.
      t += Math.round(planned ?? 10 * 60) * SECOND;
    }
    pressSkips(departs, t);
    const arrived = t + random.int(5, 40) * SECOND;
    park(t, arrived);
    steps.push({ kind: 'arrive', at: arrived, stopId: stop.id });
    t = arrived;
    stay(stop, arrived, stayingSeconds(stop));
  }

  // ---------- The end, on the way back ----------
  const departs = t;
  let endAt = t + random.int(1, 5) * MINUTE;
  if (origin && position && metersBetween(position, origin) > AT_PLACE_M) {
    driveTo(origin, null, null);
  } else {
    park(t, endAt);
  }
  if (skips.length > 0) endAt = Math.max(endAt, pressSkips(departs, Math.max(t, endAt)) + 30 * SECOND);
  steps.push({ kind: 'end', at: endAt, tripId: trip.id });
  t = Math.max(t, endAt);
  return finish();
}
