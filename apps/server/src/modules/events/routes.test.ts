import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, drivers, trips } from '../../db/schema/index.ts';
import type { TPositionUpdate } from '../../platform/events.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { dataOf, openTestStream, type SseFrame, type TestStream } from '../../test/sse.ts';
import { deleteOldChangeEvents } from './service.ts';

let t: TestApp;
let base: string;
let delivery: string;
let namat: string;
const open: TestStream[] = [];

const stream = async (headers: Record<string, string>) => {
  const s = await openTestStream(`${base}/api/v1/events`, headers);
  open.push(s);
  return s;
};

/** Live trips of a tenant, one per driver, oldest first. */
async function tripsOf(tenantId: number): Promise<{ id: number; driverId: number }[]> {
  const rows = await t.database.db
    .select({ id: trips.id, driverId: trips.driverId })
    .from(trips)
    .where(and(eq(trips.tenantId, tenantId), eq(trips.archived, false)))
    .orderBy(asc(trips.id));
  const seen = new Set<number>();
  return rows.flatMap((r) =>
    r.driverId === null || seen.has(r.driverId)
      ? []
      : (seen.add(r.driverId), [{ id: r.id, driverId: r.driverId }]),
  );
}

const archiveTrip = async (cookie: string, id: number) => {
  const res = await call(t, cookie, 'POST', '/api/trip/archive', { id });
  expect(res.status, res.body.responseMessage).toBe(200);
};

const position = (
  tenantId: number,
  driverId: number,
  lat = 25.2,
  recordedAt = new Date(),
): TPositionUpdate => ({
  tenantId,
  driverId,
  tripId: null,
  lat,
  lon: 55.3,
  recordedAt: recordedAt.toISOString(),
  speed: 40,
  course: 90,
  source: 'test',
});

const isChange = (type: string, id?: number) => (f: SseFrame) =>
  f.event === 'change' && dataOf(f).type === type && (id === undefined || dataOf(f).ids.includes(id));
const changesIn = (frames: SseFrame[]) => frames.filter((f) => f.event === 'change');

