import { parseUtcDateTime } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { fleetClient } from './client.ts';
import { virtualClock } from './clock.ts';
import { SimulatedDriver } from './driver.ts';
import { fakeServer, tripFixture } from './fake-server.ts';
import { metersBetween } from './geo.ts';
import { seeded } from './random.ts';
import { roadReports, withRoadReports, type TRoadBehaviour } from './road-reports.ts';
import { tripScript } from './trip-run.ts';

const START = '2025-06-02 05:00:00';
const startMs = parseUtcDateTime(START)!.getTime();
const MINUTE = 60_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

const scriptOf = (seed: number) =>
  tripScript({ trip: tripFixture(1, START), now: startMs - 20 * MINUTE, random: seeded(seed) });
const stopNames = new Map(tripFixture(1, START).stops.map((s) => [s.id, s.name]));
const SCRIPT = scriptOf(1);
const reportsOf = (seed: number, behaviour: Partial<TRoadBehaviour>) =>
  roadReports({ script: SCRIPT, stopNames, originName: 'Depot', random: seeded(seed), behaviour });

describe('roadReports', () => {
  it('puts a refuel with its receipt and an accident with photos on the trip’s drives', () => {
    const script = SCRIPT;
    for (let seed = 1; seed <= 20; seed++) {
      const reports = reportsOf(seed, { refuel: 1, accident: 1 });
      expect(reports.map((r) => r.kind).sort()).toEqual(['accident', 'refuel']);
      for (const report of reports) {
        const leg = script.legs.find((l) => l.departs < report.at && report.at <= l.arrives + 1000);
        expect(leg, `seed ${seed}: ${report.kind} on a drive`).toBeDefined();
        expect(report.at % 1000).toBe(0);
        expect(report.photos.length).toBeGreaterThanOrEqual(1);
        expect(report.photos.every((p) => p.subarray(0, 4).equals(PNG_SIGNATURE))).toBe(true);
        if (report.kind === 'refuel') {
          expect(report.photos).toHaveLength(1);
          expect(report.volume).toBeGreaterThanOrEqual(20);
          expect(report.volume).toBeLessThanOrEqual(90);
          expect(report.amount / report.volume).toBeGreaterThanOrEqual(2.59);
          expect(report.amount / report.volume).toBeLessThanOrEqual(3.41);
          expect(Number(report.amount.toFixed(2))).toBe(report.amount);
        } else {
          expect(report.photos.length).toBeLessThanOrEqual(3);
          expect(report.location).toMatch(/^On the way to (Stop \d|Depot)$/);
          // Where the drive has the driver: on its path, a few metres off at most (rounding).
          const nearest = Math.min(...leg!.path.map((p) => metersBetween(p, report.point)));
          expect(nearest).toBeLessThan(pathSpan(leg!.path));
        }
      }
    }
  });

  it('draws the same reports for the same seed, others for another, and none at zero chance', () => {
    const json = (seed: number) => JSON.stringify(reportsOf(seed, { refuel: 0.5, accident: 0.5 }));
    expect(json(3)).toBe(json(3));
    const kinds = new Set(Array.from({ length: 20 }, (_, seed) => json(seed)));
    expect(kinds.size).toBeGreaterThan(2);
    expect(reportsOf(4, { refuel: 0, accident: 0 })).toEqual([]);
  });

  it('keeps to the default chances: a refuel on about one trip in five, an accident on one in twenty', () => {
    const counts = { refuel: 0, accident: 0 };
    for (let seed = 0; seed < 1000; seed++) {
      for (const report of reportsOf(seed, {})) counts[report.kind]++;
    }
    expect(counts.refuel).toBeGreaterThan(150);
    expect(counts.refuel).toBeLessThan(250);
    expect(counts.accident).toBeGreaterThan(25);
    expect(counts.accident).toBeLessThan(80);
  });

  it('merges reports among the steps in time order', () => {
    const script = scriptOf(2);
    const reports = reportsOf(5, { refuel: 1, accident: 1 });
    const timeline = withRoadReports(script.steps, reports);
    expect(timeline).toHaveLength(script.steps.length + 2);
    const times = timeline.map((s) => s.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

/** The longest segment of a path: a point on it is nearer than this to one of its corners. */
function pathSpan(path: { lat: number; lon: number }[]) {
  let longest = 0;
  for (let i = 1; i < path.length; i++) longest = Math.max(longest, metersBetween(path[i - 1]!, path[i]!));
  return longest;
}

describe('SimulatedDriver reporting from the road', () => {
  async function replay(roadBehaviour: Partial<TRoadBehaviour>) {
    const server = fakeServer([tripFixture(1, START)]);
    const client = fleetClient(server.transport);
    const api = await client.driverLogin('ali@example.com', 'pw');
    const warnings: string[] = [];
    const driver = new SimulatedDriver({
      client,
      api,
      protocol: 'app',
      clock: virtualClock(startMs - 20 * MINUTE),
      seed: 9,
      behaviour: { skip: 0 },
      roadBehaviour,
      logger: { info() {}, warn: (_, m) => warnings.push(m), error: (_, m) => warnings.push(m) },
    });
    expect(await driver.runTrip(server.trips[0]!)).toBe('done');
    return { server, warnings };
  }

  it('sends the refuel and the accident through the app, with their time, place and photos', async () => {
    const { server, warnings } = await replay({ refuel: 1, accident: 1 });
    expect(warnings).toEqual([]);
    const trip = server.trips[0]!;
    expect(server.reports.map((r) => r.kind).sort()).toEqual(['accidents', 'refuels']);
    const refuel = server.reports.find((r) => r.kind === 'refuels')!;
    expect(refuel.photos).toBe(1);
    expect(Object.keys(refuel.fields).sort()).toEqual(['amount', 'at', 'volume']);
    expect(refuel.fields.amount).toMatch(/^\d+\.\d{2}$/);
    const accident = server.reports.find((r) => r.kind === 'accidents')!;
    expect(Object.keys(accident.fields).sort()).toEqual(['at', 'description', 'lat', 'location', 'lon']);
    expect(Math.abs(Number(accident.fields.lat) - 25.2)).toBeLessThan(0.1);
    expect(accident.photos).toBeGreaterThanOrEqual(1);
    // Replayed: each carries the time it happened, on the trip's day.
    for (const report of server.reports) expect(report.fields.at!.startsWith('2025-06-02')).toBe(true);
    expect(trip.state).toBe('ended');
  });

  it('leaves the trip’s own run as it was: the same requests but the reports', async () => {
    const paths = (requests: { path: string; body?: unknown }[]) =>
      requests
        .filter((r) => !/\/(refuels|accidents)$/.test(r.path))
        .map((r) => `${r.path} ${r.body instanceof Buffer ? r.body.byteLength : String(r.body ?? '')}`);
    const without = await replay({ refuel: 0, accident: 0 });
    const withReports = await replay({ refuel: 1, accident: 1 });
    expect(without.server.reports).toEqual([]);
    expect(paths(withReports.server.requests)).toEqual(paths(without.server.requests));
  });
});
