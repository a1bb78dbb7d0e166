import { describe, expect, it } from 'vitest';
import { EXCEPTION_TYPES, type TExceptionType } from '@fleet/contract';
import { reconcile, type TStoredException } from './engine.ts';
import {
  judgeTrip,
  type TFixFacts,
  type TJudgeSettings,
  type TPoint,
  type TRaised,
  type TStopFacts,
  type TTripFacts,
} from './rules.ts';

/*
 * The exceptions engine's rules as scenarios: a trip planned like a dispatcher plans one, driven
 * (start, arrivals, departures, skips, end, and the phone's fixes every 30 s) the way each
 * scenario says, judged at a moment. A trip driven exactly to plan earns nothing; each broken rule
 * earns its exception exactly once, with the moment the plan was broken and, for the timing types,
 * the planned and the actual time.
 */

const MINUTE = 60_000;
const T0 = Date.parse('2025-03-10T06:00:00Z');
/** Minutes after the planned start, as a date. */
const at = (minutes: number) => new Date(T0 + minutes * MINUTE);

// About 3 km apart along a meridian (0.027° of latitude), well beyond any stop radius.
const ORIGIN = { lat: 25.2, lon: 55.27, title: 'Al Quoz depot' };
const PLACE_A: TPoint = { lat: 25.227, lon: 55.27 };
const PLACE_B: TPoint = { lat: 25.254, lon: 55.27 };

const SETTINGS: TJudgeSettings = {
  stopRadiusMeters: 100,
  idleSpeedKmh: 5,
  typicalSpeedKmh: 40,
  terms: { trip: 'Trip', destination: 'Destination', warehouse: 'Origin' },
};

/**
 * The plan: leave at 06:00 (± 10 min), drive 15 min (± 5) to Marina Mall, stay 10 min (+ 5), drive
 * 15 min (± 5) to the Dubai Mall, stay 10 min (+ 5); the type allows 10 min standing still. Planned
 * arrivals 06:15 and 06:40, departures 06:25 and 06:50.
 */
interface TPlan {
  departureTimeRange: number | null;
  timeStop: number | null;
  stops: (Partial<Omit<TStopFacts, 'id' | 'position'>> & { place?: TPoint })[];
}
const PLAN: TPlan = {
  departureTimeRange: 10,
  timeStop: 10,
  stops: [
    {
      name: 'Marina Mall',
      place: PLACE_A,
      drivingTime: 15,
      drivingTimeRange: 5,
      stayingTime: 10,
      stayingTimeRange: 5,
    },
    {
      name: 'Dubai Mall',
      place: PLACE_B,
      drivingTime: 15,
      drivingTimeRange: 5,
      stayingTime: 10,
      stayingTimeRange: 5,
    },
  ],
};

/** What the driver did, in minutes after the planned start; a halt stands still mid-leg. */
interface TDrive {
  start?: number | null;
  /** `towards`: on the road to this stop, due there at that minute (nothing recorded yet). */
  stops?: {
    arrive?: number | null;
    depart?: number | null;
    skip?: number | null;
    reason?: string;
    towards?: number;
  }[];
  end?: number | null;
  /** Standing still along the leg into stop `leg` (the way back to the origin: stops.length). */
  halts?: { leg: number; from: number; to: number }[];
  /** The phone reports no speed: the rules work it out from the fixes. */
  noSpeed?: boolean;
  /** Fixes stop here (the phone has sent nothing later yet). */
  fixesUntil?: number;
}
const ON_PLAN: Required<Pick<TDrive, 'start' | 'stops' | 'end'>> = {
  start: 0,
  stops: [
    { arrive: 15, depart: 25 },
    { arrive: 40, depart: 50 },
  ],
  end: 60,
};

const between = (a: TPoint, b: TPoint, share: number): TPoint => ({
  lat: a.lat + (b.lat - a.lat) * share,
  lon: a.lon + (b.lon - a.lon) * share,
});
const kmBetween = (a: TPoint, b: TPoint) => Math.abs(b.lat - a.lat) * 111.195;

/**
 * The phone's fixes every 30 s from the start: moving along each leg at a steady speed (standing
 * still through its halt), parked at each stop it is at, back to the origin after the last one.
 */
