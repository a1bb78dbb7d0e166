import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ZHealth } from '@fleet/contract';
import { openDatabase } from '../../db/client.ts';
import { demoHistory, trips } from '../../db/schema/index.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';

/*
 * A first start on an empty embedded database (`npm start` on a fresh clone): the server answers
 * and lets an admin sign in while the demo's history is replayed behind, says how far it got, stops
 * in time when told to, and the next start takes the history up and finishes it.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-first-start-'));
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const health = async (url: string, path = '/api/health') => {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, body: ZHealth.parse(await res.json()) };
};

// The first start of `npm start` is the embedded database's (PostgreSQL is never seeded by default):
// the PostgreSQL run of the suite has nothing more to check here.
describe.skipIf(process.env.TEST_DATABASE_URL)("a first start's demo history", () => {
  it('is replayed behind a server that answers, stops with it, and is finished by the next start', async () => {
    const env = { DATA_DIR: dataDir, DEMO_HISTORY_DAYS: '1' };
    server = await startServerProcess(env);

    const preparing = await health(server.url);
    expect(preparing.status).toBe(200);
    expect(preparing.body.demo_history).toMatchObject({ days: 1 });
    const notReady = await health(server.url, '/api/health/ready');
    expect(notReady).toMatchObject({ status: 503, body: { status: 'starting' } });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-pass' }),
    });
    expect(login.status).toBe(200);

    // Stopped while it replays: the server exits 0 at once and leaves the history to do.
    const stopping = Date.now();
    await server.stop('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(10_000);

    server = await startServerProcess(env);
    let ready = await health(server.url, '/api/health/ready');
    while (ready.status !== 200) {
      expect(ready.body.demo_history?.days).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 250));
      ready = await health(server.url, '/api/health/ready');
    }
    expect(ready.body).toMatchObject({ status: 'ok', demo_history: null });
    await server.stop('SIGTERM');
    server = null;

    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select().from(demoHistory);
      expect(row?.finishedAt).toBeInstanceOf(Date);
      // The demo's drivers ran their trips of those days.
      expect(
        (await database.db.select().from(trips).where(isNotNull(trips.endedDate))).length,
      ).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
