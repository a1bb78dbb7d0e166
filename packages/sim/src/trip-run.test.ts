import { parseUtcDateTime, type TDriverAppTrip } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { tripFixture } from './fake-server.ts';
import { metersBetween } from './geo.ts';
import { seeded } from './random.ts';
import { tripScript, type TStep, type TTripRunInput } from './trip-run.ts';

const START = '2026-03-02 05:00:00';
const startMs = parseUtcDateTime(START)!.getTime();
const MINUTE = 60_000;
/** The driver opens the app 20 minutes before the planned start, at the depot. */
const input = (over: Partial<TTripRunInput> = {}): TTripRunInput => ({
  trip: tripFixture(1, START),
  now: startMs - 20 * MINUTE,
  random: seeded(1),
  behaviour: { skip: 0 },
  ...over,
});
const of = <K extends TStep['kind']>(steps: TStep[], kind: K) =>
  steps.filter((s): s is Extract<TStep, { kind: K }> => s.kind === kind);

describe('tripScript', () => {
  it('starts, arrives at each stop in turn within 100 m, completes its tasks, departs and ends, in time order', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const trip = tripFixture(1, START);
      const { steps } = tripScript(input({ trip, random: seeded(seed) }));
      expect(steps.map((s) => s.at)).toEqual([...steps.map((s) => s.at)].sort((a, b) => a - b));
      const actions = steps.filter((s) => s.kind !== 'fix').map((s) => s.kind);
      expect(actions).toEqual([
        'start',
        'arrive',
        'complete',
        'complete',
        'depart',
        'arrive',
        'complete',
        'depart',
        'arrive',
        'depart',
        'end',
      ]);
      for (const arrive of of(steps, 'arrive')) {
        const stop = trip.stops.find((s) => s.id === arrive.stopId)!;
        const before = of(steps, 'fix')
          .filter((f) => f.at <= arrive.at)
          .at(-1)!;
        expect(metersBetween(before.fix, { lat: stop.lat!, lon: stop.lon! }), `seed ${seed}`).toBeLessThan(
          100,
        );
        const depart = of(steps, 'depart').find((d) => d.stopId === arrive.stopId)!;
        for (const done of of(steps, 'complete').filter((c) => c.stopId === arrive.stopId)) {
          expect(done.at).toBeGreaterThan(arrive.at);
          expect(done.at).toBeLessThan(depart.at);
        }
      }
    }
  });

  it('keeps road-like speeds: 25–70 km/h on the way, never a jump faster than a car', () => {
    const { steps, legs } = tripScript(input());
    const fixes = of(steps, 'fix').map((f) => f.fix);
    expect(Math.max(...fixes.map((f) => f.speed!))).toBeLessThanOrEqual(70);
    const moving = fixes
      .map((f) => f.speed!)
      .filter((v) => v > 0)
      .sort((a, b) => a - b);
    const median = moving[Math.floor(moving.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(25);
    expect(median).toBeLessThanOrEqual(70);
    for (let i = 1; i < fixes.length; i++) {
      const seconds = (fixes[i]!.at - fixes[i - 1]!.at) / 1000;
      expect(seconds).toBeGreaterThan(0);
      // The noise of two readings (a poor one is up to 45 m off) on top of at most 70 km/h.
      expect(metersBetween(fixes[i - 1]!, fixes[i]!)).toBeLessThanOrEqual((70 / 3.6) * seconds + 100);
    }
    // Three stops and the way back; each planned at 10 minutes, driven in about that.
    expect(legs.map((l) => l.toStopId)).toEqual([10, 11, 12, null]);
    for (const leg of legs.slice(0, 3)) {
      expect((leg.arrives - leg.departs) / MINUTE).toBeGreaterThan(4);
      expect((leg.arrives - leg.departs) / MINUTE).toBeLessThan(20);
    }
  });

  it('leaves within the departure range when the driver is punctual', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { steps } = tripScript(
        input({ random: seeded(seed), behaviour: { lateStart: 0, earlyStart: 0 } }),
      );
      const start = of(steps, 'start')[0]!.at;
      expect(start).toBeGreaterThanOrEqual(startMs - 15 * MINUTE);
      expect(start).toBeLessThanOrEqual(startMs + 2 * MINUTE);
    }
  });

  it('sends a client photo for client approval and proof for the manager, none for a plain task', () => {
    const completes = of(tripScript(input()).steps, 'complete');
    const fields = (taskId: number) => completes.find((c) => c.taskId === taskId)!.photos.map((p) => p.field);
    expect(fields(101)).toEqual(['client_photos']);
    expect(new Set(fields(102))).toEqual(new Set(['manager_photos']));
    expect(fields(103)).toEqual([]);
  });

  it('makes the same script from the same seed, and another from another', () => {
    expect(tripScript(input({ random: seeded(8) }))).toEqual(tripScript(input({ random: seeded(8) })));
    expect(tripScript(input({ random: seeded(8) }))).not.toEqual(tripScript(input({ random: seeded(9) })));
  });

  it('skips stops with a reason, on the road, and completes none of their tasks', () => {
    const { steps } = tripScript(input({ behaviour: { skip: 1 } }));
    const skips = of(steps, 'skip');
    expect(skips.map((s) => s.stopId)).toEqual([10, 11, 12]);
    expect(skips.every((s) => s.reason.length > 0 && s.at > of(steps, 'start')[0]!.at)).toBe(true);
    expect(of(steps, 'complete')).toEqual([]);
    expect(steps.at(-1)?.kind === 'end' || of(steps, 'end')[0]!.at > skips.at(-1)!.at).toBe(true);
  });

  it('continues a trip in progress from its state: at the second stop, the first one left', () => {
    const trip: TDriverAppTrip = tripFixture(1, START);
    trip.state = 'in_progress';
    trip.started_date = START;
    Object.assign(trip.stops[0]!, { state: 'departed', arrived_date: START, departed_date: START });
    Object.assign(trip.stops[1]!, { state: 'arrived', arrived_date: START });
    const { steps } = tripScript(input({ trip, now: startMs + 30 * MINUTE }));
    expect(
      steps.filter((s) => s.kind !== 'fix').map((s) => [s.kind, 'stopId' in s ? s.stopId : null]),
    ).toEqual([
      ['complete', 11],
      ['depart', 11],
      ['arrive', 12],
      ['depart', 12],
      ['end', null],
    ]);
    // It begins where the driver is: at the second stop.
    const first = of(steps, 'fix')[0]!.fix;
    expect(metersBetween(first, { lat: trip.stops[1]!.lat!, lon: trip.stops[1]!.lon! })).toBeLessThan(60);
    expect(steps[0]!.at).toBeGreaterThanOrEqual(startMs + 30 * MINUTE);
  });

  it('drives to the origin first when the driver is elsewhere, and has nothing to do for an ended trip', () => {
    const { steps, legs } = tripScript(
      input({ position: { lat: 25.25, lon: 55.3 }, now: startMs - 60 * MINUTE }),
    );
    expect(legs[0]!.toStopId).toBeNull();
    expect(legs[0]!.arrives).toBeLessThan(of(steps, 'start')[0]!.at);
    const ended = { ...tripFixture(2, START), state: 'ended' as const };
    expect(tripScript(input({ trip: ended })).steps).toEqual([]);
  });
});
