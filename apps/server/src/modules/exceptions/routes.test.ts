import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TChangeEvent } from '@fleet/contract';
import { buildApp } from '../../app.ts';
import { exceptions, trips } from '../../db/schema/index.ts';
import { createEventBus, createPositionFeed } from '../../platform/events.ts';
import { createTestApp, DEMO, WAIT, type TestApp } from '../../test/app.ts';
import { dataOf, openTestStream, type SseFrame, type TestStream } from '../../test/sse.ts';
import { claimSweep, finishSweep } from './queries.ts';
import { startExceptionsEngine, type TExceptionsEngine } from './service.ts';

/*
 * The exceptions engine and its calls as a console and a phone meet them: trips of a driver added
 * here, run through the driver app with the times the app's offline queue sends, judged by the
 * engine of a process built on the test's database with buses of its own (so the test hears what
 * it announces), and read back through the spec's calls; the demo's own exceptions (the engine's
 * catch-up over the replayed history) fill the lists around them.
 */

let t: TestApp;
let app: FastifyInstance;
let base: string;
let engine: TExceptionsEngine;
const events = createEventBus();
const positions = createPositionFeed();
const published: TChangeEvent[] = [];
events.subscribe((e) => {
  published.push(e);
});
let delivery: string;
let namat: string;
const streams: TestStream[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read each answer's own shape
type Body = any;

async function send(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const res = await app.inject({
    method,
    url,
    headers,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
}
const get = (cookie: string | null, url: string) => send('GET', url, cookie ? { cookie } : {});
const post = (cookie: string, url: string, payload?: object) => send('POST', url, { cookie }, payload);
async function login(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  const cookie = res.cookies.find((c) => c.name === 'fleet_session')!;
  return `${cookie.name}=${cookie.value}`;
}
/** A driver app call; fails the test when refused. */
async function drive(auth: string, url: string, payload: object = {}) {
  const res = await send('POST', url, { authorization: auth }, payload);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
async function ok(cookie: string, url: string, payload: object) {
  const res = await post(cookie, url, payload);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

const MINUTE = 60_000;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const now = Math.floor(Date.now() / 1000) * 1000;
const EXCEPTIONS = '/api/v1/exceptions';
const NOT_SEEN = '/api/v1/exceptions/not_seen';
const EXCEPTION_KEYS = [
  'actual_date',
  'creation_date',
  'data',
  'destination',
  'driver',
  'expected_date',
  'id',
  'seen',
  'start_date',
  'trip',
  'type',
].sort();

/**
 * The trips run here, for a driver no demo driver is named like: an origin and two stops 1.1 km
 * apart along a meridian (a drive of under 2 minutes at the typical speed), each planned 20 min of
 * driving (± 5) and 10 of staying (+ 5), leaving within 10 min of the planned start.
 */
const run = {
  driver: { id: 0, fname: 'Ines', lname: 'Quarterhold' },
  auth: '',
  /** Planned four hours ago; run late, its second stop skipped. */
  late: { id: 0, start: now - 240 * MINUTE, stops: [] as number[] },
  /** Planned 40 minutes ago, not started as far as anyone knows. */
  overdue: { id: 0, start: now - 40 * MINUTE, stops: [] as number[] },
};
const ORIGIN = { lat: 25.06, lon: 55.14 };

async function planTrip(warehouseId: number, typeId: number, start: number) {
  const stop = (name: string, lat: number, task: object) => ({
    destination_name: name,
    destination_lat: lat,
    destination_lon: 55.14,
    driving_time: 20,
    driving_time_range: 5,
    staying_time: 10,
    staying_time_range: 5,
    tasks: [task],
  });
  const trip = await ok(delivery, '/api/trip/add-trip', {
    driver_id: run.driver.id,
    warehouse_id: warehouseId,
    type: typeId,
    start_date: utc(start),
    departure_time_range: 10,
    destinations: [
      stop('Quarter Yard', 25.07, { description: 'Deliver the pallets', order_id: 'QH-7001' }),
      stop('Quarter Dock', 25.08, { description: 'Collect the empties' }),
    ],
  });
  return { id: trip.id as number, stops: (trip.destinations as { id: number }[]).map((d) => d.id) };
}

/** The engine of the test's process; sweeps only when a test asks. */
const newEngine = () =>
  startExceptionsEngine({ database: t.database, events, positions, log: app.log, sweepEveryMs: null });

beforeAll(async () => {
  t = await createTestApp();
  // A process of its own on the test's database, its buses heard here and by its engine.
  app = await buildApp({
    config: t.config,
    database: t.database,
    events,
    positions,
    liveTimings: { heartbeatMs: 100, sessionCheckMs: 100 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  delivery = await login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await login(DEMO.namat.email, DEMO.namat.password);

  const driver = await ok(delivery, '/api/driver/add-driver', {
    ...run.driver,
    email: 'ines.quarterhold@exceptions.example',
    password: 'long-enough-pass-1',
    hourly_rate: 20,
    language: 'en',
  });
  run.driver.id = driver.id;
  run.auth = await t.driverToken(driver.id);
  const origin = await ok(delivery, '/api/warehouse/add', { title: 'Quarterhold Depot', ...ORIGIN });
  const type = await ok(delivery, '/api/type/add', { title: 'Quarterhold round', time_stop: 10 });
  Object.assign(run.late, await planTrip(origin.id, type.id, run.late.start));
  Object.assign(run.overdue, await planTrip(origin.id, type.id, run.overdue.start));
  // Started once the trips are planned: the overdue one is left for the timer to find.
  engine = newEngine();
});
afterAll(async () => {
  streams.forEach((s) => s.close());
  await engine.stop();
  await app.close();
  await t.close();
});

/** The standing exceptions of a trip, as `type@stop` (stop 0, 1, or - for the trip). */
async function standingOf(trip: { id: number; stops: number[] }): Promise<string[]> {
  const rows = await t.database.db
    .select({ type: exceptions.type, stopId: exceptions.tripDestinationId })
    .from(exceptions)
    .where(and(eq(exceptions.tripId, trip.id), isNull(exceptions.withdrawnDate)));
  return rows.map((r) => `${r.type}@${r.stopId === null ? '-' : trip.stops.indexOf(r.stopId)}`).sort();
}
const idOf = async (tripId: number, type: string) => {
  const [row] = await t.database.db
    .select({ id: exceptions.id })
    .from(exceptions)
    .where(and(eq(exceptions.tripId, tripId), eq(exceptions.type, type)));
  return row?.id;
};
const isChange = (type: string, id: number) => (f: SseFrame) =>
  f.event === 'change' && dataOf(f).type === type && dataOf(f).ids.includes(id);

describe('the exceptions engine', () => {
  it("judges a trip as the driver's app reports it, and pushes each new exception on the event stream", async () => {
    const stream = await openTestStream(`${base}/api/v1/events`, { cookie: delivery });
    streams.push(stream);
    const { late } = run;
    const at = (minutes: number) => ({ at: utc(late.start + minutes * MINUTE) });
    // Leaves 25 min late, reaches the yard 44 min after the planned start (planned: 20), leaves it
    // at 54 (planned: 30), skips the dock at 56 (due at 50) and ends at 58.
    await drive(run.auth, `/api/v1/driver/trips/${late.id}/start`, at(25));
    await drive(run.auth, `/api/v1/driver/stops/${late.stops[0]}/arrive`, at(44));
    await drive(run.auth, `/api/v1/driver/stops/${late.stops[0]}/depart`, at(54));
    await drive(run.auth, `/api/v1/driver/stops/${late.stops[1]}/skip`, { ...at(56), reason: 'Gate closed' });
    await drive(run.auth, `/api/v1/driver/trips/${late.id}/end`, at(58));
    await engine.settle();
    await engine.judge(DEMO.delivery.tenantId, [late.id]);

    expect(await standingOf(late)).toEqual([
      'arrival_late@0',
      'arrival_late@1',
      'departure_late@0',
      'missed_destination@1',
      'not_enough_time_to_next_destination@0',
      'not_enough_time_to_next_destination@1',
      'started_late@-',
    ]);
    // Each pushed to the console as it was raised.
    for (const type of ['started_late', 'departure_late', 'missed_destination']) {
      await stream.find(isChange('exception.created', (await idOf(late.id, type))!));
    }
    // Judged again, the trip earns nothing new and announces nothing.
    const before = published.length;
    expect(await engine.judge(DEMO.delivery.tenantId, [late.id])).toEqual({
      trips: 1,
      raised: 0,
      updated: 0,
      withdrawn: 0,
    });
    expect(published.slice(before)).toEqual([]);
  });

  it("raises started_late on the timer, and withdraws it when the phone's late positions show the trip left on time", async () => {
    const { overdue } = run;
    expect(await standingOf(overdue)).toEqual([]);
    await engine.sweep();
    expect(await standingOf(overdue)).toEqual(['started_late@-']);
    const timerRaised = (await idOf(overdue.id, 'started_late'))!;
    const one = await get(delivery, `${EXCEPTIONS}/${timerRaised}`);
    expect(one.body.data).toMatchObject({
      type: 'started_late',
      creation_date: utc(overdue.start + 10 * MINUTE),
      expected_date: utc(overdue.start),
      actual_date: null,
    });

    // The phone was offline: now it sends what it recorded, parked at the depot and leaving it 2 min
    // after the planned start. The trip starts from those positions, at their own time.
    const fix = (minutes: number, lat: number, speed: number) => ({
      lat,
      lon: ORIGIN.lon,
      recorded_at: new Date(overdue.start + minutes * MINUTE).toISOString(),
      speed,
    });
    await drive(run.auth, '/api/v1/driver/positions', {
      positions: [
        fix(-1, ORIGIN.lat, 0),
        fix(0, ORIGIN.lat, 0),
        fix(1, ORIGIN.lat, 0),
        fix(2, 25.063, 30),
        fix(3, 25.066, 30),
      ],
    });
    const [trip] = await t.database.db.select().from(trips).where(eq(trips.id, overdue.id));
    expect(trip!.startedDate).toEqual(new Date(overdue.start + 2 * MINUTE));
    await vi.waitFor(async () => expect(await standingOf(overdue)).not.toContain('started_late@-'), WAIT);
    await engine.settle();

    // Withdrawn: announced, never listed, and gone by its id; the trip is now late for its first stop.
    expect(published.some((e) => e.type === 'exception.updated' && e.ids.includes(timerRaised))).toBe(true);
    expect((await get(delivery, `${EXCEPTIONS}/${timerRaised}`)).status).toBe(404);
    const listed = await get(
      delivery,
      `${EXCEPTIONS}?type=started_late&driver_name=quarterhold&page_size=100`,
    );
    expect(listed.body.data.map((e: Body) => e.id)).not.toContain(timerRaised);
    expect(await standingOf(overdue)).toEqual(['arrival_late@0']);
  });

  it('neither loses nor repeats an exception when the engine restarts, or when two processes sweep', async () => {
    const mine = [run.late.id, run.overdue.id];
    const rowsOfMine = () =>
      t.database.db
        .select({ id: exceptions.id, withdrawn: exceptions.withdrawnDate })
        .from(exceptions)
        .where(inArray(exceptions.tripId, mine))
        .orderBy(exceptions.id);
    const before = await rowsOfMine();
    await engine.stop();
    engine = newEngine();
    const second = newEngine();
    const from = published.length;
    await Promise.all([engine.sweep(), second.sweep(), engine.judge(DEMO.delivery.tenantId, mine)]);
    await second.stop();
    expect(await rowsOfMine()).toEqual(before);
    const created = published
      .slice(from)
      .filter((e) => e.type === 'exception.created')
      .flatMap((e) => e.ids);
    const createdOfMine = created.length
      ? await t.database.db
          .select()
          .from(exceptions)
          .where(and(inArray(exceptions.id, created), inArray(exceptions.tripId, mine)))
      : [];
    expect(createdOfMine).toEqual([]);
  });

  it('lets one process at a time sweep a tenant', async () => {
    const db = t.database.db;
    const at = new Date();
    const until = new Date(at.getTime() + 5 * MINUTE);
    const first = await claimSweep(
      db,
      DEMO.namat.tenantId,
      'a5e1f0c2-0000-4000-8000-000000000001',
      at,
      until,
    );
    expect(first).not.toBeNull();
    expect(
      await claimSweep(db, DEMO.namat.tenantId, 'a5e1f0c2-0000-4000-8000-000000000002', at, until),
    ).toBeNull();
    await finishSweep(db, DEMO.namat.tenantId, 'a5e1f0c2-0000-4000-8000-000000000001', {
      changeEventId: first!.changeEventId,
      sweptAt: at,
    });
    expect(
      await claimSweep(db, DEMO.namat.tenantId, 'a5e1f0c2-0000-4000-8000-000000000002', at, until),
    ).not.toBeNull();
    // A lease left by a process that died runs out.
    const later = new Date(until.getTime() + 1);
    expect(
      await claimSweep(db, DEMO.namat.tenantId, 'a5e1f0c2-0000-4000-8000-000000000003', later, later),
    ).not.toBeNull();
  });
});

/** Every row of a list, page after page of 100. */
async function everyRow(cookie: string, url: string): Promise<Body[]> {
  const rows: Body[] = [];
  for (let page = 1; ; page++) {
    const res = await get(cookie, `${url}${url.includes('?') ? '&' : '?'}page=${page}&page_size=100`);
    expect(res.status).toBe(200);
    rows.push(...res.body.data);
    if (res.body.data.length < 100) return rows;
  }
}
const ids = (rows: Body[]) => rows.map((r) => r.id as number);

describe('GET /api/v1/exceptions', () => {
  it("answers the spec's envelope: ten of the tenant's exceptions, newest first, and the total", async () => {
    const res = await get(delivery, EXCEPTIONS);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination', 'success']);
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body.pagination).sort()).toEqual(['page', 'page_size', 'total']);
    expect(res.body.pagination).toMatchObject({ page: 1, page_size: 10 });
    expect(res.body.data).toHaveLength(10);
    for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(EXCEPTION_KEYS);
    const dates = res.body.data.map((e: Body) => e.creation_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const standing = await t.database.db
      .select({ id: exceptions.id })
      .from(exceptions)
      .where(and(eq(exceptions.tenantId, DEMO.delivery.tenantId), isNull(exceptions.withdrawnDate)));
    expect(res.body.pagination.total).toBe(standing.length);
  });

  it('pages through every exception once, and answers an empty page past the end', async () => {
    const first = await get(delivery, `${EXCEPTIONS}?page=1&page_size=7`);
    const second = await get(delivery, `${EXCEPTIONS}?page=2&page_size=7`);
    const { total } = first.body.pagination;
    expect(total).toBeGreaterThan(14);
    expect(second.body.pagination).toEqual({ total, page: 2, page_size: 7 });
    expect(ids(first.body.data).filter((id) => ids(second.body.data).includes(id))).toEqual([]);
    const all = await everyRow(delivery, EXCEPTIONS);
    expect(new Set(ids(all)).size).toBe(total);
    const beyond = Math.ceil(total / 7) + 1;
    expect((await get(delivery, `${EXCEPTIONS}?page=${beyond}&page_size=7`)).body).toEqual({
      success: true,
      data: [],
      pagination: { total, page: beyond, page_size: 7 },
    });
  });

  it('filters by type and by driver name, alone or together', async () => {
    const all = await everyRow(delivery, EXCEPTIONS);
    const lateArrivals = await everyRow(delivery, `${EXCEPTIONS}?type=arrival_late`);
    expect(lateArrivals.length).toBeGreaterThan(0);
    expect(lateArrivals.every((e) => e.type === 'arrival_late')).toBe(true);
    expect(lateArrivals.length).toBe(all.filter((e) => e.type === 'arrival_late').length);
    const hers = await everyRow(delivery, `${EXCEPTIONS}?driver_name=${encodeURIComponent('ines QUARTER')}`);
    expect(hers.map((e) => e.driver)).toEqual(hers.map(() => run.driver));
    expect(hers.map((e) => e.trip.id).sort()).toEqual(
      all
        .filter((e) => e.driver?.id === run.driver.id)
        .map((e) => e.trip.id)
        .sort(),
    );
    const both = await everyRow(delivery, `${EXCEPTIONS}?driver_name=Quarterhold&type=missed_destination`);
    expect(both.map((e) => [e.type, e.destination.destination_name])).toEqual([
      ['missed_destination', 'Quarter Dock'],
    ]);
    // A name matching nobody, and text that means something to SQL, find nothing.
    for (const name of ['Nobody Atall', '%', "_'; drop"]) {
      expect(
        (await get(delivery, `${EXCEPTIONS}?driver_name=${encodeURIComponent(name)}`)).body.pagination.total,
      ).toBe(0);
    }
  });

  it('shows an exception with its driver, time, message, planned and actual times, trip, stops and tasks', async () => {
    const [late] = await everyRow(delivery, `${EXCEPTIONS}?driver_name=Quarterhold&type=started_late`);
    expect(late).toEqual({
      id: await idOf(run.late.id, 'started_late'),
      type: 'started_late',
      seen: false,
      creation_date: utc(run.late.start + 10 * MINUTE),
      start_date: utc(run.late.start),
      data: expect.stringMatching(/ started 25 min after its planned start \(allowed: 10 min\)\.$/),
      expected_date: utc(run.late.start),
      actual_date: utc(run.late.start + 25 * MINUTE),
      driver: run.driver,
      destination: null,
      trip: {
        id: run.late.id,
        start_date: utc(run.late.start),
        warehouse: { title: 'Quarterhold Depot' },
        destinations: [
          {
            id: run.late.stops[0],
            destination_name: 'Quarter Yard',
            task: [{ id: expect.any(Number), description: 'Deliver the pallets', order_id: 'QH-7001' }],
          },
          {
            id: run.late.stops[1],
            destination_name: 'Quarter Dock',
            task: [{ id: expect.any(Number), description: 'Collect the empties', order_id: null }],
          },
        ],
      },
    });
    const [missed] = await everyRow(
      delivery,
      `${EXCEPTIONS}?driver_name=Quarterhold&type=missed_destination`,
    );
    expect(missed).toMatchObject({
      creation_date: utc(run.late.start + 56 * MINUTE),
      data: 'Quarter Dock was skipped: Gate closed.',
      destination: { id: run.late.stops[1], destination_name: 'Quarter Dock' },
      expected_date: null,
      actual_date: null,
    });
  });

  it('refuses bad input with a 400 naming the field, in the success envelope', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page_size=101', 'page_size'],
      ['page_size=-1', 'page_size'],
      ['type=started_whenever', 'type'],
      [`driver_name=${'x'.repeat(101)}`, 'driver_name'],
    ]) {
      const res = await get(delivery, `${EXCEPTIONS}?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'errors', 'message', 'success']);
      expect(res.body).toMatchObject({ success: false, data: null });
      expect(res.body.errors[0].path, query).toBe(field);
      expect(res.body.message).toEqual(res.body.errors[0].message);
    }
  });

  it('is for tenant admins only, and shows each tenant its own exceptions', async () => {
    expect((await get(null, EXCEPTIONS)).body).toMatchObject({ success: false, data: null });
    expect((await get(null, EXCEPTIONS)).status).toBe(401);
    const driverCall = await send('GET', EXCEPTIONS, { authorization: run.auth });
    expect(driverCall.status).toBe(403);
    const theirs = await everyRow(namat, EXCEPTIONS);
    expect(theirs.length).toBeGreaterThan(0);
    const ours = new Set(ids(await everyRow(delivery, EXCEPTIONS)));
    expect(theirs.filter((e) => ours.has(e.id))).toEqual([]);
  });
});

describe('GET /api/v1/exceptions/{id}', () => {
  it("answers one of the tenant's exceptions; another tenant's, a withdrawn and an unknown one are 404", async () => {
    const id = (await idOf(run.late.id, 'missed_destination'))!;
    const res = await get(delivery, `${EXCEPTIONS}/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'success']);
    expect(res.body.data).toMatchObject({ id, type: 'missed_destination', driver: run.driver });
    for (const [cookie, path] of [
      [namat, `${EXCEPTIONS}/${id}`],
      [delivery, `${EXCEPTIONS}/2147483000`],
    ] as const) {
      const missing = await get(cookie, path);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, data: null });
    }
    const bad = await get(delivery, `${EXCEPTIONS}/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('id');
  });
});

describe('GET /api/v1/exceptions/not_seen and marking exceptions seen', () => {
  it('lists the unread ones, the total being the unread count; one marked seen leaves it', async () => {
    const unread = await get(delivery, NOT_SEEN);
    expect(unread.status).toBe(200);
    expect(Object.keys(unread.body).sort()).toEqual(['data', 'pagination', 'success']);
    expect(unread.body.pagination).toMatchObject({ page: 1, page_size: 10 });
    expect(unread.body.data.every((e: Body) => e.seen === false)).toBe(true);
    const count = unread.body.pagination.total;
    expect(count).toBeGreaterThan(0);

    const id = unread.body.data[0].id;
    const from = published.length;
    const seen = await post(delivery, `${EXCEPTIONS}/${id}/seen`);
    expect(seen).toEqual({ status: 200, body: { success: true, data: { updated: 1 } } });
    expect(published.slice(from).map((e) => [e.type, e.ids, e.tenant_id])).toEqual([
      ['exception.updated', [id], DEMO.delivery.tenantId],
    ]);
    expect((await get(delivery, NOT_SEEN)).body.pagination.total).toBe(count - 1);
    expect((await get(delivery, `${EXCEPTIONS}/${id}`)).body.data.seen).toBe(true);
    // Marking it again changes nothing and announces nothing.
    expect((await post(delivery, `${EXCEPTIONS}/${id}/seen`)).body).toEqual({
      success: true,
      data: { updated: 0 },
    });
    expect(published.length).toBe(from + 1);
  });

  it("refuses another tenant's exception and a withdrawn one as missing, changing nothing", async () => {
    const id = (await idOf(run.late.id, 'arrival_late'))!;
    const refused = await post(namat, `${EXCEPTIONS}/${id}/seen`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ success: false, data: null });
    expect((await get(delivery, `${EXCEPTIONS}/${id}`)).body.data.seen).toBe(false);
    const withdrawn = (await idOf(run.overdue.id, 'started_late'))!;
    expect((await post(delivery, `${EXCEPTIONS}/${withdrawn}/seen`)).status).toBe(404);
    expect((await post(delivery, `${EXCEPTIONS}/0/seen`)).status).toBe(400);
  });

  it("marks all of the tenant's exceptions seen at once, and no other tenant's", async () => {
    const unread = (await get(delivery, NOT_SEEN)).body.pagination.total;
    const theirs = (await get(namat, NOT_SEEN)).body.pagination.total;
    const res = await post(delivery, `${EXCEPTIONS}/seen`);
    expect(res).toEqual({ status: 200, body: { success: true, data: { updated: unread } } });
    expect((await get(delivery, NOT_SEEN)).body).toEqual({
      success: true,
      data: [],
      pagination: { total: 0, page: 1, page_size: 10 },
    });
    expect((await everyRow(delivery, EXCEPTIONS)).every((e) => e.seen)).toBe(true);
    expect((await get(namat, NOT_SEEN)).body.pagination.total).toBe(theirs);
    expect((await post(delivery, `${EXCEPTIONS}/seen`)).body).toEqual({
      success: true,
      data: { updated: 0 },
    });
  });
});
