import { parseUtcDateTime } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { fleetClient } from './client.ts';
import { virtualClock } from './clock.ts';
import { SimulatedDriver, type TProtocol, type TSimulatedDriverOptions } from './driver.ts';
import { fakeServer, tripFixture } from './fake-server.ts';
import { runFleet } from './fleet.ts';

// A past morning: a virtual clock replays it in an instant.
const START = '2025-06-02 05:00:00';
const startMs = parseUtcDateTime(START)!.getTime();
const MINUTE = 60_000;

async function replay(
  seed: number,
  protocol: TProtocol = 'app',
  over: Partial<TSimulatedDriverOptions> = {},
) {
  const server = fakeServer([tripFixture(1, START)], { deviceId: 'dev-1' });
  const client = fleetClient(server.transport);
  const api = await client.driverLogin('ali@example.com', 'pw');
  const warnings: string[] = [];
  const infos: string[] = [];
  const driver = new SimulatedDriver({
    client,
    api,
    deviceId: 'dev-1',
    protocol,
    clock: virtualClock(startMs - 20 * MINUTE),
    seed,
    behaviour: { skip: 0 },
    logger: {
      info: (_, m) => infos.push(m),
      warn: (_, m) => warnings.push(m),
      error: (_, m) => warnings.push(m),
    },
    ...over,
  });
  const outcome = await driver.runTrip(server.trips[0]!);
  return { server, outcome, warnings, infos };
}

describe('SimulatedDriver', () => {
  it('replays a past trip on a virtual clock: every action carries its time, every fix its past time', async () => {
    const { server, outcome } = await replay(1);
    expect(outcome).toBe('done');
    const trip = server.trips[0]!;
    expect(trip.state).toBe('ended');
    expect(trip.stops.map((s) => s.state)).toEqual(['departed', 'departed', 'departed']);
    expect(trip.stops.flatMap((s) => s.tasks.map((t) => t.status))).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    const started = parseUtcDateTime(trip.started_date!)!.getTime();
    expect(started).toBeGreaterThanOrEqual(startMs - 15 * MINUTE);
    expect(parseUtcDateTime(trip.ended_date!)!.getTime()).toBeLessThan(startMs + 3 * 60 * MINUTE);
    expect(server.fixes.length).toBeGreaterThan(100);
    expect(server.fixes.every((f) => f.at < '2025-06-03')).toBe(true);
    // Each action says when it was done; the photos went as a form.
    const actions = server.requests.filter((r) => /\/(start|arrive|depart|end)$/.test(r.path));
    expect(actions.every((r) => JSON.parse(String(r.body)).at?.startsWith('2025-06-02'))).toBe(true);
    const forms = server.requests.filter(
      (r) => r.path.endsWith('/complete') && String(r.headers['content-type']).startsWith('multipart/'),
    );
    expect(forms).toHaveLength(2);
  });

  it('makes the same requests for the same seed, and others for another', async () => {
    const log = async (seed: number) => (await replay(seed)).server.requests;
    expect(await log(4)).toEqual(await log(4));
    expect(await log(4)).not.toEqual(await log(5));
  });

  it('continues when the geofence did an action first: the arrival is already recorded', async () => {
    // A fix a batch: the fake geofence arrives from the fixes before the driver presses arrive.
    const { server, warnings, infos, outcome } = await replay(2, 'app', { batchEverySeconds: 1 });
    const arrivals = server.requests.filter((r) => r.path.endsWith('/arrive'));
    expect(arrivals.length).toBe(3);
    expect(infos.filter((m) => m === 'arrive was done already')).toHaveLength(3);
    expect(outcome).toBe('done');
    expect(server.trips[0]!.state).toBe('ended');
    expect(warnings).toEqual([]);
  });

  it('resumes a trip already started elsewhere, planning from its state after the refusal', async () => {
    const server = fakeServer([tripFixture(1, START)]);
    const client = fleetClient(server.transport);
    const api = await client.driverLogin('ali@example.com', 'pw');
    const planned = structuredClone(server.trips[0]!);
    // An admin (or the geofence) started it before the driver pressed start.
    Object.assign(server.trips[0]!, { state: 'in_progress', started_date: '2025-06-02 04:40:00', flag: 1 });
    const driver = new SimulatedDriver({
      client,
      api,
      protocol: 'app',
      clock: virtualClock(startMs - 20 * MINUTE),
      seed: 3,
      behaviour: { skip: 0 },
    });
    expect(await driver.runTrip(planned)).toBe('done');
    expect(server.trips[0]!.state).toBe('ended');
    expect(server.requests.filter((r) => r.path.endsWith('/start'))).toHaveLength(1);
  });

  it('with a tracker, leaves start, arrivals and departures to the geofence and presses tasks and the end', async () => {
    const { server, outcome } = await replay(6, 'osmand');
    expect(outcome).toBe('done');
    const trip = server.trips[0]!;
    expect(trip.state).toBe('ended');
    expect(trip.stops.map((s) => s.state)).toEqual(['departed', 'departed', 'departed']);
    expect(server.requests.some((r) => /\/(start|arrive|depart)$/.test(r.path))).toBe(false);
    expect(server.requests.filter((r) => r.path.startsWith('/api/osmand')).length).toBeGreaterThan(100);
    expect(server.requests.filter((r) => r.path.endsWith('/complete'))).toHaveLength(3);
  });
});

