import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../../db/schema/index.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { dataOf, openTestStream, type SseFrame, type TestStream } from '../../test/sse.ts';

/*
 * Two real server processes on one PostgreSQL database: this test's app, and `main.ts` started as a
 * child process the way `npm start` runs it. A change or a position made through one reaches an event
 * stream opened on the other, through LISTEN/NOTIFY.
 */

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../main.ts');

let t: TestApp;
let child: ChildProcess;
let childUrl: string;
let ownUrl: string;
let childExit: Promise<number | null>;
const streams: TestStream[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function startChild(databaseUrl: string): Promise<void> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-second-'));
  child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  childExit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Fleet Console is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void childExit.then((code) => reject(new Error(`the second server exited (${code}):\n${output}`)));
  });
  childUrl = `http://127.0.0.1:${port}`;
}

async function loginOn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('fleet_session='))!;
}

async function archiveOn(url: string, cookie: string, id: number): Promise<void> {
  const res = await fetch(`${url}/api/trip/archive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ id }),
  });
  expect(res.status).toBe(200);
}

async function streamOn(url: string, cookie: string): Promise<TestStream> {
  const s = await openTestStream(`${url}/api/v1/events`, { cookie });
  streams.push(s);
  expect(s.status).toBe(200);
  await s.next((f) => f.id !== undefined);
  return s;
}

const liveTrips = async (tenantId: number) =>
  t.database.db
    .select({ id: trips.id, driverId: trips.driverId })
    .from(trips)
    .where(and(eq(trips.tenantId, tenantId), eq(trips.archived, false)))
    .orderBy(asc(trips.id))
    .limit(3);

const archived = (id: number) => (f: SseFrame) =>
  f.event === 'change' && dataOf(f).type === 'trip.archived' && dataOf(f).ids.includes(id);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the event stream across server processes (PostgreSQL)',
  () => {
    beforeAll(async () => {
      t = await createTestApp();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      ownUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      await startChild(t.databaseUrl!);
    }, 60_000);
    afterAll(async () => {
      for (const s of streams) s.close();
      if (child && child.exitCode === null) child.kill('SIGKILL');
      await t?.close();
    });

    it('an event reaches a second server process through PostgreSQL', async () => {
      const onChild = await streamOn(
        childUrl,
        await loginOn(childUrl, DEMO.delivery.email, DEMO.delivery.password),
      );
      const [trip] = await liveTrips(DEMO.delivery.tenantId);
      const admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trip/archive',
        headers: { cookie: admin },
        payload: { id: trip!.id },
      });
      expect(res.statusCode).toBe(200);
      const frame = await onChild.find(archived(trip!.id));
      expect(Number(frame.id)).toBeGreaterThan(0);
    });

    it('a change made through the second process reaches a stream opened on the first', async () => {
      const onOwn = await streamOn(ownUrl, await t.login(DEMO.delivery.email, DEMO.delivery.password));
      const [, trip] = await liveTrips(DEMO.delivery.tenantId);
      await archiveOn(
        childUrl,
        await loginOn(childUrl, DEMO.delivery.email, DEMO.delivery.password),
        trip!.id,
      );
      await onOwn.find(archived(trip!.id));
    });

    it("a driver's position committed in one process reaches the other's stream", async () => {
      const onChild = await streamOn(
        childUrl,
        await loginOn(childUrl, DEMO.delivery.email, DEMO.delivery.password),
      );
      const [trip] = await liveTrips(DEMO.delivery.tenantId);
      t.positions.publish([
        {
          tenantId: DEMO.delivery.tenantId,
          driverId: trip!.driverId!,
          tripId: null,
          lat: 25.21,
          lon: 55.31,
          recordedAt: new Date().toISOString(),
          speed: 12,
          course: 180,
          source: 'test',
        },
      ]);
      const frame = await onChild.find((f) => f.event === 'positions');
      expect(dataOf(frame)).toEqual([
        expect.objectContaining({ driver_id: trip!.driverId, lat: 25.21, lon: 55.31 }),
      ]);
    });

    it('signing out through one process ends the stream on the other at once', async () => {
      const cookie = await loginOn(childUrl, DEMO.delivery.email, DEMO.delivery.password);
      const onChild = await streamOn(childUrl, cookie);
      const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
      expect(out.statusCode).toBe(200);
      // The second process checks its streams' sessions once a minute: within this test's 20 s,
      // only the announcement of the ended session can end the stream.
      await onChild.ended;
    }, 20_000);

    it('the second process ends its streams and exits cleanly on SIGTERM', async () => {
      const onChild = await streamOn(
        childUrl,
        await loginOn(childUrl, DEMO.delivery.email, DEMO.delivery.password),
      );
      child.kill('SIGTERM');
      await onChild.ended;
      expect(await childExit).toBe(0);
    });
  },
);