beforeAll(async () => {
  t = await createTestApp({}, { liveTimings: { heartbeatMs: 100, sessionCheckMs: 100 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

describe('GET /api/v1/events', () => {
  it('answers 406 to a caller that does not ask for an event stream', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/events', headers: { cookie: delivery } });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({
      responseCode: 0,
      responseMessage: expect.stringMatching(/event-stream/),
    });
  });

  it('answers 401 without a session', async () => {
    const res = await fetch(`${base}/api/v1/events`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(401);
  });

  it('streams a trip added by another request to the tenant admin, with the id to resume from', async () => {
    const s = await stream({ cookie: delivery });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toMatch(/no-cache/);
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect((await s.next()).retry).toBeGreaterThan(0);
    // An id alone: where a client that has seen nothing yet resumes from.
    expect((await s.next((f) => f.id !== undefined)).event).toBeUndefined();

    const [first] = await tripsOf(DEMO.delivery.tenantId);
    const destination = (await call(t, delivery, 'GET', '/api/destination/get-destinations')).body.data[0];
    const res = await call(t, delivery, 'POST', '/api/trip/add-trip', {
      driver_id: first!.driverId,
      warehouse_id: (await call(t, delivery, 'GET', '/api/warehouse/get-warehouse')).body.data[0].id,
      type: (await call(t, delivery, 'GET', '/api/type/get-types')).body.data[0].id,
      start_date: '2030-05-10 06:00:00',
      destinations: [
        {
          destination_id: destination.id,
          destination_name: destination.name,
          driving_time: 30,
          staying_time: 10,
          tasks: [{ description: 'Deliver 3 parcels', priority: 0 }],
        },
      ],
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    const frame = await s.next(isChange('trip.created'));
    const [stored] = await t.database.db
      .select()
      .from(changeEvents)
      .where(eq(changeEvents.id, Number(frame.id)));
    expect(stored).toMatchObject({ tenantId: DEMO.delivery.tenantId, type: 'trip.created' });
    expect(dataOf(frame)).toEqual({
      type: 'trip.created',
      ids: stored!.ids,
      actor: { kind: 'tenant_admin', id: expect.any(Number) },
      at: stored!.at.toISOString(),
    });
    expect(dataOf(frame)).not.toHaveProperty('tenant_id');
  });

  it("never tells a tenant admin of another tenant's changes or positions", async () => {
    const s = await stream({ cookie: namat });
    await s.next((f) => f.id !== undefined);
    const [ofDelivery] = await tripsOf(DEMO.delivery.tenantId);
    const [ofNamat] = await tripsOf(DEMO.namat.tenantId);
    await archiveTrip(delivery, ofDelivery!.id);
    t.positions.publish([position(DEMO.delivery.tenantId, ofDelivery!.driverId)]);
    await archiveTrip(namat, ofNamat!.id);
    t.positions.publish([
      position(DEMO.delivery.tenantId, ofDelivery!.driverId + 1000),
      position(DEMO.namat.tenantId, ofNamat!.driverId),
    ]);

    await s.find(isChange('trip.archived', ofNamat!.id));
    const positions = await s.find((f) => f.event === 'positions');
    expect(dataOf(positions)).toEqual([
      expect.objectContaining({ driver_id: ofNamat!.driverId, lat: 25.2, lon: 55.3, speed: 40, course: 90 }),
    ]);
    expect(changesIn(s.frames).map((f) => dataOf(f).ids)).toEqual([[ofNamat!.id]]);
    expect(s.frames.filter((f) => f.event === 'positions')).toHaveLength(1);
  });

  it('tells a driver only of their own trips and positions', async () => {
    const [, mine, theirs] = await tripsOf(DEMO.delivery.tenantId);
    const s = await stream({ authorization: await t.driverToken(mine!.driverId) });
    expect(s.status).toBe(200);
    await s.next((f) => f.id !== undefined);
    await archiveTrip(delivery, theirs!.id);
    t.positions.publish([
      position(DEMO.delivery.tenantId, theirs!.driverId),
      position(DEMO.delivery.tenantId, mine!.driverId),
    ]);
    await archiveTrip(delivery, mine!.id);
    await s.find(isChange('trip.archived', mine!.id));
    expect(changesIn(s.frames).map((f) => dataOf(f))).toEqual([
      expect.objectContaining({ type: 'trip.archived', ids: [mine!.id] }),
    ]);
    const positions = await s.find((f) => f.event === 'positions');
    expect(dataOf(positions).map((p: { driver_id: number }) => p.driver_id)).toEqual([mine!.driverId]);
  });

  it('replays exactly what a client missed after its Last-Event-ID, then goes on live without a repeat', async () => {
    const [a, b, c, d] = (await tripsOf(DEMO.delivery.tenantId)).slice(3);
    const [ofNamat] = (await tripsOf(DEMO.namat.tenantId)).slice(1);
    const first = await stream({ cookie: delivery });
    await first.next((f) => f.id !== undefined);
    await archiveTrip(delivery, a!.id);
    const seen = await first.next(isChange('trip.archived', a!.id));
    first.close();

    await archiveTrip(delivery, b!.id);
    await archiveTrip(namat, ofNamat!.id);
    await archiveTrip(delivery, c!.id);
    const again = await stream({ cookie: delivery, 'last-event-id': seen.id! });
    await again.next(isChange('trip.archived', c!.id));
    await archiveTrip(delivery, d!.id);
    await again.next(isChange('trip.archived', d!.id));

    const archived = changesIn(again.frames)
      .filter((f) => dataOf(f).type === 'trip.archived')
      .map((f) => dataOf(f).ids[0]);
    expect(archived).toEqual([b!.id, c!.id, d!.id]);
    const ids = changesIn(again.frames).map((f) => Number(f.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id > Number(seen.id))).toBe(true);
  });

  it('resumes a client that had seen no change yet from the id the stream started at', async () => {
    const [, , , , , e] = await tripsOf(DEMO.delivery.tenantId);
    const first = await stream({ cookie: delivery });
    const start = await first.next((f) => f.id !== undefined);
    first.close();
    await archiveTrip(delivery, e!.id);
    const again = await stream({ cookie: delivery, 'last-event-id': start.id! });
    await again.next(isChange('trip.archived', e!.id));
  });

  it('asks the client to refetch when what it missed is no longer kept', async () => {
    const s = await stream({ cookie: delivery });
    const start = await s.next((f) => f.id !== undefined);
    s.close();
    const [, , , , , , g] = await tripsOf(DEMO.delivery.tenantId);
    await archiveTrip(delivery, g!.id);
    // Retention passes: everything older than a day from a week ahead is gone.
    await deleteOldChangeEvents(t.database.db, 1, new Date(Date.now() + 7 * 86_400_000));
    const again = await stream({
      cookie: delivery,
      'last-event-id': String(Math.max(0, Number(start.id) - 1)),
    });
    await again.next((f) => f.event === 'resync');
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const s = await stream({ cookie: namat });
    expect((await s.next((f) => f.comment !== undefined)).comment).toBe('keep-alive');
  });

  it('ends the stream when its session ends', async () => {
    const cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const s = await stream({ cookie });
    await s.next((f) => f.id !== undefined);
    expect((await call(t, cookie, 'POST', '/api/admin/logout')).status).toBe(200);
    await s.ended;
  });

  it("relays the fixes of one driver's moment as one position, the newest", async () => {
    const [, , , , , , , h] = await tripsOf(DEMO.delivery.tenantId);
    const s = await stream({ cookie: delivery });
    await s.next((f) => f.id !== undefined);
    const now = Date.now();
    t.positions.publish([position(DEMO.delivery.tenantId, h!.driverId, 25.1, new Date(now - 2000))]);
    t.positions.publish([position(DEMO.delivery.tenantId, h!.driverId, 25.3, new Date(now))]);
    t.positions.publish([position(DEMO.delivery.tenantId, h!.driverId, 25.2, new Date(now - 1000))]);
    const frame = await s.next((f) => f.event === 'positions');
    expect(dataOf(frame)).toEqual([
      {
        driver_id: h!.driverId,
        trip_id: null,
        lat: 25.3,
        lon: 55.3,
        recorded_at: new Date(now).toISOString(),
        speed: 40,
        course: 90,
      },
    ]);
  });
});

describe('streams a person may hold, and sessions that end', () => {
  // A tenant cap of 5 (a reserve of 1 for admins), and a session check too rare to end anything here:
  // a stream that ends does so because its session's end was announced.
  let c: TestApp;
  let cBase: string;
  const mine: TestStream[] = [];
  const open = async (headers: Record<string, string>) => {
    const s = await openTestStream(`${cBase}/api/v1/events`, headers);
    mine.push(s);
    return s;
  };
  const started = (s: TestStream) => s.next((f) => f.id !== undefined);
  const cCall = (cookie: string, method: 'POST', url: string, payload: object) =>
    call(c, cookie, method, url, payload);
  let admin: string;
  let driverIds: number[];
  beforeAll(async () => {
    c = await createTestApp(
      { EVENT_STREAMS_PER_TENANT: '5' },
      { liveTimings: { heartbeatMs: 60_000, sessionCheckMs: 3_600_000 } },
    );
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    cBase = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
    admin = await c.login(DEMO.namat.email, DEMO.namat.password);
    driverIds = (await tripsOf(DEMO.namat.tenantId)).map((x) => x.driverId);
  });
  afterAll(async () => {
    for (const s of mine) s.close();
    await c.close();
  });
  const closeAll = async () => {
    for (const s of mine.splice(0)) {
      s.close();
      await s.ended;
    }
  };

  it('keeps a fifth of the tenant cap for admins: drivers are refused first, admins still get in', async () => {
    for (const id of driverIds.slice(0, 4))
      expect((await open({ authorization: await c.driverToken(id) })).status).toBe(200);
    const refused = await open({ authorization: await c.driverToken(driverIds[4]!) });
    expect(refused.status).toBe(429);
    const admitted = await open({ cookie: admin });
    expect(admitted.status).toBe(200);
    await started(admitted);
    // The cap itself holds for admins too.
    expect((await open({ cookie: await c.login(DEMO.namat.email, DEMO.namat.password) })).status).toBe(429);
    await closeAll();
  });

  it('lets one driver signing in again and again hold 10 sessions at most: the oldest end', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) tokens.push(await c.driverToken(driverIds[0]!));
    const me = (auth: string) =>
      c.app.inject({ method: 'GET', url: '/api/v1/driver/me', headers: { authorization: auth } });
    // The two oldest sessions made room for the newest ten.
    expect((await me(tokens[0]!)).statusCode).toBe(401);
    expect((await me(tokens[1]!)).statusCode).toBe(401);
    expect((await me(tokens[2]!)).statusCode).toBe(200);
  });

  it('ends the oldest stream of a person past 16, across their sessions, and nobody else’s', async () => {
    await closeAll();
    const big = await createTestApp({}, { liveTimings: { heartbeatMs: 60_000, sessionCheckMs: 3_600_000 } });
    try {
      await big.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(big.app.server.address() as AddressInfo).port}/api/v1/events`;
      const streams: TestStream[] = [];
      const other = await openTestStream(url, { authorization: await big.driverToken(driverIds[1]!) });
      await started(other);
      // Three sessions of one driver, 6 streams each: 18 asked for, the oldest two make room.
      for (let session = 0; session < 3; session++) {
        const auth = await big.driverToken(driverIds[0]!);
        for (let i = 0; i < 6; i++) {
          const s = await openTestStream(url, { authorization: auth });
          expect(s.status).toBe(200);
          await started(s);
          streams.push(s);
        }
      }
      await streams[0]!.ended;
      await streams[1]!.ended;
      // The newest 16 and the other driver's stream are all still open: each hears its own driver's position.
      big.positions.publish([
        position(DEMO.namat.tenantId, driverIds[0]!),
        position(DEMO.namat.tenantId, driverIds[1]!),
      ]);
      for (const s of [...streams.slice(2), other]) await s.find((f) => f.event === 'positions');
      other.close();
      for (const s of streams) s.close();
    } finally {
      await big.close();
    }
  });

  it('ends the stream of a console signing out at once, not at the next check', async () => {
    const cookie = await c.login(DEMO.namat.email, DEMO.namat.password);
    const s = await open({ cookie });
    await started(s);
    const kept = await open({ cookie: admin });
    await started(kept);
    expect((await call(c, cookie, 'POST', '/api/admin/logout')).status).toBe(200);
    await s.ended;
    await closeAll();
  });

  it("ends a driver's streams at once when an admin sets a new password or archives the driver", async () => {
    const [first, second] = driverIds.slice(2, 4);
    const s = await open({ authorization: await c.driverToken(first!) });
    await started(s);
    const res = await cCall(admin, 'POST', '/api/driver/save-web', {
      ...(await driverValues(first!)),
      id: first,
      password: 'fresh-lantern-harbour-9',
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    await s.ended;
    const t2 = await open({ authorization: await c.driverToken(second!) });
    await started(t2);
    expect((await cCall(admin, 'POST', '/api/driver/archive', { id: second })).status).toBe(200);
    await t2.ended;
  });

  it("ends an admin's streams at once when another admin archives them or sets their password", async () => {
    const add = await cCall(admin, 'POST', '/api/admin/add-admin', {
      email: 'second.dispatcher@namat.example',
      fname: 'Second',
      lname: 'Dispatcher',
      password: 'fresh-lantern-harbour-9',
    });
    expect(add.status, add.body.responseMessage).toBe(200);
    const cookie = await c.login('second.dispatcher@namat.example', 'fresh-lantern-harbour-9');
    const s = await open({ cookie });
    await started(s);
    const saved = await cCall(admin, 'POST', '/api/admin/save', {
      id: add.body.data.id,
      email: 'second.dispatcher@namat.example',
      fname: 'Second',
      lname: 'Dispatcher',
      password: 'another-lantern-harbour-9',
    });
    expect(saved.status, saved.body.responseMessage).toBe(200);
    await s.ended;
    const again = await c.login('second.dispatcher@namat.example', 'another-lantern-harbour-9');
    const s2 = await open({ cookie: again });
    await started(s2);
    expect((await cCall(admin, 'POST', '/api/admin/archive', { id: add.body.data.id })).status).toBe(200);
    await s2.ended;
  });

  /** A driver's values as the console's save sends them. */
  async function driverValues(id: number) {
    const [d] = await c.database.db.select().from(drivers).where(eq(drivers.id, id));
    return {
      fname: d!.fname,
      lname: d!.lname,
      email: d!.email,
      bus_id: d!.busId,
      hourly_rate: Number(d!.hourlyRate),
      language: d!.language,
    };
  }
});

describe('change event retention', () => {
  it('deletes change events older than the retention and keeps the rest', async () => {
    const old = new Date(Date.now() - 10 * 86_400_000);
    await t.database.db.insert(changeEvents).values([
      { tenantId: 1, type: 'trip.updated', ids: [1], actor: { kind: 'system', id: null }, at: old },
      { tenantId: 1, type: 'trip.updated', ids: [2], actor: { kind: 'system', id: null }, at: new Date() },
    ]);
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(changeEvents))[0]!.n;
    const before = await count();
    expect(await deleteOldChangeEvents(t.database.db, 3)).toBe(1);
    expect(await count()).toBe(before - 1);
  });
});

describe('server shutdown', () => {
  it('ends open streams, and the server closes without waiting for them', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.app.server.address() as AddressInfo).port;
    const cookie = await other.login(DEMO.delivery.email, DEMO.delivery.password);
    const s = await openTestStream(`http://127.0.0.1:${port}/api/v1/events`, { cookie });
    await s.next((f) => f.id !== undefined);
    await other.close();
    await s.ended;
  });
});