function fixesOf(drive: TDrive, places: (TPoint | null)[]): TFixFacts[] {
  if (drive.start === null || drive.start === undefined) return [];
  type Segment = { from: number; to: number; a: TPoint; b: TPoint; halt?: { from: number; to: number } };
  const segments: Segment[] = [];
  let here: TPoint = ORIGIN;
  let leftAt = drive.start;
  let onTheWay = false;
  const halt = (leg: number) => drive.halts?.find((h) => h.leg === leg);
  for (const [i, s] of (drive.stops ?? []).entries()) {
    const place = places[i];
    if (!place) continue;
    if (s.arrive !== null && s.arrive !== undefined) {
      segments.push({ from: leftAt, to: s.arrive, a: here, b: place, halt: halt(i) });
      const departs = s.depart ?? drive.fixesUntil ?? s.arrive;
      segments.push({ from: s.arrive, to: departs, a: place, b: place });
      here = place;
      leftAt = departs;
      if (s.depart === null || s.depart === undefined) return fixesAlong(segments, drive);
    } else if (s.towards !== undefined) {
      segments.push({ from: leftAt, to: s.towards, a: here, b: place, halt: halt(i) });
      onTheWay = true;
      break;
    }
  }
  const end = drive.end ?? drive.fixesUntil;
  if (!onTheWay && end !== undefined && end !== null && end > leftAt) {
    segments.push({ from: leftAt, to: end, a: here, b: ORIGIN, halt: halt(drive.stops?.length ?? 0) });
  }
  return fixesAlong(segments, drive);
}

function fixesAlong(
  segments: {
    from: number;
    to: number;
    a: TPoint;
    b: TPoint;
    halt?: { from: number; to: number } | undefined;
  }[],
  drive: TDrive,
): TFixFacts[] {
  const fixes: TFixFacts[] = [];
  const until = drive.fixesUntil ?? Infinity;
  for (const seg of segments) {
    const h = seg.halt;
    const halted = h ? h.to - h.from : 0;
    const moving = seg.to - seg.from - halted;
    const kmh = moving > 0 ? (kmBetween(seg.a, seg.b) / moving) * 60 : 0;
    const shareAt = (m: number) => (moving > 0 ? Math.min(1, Math.max(0, m - seg.from) / moving) : 0);
    for (let m = seg.from; m < seg.to && m <= until; m += 0.5) {
      const still = h !== undefined && m >= h.from && m <= h.to;
      const share = !h ? shareAt(m) : m < h.from ? shareAt(m) : still ? shareAt(h.from) : shareAt(m - halted);
      const point = between(seg.a, seg.b, share);
      fixes.push({ at: at(m), ...point, speed: drive.noSpeed ? null : still || kmh === 0 ? 0 : kmh });
    }
  }
  return fixes;
}

function tripOf(drive: TDrive, plan: TPlan = PLAN): TTripFacts {
  const places = plan.stops.map((s) => s.place ?? null);
  const stops: TStopFacts[] = plan.stops.map((s, i) => {
    const done = drive.stops?.[i] ?? {};
    const { place, ...planned } = s;
    return {
      id: 100 + i,
      position: i,
      name: null,
      lat: place?.lat ?? null,
      lon: place?.lon ?? null,
      drivingTime: null,
      drivingTimeRange: null,
      stayingTime: null,
      stayingTimeRange: null,
      skipReason: done.reason ?? null,
      ...planned,
      arrivedDate: done.arrive === null || done.arrive === undefined ? null : at(done.arrive),
      departedDate: done.depart === null || done.depart === undefined ? null : at(done.depart),
      skippedDate: done.skip === null || done.skip === undefined ? null : at(done.skip),
    };
  });
  return {
    id: 1,
    startDate: at(0),
    departureTimeRange: plan.departureTimeRange,
    startedDate: drive.start === null || drive.start === undefined ? null : at(drive.start),
    endedDate: drive.end === null || drive.end === undefined ? null : at(drive.end),
    live: true,
    origin: ORIGIN,
    timeStop: plan.timeStop,
    stops,
    fixes: fixesOf(drive, places),
  };
}

/** What of `drive` had happened by `now`, as far as the phone had reported it. */
function sofar(drive: TDrive, now: number): TDrive {
  const done = (m: number | null | undefined) => (m !== null && m !== undefined && m <= now ? m : null);
  return {
    ...drive,
    start: done(drive.start),
    stops: drive.stops?.map((s) =>
      done(s.arrive) !== null
        ? { arrive: s.arrive, depart: done(s.depart) }
        : { skip: done(s.skip), reason: s.reason, ...(s.arrive ? { towards: s.arrive } : {}) },
    ),
    end: done(drive.end),
    fixesUntil: now,
  };
}

