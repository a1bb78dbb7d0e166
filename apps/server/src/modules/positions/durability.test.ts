import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { toUtcString } from '@fleet/contract';
import { DEMO } from '../../test/app.ts';
import { databaseUrlOf } from '../../test/demo-snapshot.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';

/*
 * Acknowledged means stored, exactly once: the real server, started as a child process, takes
 * positions from concurrent clients (OsmAnd trackers sending one fix a request, driver apps sending
 * batches) and is killed with SIGKILL in the middle of the stream, with requests in flight. Started
 * again on the same data, it must hold every fix it had answered 2xx; then the clients send again
 * what got no answer (as Traccar Client and the driver app do), and every fix sent is stored once,
 * whether its first try had been committed before the kill or not. The intake answers from a
 * group commit, so a fix answered before its group committed would be missing after the kill. On
 * the embedded database (a data folder) and on PostgreSQL.
 */

/** The server is killed once this many fixes have been acknowledged. */
const ACKED_BEFORE_KILL = 300;
const BATCH = 10;
const TRACKERS = 4;
const APPS = 2;

type TAnswered = 'acked' | 'unanswered';
/** Fix times (UTC `YYYY-MM-DD HH:mm:ss`) sent by one kind of client, and what came back for each. */
type TSent = Map<string, TAnswered>;

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
  const trackerDriver = await add('Tracker', null);
  // The server makes the Tracker ID, and shows it this once.
  const tracker = await json(`${server.url}/api/v1/trackers/setup`, {
    method: 'POST',
    cookie,
    body: JSON.stringify({ driver_id: trackerDriver }),
  });
  expect(tracker.status).toBe(200);
  const deviceId = tracker.body.data.tracker_id as string;
  const appDriver = await add('App', null);
  const login = await json(`${server.url}/api/v1/driver/login`, {
    method: 'POST',
    body: JSON.stringify({ email: `app.${unique}@durability.example`, password: 'durable-pass-42' }),
  });
  expect(login.status).toBe(200);
  return { cookie, trackerDriver, deviceId, appDriver, token: login.body.data.token };
}

const stamp = (s: number) => toUtcString(new Date(s * 1000));
const secondOf = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`) / 1000;

/** One OsmAnd report; true when the server acknowledged it (2xx). Throws when no answer came. */
async function sendOsmAnd(server: ServerProcess, setup: Setup, s: number): Promise<boolean> {
  const res = await fetch(
    `${server.url}/api/osmand?id=${setup.deviceId}&lat=25.2&lon=55.3&speed=20&timestamp=${s}`,
  );
  await res.arrayBuffer();
  return res.ok;
}

/** One batch of the driver app; true when the server acknowledged it (2xx). Throws when no answer came. */
async function sendBatch(server: ServerProcess, setup: Setup, seconds: number[]): Promise<boolean> {
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
  await res.arrayBuffer();
  return res.ok;
}

/**
 * Clients sending positions until the server dies: trackers' single reports and apps' batches, each
 * fix one second after the last of its driver. Answers every fix sent and whether it was acknowledged.
 */
async function sendUntilKilled(server: ServerProcess, setup: Setup) {
  const base = Math.floor(Date.now() / 1000) - 3000;
  const sent = { tracker: new Map() as TSent, app: new Map() as TSent };
  let nextTracker = 0;
  let nextApp = 0;
  let acked = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };

  const tracker = async () => {
    while (!killed) {
      const s = base + nextTracker++;
      sent.tracker.set(stamp(s), 'unanswered');
      try {
        if (await sendOsmAnd(server, setup, s)) {
          sent.tracker.set(stamp(s), 'acked');
          acked++;
        }
      } catch {
        return; // the connection died with the server: not acknowledged
      }
      if (acked >= ACKED_BEFORE_KILL) kill();
    }
  };
  const app = async () => {
    while (!killed) {
      const seconds = Array.from({ length: BATCH }, () => base + nextApp++);
      for (const s of seconds) sent.app.set(stamp(s), 'unanswered');
      try {
        if (await sendBatch(server, setup, seconds)) {
          for (const s of seconds) sent.app.set(stamp(s), 'acked');
          acked += BATCH;
        }
      } catch {
        return;
      }
      if (acked >= ACKED_BEFORE_KILL) kill();
    }
  };
  await Promise.all([...Array.from({ length: TRACKERS }, tracker), ...Array.from({ length: APPS }, app)]);
  await server.exited;
  return sent;
}

/** The fix times the server holds for a driver over the days `sent` falls on, one entry per row stored. */
async function storedTimes(server: ServerProcess, cookie: string, driverId: number, sent: TSent) {
  const days = new Set([...sent.keys()].map((s) => s.slice(0, 10)));
  const stored: string[] = [];
  for (const date of days) {
    const res = await json(`${server.url}/api/driver/get-driver-locations-for-today`, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ id: driverId, date }),
    });
    expect(res.status).toBe(200);
    for (const l of res.body.data.locations as { date_and_time: string }[]) stored.push(l.date_and_time);
  }
  return stored.sort();
}

const withAnswer = (sent: TSent, answer: TAnswered) =>
  [...sent].filter(([, a]) => a === answer).map(([time]) => time);

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  // Whatever happened, no server outlives its test and no data folder or database stays behind.
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  running.push(server);
  return server;
}

/**
 * A copy of the run's seeded demo for the server processes, so they start without migrating or
 * seeding: a data folder loaded from the embedded database's tarball, or a database created from the
 * PostgreSQL template. Answers the environment that points a server at it.
 */
async function demoCopy(): Promise<Record<string, string>> {
  const snapshot = inject('demoSnapshot');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-durability-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (snapshot.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const loadDataDir = new Blob([fs.readFileSync(snapshot.file)]);
    const copy = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir });
    await copy.close();
    return { DATA_DIR: dataDir };
  }
  const { default: postgres } = await import('postgres');
  const name = `fleet_kill_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(snapshot.serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${snapshot.template}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrlOf(snapshot.serverUrl, name) };
}

