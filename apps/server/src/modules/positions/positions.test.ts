import { count, eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverLastPositions, driverLocations, trips } from '../../db/schema/index.ts';
import type { TPositionUpdate } from '../../platform/events.ts';
import { call, createTestApp, DEMO, type TestApp, WAIT } from '../../test/app.ts';
import { positionIngestStats, startPositionIngest } from './service.ts';

/**
 * Positions through the driver app's batch route (`POST /api/v1/driver/positions`), and what the
 * console reads of them: each driver's latest location and a driver's day.
 */

let t: TestApp;
let admin: string;
let driverA: number;
let driverB: number;
let tokenA: string;
let tokenB: string;
const published: TPositionUpdate[][] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  // Drivers of their own, with no demo trip in progress, so which trip a fix belongs to is this file's.
  const add = async (fname: string) =>
    (
      await call(t, admin, 'POST', '/api/driver/add-driver', {
        fname,
        lname: 'Positions',
        email: `${fname.toLowerCase()}.positions@desert.example`,
        password: 'lemon-tree-42',
        bus_id: null,
        hourly_rate: 0,
        language: null,
      })
    ).body.data.id as number;
  driverA = await add('Alpha');
  driverB = await add('Bravo');
  tokenA = await t.driverToken(driverA);
  tokenB = await t.driverToken(driverB);
  t.positions.subscribe((updates) => published.push(updates));
});
afterAll(() => t.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const fix = (at: Date, over: Record<string, unknown> = {}) => ({
  lat: 25.2,
  lon: 55.27,
  recorded_at: at.toISOString(),
  ...over,
});
const send = (token: string, positions: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/driver/positions',
    headers: { authorization: token },
    payload: { positions },
  });
const stored = (driverId: number) =>
  t.database.db
    .select()
    .from(driverLocations)
    .where(eq(driverLocations.driverId, driverId))
    .orderBy(driverLocations.recordedAt);
const storedCount = async () => (await t.database.db.select({ n: count() }).from(driverLocations))[0]!.n;
const lastOf = async (driverId: number) =>
  (
    await t.database.db.select().from(driverLastPositions).where(eq(driverLastPositions.driverId, driverId))
  )[0];