/** Judges `drive` at `now` (minutes; by default long after the trip). */
function judge(drive: TDrive, { plan = PLAN, now = 24 * 60, settings = SETTINGS } = {}) {
  const trip = tripOf(drive, plan);
  const raised = judgeTrip(trip, settings, at(now));
  const stopOf = (r: TRaised) => (r.stopId === null ? null : trip.stops.findIndex((s) => s.id === r.stopId));
  return {
    trip,
    raised,
    /** The types raised, each with the stop it is about (0, 1; null for the trip), sorted. */
    kinds: raised.map((r) => [r.type, stopOf(r)] as const).sort((x, y) => `${x}`.localeCompare(`${y}`)),
    one: (type: TExceptionType) => {
      const found = raised.filter((r) => r.type === type);
      expect(found, `${type} raised once`).toHaveLength(1);
      return found[0]!;
    },
  };
}

/** A plan with roomy ranges everywhere but where a scenario needs them tight. */
const roomy = (changes: Partial<TStopFacts> = {}): TPlan => ({
  ...PLAN,
  stops: PLAN.stops.map((s) => ({ ...s, drivingTimeRange: 30, stayingTimeRange: 30, ...changes })),
});
const withStop = (i: number, changes: TPlan['stops'][number]): TPlan => ({
  ...PLAN,
  stops: PLAN.stops.map((s, k) => (k === i ? { ...s, ...changes } : s)),
});

describe('a trip driven exactly to plan', () => {
  it('earns no exception, judged during the trip or after it', () => {
    expect(judge(ON_PLAN).raised).toEqual([]);
    for (const now of [0, 10, 15, 20, 25, 35, 40, 50, 59]) {
      expect(judge(sofar(ON_PLAN, now), { now }).raised, `at ${now} min`).toEqual([]);
    }
  });

  it('earns none when the phone sends no speed either', () => {
    expect(judge({ ...ON_PLAN, noSpeed: true }).raised).toEqual([]);
  });

  it('earns none within every tolerance, to the minute', () => {
    // Leaves 10 min late (the range), drives 10 min (15 − 5) and stays 15 min (10 + 5).
    const edge = {
      start: 10,
      stops: [
        { arrive: 20, depart: 35 },
        { arrive: 45, depart: 60 },
      ],
      end: 70,
    };
    expect(judge(edge).raised).toEqual([]);
  });

  it('earns nothing on a trip called off, whatever it did', () => {
    const trip = tripOf({ start: 40 });
    expect(judgeTrip({ ...trip, live: false }, SETTINGS, at(24 * 60))).toEqual([]);
  });
});

describe('started_late', () => {
  it('is raised once when the trip starts after its planned start by more than the departure range', () => {
    const late = judge(
      {
        start: 15,
        stops: [
          { arrive: 30, depart: 40 },
          { arrive: 55, depart: 65 },
        ],
        end: 75,
      },
      { plan: roomy() },
    );
    expect(late.kinds).toEqual([['started_late', null]]);
    const e = late.one('started_late');
    // Broken when the departure window closed; the dialog shows the planned and the actual start.
    expect(e).toMatchObject({ occurredAt: at(10), expectedDate: at(0), actualDate: at(15), stopId: null });
    expect(e.message).toBe('The trip started 15 min after its planned start (allowed: 10 min).');
  });

  it('is raised by the timer once the window closes with no start, and not a moment before', () => {
    expect(judge({ start: null }, { now: 10 }).raised).toEqual([]);
    const overdue = judge({ start: null }, { now: 10.5 });
    expect(overdue.kinds).toEqual([['started_late', null]]);
    expect(overdue.one('started_late')).toMatchObject({ occurredAt: at(10), actualDate: null });
    expect(overdue.one('started_late').message).toBe(
      'The trip has not started within 10 min of its planned start.',
    );
  });

  it('gives way to a start timed on time that arrives late (an offline phone): the same facts earn nothing', () => {
    // Judged at 06:30 with nothing known yet, then again once the queued start of 06:05 arrives.
    expect(judge({ start: null }, { now: 30 }).kinds).toEqual([['started_late', null]]);
    expect(judge({ start: 5, stops: [{ arrive: 19 }, {}], fixesUntil: 30 }, { now: 30 }).raised).toEqual([]);
  });

  it('counts a missing departure range as 0', () => {
    const plan = { ...roomy(), departureTimeRange: null };
    expect(
      judge(
        {
          start: 0.5,
          stops: [
            { arrive: 15.5, depart: 25.5 },
            { arrive: 40.5, depart: 50.5 },
          ],
          end: 60,
        },
        { plan },
      ).kinds,
    ).toEqual([['started_late', null]]);
    expect(judge({ start: null }, { plan, now: 0.5 }).one('started_late').message).toBe(
      'The trip has not started by its planned start.',
    );
  });
});