async function killDuringIngestAndCheck(env: Record<string, string>) {
  const first = await start(env);
  const setup = await setUp(first);
  const sent = await sendUntilKilled(first, setup);
  expect(first.child.signalCode).toBe('SIGKILL');
  for (const kind of ['tracker', 'app'] as const) {
    expect(withAnswer(sent[kind], 'acked').length, `${kind} fixes acknowledged`).toBeGreaterThan(0);
  }

  const second = await start(env);
  const cookie = await adminCookie(second);
  const driverOf = { tracker: setup.trackerDriver, app: setup.appDriver };
  for (const kind of ['tracker', 'app'] as const) {
    const stored = await storedTimes(second, cookie, driverOf[kind], sent[kind]);
    const held = new Set(stored);
    expect(
      withAnswer(sent[kind], 'acked').filter((time) => !held.has(time)),
      `acknowledged ${kind} fixes lost`,
    ).toEqual([]);
    expect(
      stored.filter((time) => !sent[kind].has(time)),
      `${kind} fixes never sent`,
    ).toEqual([]);
    expect(stored.length, `${kind} fixes stored twice`).toBe(held.size);
  }

  // The clients send again what got no answer (some of it may have committed before the kill), and
  // a few acknowledged fixes whose answer they did not read in time.
  const resend = {
    tracker: [...withAnswer(sent.tracker, 'unanswered'), ...withAnswer(sent.tracker, 'acked').slice(0, 3)],
    app: [...withAnswer(sent.app, 'unanswered'), ...withAnswer(sent.app, 'acked').slice(0, BATCH)],
  };
  for (const time of resend.tracker) {
    expect(await sendOsmAnd(second, setup, secondOf(time)), `OsmAnd ${time} sent again`).toBe(true);
  }
  for (let i = 0; i < resend.app.length; i += BATCH) {
    const seconds = resend.app.slice(i, i + BATCH).map(secondOf);
    expect(await sendBatch(second, setup, seconds), 'a batch sent again').toBe(true);
  }
  for (const kind of ['tracker', 'app'] as const) {
    const stored = await storedTimes(second, cookie, driverOf[kind], sent[kind]);
    expect(stored, `${kind}: every fix sent, stored once`).toEqual([...sent[kind].keys()].sort());
  }
}

describe('a server killed with SIGKILL during ingest', () => {
  // On the run's database: the embedded one, and PostgreSQL when TEST_DATABASE_URL is set. Two
  // start-ups of the real server: seconds on an idle machine, a minute on a busy one.
  it(`stores every acknowledged position exactly once (${
    process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'
  })`, async () => {
    await killDuringIngestAndCheck(await demoCopy());
  }, 150_000);
});
