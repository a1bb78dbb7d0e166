import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TChangeEvent } from '@fleet/contract';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { drivers } from '../db/schema/index.ts';
import type { TAuthenticator } from '../platform/auth.ts';
import { createEventBus, createPositionFeed, type PositionFeed } from '../platform/events.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { createSession } from '../platform/sessions.ts';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { prepareDatabase } from '../db/setup.ts';
import { databaseUrlOf, FAST_COMMITS, makeDemoSnapshot, type TDemoSnapshot } from './demo-snapshot.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database of this app (for a second process on it); undefined on PGlite. */
  databaseUrl: string | undefined;
  config: TConfig;
  /** Signs in and returns the `cookie` header value of the new session. */
  login(email: string, password: string): Promise<string>;
  /** Opens a session for a driver and returns the `authorization` header value of its bearer token. */
  driverToken(driverId: number): Promise<string>;
  /** Every change event published since the app started, in order. */
  events: TChangeEvent[];
  /** The app's feed of committed positions: tests publish on it as the ingest does. */
  positions: PositionFeed;
  /** The change events published while `work` ran (listeners included, which run just after it). */
  eventsDuring(work: () => Promise<unknown>): Promise<TChangeEvent[]>;
  close(): Promise<void>;
}

/**
 * The `x-test-principal` header of tests: a tracker device or a guardian, kinds whose own sign-in
 * arrives with the intake and the guardians' views. Only test apps accept it.
 */
export const TEST_PRINCIPAL_HEADER = 'x-test-principal';
const testAuthenticator: TAuthenticator = async (request) => {
  const header = request.headers[TEST_PRINCIPAL_HEADER];
  if (typeof header !== 'string') return null;
  const principal = JSON.parse(header) as TPrincipal;
  return principal.kind === 'tracker' || principal.kind === 'guardian' ? principal : null;
};

/** The run's seeded demo (test/global-setup.ts); made here when running outside vitest's setup. */
async function demoSnapshot(): Promise<TDemoSnapshot> {
  try {
    return inject('demoSnapshot');
  } catch {
    demoMade ??= makeDemoSnapshot();
    return (await demoMade).snapshot;
  }
}
let demoMade: ReturnType<typeof makeDemoSnapshot> | undefined;

/**
 * Removes the demo made outside vitest's setup (a benchmark script's): on PostgreSQL its template
 * database and the connection that made it, which would otherwise keep the process alive. Call it
 * once the script's apps are closed.
 */
export async function removeScriptDemo(): Promise<void> {
  const made = demoMade;
  demoMade = undefined;
  if (made) await (await made).remove();
}

/**
 * A fresh copy of the seeded demo for one test file: in-memory PGlite loaded from the run's
 * tarball, or a new database on the PostgreSQL server named by TEST_DATABASE_URL, created from the
 * run's template (dropped again on close).
 */
async function freshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const snapshot = await demoSnapshot();
  if (snapshot.kind === 'pglite') {
    const database = await openDatabase({ snapshot: new Blob([fs.readFileSync(snapshot.file)]) });
    return { database, drop: async () => {} };
  }
  const { default: postgres } = await import('postgres');
  const name = `fleet_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(snapshot.serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${snapshot.template}`);
  await admin.unsafe(FAST_COMMITS(name));
  const url = databaseUrlOf(snapshot.serverUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  {
    logger,
    liveTimings,
    pushAgent,
    exportRunner,
    storage,
    timers,
  }: Pick<
    BuildAppOptions,
    'logger' | 'liveTimings' | 'pushAgent' | 'exportRunner' | 'storage' | 'timers'
  > = {},
): Promise<TestApp> {
  // A private data folder: the outbox of unsent mail lands there, never in the repository.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const { database, url: databaseUrl, drop } = await freshDatabase();
  // Brings the copy up to date (nothing to do when it was made by this code) and never seeds again.
  await prepareDatabase(database, { seedDemoOnPostgres: true });
  const events = createEventBus();
  const published: TChangeEvent[] = [];
  events.subscribe((event) => {
    published.push(event);
  });
  const positions = createPositionFeed();
  const app = await buildApp({
    config,
    database,
    logger,
    events,
    positions,
    liveTimings,
    pushAgent,
    exportRunner,
    storage,
    timers,
    authenticators: [testAuthenticator],
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    config,
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === 'fleet_session');
      if (!cookie) throw new Error('login set no session cookie');
      return `${cookie.name}=${cookie.value}`;
    },
    async driverToken(driverId) {
      const [driver] = await database.db
        .select({ tenantId: drivers.tenantId })
        .from(drivers)
        .where(eq(drivers.id, driverId));
      if (!driver) throw new Error(`no driver ${driverId}`);
      const { token } = await createSession(
        database.db,
        { driverId, tenantId: driver.tenantId },
        config.session,
      );
      return `Bearer ${token}`;
    },
    events: published,
    positions,
    async eventsDuring(work) {
      const from = published.length;
      await work();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return published.slice(from);
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO = {
  super: { email: 'super@example.com', password: 'super-demo-pass' },
  delivery: { email: 'admin@example.com', password: 'admin-demo-pass', tenantId: 1 },
  school: { email: 'school@example.com', password: 'school-demo-pass', tenantId: 2 },
  namat: { email: 'namat@example.com', password: 'namat-demo-pass', tenantId: 3 },
} as const;

/** A JSON call with a session cookie, answering status and parsed body. */
export async function call(
  t: TestApp,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{
  status: number;
  body: {
    responseCode: number;
    responseMessage: string; // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever shape the call answers
    data: any;
    errors?: { path: string; message: string }[];
  };
}> {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A multipart/form-data body with one file field named "file", for the import calls. */
export function multipartFile(content: Buffer | string, fileName: string) {
  const boundary = `----fleet${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * How long `vi.waitFor` waits for work that follows an answer (the trips' follower, the live feed):
 * a second is plenty on an idle machine, not on two cores shared with other test files.
 */
export const WAIT = { timeout: 10_000, interval: 50 };