describe('started_soon', () => {
  it('is raised once when the trip starts before its planned start by more than the departure range', () => {
    const soon = judge(
      {
        start: -15,
        stops: [
          { arrive: 0, depart: 10 },
          { arrive: 25, depart: 35 },
        ],
        end: 45,
      },
      { plan: roomy() },
    );
    expect(soon.kinds).toEqual([['started_soon', null]]);
    expect(soon.one('started_soon')).toMatchObject({
      occurredAt: at(-15),
      expectedDate: at(0),
      actualDate: at(-15),
    });
    expect(judge({ ...ON_PLAN, start: -10 }, { plan: roomy() }).raised).toEqual([]);
  });
});

describe('arrival_late', () => {
  it('is raised once for a stop reached after its planned arrival by more than its driving range', () => {
    // Leaves 8 min late (allowed), drives 14 min: at Marina Mall 7 min after 06:15.
    const late = judge({ start: 8, stops: [{ arrive: 22, depart: 25 }, ON_PLAN.stops[1]!], end: 60 });
    expect(late.kinds).toEqual([['arrival_late', 0]]);
    expect(late.one('arrival_late')).toMatchObject({
      occurredAt: at(20),
      expectedDate: at(15),
      actualDate: at(22),
    });
    expect(late.one('arrival_late').message).toBe(
      'Arrived at Marina Mall 7 min after the planned arrival (allowed: 5 min).',
    );
  });

  it('is raised by the timer while the driver has not arrived past the deadline', () => {
    const drive = { start: 0, stops: [{ towards: 25 }, {}], fixesUntil: 21 };
    expect(judge({ ...drive, fixesUntil: 20 }, { now: 20 }).raised).toEqual([]);
    const waiting = judge(drive, { now: 21 });
    expect(waiting.kinds).toEqual([['arrival_late', 0]]);
    expect(waiting.one('arrival_late')).toMatchObject({ occurredAt: at(20), actualDate: null });
    expect(waiting.one('arrival_late').message).toBe(
      'Has not arrived at Marina Mall within 5 min of the planned arrival.',
    );
  });

  it('is not raised for a stop skipped before it was due', () => {
    const skipped = judge({
      start: 0,
      stops: [
        { skip: 5, reason: 'Gate locked' },
        { arrive: 40, depart: 50 },
      ],
      end: 60,
    });
    expect(skipped.kinds).toEqual([['missed_destination', 0]]);
  });
});

describe('arrival_early', () => {
  it('is raised once for a stop reached before its planned arrival by more than its driving range', () => {
    // Leaves 8 min early (allowed) and drives 14 min: at Marina Mall at 06:06, 9 min early.
    const plan = withStop(1, { drivingTimeRange: 10 });
    const early = judge(
      {
        start: -8,
        stops: [
          { arrive: 6, depart: 16 },
          { arrive: 36, depart: 46 },
        ],
        end: 56,
      },
      { plan },
    );
    expect(early.kinds).toEqual([['arrival_early', 0]]);
    expect(early.one('arrival_early')).toMatchObject({
      occurredAt: at(6),
      expectedDate: at(15),
      actualDate: at(6),
    });
  });
});

describe('departure_late and exceeded_staying_time', () => {
  it('raises both once for a stay that runs past the stop and past the planned departure', () => {
    const long = judge(
      {
        start: 0,
        stops: [
          { arrive: 15, depart: 36 },
          { arrive: 51, depart: 61 },
        ],
        end: 71,
      },
      { plan: withStop(1, { drivingTimeRange: 15, stayingTimeRange: 15 }) },
    );
    expect(long.kinds).toEqual([
      ['departure_late', 0],
      ['exceeded_staying_time', 0],
    ]);
    // Departure: 06:25 planned, 10 min allowed (the stop's driving and staying ranges together).
    expect(long.one('departure_late')).toMatchObject({
      occurredAt: at(35),
      expectedDate: at(25),
      actualDate: at(36),
    });
    // Stay: 10 min planned plus 5 allowed after the arrival at 06:15.
    expect(long.one('exceeded_staying_time')).toMatchObject({
      occurredAt: at(30),
      expectedDate: at(25),
      actualDate: at(36),
      message: 'Stayed 21 min at Marina Mall; planned 10 min (allowed: 5 min more).',
    });
  });

  it('raises exceeded_staying_time alone for a long stay that still leaves in time', () => {
    const stay = judge({
      start: 0,
      stops: [
        { arrive: 15, depart: 31 },
        { arrive: 41, depart: 50 },
      ],
      end: 60,
    });
    expect(stay.kinds).toEqual([['exceeded_staying_time', 0]]);
  });

  it('raises both by the timer while the driver is still there', () => {
    const there = { start: 0, stops: [{ arrive: 15 }, {}], fixesUntil: 36 };
    expect(judge(there, { now: 30 }).raised).toEqual([]);
    expect(judge(there, { now: 30.5 }).kinds).toEqual([['exceeded_staying_time', 0]]);
    const later = judge(there, { now: 36 });
    expect(later.kinds).toEqual([
      ['departure_late', 0],
      ['exceeded_staying_time', 0],
    ]);
    expect(later.one('departure_late')).toMatchObject({
      actualDate: null,
      message: 'Has not left Marina Mall within 10 min of the planned departure.',
    });
  });
});

