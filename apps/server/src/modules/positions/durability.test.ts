import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toUtcString } from '@fleet/contract';
import { DEMO } from '../../test/app.ts';
import { freshPostgresDatabase, startServerProcess, type ServerProcess } from '../../test/server-process.ts';

/*
 * Acknowledged means stored: the real server, started as a child process, takes positions through
 * OsmAnd and the driver app's batches from concurrent clients; it is killed with SIGKILL in the middle
 * of the stream, started again on the same data, and every position it had answered 200 must be there.
 * On the embedded database (a data folder) and on PostgreSQL.
 */

const ACKED_BEFORE_KILL = 400;
const BATCH = 10;

interface Setup {
  cookie: string;
  trackerDriver: number;
  deviceId: string;
  appDriver: number;
  token: string;
}

async function json(url: string, init: RequestInit & { cookie?: string; token?: string } = {}) {
  const res = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- each call's own answer
}

async function adminCookie(server: ServerProcess): Promise<string> {
  const res = await json(`${server.url}/api/admin/login`, {
    method: 'POST',
    body: JSON.stringify({ email: DEMO.delivery.email, password: DEMO.delivery.password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function setUp(server: ServerProcess): Promise<Setup> {
  const cookie = await adminCookie(server);
  const unique = Math.random().toString(36).slice(2, 8);
  const add = async (fname: string, device_id: string | null) => {
    const res = await json(`${server.url}/api/driver/add-driver`, {
      method: 'POST',
      cookie,
      body: JSON.stringify({
        fname,
        lname: 'Durability',
        email: `${fname.toLowerCase()}.${unique}@durability.example`,
        password: 'durable-pass-42',
        bus_id: null,
        hourly_rate: 0,
        language: null,
        device_id,
      }),
    });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  };
  const deviceId = `durability-${unique}`;
  const trackerDriver = await add('Tracker', deviceId);
  const appDriver = await add('App', null);
  const login = await json(`${server.url}/api/v1/driver/login`, {
    method: 'POST',
    body: JSON.stringify({ email: `app.${unique}@durability.example`, password: 'durable-pass-42' }),
  });
  expect(login.status).toBe(200);
  return { cookie, trackerDriver, deviceId, appDriver, token: login.body.data.token };
}

/**
 * Clients sending positions until the server dies: four OsmAnd trackers' worth of single reports and
 * two apps' worth of batches, each fix one second after the last of its driver. Answers the fix times
 * (UTC `YYYY-MM-DD HH:mm:ss`) the server acknowledged, per driver.
 */
async function sendUntilKilled(server: ServerProcess, setup: Setup) {
  const base = Math.floor(Date.now() / 1000) - 3000;
  const acked = { tracker: new Set<string>(), app: new Set<string>() };
  let nextTracker = 0;
  let nextApp = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };
  const total = () => acked.tracker.size + acked.app.size;
  const stamp = (s: number) => toUtcString(new Date(s * 1000));

  const tracker = async () => {
    while (!killed) {
      const s = base + nextTracker++;
      try {
        const res = await fetch(
          `${server.url}/api/osmand?id=${setup.deviceId}&lat=25.2&lon=55.3&speed=20&timestamp=${s}`,
        );
        if (res.status === 200) acked.tracker.add(stamp(s));
        await res.arrayBuffer();
      } catch {
        return; // the connection died with the server: not acknowledged
      }
      if (total() >= ACKED_BEFORE_KILL) kill();
    }
  };
  const app = async () => {
    while (!killed) {
      const seconds = Array.from({ length: BATCH }, () => base + nextApp++);
      try {
        const res = await fetch(`${server.url}/api/v1/driver/positions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.token}` },
          body: JSON.stringify({
            positions: seconds.map((s) => ({
              lat: 25.1,
              lon: 55.1,
              recorded_at: new Date(s * 1000).toISOString(),
            })),
          }),
        });
        if (res.status === 200) for (const s of seconds) acked.app.add(stamp(s));
        await res.arrayBuffer();
      } catch {
        return;
      }
      if (total() >= ACKED_BEFORE_KILL) kill();
    }
  };
  await Promise.all([tracker(), tracker(), tracker(), tracker(), app(), app()]);
  await server.exited;
  return acked;
}

/** The fix times the restarted server has for a driver, over the days `stamps` fall on. */
async function storedTimes(server: ServerProcess, cookie: string, driverId: number, stamps: Set<string>) {
  const days = new Set([...stamps].map((s) => s.slice(0, 10)));
  const stored = new Set<string>();
  for (const date of days) {
    const res = await json(`${server.url}/api/driver/get-driver-locations-for-today`, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ id: driverId, date }),
    });
    expect(res.status).toBe(200);
    for (const l of res.body.data.locations as { date_and_time: string }[]) stored.add(l.date_and_time);
  }
  return stored;
}

async function killDuringIngestAndCheck(env: Record<string, string>) {
  const first = await startServerProcess({ ...env, SEED_DEMO: 'true' });
  const setup = await setUp(first);
  const acked = await sendUntilKilled(first, setup);
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(acked.tracker.size).toBeGreaterThan(0);
  expect(acked.app.size).toBeGreaterThan(0);

  const second = await startServerProcess(env);
  try {
    const cookie = await adminCookie(second);
    const tracker = await storedTimes(second, cookie, setup.trackerDriver, acked.tracker);
    const app = await storedTimes(second, cookie, setup.appDriver, acked.app);
    expect(
      [...acked.tracker].filter((s) => !tracker.has(s)),
      'acknowledged OsmAnd positions lost',
    ).toEqual([]);
    expect(
      [...acked.app].filter((s) => !app.has(s)),
      'acknowledged batch positions lost',
    ).toEqual([]);
  } finally {
    await second.stop();
  }
}

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a server killed with SIGKILL during ingest', () => {
  it('loses no acknowledged position on the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-durability-'));
    dataDirs.push(dataDir);
    await killDuringIngestAndCheck({ DATA_DIR: dataDir });
  }, 180_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'loses no acknowledged position on PostgreSQL',
    async () => {
      const database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-durability-'));
      dataDirs.push(dataDir);
      try {
        await killDuringIngestAndCheck({ DATABASE_URL: database.url, DATA_DIR: dataDir });
      } finally {
        await database.drop();
      }
    },
    180_000,
  );
});
