import { describe, expect, it } from 'vitest';
import {
  cornersAlong,
  drive,
  gpsReading,
  offset,
  pathLength,
  pointAlong,
  roadPath,
  seeded,
  type TPoint,
} from '@fleet/sim';
import { countTrack, MAX_GAP_MS, type TTrackFix } from './track.ts';

/*
 * The odometer's filter against the simulator's known distance: a day of driving along road-like
 * paths, reported every 5 s with a phone's GPS noise (poor fixes between buildings included),
 * parked stretches, a fix that jumps kilometres away, and one the phone itself calls unreliable.
 */

const START = new Date('2026-11-02T05:00:00Z');
const EVERY_S = 5;
const DUBAI: TPoint = { lat: 25.2048, lon: 55.2708 };
const total = (fixes: TTrackFix[]) => countTrack(null, fixes).steps.reduce((sum, s) => sum + s.meters, 0);

/** A phone's fixes of a drive through `stops` with parked stretches between legs, and the true distance. */
function day(seed: number, legs: number, parkedS: number) {
  const random = seeded(seed);
  const fixes: TTrackFix[] = [];
  let second = 0;
  let driven = 0;
  let here = DUBAI;
  const report = (point: TPoint) => {
    const { point: read, accuracy } = gpsReading(point, random);
    fixes.push({ ...read, accuracy, at: new Date(START.getTime() + second * 1000) });
  };
  for (let leg = 0; leg < legs; leg++) {
    const to = offset(here, random.int(-6000, 6000), random.int(-6000, 6000));
    const path = roadPath(here, to, random);
    driven += pathLength(path);
    const samples = drive(pathLength(path), random, {
      cruiseKmh: random.int(35, 65),
      corners: cornersAlong(path),
    });
    for (const sample of samples) {
      if (sample.second % EVERY_S === 0) report(pointAlong(path, sample.meters).point);
      second += 1;
    }
    for (let parked = 0; parked < parkedS; parked += EVERY_S, second += EVERY_S) report(to);
    here = to;
  }
  return { fixes, driven };
}

describe('the odometer filter', () => {
  it("counts a day's drives within 2 % of the distance driven, whatever the noise", () => {
    for (const seed of [1, 2, 3]) {
      const { fixes, driven } = day(seed, 8, 10 * 60);
      const counted = total(fixes);
      expect(Math.abs(counted - driven) / driven, `seed ${seed}`).toBeLessThan(0.02);
    }
  });

  it('adds next to nothing for a phone parked an hour', () => {
    const { fixes } = day(4, 1, 3600);
    const driven = day(4, 1, 0);
    // The hour parked after the drive: what it adds beyond the drive itself.
    expect(total(fixes) - total(driven.fixes)).toBeLessThan(100);
  });

  it('leaves out a fix that jumps away and one the phone calls unreliable', () => {
    const { fixes, driven } = day(5, 3, 60);
    const middle = Math.floor(fixes.length / 2);
    const near = fixes[middle]!;
    const bad: TTrackFix[] = [
      ...fixes.slice(0, middle),
      { ...offset(near, 3000, 0), accuracy: 8, at: new Date(near.at.getTime() - 2000) },
      { ...offset(near, 0, 800), accuracy: 500, at: new Date(near.at.getTime() - 1000) },
      ...fixes.slice(middle),
    ];
    expect(Math.abs(total(bad) - driven) / driven).toBeLessThan(0.02);
  });

  it('starts again where the phone was wrong before, after three jumps in a row', () => {
    const at = (s: number) => new Date(START.getTime() + s * 1000);
    const wrong = { ...DUBAI, accuracy: 5, at: at(0) };
    const right = offset(DUBAI, 5000, 0);
    const fixes: TTrackFix[] = [wrong];
    // The vehicle was really 5 km east, moving north 100 m every 5 s.
    for (let i = 1; i <= 6; i++) fixes.push({ ...offset(right, 0, 100 * i), accuracy: 5, at: at(5 * i) });
    const { steps } = countTrack(null, fixes);
    // The first three are jumps; from the third the track is east, and the next three count 100 m each.
    expect(steps.map((s) => Math.round(s.meters))).toEqual([100, 100, 100]);
  });

  it('does not join fixes further apart than the gap, and carries on from where a track ended', () => {
    const first: TTrackFix = { ...DUBAI, accuracy: 5, at: START };
    const later: TTrackFix = {
      ...offset(DUBAI, 2000, 0),
      accuracy: 5,
      at: new Date(START.getTime() + MAX_GAP_MS + 1000),
    };
    expect(countTrack(null, [first, later]).steps).toEqual([]);
    const { end } = countTrack(null, [first]);
    const next: TTrackFix = { ...offset(DUBAI, 300, 0), accuracy: 5, at: new Date(START.getTime() + 30_000) };
    const { steps } = countTrack(end, [next]);
    expect(Math.round(steps[0]!.meters)).toBe(300);
  });
});