describe('departure_early', () => {
  it('is raised once for a departure before the planned one by more than the stop ranges', () => {
    const plan = withStop(1, { drivingTimeRange: 10 });
    const early = judge(
      {
        start: 0,
        stops: [
          { arrive: 10, depart: 14 },
          { arrive: 34, depart: 46 },
        ],
        end: 56,
      },
      { plan },
    );
    expect(early.kinds).toEqual([['departure_early', 0]]);
    expect(early.one('departure_early')).toMatchObject({
      occurredAt: at(14),
      expectedDate: at(25),
      actualDate: at(14),
    });
  });
});

describe('driving_time_out_of_range', () => {
  it('is raised once for a leg longer than its driving time plus its range', () => {
    const slow = judge({ ...ON_PLAN, start: -6, stops: [{ arrive: 16, depart: 25 }, ON_PLAN.stops[1]!] });
    expect(slow.kinds).toEqual([['driving_time_out_of_range', 0]]);
    expect(slow.one('driving_time_out_of_range')).toMatchObject({
      occurredAt: at(16),
      expectedDate: at(9),
      actualDate: at(16),
      message: 'Drove 22 min to Marina Mall; planned 15 min (allowed: ± 5 min).',
    });
  });

  it('is raised once for a leg shorter than its driving time minus its range', () => {
    const fast = judge({ ...ON_PLAN, start: 5, stops: [{ arrive: 14, depart: 25 }, ON_PLAN.stops[1]!] });
    expect(fast.kinds).toEqual([['driving_time_out_of_range', 0]]);
  });

  it('judges only legs driven from the planned previous place', () => {
    // Marina Mall skipped: the drive from the origin to the Dubai Mall is no leg of the plan.
    const direct = judge({ start: 0, stops: [{ skip: 3 }, { arrive: 40, depart: 50 }], end: 60 });
    expect(direct.kinds).toEqual([['missed_destination', 0]]);
  });
});

describe('idle_location', () => {
  it('is raised once for standing still away from every planned place longer than the type allows', () => {
    // 12 min still halfway to Marina Mall (the type allows 10), leaving early to make up for it.
    const halt = { leg: 0, from: -2, to: 10 };
    const idle = judge({
      ...ON_PLAN,
      start: -6,
      stops: [{ arrive: 14, depart: 25 }, ON_PLAN.stops[1]!],
      halts: [halt],
    });
    expect(idle.kinds).toEqual([['idle_location', 0]]);
    const e = idle.one('idle_location');
    expect(e).toMatchObject({ occurredAt: at(8), expectedDate: null, actualDate: null });
    expect(e.message).toBe(
      'Stood still for 12 min at 25.21350, 55.27000, on the way to Marina Mall, away from every planned stop (allowed: 10 min).',
    );
  });

  it('is raised while the driver is still standing there, from the fixes alone, and keeps the first stop of a leg', () => {
    // Stopped halfway to Marina Mall at 06:08:30, and still there.
    const still = { start: 0, stops: [{ towards: 45 }, {}], halts: [{ leg: 0, from: 8.5, to: 36.5 }] };
    const plan = roomy();
    expect(judge({ ...still, fixesUntil: 18.5 }, { now: 18.5, plan }).raised).toEqual([]);
    const now = judge({ ...still, fixesUntil: 19 }, { now: 19, plan });
    expect(now.kinds).toEqual([['idle_location', 0]]);
    expect(now.one('idle_location').message).toMatch(
      /^Standing still at 25.21350, 55.27000, on the way to Marina Mall/,
    );
    // A second stop on the same leg is the same exception; one on the way back is another.
    const twice = judge(
      {
        ...ON_PLAN,
        start: -20,
        stops: [
          { arrive: 15, depart: 25 },
          { arrive: 40, depart: 50 },
        ],
        end: 90,
        halts: [{ leg: 2, from: 55, to: 70 }],
      },
      { plan: roomy() },
    );
    expect(twice.kinds).toEqual([
      ['idle_location', null],
      ['started_soon', null],
    ]);
    expect(twice.one('idle_location').message).toMatch(/after the last stop/);
  });

  it('is not raised for a stop within the allowance, for a type without a limit, or when the phone sends no speed but moves', () => {
    const short = judge({
      ...ON_PLAN,
      start: -6,
      stops: [{ arrive: 14, depart: 25 }, ON_PLAN.stops[1]!],
      halts: [{ leg: 0, from: 0, to: 9 }],
    });
    expect(short.raised.filter((r) => r.type === 'idle_location')).toEqual([]);
    const long = {
      ...ON_PLAN,
      start: -6,
      stops: [{ arrive: 14, depart: 25 }, ON_PLAN.stops[1]!],
      halts: [{ leg: 0, from: -2, to: 10 }],
    };
    expect(judge(long, { plan: { ...PLAN, timeStop: null } }).raised).toEqual([]);
    expect(judge({ ...long, noSpeed: true }).kinds).toEqual([['idle_location', 0]]);
    expect(judge({ ...ON_PLAN, noSpeed: true }).raised).toEqual([]);
  });

  it('is not raised at a stop the driver checked in at, even one without coordinates', () => {
    const plan = withStop(0, { place: undefined, drivingTime: 15 });
    const at0 = { ...plan, stops: plan.stops.map((s, i) => (i === 0 ? { ...s, place: undefined } : s)) };
    const trip = tripOf(ON_PLAN, at0);
    // The phone stands still 10 min where the stop is (unknown to the plan): fixes say so.
    const parked = trip.fixes.map((f) =>
      f.at >= at(15) && f.at <= at(25) ? { ...f, lat: 25.23, lon: 55.3, speed: 0 } : f,
    );
    expect(judgeTrip({ ...trip, timeStop: 5, fixes: parked }, SETTINGS, at(24 * 60))).toEqual([]);
  });
});