describe('SimulatedDriver with a Tracker ID the server no longer knows', () => {
  // An admin gave the driver a new phone: the server knows 'dev-2', the tracker still sends 'dev-1'.
  async function replaced(over: Partial<TSimulatedDriverOptions>) {
    const server = fakeServer([tripFixture(1, START)], { deviceId: 'dev-2' });
    const client = fleetClient(server.transport);
    const api = await client.driverLogin('ali@example.com', 'pw');
    const lines: { level: string; message: string }[] = [];
    const driver = new SimulatedDriver({
      client,
      api,
      deviceId: 'dev-1',
      protocol: 'osmand',
      clock: virtualClock(startMs - 20 * MINUTE),
      seed: 6,
      behaviour: { skip: 0 },
      logger: {
        info: (_, message) => lines.push({ level: 'info', message }),
        warn: (_, message) => lines.push({ level: 'warn', message }),
        error: (_, message) => lines.push({ level: 'error', message }),
      },
      ...over,
    });
    const outcome = await driver.runTrip(server.trips[0]!);
    const osmand = server.requests.filter((r) => r.path.startsWith('/api/osmand'));
    return { server, outcome, lines, osmand };
  }

  it('reports with the new Tracker ID after one refusal, logged once', async () => {
    const { server, outcome, lines, osmand } = await replaced({ currentDeviceId: async () => 'dev-2' });
    expect(outcome).toBe('done');
    expect(server.trips[0]!.state).toBe('ended');
    expect(osmand.filter((r) => r.path.includes('id=dev-1'))).toHaveLength(1);
    expect(osmand.filter((r) => r.path.includes('id=dev-2')).length).toBeGreaterThan(100);
    expect(lines.filter((l) => l.message.startsWith('the Tracker ID changed'))).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('carries on through the driver app when the driver has no Tracker ID left, logged once', async () => {
    const { server, outcome, lines, osmand } = await replaced({ currentDeviceId: async () => null });
    expect(outcome).toBe('done');
    expect(server.trips[0]!.state).toBe('ended');
    expect(osmand).toHaveLength(1);
    expect(server.fixes.length).toBeGreaterThan(100);
    const refused = lines.filter((l) => l.message.startsWith("the tracker's fixes are refused"));
    expect(refused).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});

describe('runFleet', () => {
  it('signs each driver in and runs their due trips in order on their own timeline, until the horizon', async () => {
    const server = fakeServer([tripFixture(1, START), tripFixture(2, '2025-06-02 07:30:00')]);
    const results = await runFleet({
      transport: server.transport,
      drivers: [{ email: 'ali@example.com', password: 'pw' }],
      protocol: 'app',
      seed: 1,
      clock: virtualClock(startMs - 30 * MINUTE),
      horizonMinutes: 6 * 60,
      behaviour: { skip: 0 },
    });
    expect(results).toEqual([{ email: 'ali@example.com', trips: 2, abandoned: 0 }]);
    expect(server.trips.map((t) => t.state)).toEqual(['ended', 'ended']);
    expect(server.trips[1]!.started_date! >= '2025-06-02 07:15:00').toBe(true);
  });

  it('stops at the end of a virtual clock, leaving the trip on the road as far as it got', async () => {
    const server = fakeServer([tripFixture(1, START)]);
    const results = await runFleet({
      transport: server.transport,
      drivers: [{ email: 'ali@example.com', password: 'pw' }],
      protocol: 'app',
      seed: 1,
      clock: virtualClock(startMs - 30 * MINUTE, { until: startMs + 15 * MINUTE }),
      behaviour: { skip: 0, lateStart: 0, earlyStart: 0 },
    });
    expect(results).toEqual([{ email: 'ali@example.com', trips: 0, abandoned: 0 }]);
    const trip = server.trips[0]!;
    expect(trip.state).toBe('in_progress');
    expect(server.fixes.at(-1)!.at <= '2025-06-02 05:15:00').toBe(true);
  });
});