describe('POST /api/v1/driver/positions', () => {
  it('stores every fix with its speed, course, accuracy, altitude, battery, source and attributes, then answers', async () => {
    const at = minutesAgo(30);
    const res = await send(tokenA, [
      fix(at, {
        speed: 42.5,
        course: 270,
        accuracy: 8,
        altitude: 12,
        battery: 81,
        attributes: { provider: 'gps', satellites: 9 },
      }),
      fix(new Date(at.getTime() + 5000), { lat: 25.201, speed: null }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      responseCode: 1,
      responseMessage: 'Positions recorded.',
      data: { received: 2, stored: 2, ignored: 0 },
    });
    const rows = await stored(driverA);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      tenantId: DEMO.delivery.tenantId,
      lat: 25.2,
      lon: 55.27,
      recordedAt: at,
      speed: 42.5,
      course: 270,
      accuracy: 8,
      altitude: 12,
      battery: 81,
      source: 'app',
      attributes: { provider: 'gps', satellites: 9 },
    });
    expect(rows[1]).toMatchObject({ lat: 25.201, speed: null, course: null, attributes: null });
  });

  it('refuses a batch it cannot read, naming the field, and stores none of it', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ recorded_at: 'yesterday' }, 'positions.1.recorded_at', /date and time/],
      [{ recorded_at: '2026-02-30T10:00:00Z' }, 'positions.1.recorded_at', /date and time/],
      [{ lat: '25.2' }, 'positions.1.lat', /latitude/],
      [{ speed: 'fast' }, 'positions.1.speed', /0 to 400 km\/h/],
    ];
    const before = await storedCount();
    for (const [bad, path, message] of cases) {
      const res = await send(tokenB, [fix(minutesAgo(20)), fix(minutesAgo(19), bad)]);
      const where = JSON.stringify(bad);
      expect(res.statusCode, where).toBe(400);
      expect(res.json().responseMessage, where).toMatch(message);
      expect(res.json().errors?.[0]?.path, where).toBe(path);
    }
    expect(await storedCount()).toBe(before);
    expect(await lastOf(driverB)).toBeUndefined();
  });

  it('refuses an empty batch and one over 1,000 fixes', async () => {
    expect((await send(tokenB, [])).json().responseMessage).toBe('positions must hold 1 to 1000 fixes');
    const many = Array.from({ length: 1001 }, (_, i) => fix(new Date(Date.now() - 3600_000 + i * 1000)));
    expect((await send(tokenB, many)).statusCode).toBe(400);
  });

  it('acknowledges a fix it will not store, stores the rest of the batch, and shows the console why', async () => {
    const driverC = (
      await call(t, admin, 'POST', '/api/driver/add-driver', {
        fname: 'Charlie',
        lname: 'Positions',
        email: 'charlie.positions@desert.example',
        password: 'lemon-tree-42',
        bus_id: null,
        hourly_rate: 0,
        language: null,
      })
    ).body.data.id as number;
    const tokenC = await t.driverToken(driverC);
    const day = async () =>
      (await call(t, admin, 'POST', '/api/driver/get-driver-locations-for-today', { id: driverC })).body.data;
    expect((await day()).ignored_fixes).toBeNull();

    const cases: [Record<string, unknown>, string, string][] = [
      [{ lat: 91 }, 'coordinates', 'coordinates 91, 55.27 out of range'],
      [{ lon: -180.5 }, 'coordinates', 'coordinates 25.2, -180.5 out of range'],
      [{ speed: 401 }, 'out_of_range', 'speed 401 out of range (0 to 400 km/h)'],
      [{ course: 361 }, 'out_of_range', 'course 361 out of range (0 to 360 degrees)'],
      [{ accuracy: -1 }, 'out_of_range', 'accuracy -1 out of range (0 to 1000000 metres)'],
      [{ battery: 101 }, 'out_of_range', 'battery 101 out of range (0 to 100 percent)'],
      [{ altitude: 50_000 }, 'out_of_range', 'altitude 50000 out of range (-1000 to 15000 metres)'],
      [{ attributes: { note: 'x'.repeat(4000) } }, 'attributes', 'other values over 4000 characters of JSON'],
      [
        { recorded_at: '2031-05-04T10:20:30Z' },
        'in_future',
        "time 2031-05-04 10:20, more than 5 minutes ahead of the server's clock",
      ],
      [{ recorded_at: '2013-08-22T09:00:00Z' }, 'too_old', 'time 2013-08-22, outside the 90-day window'],
    ];
    let n = 0;
    for (const [bad, reason, detail] of cases) {
      const res = await send(tokenC, [fix(minutesAgo(60 - n)), fix(minutesAgo(30), bad)]);
      const where = JSON.stringify(bad).slice(0, 80);
      expect(res.statusCode, where).toBe(200);
      expect(res.json().data, where).toEqual({ received: 2, stored: 1, ignored: 1 });
      n += 1;
      const ignored = (await day()).ignored_fixes;
      expect(ignored, where).toMatchObject({ count: n, last_reason: reason, last_detail: detail });
      expect(ignored.last_received, where).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // The good fix of each batch is stored; none of the ignored ones is.
    const rows = await stored(driverC);
    expect(rows).toHaveLength(cases.length);
    expect(rows.every((r) => r.lat === 25.2 && r.lon === 55.27 && r.attributes === null)).toBe(true);

    // A batch of nothing but such fixes is answered 200 too, and counts them all.
    const old = Array.from({ length: 3 }, (_, i) => fix(new Date(Date.UTC(2013, 7, 22, 9, i))));
    const res = await send(tokenC, old);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: 3, stored: 0, ignored: 3 });
    expect((await day()).ignored_fixes).toMatchObject({
      count: cases.length + 3,
      last_reason: 'too_old',
      last_detail: 'time 2013-08-22, outside the 90-day window',
    });
    expect(await stored(driverC)).toHaveLength(cases.length);
  });

  it('ignores a fix the driver already sent (the same time), so a batch may be sent again', async () => {
    const at = minutesAgo(25);
    const first = await send(tokenA, [fix(at, { lat: 25.3 }), fix(new Date(at.getTime() + 1000))]);
    expect(first.json().data).toEqual({ received: 2, stored: 2, ignored: 0 });
    const again = await send(tokenA, [fix(at, { lat: 25.9 }), fix(new Date(at.getTime() + 1000)), fix(at)]);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ received: 3, stored: 0, ignored: 0 });
    const atThatTime = (await stored(driverA)).filter((r) => r.recordedAt.getTime() === at.getTime());
    expect(atThatTime.map((r) => r.lat)).toEqual([25.3]);
  });

  it('stores a fix that arrives late, but never moves the latest position back in time', async () => {
    const newest = minutesAgo(2);
    await send(tokenB, [fix(newest, { lat: 24.5, lon: 54.5 })]);
    expect(await lastOf(driverB)).toMatchObject({ lat: 24.5, recordedAt: newest });
    const late = await send(tokenB, [fix(minutesAgo(10), { lat: 24.1, lon: 54.1 })]);
    expect(late.json().data).toEqual({ received: 1, stored: 1, ignored: 0 });
    expect((await stored(driverB)).map((r) => r.lat)).toEqual([24.1, 24.5]);
    expect(await lastOf(driverB)).toMatchObject({ lat: 24.5, recordedAt: newest });

    const recent = await call(t, admin, 'POST', '/api/driver/get-drivers-recent-location', {});
    const b = recent.body.data.find((d: { id: number }) => d.id === driverB);
    expect(b.locations).toHaveLength(1);
    expect(b.locations[0]).toMatchObject({ lat: 24.5, lon: 54.5 });
  });

  it('announces each driver’s newest committed position once, and nothing for a late fix', async () => {
    published.length = 0;
    const at = minutesAgo(1);
    await send(tokenA, [fix(new Date(at.getTime() - 2000)), fix(at, { lat: 25.5, speed: 30, course: 90 })]);
    await vi.waitFor(() => expect(published.flat()).toHaveLength(1), WAIT);
    expect(published.flat()[0]).toEqual({
      tenantId: DEMO.delivery.tenantId,
      driverId: driverA,
      tripId: null,
      lat: 25.5,
      lon: 55.27,
      recordedAt: at.toISOString(),
      speed: 30,
      course: 90,
      source: 'app',
    });
    published.length = 0;
    await send(tokenA, [fix(minutesAgo(40))]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(published.flat()).toEqual([]);
  });

  it("attaches each fix to the driver's trip in progress at the fix time", async () => {
    const started = minutesAgo(15);
    const ended = minutesAgo(6);
    const [trip] = await t.database.db
      .insert(trips)
      .values({
        tenantId: DEMO.delivery.tenantId,
        driverId: driverB,
        startDate: started,
        startedDate: started,
        endedDate: ended,
      })
      .returning({ id: trips.id });
    const [running] = await t.database.db
      .insert(trips)
      .values({
        tenantId: DEMO.delivery.tenantId,
        driverId: driverB,
        startDate: ended,
        startedDate: minutesAgo(4),
      })
      .returning({ id: trips.id });
    await send(tokenB, [
      fix(minutesAgo(16), { lat: 23.1 }), // before the first trip started
      fix(minutesAgo(12), { lat: 23.2 }), // during it
      fix(minutesAgo(5), { lat: 23.3 }), // between the two
      fix(minutesAgo(1.5), { lat: 23.4 }), // during the running one
    ]);
    const byLat = new Map((await stored(driverB)).map((r) => [r.lat, r.tripId]));
    expect([23.1, 23.2, 23.3, 23.4].map((lat) => byLat.get(lat))).toEqual([
      null,
      trip!.id,
      null,
      running!.id,
    ]);
    expect((await lastOf(driverB))?.tripId).toBe(running!.id);
  });

  it('is for drivers only: an admin is refused, and so is a request without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/positions',
      headers: { cookie: admin },
      payload: { positions: [fix(minutesAgo(1))] },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/driver/positions', payload: { positions: [] } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('group commit', () => {
  it('writes concurrent requests in one statement, and answers none of them before it has committed', async () => {
    // Group by count only, so the proof does not depend on timing: the group is written when its
    // twelfth fix arrives (the delay is far longer than the test).
    startPositionIngest(t.database.db, {
      feed: t.positions,
      groupCommit: { maxItems: 12, maxDelayMs: 600_000, concurrency: 1 },
    });
    const execute = vi.spyOn(t.database.db, 'execute');
    // Only the statements that write fixes: other work of the app (the exceptions engine's locks) may
    // run meanwhile.
    const fixWrites = () =>
      execute.mock.calls.filter(([query]) =>
        new PgDialect().sqlToQuery(query as SQL).sql.includes('insert into driver_locations'),
      );
    const base = minutesAgo(50).getTime();
    const answered: number[] = [];
    const first = Array.from({ length: 11 }, (_, i) =>
      send(i % 2 ? tokenA : tokenB, [fix(new Date(base + i * 1000))]).then((res) => {
        answered.push(i);
        return res;
      }),
    );
    await vi.waitFor(() => expect(positionIngestStats(t.database.db)?.waiting).toBe(11), WAIT);
    expect(answered).toEqual([]);
    expect(fixWrites()).toHaveLength(0);
    const last = await send(tokenA, [fix(new Date(base + 60_000))]);
    const all = [...(await Promise.all(first)), last];
    expect(all.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(fixWrites()).toHaveLength(1);
    expect(positionIngestStats(t.database.db)).toMatchObject({ groups: 1, items: 12, submissions: 12 });
    execute.mockRestore();
    startPositionIngest(t.database.db, { feed: t.positions });
  });
});

describe('POST /api/driver/get-drivers-recent-location', () => {
  it("answers each driver's latest location grouped per driver with the name; with a date, that UTC day's latest", async () => {
    const res = await call(t, admin, 'POST', '/api/driver/get-drivers-recent-location', {});
    expect(res.status).toBe(200);
    const a = res.body.data.find((d: { id: number }) => d.id === driverA);
    expect(a).toEqual({
      id: driverA,
      fname: expect.any(String),
      lname: expect.any(String),
      locations: [
        {
          id: expect.any(Number),
          lat: 25.5,
          lon: 55.27,
          date_and_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          speed: 30,
          course: 90,
          accuracy: null,
          battery: null,
          source: 'app',
          trip_id: null,
        },
      ],
    });
    // Drivers with a position (these two, and the demo's, whose trips the simulator ran), each once
    // with their one latest location.
    const ids: number[] = res.body.data.map((d: { id: number }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([driverA, driverB]));
    expect(new Set(ids).size).toBe(ids.length);
    for (const driver of res.body.data) expect(driver.locations).toHaveLength(1);

    // A past day: the newest fix of that day, for each driver who has one.
    const day = '2026-01-15';
    await t.database.db.insert(driverLocations).values([
      {
        tenantId: DEMO.delivery.tenantId,
        driverId: driverA,
        lat: 1,
        lon: 1,
        recordedAt: new Date(`${day}T08:00:00Z`),
        source: 'app',
      },
      {
        tenantId: DEMO.delivery.tenantId,
        driverId: driverA,
        lat: 2,
        lon: 2,
        recordedAt: new Date(`${day}T17:00:00Z`),
        source: 'app',
      },
      {
        tenantId: DEMO.delivery.tenantId,
        driverId: driverA,
        lat: 3,
        lon: 3,
        recordedAt: new Date('2026-01-16T00:00:00Z'),
        source: 'app',
      },
    ]);
    const past = await call(t, admin, 'POST', '/api/driver/get-drivers-recent-location', { date: day });
    expect(past.body.data).toHaveLength(1);
    expect(past.body.data[0]).toMatchObject({
      id: driverA,
      locations: [{ lat: 2, lon: 2, date_and_time: `${day} 17:00:00` }],
    });
    // The spec's client sends the tenant in the query string, and may send no body.
    const spec = await t.app.inject({
      method: 'POST',
      url: `/api/driver/get-drivers-recent-location?tenant_id=${DEMO.delivery.tenantId}`,
      headers: { cookie: admin },
    });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().data.length).toBe(ids.length);
  });

  it("shows no other tenant's drivers, and refuses a bad date", async () => {
    const namat = await t.login(DEMO.namat.email, DEMO.namat.password);
    const own = await call(t, admin, 'POST', '/api/driver/get-drivers-recent-location', {});
    const theirs = await call(t, namat, 'POST', '/api/driver/get-drivers-recent-location', {});
    const ownIds = new Set(own.body.data.map((d: { id: number }) => d.id));
    expect(theirs.body.data.length).toBeGreaterThan(0);
    expect(theirs.body.data.filter((d: { id: number }) => ownIds.has(d.id))).toEqual([]);
    const bad = await call(t, admin, 'POST', '/api/driver/get-drivers-recent-location', {
      date: '2026-13-01',
    });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/driver/get-driver-locations-for-today', () => {
  it("answers the driver's positions of the day, oldest first, with what each fix carries", async () => {
    const res = await call(t, admin, 'POST', '/api/driver/get-driver-locations-for-today', {
      id: driverA,
      date: '2026-01-15',
    });
    expect(res.body.data).toMatchObject({
      id: driverA,
      fname: expect.any(String),
      lname: expect.any(String),
    });
    expect(res.body.data.locations).toEqual([
      expect.objectContaining({ lat: 1, date_and_time: '2026-01-15 08:00:00', source: 'app', speed: null }),
      expect.objectContaining({ lat: 2, date_and_time: '2026-01-15 17:00:00' }),
    ]);
    await send(tokenA, [fix(new Date())]);
    const today = await call(t, admin, 'POST', '/api/driver/get-driver-locations-for-today', { id: driverA });
    expect(today.body.data.locations.length).toBeGreaterThan(0);
  });
});
