import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { prepareDatabase } from '../db/setup.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: TConfig;
  /** Signs in and returns the `cookie` header value of the new session. */
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh seeded database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const { default: postgres } = await import('postgres');
  const name = `fleet_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // A private data folder: the outbox of unsent mail lands there, never in the repository.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const { database, drop } = await freshDatabase();
  await prepareDatabase(database, { seedDemoOnPostgres: true });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === 'fleet_session');
      if (!cookie) throw new Error('login set no session cookie');
      return `${cookie.name}=${cookie.value}`;
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
  super: { email: 'super@example.com', password: 'super123' },
  delivery: { email: 'admin@example.com', password: 'admin123', tenantId: 1 },
  school: { email: 'school@example.com', password: 'school123', tenantId: 2 },
  namat: { email: 'namat@example.com', password: 'namat123', tenantId: 3 },
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