describe('missed_destination', () => {
  it('is raised once for a skipped stop, at the skip, with its reason', () => {
    const skipped = judge({
      start: 0,
      stops: [
        { skip: 5, reason: 'Gate locked, no answer by phone' },
        { arrive: 40, depart: 50 },
      ],
      end: 60,
    });
    expect(skipped.one('missed_destination')).toMatchObject({
      occurredAt: at(5),
      message: 'Marina Mall was skipped: Gate locked, no answer by phone.',
    });
  });

  it('is raised once when a later stop is left without a visit, and withdrawn by a visit after all', () => {
    const passed = judge(
      { start: 0, stops: [{}, { arrive: 12, depart: 22 }], fixesUntil: 30 },
      { now: 30, plan: roomy() },
    );
    expect(passed.kinds).toEqual([['missed_destination', 0]]);
    expect(passed.one('missed_destination')).toMatchObject({
      occurredAt: at(22),
      message: 'Dubai Mall was left without a visit to Marina Mall, planned before it.',
    });
    // Back to Marina Mall afterwards (stops may be visited out of order): nothing was missed.
    const back = judge(
      {
        start: 0,
        stops: [
          { arrive: 35, depart: 40 },
          { arrive: 12, depart: 22 },
        ],
        end: 50,
      },
      { plan: roomy() },
    );
    expect(back.raised.filter((r) => r.type === 'missed_destination')).toEqual([]);
  });

  it('is raised once when the trip ends without a visit', () => {
    const ended = judge({ start: 0, stops: [{ arrive: 15, depart: 25 }, {}], end: 30 }, { plan: roomy() });
    expect(ended.kinds).toEqual([['missed_destination', 1]]);
    expect(ended.one('missed_destination').message).toBe('The trip ended without a visit to Dubai Mall.');
  });
});

