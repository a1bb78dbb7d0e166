import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type TConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS } from './db/seed/index.ts';
import { prepareDatabase } from './db/setup.ts';
import { createEventBus, createPositionFeed } from './platform/events.ts';
import { createStorage } from './platform/storage.ts';

/** The exit code of a configuration the server refuses: `npm start` does not restart it (sysexits EX_CONFIG). */
const EXIT_CONFIG = 78;

function readConfig(): TConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nSee the configuration table in README.md.`);
      process.exit(EXIT_CONFIG);
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
  const { seeded } = await prepareDatabase(database, {
    seedDemoOnPostgres: config.seedDemo,
    demoHistoryDays: config.demoHistoryDays,
  });
  // The app's change-event bus, made here so the jobs below publish on the one the app serves. A
  // listener's failure goes to the app's log (listeners only ever run once the app is built).
  const events = createEventBus({ error: (obj: unknown, msg?: string) => app.log.error(obj, msg) });
  // Its feed of committed positions too: the exceptions engine listens to both.
  const positions = createPositionFeed({ error: (obj: unknown, msg?: string) => app.log.error(obj, msg) });
  // One storage for the app and the demo's history (the simulated admin's fine pictures).
  const storage = createStorage(config.storage);
  const app = await buildApp({ config, database, logger, events, positions, storage });
  handleProcessFailures(app.log, () => shutdown('uncaught exception', 1));

  let closing = false;
  const shutdown = async (reason: string, code = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // Keep-alive connections whose request finished meanwhile are closed as they go idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    idle.unref();
    try {
      // Stops accepting, ends event streams (with a retry hint) and the simulator, waits for
      // requests in flight, then writes pending positions and stops the jobs (platform/lifecycle.ts).
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutting down failed');
      code = 1;
    }
    app.log.info({ reason, code }, 'stopped');
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A first start's demo history, the tracker port and the simulator start once the app listens (background.ts).
  await app.listen({ host: config.host, port: config.port });
  const where = database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  const url = `http://localhost:${config.port}`;
  const lines = [`Fleet Console is running at ${url} (${where}).`, `API documentation: ${url}/api/docs`];
  if (config.positions.osmandPort)
    lines.push(`OsmAnd trackers (Traccar Client): port ${config.positions.osmandPort}.`);
  const history = app.startup.demoHistory;
  if (history) {
    lines.push(
      `The demo's last ${history.days} days are being prepared behind: the console shows how far it got.`,
    );
  }
  if (config.simulate) {
    lines.push(
      `The fleet simulator ${history ? 'then drives' : 'is driving'} the demo drivers (SIMULATE=false turns it off).`,
    );
  }
  if (seeded) {
    lines.push('Demo data was created. Sign in with:');
    for (const a of DEMO_ACCOUNTS) {
      lines.push(`  ${a.email.padEnd(20)} ${a.password.padEnd(17)} ${a.tenant ?? 'super admin (tenants)'}`);
    }
  }
  console.log(`\n${lines.join('\n')}\n`);
}

/**
 * What happens on a failure nothing caught (docs/decisions/0018-crashes-and-restarts.md): an
 * unhandled rejection is one failed piece of work whose caller is gone, logged with its stack, and
 * the server carries on; an uncaught exception may have left any state half changed, so it is
 * logged and the server stops gracefully and exits 1, for `npm start` (or the platform's
 * supervisor) to start it again.
 */
function handleProcessFailures(log: FastifyBaseLogger, stop: () => Promise<void>) {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled rejection: logged, the server carries on');
  });
  process.on('uncaughtException', (err, origin) => {
    log.fatal({ err, origin }, 'uncaught exception: the server stops and exits for a restart');
    void stop();
  });
}

main().catch((error: unknown) => {
  console.error(
    'The server could not start:',
    error instanceof Error ? (error.stack ?? error.message) : error,
  );
  process.exit(1);
});
