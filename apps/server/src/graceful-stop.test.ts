import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gte, isNull, like } from 'drizzle-orm';
import { fetchTransport, fleetClient, type TDriverApi, type TSimFix } from '@fleet/sim';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { openDatabase, type Database } from './db/client.ts';
import { DEMO_DRIVER_PASSWORD } from './db/seed/demo-fleet.ts';
import { driverLocations, drivers } from './db/schema/index.ts';
import { databaseUrlOf } from './test/demo-snapshot.ts';
import { openTestStream } from './test/sse.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';

/*
 * SIGTERM as a platform sends it on a deploy: the real server (main.ts in a child process) stops
 * accepting, ends event streams with a retry hint, finishes the position batches in flight, and
 * exits 0 in time; every batch it acknowledged is stored once. On the embedded database, and on
 * PostgreSQL when TEST_DATABASE_URL names one.
 */

let env: Record<string, string>;
let reopen: () => Promise<Database>;
let cleanup: () => Promise<void>;
let email: string;
let driverId: number;

beforeAll(async () => {
  // The run's seeded demo (test/global-setup.ts), copied where the server process will find it.
  const snapshot = inject('demoSnapshot');
  if (snapshot.kind === 'postgres') {
    const name = `fleet_stop_${randomBytes(6).toString('hex')}`;
    const admin = postgres(snapshot.serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${snapshot.template}`);
    const url = databaseUrlOf(snapshot.serverUrl, name);
    env = { DATABASE_URL: url };
    reopen = () => openDatabase({ databaseUrl: url });
    cleanup = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-stop-'));
    const copy = await PGlite.create(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([fs.readFileSync(snapshot.file)]),
    });
    await copy.close();
    env = { DATA_DIR: dataDir };
    reopen = () => openDatabase({ dataDir });
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // One of the demo's drivers with the app sends the fixes.
  const database = await reopen();
  try {
    const [driver] = await database.db
      .select({ id: drivers.id, email: drivers.email })
      .from(drivers)
      .where(and(like(drivers.email, '%@desertexpress.example'), isNull(drivers.trackerDigest)))
      .orderBy(drivers.id)
      .limit(1);
    ({ id: driverId, email } = driver!);
  } finally {
    await database.close();
  }
});
afterAll(() => cleanup());

const fixAt = (at: number): TSimFix => ({
  lat: 25.2 + (at % 1000) / 1e5,
  lon: 55.27,
  at,
  speed: 30,
  course: 90,
  accuracy: 5,
  altitude: null,
  battery: 80,
});

describe('graceful stop', () => {
  let server: ServerProcess | null = null;
  afterAll(() => server?.stop('SIGKILL'));

  it('ends streams with a retry hint, drains the batches in flight and exits 0; every acknowledged fix is stored once', async () => {
    server = await startServerProcess({ ...env, SHUTDOWN_TIMEOUT_SECONDS: '10' });
    const api: TDriverApi = await fleetClient(fetchTransport(server.url)).driverLogin(
      email,
      DEMO_DRIVER_PASSWORD,
    );
    const stream = await openTestStream(`${server.url}/api/v1/events`, {
      authorization: `Bearer ${api.session.token}`,
    });
    expect(stream.status).toBe(200);

    // Batches of fixes go on, one after another, while the server is told to stop.
    const acknowledged: number[] = [];
    const refused: unknown[] = [];
    let next = Date.now() - 3_600_000;
    let sending = true;
    const sender = (async () => {
      while (sending) {
        const batch = Array.from({ length: 20 }, () => fixAt((next += 1000)));
        try {
          await api.positions(batch);
          acknowledged.push(...batch.map((f) => f.at));
        } catch (error) {
          // Refused or not answered once the server stops accepting: not acknowledged, so a phone resends it.
          refused.push(error);
          return;
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(acknowledged.length).toBeGreaterThan(0);

    const began = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    sending = false;
    await sender;
    expect(code).toBe(0);
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(server.output()).not.toMatch(/shutdown took too long|shutting down failed/);

    // The stream was ended by the server, after a retry hint of 3 to 7 s.
    await stream.ended;
    const retry = stream.frames.filter((f) => f.retry !== undefined).at(-1)!.retry!;
    expect(retry).toBeGreaterThanOrEqual(3000);
    expect(retry).toBeLessThanOrEqual(7000);

    const database = await reopen();
    try {
      const stored = await database.db
        .select({ at: driverLocations.recordedAt })
        .from(driverLocations)
        .where(
          and(
            eq(driverLocations.driverId, driverId),
            gte(driverLocations.recordedAt, new Date(acknowledged[0]!)),
          ),
        );
      const times = stored.map((r) => r.at.getTime());
      // Each acknowledged fix is there exactly once.
      expect(new Set(times).size).toBe(times.length);
      const kept = new Set(times);
      expect(acknowledged.filter((at) => !kept.has(at))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 150_000);
});
