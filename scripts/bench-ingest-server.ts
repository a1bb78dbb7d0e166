// The server `npm run bench:ingest` and `npm run bench:soak` measure, started as a child process: the
// app exactly as `main.ts` builds it, on the database DATA_DIR or DATABASE_URL names, with the day
// partitions made as main.ts's job makes them, and BENCH_DRIVERS drivers of the delivery demo tenant,
// each with a tracker id and a driver app token, written to BENCH_FIXTURE as JSON for the load
// generator. BENCH_WRITE=naive writes each position in a statement and commit of its own (the baseline).
// BENCH_CONSOLE_ADMINS=N adds N tenant admins (8 in 10 of the delivery tenant, 1 in 10 each of the
// school-bus and namat ones), written with their passwords to BENCH_ADMINS_FIXTURE: one per console
// of the soak, as every person's event streams are capped (STREAMS_PER_PRINCIPAL). Started with
// --expose-gc, SIGUSR2 prints the memory kept after a full collection (`bench-memory {…}`).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/setup.ts';
import { drivers, importDrivers } from '../apps/server/src/modules/drivers/service.ts';
import {
  maintainPositionPartitions,
  startPositionIngest,
} from '../apps/server/src/modules/positions/service.ts';
import { systemContext } from '../apps/server/src/platform/context.ts';
import { createEventBus, createPositionFeed } from '../apps/server/src/platform/events.ts';
import { systemActor } from '../apps/server/src/platform/principal.ts';
import { createSession } from '../apps/server/src/platform/sessions.ts';
import { setUpTracker } from '../apps/server/src/modules/trackers/service.ts';
import { addAdmin } from '../apps/server/src/modules/admins/service.ts';
import { tenantsList } from '../apps/server/src/modules/tenants/service.ts';

const TENANT = 1;
const count = Number(process.env.BENCH_DRIVERS ?? 1000);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(database, { seedDemoOnPostgres: true });
const events = createEventBus();
const positions = createPositionFeed();
const ctx = systemContext(database.db, events.publish, 'ingest benchmark', TENANT);
await maintainPositionPartitions(
  { db: database.db, actor: systemActor('ingest benchmark'), publish: events.publish },
  { retentionDays: config.positions.retentionDays },
);

const isBench = (d: { email: string }) => /^bench-\d+@ingest\.example$/.test(d.email);
const known = (await drivers(ctx)).filter(isBench);
if (known.length < count) {
  await importDrivers(
    ctx,
    Array.from({ length: count - known.length }, (_, i) => ({
      fname: 'Bench',
      lname: `Driver ${known.length + i}`,
      email: `bench-${known.length + i}@ingest.example`,
      busId: null,
      hourlyRate: 0,
      language: null,
      password: null,
    })),
  );
}
const fleet = (await drivers(ctx)).filter(isBench).slice(0, count);
const fixture = [];
for (const d of fleet) {
  const { token } = await createSession(database.db, { driverId: d.id, tenantId: TENANT }, config.session);
  // Tracker IDs are shown only when they are made: each run makes the fleet's anew.
  const { tracker_id } = await setUpTracker(ctx, d.id);
  fixture.push({ id: d.id, deviceId: tracker_id, token });
}
fs.writeFileSync(process.env.BENCH_FIXTURE!, JSON.stringify(fixture));

const consoleAdmins = Number(process.env.BENCH_CONSOLE_ADMINS ?? 0);
if (consoleAdmins > 0) {
  const system = { db: database.db, actor: systemActor('ingest benchmark'), publish: events.publish };
  const byName = new Map((await tenantsList(system)).map((t) => [t.name, t.id]));
  const tenantOf = (i: number) =>
    i % 10 === 8
      ? byName.get('Bright Start School Transport')!
      : i % 10 === 9
        ? byName.get('Namat Field Services')!
        : TENANT;
  const admins = [];
  for (let i = 0; i < consoleAdmins; i++) {
    const email = `console-${i}-${process.pid}@soak.example`;
    const password = `soak ${randomBytes(12).toString('hex')}`;
    const tenantId = tenantOf(i);
    await addAdmin(
      systemContext(database.db, events.publish, 'ingest benchmark', tenantId),
      { email, fname: 'Console', lname: `Admin ${i}` },
      password,
    );
    admins.push({ email, password, tenantId });
  }
  fs.writeFileSync(process.env.BENCH_ADMINS_FIXTURE!, JSON.stringify(admins));
}

const app = await buildApp({ config, database, logger: { level: config.logLevel }, events, positions });
// Ready first: the app's own ingest (group commit) starts then, and the naive one replaces it.
await app.ready();
if (process.env.BENCH_WRITE === 'naive') {
  startPositionIngest(database.db, {
    feed: positions,
    log: app.log,
    retentionDays: config.positions.retentionDays,
    groupCommit: false,
  });
}
await app.listen({ host: config.host, port: config.port });
// `npm run bench:soak` starts this with --expose-gc and sends SIGUSR2 to read the memory the process
// keeps: a full collection first, so a sample measures what is retained, not where the collector
// happens to be in its cycle; the figures go out on a line of their own.
const collect = (globalThis as { gc?: () => void }).gc;
if (collect) {
  process.on('SIGUSR2', () => {
    collect();
    const m = process.memoryUsage();
    console.log(`bench-memory ${JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, external: m.external })}`);
  });
}
console.log(`Fleet Console is running (${process.env.BENCH_WRITE ?? 'group'} writes, ${database.driver})`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