describe('not_enough_time_to_next_destination', () => {
  // The Dubai Mall 12 km north of Marina Mall: about 18 min at 40 km/h, 20 min (± 5) planned.
  const far: TPoint = { lat: PLACE_A.lat + 0.108, lon: PLACE_A.lon };
  const plan = withStop(1, { place: far, drivingTime: 20 });
  // At Marina Mall 3 min late, staying the 15 min allowed: leaving at 06:33 with 12 min to the
  // planned arrival at 06:45 (17 with the 5 allowed): not enough for 18 min of driving.
  const late = {
    start: 0,
    stops: [
      { arrive: 18, depart: 33 },
      { arrive: 48, depart: 58 },
    ],
    end: 85,
  };

  it('is raised once when a departure leaves less time than the drive to the next stop takes', () => {
    expect(
      judge(
        {
          start: 0,
          stops: [
            { arrive: 15, depart: 25 },
            { arrive: 45, depart: 55 },
          ],
          end: 80,
        },
        { plan },
      ).raised,
    ).toEqual([]);
    const short = judge(late, { plan });
    expect(short.kinds).toEqual([['not_enough_time_to_next_destination', 1]]);
    const e = short.one('not_enough_time_to_next_destination');
    expect(e).toMatchObject({ occurredAt: at(33), expectedDate: at(45), stopId: short.trip.stops[1]!.id });
    // The estimated arrival: 12 km at 40 km/h after leaving at 06:33.
    expect(Math.round((e.actualDate!.getTime() - at(33).getTime()) / MINUTE)).toBe(18);
    expect(e.message).toBe(
      'Left Marina Mall 12 min before the planned arrival at Dubai Mall (allowed: 5 min more); the drive takes about 18 min.',
    );
  });

  it("takes the router's drive time when one is configured", () => {
    expect(judge(late, { plan, settings: { ...SETTINGS, drivingSeconds: () => 10 * 60 } }).raised).toEqual(
      [],
    );
    const slowRoad = { ...SETTINGS, drivingSeconds: () => 30 * 60 };
    expect(judge(ON_PLAN, { settings: slowRoad }).kinds).toEqual([
      ['not_enough_time_to_next_destination', 0],
      ['not_enough_time_to_next_destination', 1],
    ]);
  });
});

describe('the rules together', () => {
  it('can raise each of the eleven types, each once for its trip and stop', () => {
    const seen = new Set<string>();
    const scenarios: [TDrive, TPlan?, number?][] = [
      [
        {
          start: 15,
          stops: [
            { arrive: 30, depart: 40 },
            { arrive: 55, depart: 65 },
          ],
          end: 75,
        },
        roomy(),
      ],
      [
        {
          start: -15,
          stops: [
            { arrive: 0, depart: 10 },
            { arrive: 25, depart: 35 },
          ],
          end: 45,
        },
        roomy(),
      ],
      [{ start: 8, stops: [{ arrive: 22, depart: 25 }, ON_PLAN.stops[1]!], end: 60 }],
      [
        {
          start: -8,
          stops: [
            { arrive: 6, depart: 16 },
            { arrive: 36, depart: 46 },
          ],
          end: 56,
        },
        withStop(1, { drivingTimeRange: 10 }),
      ],
      [
        {
          start: 0,
          stops: [
            { arrive: 15, depart: 36 },
            { arrive: 51, depart: 61 },
          ],
          end: 71,
        },
      ],
      [
        {
          start: 0,
          stops: [
            { arrive: 10, depart: 14 },
            { arrive: 34, depart: 46 },
          ],
          end: 56,
        },
        withStop(1, { drivingTimeRange: 10 }),
      ],
      [{ ...ON_PLAN, start: -6, stops: [{ arrive: 16, depart: 25 }, ON_PLAN.stops[1]!] }],
      [
        {
          ...ON_PLAN,
          start: -6,
          stops: [{ arrive: 14, depart: 25 }, ON_PLAN.stops[1]!],
          halts: [{ leg: 0, from: -2, to: 10 }],
        },
      ],
      [{ start: 0, stops: [{ skip: 5 }, { arrive: 40, depart: 50 }], end: 60 }],
      [ON_PLAN, undefined],
    ];
    for (const [drive, plan] of scenarios) {
      const { raised } = judge(drive, { plan: plan ?? PLAN });
      const keys = raised.map((r) => `${r.type}:${r.stopId}`);
      expect(new Set(keys).size, 'no exception twice for one trip and stop').toBe(keys.length);
      raised.forEach((r) => seen.add(r.type));
    }
    seen.add(judge(ON_PLAN, { settings: { ...SETTINGS, drivingSeconds: () => 30 * 60 } }).raised[0]!.type);
    expect([...seen].sort()).toEqual([...EXCEPTION_TYPES].sort());
  });

  it('judges by the data alone: the same facts judged twice, or with their fixes in any order, say the same', () => {
    const trip = tripOf({
      ...ON_PLAN,
      start: -6,
      stops: [{ arrive: 14, depart: 25 }, ON_PLAN.stops[1]!],
      halts: [{ leg: 0, from: -2, to: 10 }],
    });
    const first = judgeTrip(trip, SETTINGS, at(24 * 60));
    expect(judgeTrip(trip, SETTINGS, at(48 * 60))).toEqual(first);
    expect(judgeTrip({ ...trip, fixes: [...trip.fixes].reverse() }, SETTINGS, at(24 * 60))).toEqual(first);
  });
});

