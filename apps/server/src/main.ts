import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type TConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS } from './db/seed/index.ts';
import { prepareDatabase } from './db/setup.ts';
import { deleteExpiredSessions } from './platform/sessions.ts';
import { createEventBus, createPositionFeed } from './platform/events.ts';
import { startPeriodicJob } from './platform/jobs.ts';
import { MATERIALISE_INTERVAL_MS, materialiseSchedules } from './modules/trip-schedules/service.ts';
import { maintainPositionPartitions, PARTITION_INTERVAL_MS } from './modules/positions/service.ts';
import { startExceptionsEngine } from './modules/exceptions/service.ts';
import { systemActor } from './platform/principal.ts';
import { createStorage } from './platform/storage.ts';
import { routePort, type RoutePort } from './platform/route-port.ts';
import { deleteOldChangeEvents, EVENT_RETENTION_INTERVAL_MS } from './modules/events/service.ts';
import {
  simulateDemoHistory,
  startLiveSimulation,
  type TLiveSimulation,
} from './modules/simulation/service.ts';

function readConfig(): TConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nSee the configuration table in README.md.`);
      process.exit(1);
    }
    throw error;
  }
}

/** A built app beside this server: apps/<name>/dist (from src/ in development, from dist/ when built). */
function defaultDist(name: 'web' | 'driver'): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return (
    [path.resolve(here, `../../${name}/dist`), path.resolve(here, `../../../apps/${name}/dist`)].find((dir) =>
      fs.existsSync(path.join(dir, 'index.html')),
    ) ?? path.resolve(here, `../../${name}/dist`)
  );
}

/** Where this process answers itself: the address it listens on, a wildcard read as loopback. */
function ownAddress(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on TCP');
  const { address: ip, family, port } = address;
  if (family === 'IPv6') return `http://[${ip === '::' ? '::1' : ip}]:${port}`;
  return `http://${ip === '0.0.0.0' ? '127.0.0.1' : ip}:${port}`;
}

async function main() {
  const config = readConfig();
  config.webDistDir ??= defaultDist('web');
  config.driverDistDir ??= defaultDist('driver');
  const logger = {
    level: config.logLevel,
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  };

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    prepareReads: config.databasePrepare,
  });
  const { seeded } = await prepareDatabase(database, { seedDemoOnPostgres: config.seedDemo });
  // The app's change-event bus, made here so the jobs below publish on the one the app serves. A
  // listener's failure goes to the app's log (listeners only ever run once the app is built).
  const events = createEventBus({ error: (obj: unknown, msg?: string) => app.log.error(obj, msg) });
  // Its feed of committed positions too: the exceptions engine listens to both.
  const positions = createPositionFeed({ error: (obj: unknown, msg?: string) => app.log.error(obj, msg) });
  // One storage for the app and the demo's history (the simulated admin's fine pictures).
  const storage = createStorage(config.storage);
  const app = await buildApp({ config, database, logger, events, positions, storage });
  const system = { db: database.db, actor: systemActor('fleet simulator'), publish: events.publish };
  if (seeded && config.demoHistoryDays > 0) {
    // The demo's plans of the last days become trips that ran: the simulator drives them.
    console.log(`Demo data: running the demo fleet over the last ${config.demoHistoryDays} days…`);
    const began = Date.now();
    // The days' position partitions first, so the history's positions land in them.
    await maintainPositionPartitions(system, { retentionDays: config.positions.retentionDays });
    await simulateDemoHistory(system, app, { days: config.demoHistoryDays, logger: app.log, storage });
    console.log(`Demo data: ${Math.round((Date.now() - began) / 1000)} s of simulation done.`);
  }

  const cleanup = setInterval(() => {
    deleteExpiredSessions(database.db, config.session).catch((err: unknown) =>
      app.log.warn({ err }, 'expired-session cleanup failed'),
    );
  }, 15 * 60_000);
  cleanup.unref();
  // Scheduled trips become real trips for the coming days, at start-up and then periodically.
  const materialiser = startPeriodicJob({
    name: 'materialise scheduled trips',
    intervalMs: MATERIALISE_INTERVAL_MS,
    log: app.log,
    run: () => materialiseSchedules(database.db, events.publish),
  });

  // Change events are kept a few days for streams that reconnect; one process at a time deletes older ones.
  const eventRetention = startPeriodicJob({
    name: 'delete old change events',
    intervalMs: EVENT_RETENTION_INTERVAL_MS,
    log: app.log,
    run: () => deleteOldChangeEvents(database.db, config.live.retentionDays),
  });

  // Positions live in one partition per day: the coming days' are made ahead, days past the retention dropped.
  const positionPartitions = startPeriodicJob({
    name: 'position partitions',
    intervalMs: PARTITION_INTERVAL_MS,
    log: app.log,
    run: async () => {
      const ctx = { db: database.db, actor: systemActor('position partitions'), publish: events.publish };
      const work = await maintainPositionPartitions(ctx, { retentionDays: config.positions.retentionDays });
      if (work.created.length + work.dropped.length + work.deletedFromDefault > 0)
        app.log.info(work, 'position partitions maintained');
    },
  });
  // The exceptions engine judges trips as their events and positions arrive, and sweeps every minute
  // for what failed to happen (once across processes); its first sweep catches up on any downtime.
  const exceptionsEngine = startExceptionsEngine({
    database,
    events,
    positions,
    log: app.log.child({ module: 'exceptions' }),
    routerUrl: config.maps.routerUrl,
  });
  // Trackers set up with a host and port only (Traccar Client's default is 5055) reach the OsmAnd route there.
  let osmandPort: RoutePort | null = null;

  let simulation: TLiveSimulation | null = null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    clearInterval(cleanup);
    await simulation?.stop();
    await osmandPort?.close();
    await materialiser.stop();
    await exceptionsEngine.stop();
    await positionPartitions.stop();
    await eventRetention.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  if (config.positions.osmandPort) {
    osmandPort = routePort(app, '/api/osmand');
    await osmandPort.listen(config.positions.osmandPort, config.host);
  }
  if (config.simulate) {
    simulation = await startLiveSimulation(system, {
      baseUrl: ownAddress(app),
      logger: app.log.child({ module: 'simulator' }),
    });
  }
  const where = database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  const url = `http://localhost:${config.port}`;
  const lines = [`Fleet Console is running at ${url} (${where}).`, `API documentation: ${url}/api/docs`];
  if (osmandPort) lines.push(`OsmAnd trackers (Traccar Client): port ${config.positions.osmandPort}.`);
  if (simulation)
    lines.push('The fleet simulator is driving the demo drivers (SIMULATE=false turns it off).');
  if (seeded) {
    lines.push('Demo data was created. Sign in with:');
    for (const a of DEMO_ACCOUNTS) {
      lines.push(`  ${a.email.padEnd(20)} ${a.password.padEnd(17)} ${a.tenant ?? 'super admin (tenants)'}`);
    }
  }
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
