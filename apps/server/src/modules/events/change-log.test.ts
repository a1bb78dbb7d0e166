import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { changeEvents } from '../../db/schema/index.ts';
import { systemContext } from '../../platform/context.ts';
import { createEventBus, createPositionFeed } from '../../platform/events.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { dataOf, openTestStream, type SseFrame, type TestStream } from '../../test/sse.ts';
import { claimSweep, finishSweep, liveTenantIds } from '../exceptions/queries.ts';
import { startExceptionsEngine } from '../exceptions/service.ts';
import { addTrip } from '../trips/service.ts';

/*
 * A server that dies between a commit and its notification. The change's event was written by the
 * change's own transaction, so nothing that runs after the commit (the live relay, this process's
 * listeners) is needed for it to survive: a console that reconnects to the restarted server is
 * replayed it, and the exceptions engine's sweep judges the trip it names.
 */

let t: TestApp;
let restarted: FastifyInstance | undefined;
const streams: TestStream[] = [];

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const isChange = (type: string, id: number) => (f: SseFrame) =>
  f.event === 'change' && dataOf(f).type === type && dataOf(f).ids.includes(id);

async function stream(app: FastifyInstance, headers: Record<string, string>): Promise<TestStream> {
  const s = await openTestStream(`${urlOf(app)}/api/v1/events`, headers);
  streams.push(s);
  expect(s.status).toBe(200);
  return s;
}

beforeAll(async () => {
  t = await createTestApp({}, { liveTimings: { heartbeatMs: 100, sessionCheckMs: 100 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await restarted?.close();
  await t.close();
});

describe('a change whose notification was missed', () => {
  it('reaches an open stream, in its place, with the next notification heard', async () => {
    const admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const s = await stream(t.app, { cookie: admin });
    await s.next((f) => f.id !== undefined);
    // A change committed whose notification the server never heard (its listening connection
    // dropped at that moment, say): the row is there, nothing announced it.
    const [missed] = await t.database.db
      .insert(changeEvents)
      .values({
        tenantId: DEMO.delivery.tenantId,
        type: 'settings.updated',
        ids: [DEMO.delivery.tenantId],
        actor: { kind: 'system', id: null },
        at: new Date(),
      })
      .returning({ id: changeEvents.id });
    const added = await call(t, admin, 'POST', '/api/type/add', { title: 'Harbour round', time_stop: 5 });
    expect(added.status).toBe(200);
    const next = await s.next(isChange('trip_type.created', added.body.data.id));
    expect(s.frames.filter((f) => f.event === 'change').map((f) => [Number(f.id), dataOf(f).type])).toEqual([
      [missed!.id, 'settings.updated'],
      [Number(next.id), 'trip_type.created'],
    ]);
  });
});

describe('a change committed just before the server dies', () => {
  it('is replayed to a console that reconnects with Last-Event-ID, and judged by the exceptions engine', async () => {
    const tenantId = DEMO.delivery.tenantId;
    const admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const [driver] = (await call(t, admin, 'GET', '/api/driver/get-drivers')).body.data;
    const [warehouse] = (await call(t, admin, 'GET', '/api/warehouse/get-warehouse')).body.data;
    const [type] = (await call(t, admin, 'GET', '/api/type/get-types')).body.data;
    const [destination] = (await call(t, admin, 'GET', '/api/destination/get-destinations')).body.data;

    // A console follows the tenant; the id it would resume from is where the engine's sweeps stand.
    const first = await stream(t.app, { cookie: admin });
    const seen = await first.next((f) => f.id !== undefined);
    const sweptAt = new Date();
    const holder = randomUUID();
    for (const id of await liveTenantIds(t.database.db)) {
      await claimSweep(t.database.db, id, holder, sweptAt, new Date(sweptAt.getTime() + 60_000));
      await finishSweep(t.database.db, id, holder, { changeEventId: Number(seen.id), sweptAt });
    }

    // The server dies: its relay no longer listens and its streams end.
    await t.app.close();
    await first.ended;
    // Its last request had committed a trip planned two days ago, which nobody started; nothing
    // that was to follow the commit ran (no listener of this process heard of it).
    const dying = systemContext(t.database.db, () => {}, 'fleet console', tenantId);
    const trip = await addTrip(dying, {
      driver_id: driver.id,
      warehouse_id: warehouse.id,
      type: type.id,
      start_date: utc(Date.now() - 2 * 86_400_000),
      departure_time_range: 10,
      destinations: [
        {
          destination_id: destination.id,
          destination_name: destination.name,
          driving_time: 30,
          driving_time_range: null,
          staying_time: 10,
          staying_time_range: null,
          tasks: [
            {
              description: 'Deliver 3 parcels',
              priority: 0,
              client_approval: false,
              manager_approval: false,
            },
          ],
        },
      ],
    });

    // The server starts again on the same database; the console reconnects where it left off.
    restarted = await buildApp({
      config: t.config,
      database: t.database,
      liveTimings: { heartbeatMs: 100, sessionCheckMs: 100 },
    });
    await restarted.listen({ port: 0, host: '127.0.0.1' });
    const again = await stream(restarted, { cookie: admin, 'last-event-id': seen.id! });
    const replayed = await again.next(isChange('trip.created', trip.id));
    expect(Number(replayed.id)).toBeGreaterThan(Number(seen.id));
    expect(dataOf(replayed)).toEqual({
      type: 'trip.created',
      ids: [trip.id],
      actor: { kind: 'system', id: null },
      at: expect.any(String),
    });
    expect(again.frames.filter((f) => f.event === 'resync')).toEqual([]);

    // The restarted server's exceptions engine sweeps: the trip's event tells it to judge the trip
    // (too old for the look-back at trips overdue), and it raises "started late".
    const engine = startExceptionsEngine({
      database: t.database,
      events: createEventBus(),
      positions: createPositionFeed(),
      log: restarted.log,
      sweepEveryMs: null,
    });
    try {
      await engine.sweep();
    } finally {
      await engine.stop();
    }
    const listed = await restarted.inject({
      method: 'GET',
      url: '/api/v1/exceptions?type=started_late&page_size=100',
      headers: { cookie: admin },
    });
    expect(listed.statusCode).toBe(200);
    const raised = (listed.json().data as { type: string; trip: { id: number } }[]).filter(
      (e) => e.trip.id === trip.id,
    );
    expect(raised.map((e) => e.type)).toEqual(['started_late']);
    // And the console, still connected, is told of the exception as it is raised.
    await again.find((f) => f.event === 'change' && dataOf(f).type === 'exception.created');
  });
});
