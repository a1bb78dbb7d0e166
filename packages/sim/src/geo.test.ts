import { describe, expect, it } from 'vitest';
import {
  bearing,
  drive,
  gpsReading,
  metersBetween,
  offset,
  pathLength,
  pointAlong,
  roadPath,
} from './geo.ts';
import { seeded } from './random.ts';

const DEPOT = { lat: 25.185, lon: 55.26 };

describe('geo', () => {
  it('measures metres and bearings', () => {
    expect(metersBetween({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111_195, -1);
    expect(bearing(DEPOT, offset(DEPOT, 1000, 0))).toBeCloseTo(90, 0);
    expect(bearing(DEPOT, offset(DEPOT, 0, -1000))).toBeCloseTo(180, 0);
    expect(metersBetween(DEPOT, offset(DEPOT, 300, 400))).toBeCloseTo(500, 0);
  });

  it('draws a road-like path: turns, from one end to the other, no longer than √2 of the straight line', () => {
    const to = offset(DEPOT, 2500, 1800);
    const path = roadPath(DEPOT, to, seeded(3));
    expect(path[0]).toEqual(DEPOT);
    expect(path.at(-1)).toEqual(to);
    expect(path.length).toBeGreaterThanOrEqual(4);
    expect(path.length).toBeLessThanOrEqual(6);
    const straight = metersBetween(DEPOT, to);
    expect(pathLength(path)).toBeGreaterThan(straight * 1.05);
    expect(pathLength(path)).toBeLessThanOrEqual(straight * Math.SQRT2 + 1);
    expect(roadPath(DEPOT, to, seeded(3))).toEqual(path);
    expect(metersBetween(pointAlong(path, pathLength(path)).point, to)).toBeLessThan(0.01);
  });

  it('drives at city speeds, from standstill to standstill, slowing for halts', () => {
    const samples = drive(3000, seeded(5), {
      cruiseKmh: 50,
      corners: [800, 1900],
      halts: [{ meters: 1500, seconds: 120 }],
    });
    expect(samples[0]).toEqual({ second: 0, meters: 0, kmh: 0 });
    expect(samples.at(-1)).toMatchObject({ meters: 3000, kmh: 0 });
    expect(Math.max(...samples.map((s) => s.kmh))).toBeLessThanOrEqual(70);
    const halted = samples.filter((s) => s.kmh === 0 && s.meters === 1500);
    expect(halted.length).toBeGreaterThanOrEqual(120);
    for (let i = 1; i < samples.length; i++) {
      expect(samples[i]!.meters - samples[i - 1]!.meters).toBeLessThanOrEqual(70 / 3.6 + 1e-9);
    }
  });

  it('adds GPS noise of a few metres', () => {
    const r = seeded(11);
    const errors = Array.from({ length: 2000 }, () => metersBetween(DEPOT, gpsReading(DEPOT, r).point));
    const median = errors.sort((a, b) => a - b)[1000]!;
    expect(median).toBeGreaterThan(2);
    expect(median).toBeLessThan(8);
    expect(errors.at(-1)).toBeLessThan(70);
  });

  it('always arrives, whatever the corners and halts (a corner just before a stop included)', () => {
    const r = seeded(12);
    for (let run = 0; run < 500; run++) {
      const length = r.int(1, 8000);
      const at = () => r.int(1, length);
      const corners = Array.from({ length: r.int(0, 4) }, at);
      const halts = Array.from({ length: r.int(0, 2) }, () => ({ meters: at(), seconds: r.int(0, 60) }));
      // The tightest case: a corner a few metres before a halt and before the end.
      corners.push(Math.max(1, (halts[0]?.meters ?? length) - r.int(0, 3)));
      const samples = drive(length, r, { cruiseKmh: r.int(10, 90), corners, halts });
      expect(samples.at(-1)).toMatchObject({ meters: length, kmh: 0 });
      expect(samples.every((s) => Number.isFinite(s.meters) && s.kmh >= 0 && s.kmh <= 70)).toBe(true);
      expect(samples.length).toBeLessThan(length / 2 + 200);
    }
  });
});