// ---------- Reconciling with the stored rows: raised once, withdrawn, restored, across restarts ----------

/** The stored rows of one trip, as the database keeps them, and what each reconciliation announced. */
function store() {
  const rows: (TStoredException & { raisedTimes: number })[] = [];
  const announced: { created: number[]; updated: number[] }[] = [];
  let nextId = 1;
  return {
    rows,
    announced,
    /** One judging: the engine of any process, after any restart, holds nothing but these rows. */
    apply(raised: TRaised[]) {
      const plan = reconcile(rows, raised, 7);
      const created: number[] = [];
      const updated: number[] = [];
      for (const r of plan.insert) {
        rows.push({ ...r, id: nextId, driverId: 7, withdrawn: false, raisedTimes: 1 });
        created.push(nextId++);
      }
      for (const { id, raised: r, restore } of plan.rewrite) {
        const row = rows.find((x) => x.id === id)!;
        Object.assign(row, r, { withdrawn: false });
        if (restore) row.raisedTimes++;
        (restore ? created : updated).push(id);
      }
      for (const id of plan.withdraw) {
        rows.find((x) => x.id === id)!.withdrawn = true;
        updated.push(id);
      }
      announced.push({ created, updated });
      return plan;
    },
    standing: () =>
      rows
        .filter((r) => !r.withdrawn)
        .map((r) => `${r.type}:${r.stopId}`)
        .sort(),
  };
}

describe('reconciling with the stored exceptions', () => {
  it('stores each exception once however often the trip is judged, and rewrites it only when it changes', () => {
    const s = store();
    const trip = { start: null };
    s.apply(judgeTrip(tripOf(trip), SETTINGS, at(11)));
    expect(s.standing()).toEqual(['started_late:null']);
    for (const now of [12, 20, 30])
      expect(s.apply(judgeTrip(tripOf(trip), SETTINGS, at(now)))).toEqual({
        insert: [],
        rewrite: [],
        withdraw: [],
      });
    // It starts at last, late: the same exception, now with its actual start.
    const started = s.apply(
      judgeTrip(tripOf({ start: 40, stops: [{ towards: 60 }, {}], fixesUntil: 41 }), SETTINGS, at(41)),
    );
    expect(started.rewrite.map((r) => r.raised.actualDate)).toEqual([at(40)]);
    expect(s.rows.filter((r) => r.type === 'started_late')).toHaveLength(1);
  });

  it('withdraws a timer-raised exception that late data proves wrong, and restores one proved right again', () => {
    const s = store();
    s.apply(judgeTrip(tripOf({ start: null }), SETTINGS, at(30)));
    // The phone was offline: its queued start, made at 06:05, arrives now.
    const queued = { start: 5, stops: [{ arrive: 19 }, {}], fixesUntil: 30 };
    const onTime = s.apply(judgeTrip(tripOf(queued), SETTINGS, at(30)));
    expect(onTime.withdraw).toHaveLength(1);
    expect(s.standing()).toEqual([]);
    expect(s.announced.at(-1)).toEqual({ created: [], updated: [s.rows[0]!.id] });
    // An admin moves the planned start an hour earlier: the trip was late after all.
    const moved = tripOf(queued);
    s.apply(judgeTrip({ ...moved, startDate: at(-60) }, SETTINGS, at(30)));
    expect(s.rows.find((r) => r.type === 'started_late')).toMatchObject({ withdrawn: false, raisedTimes: 2 });
  });

  it('neither loses nor repeats an exception when the engine restarts during a trip', () => {
    // A trip that breaks three rules over its course, judged every few minutes by whichever engine is
    // up; the engine restarts at 20 and is down from 33 to 52 (nothing judged meanwhile).
    const drive: TDrive = {
      start: 12,
      stops: [
        { arrive: 30, depart: 48 },
        { arrive: 63, depart: 73 },
      ],
      end: 80,
      halts: [{ leg: 1, from: 50, to: 61 }],
    };
    const s = store();
    for (const now of [0, 5, 11, 15, 20, 25, 33, 52, 60, 65, 74, 80, 90]) {
      s.apply(judgeTrip(tripOf(sofar(drive, now)), SETTINGS, at(now)));
    }
    const everything = judgeTrip(tripOf(drive), SETTINGS, at(24 * 60));
    expect(s.standing()).toEqual(everything.map((r) => `${r.type}:${r.stopId}`).sort());
    expect(s.rows.every((r) => r.raisedTimes === 1 && !r.withdrawn)).toBe(true);
    const created = s.announced.flatMap((a) => a.created);
    expect(created.sort()).toEqual(s.rows.map((r) => r.id).sort());
  });
});
