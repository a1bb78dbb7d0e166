import type { FastifyInstance } from 'fastify';
import type { TDeps } from './platform/deps.ts';
import type { TBackgroundPart } from './platform/lifecycle.ts';
import { periodicJob, type TPeriodicJobOptions } from './platform/jobs.ts';
import type { ErrorLog } from './platform/error-log.ts';
import { deleteOldLogs } from './modules/logs/service.ts';
import { systemActor } from './platform/principal.ts';
import { deleteExpiredSessions } from './platform/sessions.ts';
import { deleteExpiredDevices } from './platform/login-limiter.ts';
import { routePort, type RoutePort } from './platform/route-port.ts';
import {
  maintainPositionPartitions,
  PARTITION_INTERVAL_MS,
  startPositionIngest,
  stopPositionIngest,
} from './modules/positions/service.ts';
import { MATERIALISE_INTERVAL_MS, materialiseSchedules } from './modules/trip-schedules/service.ts';
import { deleteOldChangeEvents, EVENT_RETENTION_INTERVAL_MS } from './modules/events/service.ts';
import { startExceptionsEngine, type TExceptionsEngine } from './modules/exceptions/service.ts';
import { EXPORT_SWEEP_INTERVAL_MS } from './modules/exports/service.ts';
import { FINANCE_RUN_INTERVAL_MS, runMonthlyFinance } from './modules/finance-runs/service.ts';
import { countOdometers, ODOMETER_INTERVAL_MS } from './modules/odometer/service.ts';
import { RISK_TRAINING_INTERVAL_MS, trainDueFleets } from './modules/vehicle-risk/service.ts';
import { ORDER_SWEEP_INTERVAL_MS, startOrderFollower, sweepOrders } from './modules/crm/service.ts';
import {
  pendingDemoHistoryDays,
  replayDemoHistory,
  startLiveSimulation,
  type TLiveSimulation,
} from './modules/simulation/service.ts';

/*
 * Every part of the server that works in the background, in the order they start (they stop in
 * reverse): what requests need first (the live relay, the position ingest, the export runner, Web
 * Push, event streams) when the app is ready; once it listens, a first start's demo history, then
 * the periodic jobs and the exceptions engine (BACKGROUND_JOBS), the tracker port and the simulator
 * (SIMULATE).
 */

const SESSION_CLEANUP_INTERVAL_MS = 15 * 60_000;
const LOG_RETENTION_INTERVAL_MS = 60 * 60_000;

/** The parts every app has: requests depend on them. */
export function serviceParts(app: FastifyInstance, deps: TDeps): TBackgroundPart[] {
  const { db } = deps.database;
  let follower: ReturnType<typeof startOrderFollower> | null = null;
  return [
    { name: 'live relay', start: () => deps.live.start(), stop: () => deps.live.stop() },
    {
      // CRM orders follow the trips that carry them, from the first change on (the demo's history too).
      name: 'order follower',
      start() {
        follower = startOrderFollower({
          db,
          events: deps.events,
          publish: deps.events.publish,
          log: app.log.child({ module: 'crm orders' }),
        });
      },
      stop: () => follower?.stop(),
    },
    {
      // One writer for the app's database: the driver app's batches and the trackers share its commits.
      name: 'position ingest',
      start: () =>
        startPositionIngest(db, {
          feed: deps.positions,
          log: app.log,
          retentionDays: deps.config.positions.retentionDays,
          // A pool of connections takes a few groups at once; the embedded database runs one statement at a time.
          groupCommit: {
            maxItems: 1000,
            maxDelayMs: 2,
            concurrency: deps.database.driver === 'postgres' ? 4 : 1,
          },
        }),
      // After the last request: every fix acknowledged is written before the database closes.
      stop: () => stopPositionIngest(db),
    },
    // Pushes under way are answered before the database closes.
    { name: 'web push', stop: () => deps.push.settled() },
    { name: 'export runner', stop: () => deps.exports.stop() },
    // Queued exports are started as they come; the sweep fails jobs whose server died, removes
    // expired ones (and their files) and starts jobs another server queued and never took.
    periodicJob({
      name: 'export jobs',
      intervalMs: EXPORT_SWEEP_INTERVAL_MS,
      log: app.log,
      run: () => deps.exports.sweep(),
    }),
    // Before the server waits for open requests: a stream never ends by itself.
    { name: 'event streams', stopOn: 'drain', stop: () => deps.streams.closeAll() },
  ];
}

/**
 * A first start's demo history (modules/simulation/history.ts), replayed through the app once it
 * listens: the server answers meanwhile, `/api/health` tells how far it got, and the parts after it
 * (the jobs, the exceptions engine, the simulator) start when it is done. Stopping the server stops
 * the replay where it is; the next start takes it up again.
 */
export function demoHistoryParts(app: FastifyInstance, deps: TDeps): TBackgroundPart[] {
  const controller = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  const log = app.log.child({ module: 'demo history' });
  const replay = async () => {
    const began = Date.now();
    try {
      const days = await replayDemoHistory(
        { db: deps.database.db, actor: systemActor('fleet simulator'), publish: deps.events.publish },
        app,
        {
          logger: log,
          storage: deps.storage,
          retentionDays: deps.config.positions.retentionDays,
          signal: controller.signal,
          onProgress: (share, days) => {
            deps.startup.demoHistory = { days, share };
          },
        },
      );
      const seconds = Math.round((Date.now() - began) / 1000);
      if (days) log.info({ days, seconds }, "the demo's history is ready");
      else if (days === null)
        log.info("the demo's history stopped with the server: the next start takes it up");
    } catch (err) {
      // The demo goes on without the rest of its history; the server and its data are unharmed.
      log.error({ err }, "the demo's history failed");
    } finally {
      deps.startup.demoHistory = null;
    }
  };
  return [
    {
      // Known from the first request on: the replay itself starts once the app listens.
      name: 'demo history check',
      async start() {
        const days = await pendingDemoHistoryDays(deps.database.db);
        if (days !== null) deps.startup.demoHistory = { days, share: 0 };
      },
    },
    {
      name: 'demo history',
      startOn: 'listen',
      start: () => (running = replay()),
      stopOn: 'drain',
      async stop() {
        controller.abort();
        await running;
      },
    },
  ];
}

/**
 * The periodic jobs and the exceptions engine (BACKGROUND_JOBS), started once the app listens and a
 * first start's demo history is made, through the app: the engine's first sweep then catches up on
 * it and on any downtime.
 */
export function jobParts(app: FastifyInstance, deps: TDeps, errorLog: ErrorLog): TBackgroundPart[] {
  return backgroundJobs(app, deps, errorLog).map((part) => ({ ...part, startOn: 'listen' }));
}

function backgroundJobs(app: FastifyInstance, deps: TDeps, errorLog: ErrorLog): TBackgroundPart[] {
  const { config, events } = deps;
  // A failed run is logged, and recorded on the Logs screen (the super admin's).
  const job = (options: Omit<TPeriodicJobOptions, 'log' | 'onFailure'>) =>
    periodicJob({ ...options, log: app.log, onFailure: (error, name) => errorLog.jobFailed(name, error) });
  const { db } = deps.database;
  const ctx = (name: string) => ({ db, actor: systemActor(name), publish: events.publish });
  let engine: TExceptionsEngine | null = null;
  return [
    job({
      name: 'delete expired sessions',
      intervalMs: SESSION_CLEANUP_INTERVAL_MS,
      run: async () => {
        await deleteExpiredSessions(db, config.session);
        // Browsers whose sign-in trust expired (platform/login-limiter.ts) go with them.
        await deleteExpiredDevices(db);
      },
    }),
    // Scheduled trips become real trips for the coming days, at start-up and then periodically.
    job({
      name: 'materialise scheduled trips',
      intervalMs: MATERIALISE_INTERVAL_MS,
      run: () => materialiseSchedules(db, events.publish),
    }),
    // CRM orders whose trip changed in another process, or while this one was down.
    job({
      name: 'follow CRM orders',
      intervalMs: ORDER_SWEEP_INTERVAL_MS,
      run: () => sweepOrders(db, events.publish),
    }),
    // Change events are kept a few days for streams that reconnect; one process at a time deletes older ones.
    job({
      name: 'delete old change events',
      intervalMs: EVENT_RETENTION_INTERVAL_MS,
      run: () => deleteOldChangeEvents(db, config.live.retentionDays),
    }),
    // Positions live in one partition per day: the coming days' are made ahead, days past the retention dropped.
    job({
      name: 'position partitions',
      intervalMs: PARTITION_INTERVAL_MS,
      run: async () => {
        const work = await maintainPositionPartitions(ctx('position partitions'), {
          retentionDays: config.positions.retentionDays,
        });
        if (work.created.length + work.dropped.length + work.deletedFromDefault > 0)
          app.log.info(work, 'position partitions maintained');
      },
    }),
    // Last month's finance summary to each tenant's finance address that asked for it, from 06:00
    // on the 1st, its own clock; a month is claimed once across processes (decision 0032).
    job({
      name: 'monthly finance summaries',
      intervalMs: FINANCE_RUN_INTERVAL_MS,
      run: () =>
        runMonthlyFinance({
          db,
          publish: events.publish,
          mail: { mailer: deps.mailer, limits: config.mailLimits },
          log: app.log.child({ module: 'finance runs' }),
        }),
    }),
    // Vehicles' odometers: the drivers' new fixes counted for the vehicles they have (decision 0035).
    job({
      name: 'vehicle odometers',
      intervalMs: ODOMETER_INTERVAL_MS,
      run: async () => {
        const run = await countOdometers(ctx('vehicle odometers'));
        if (run && run.fixes > 0) app.log.debug(run, 'vehicle odometers counted');
      },
    }),
    // Each tenant's vehicle risk model, trained again once a day on a worker thread (decision 0036).
    job({
      name: 'vehicle risk models',
      intervalMs: RISK_TRAINING_INTERVAL_MS,
      run: async () => {
        const trained = await trainDueFleets(ctx('vehicle risk models'));
        if (trained > 0) app.log.info({ trained }, 'vehicle risk models trained');
      },
    }),
    // The error log keeps LOG_RETENTION_DAYS days of entries.
    job({
      name: 'delete old error log entries',
      intervalMs: LOG_RETENTION_INTERVAL_MS,
      run: () => deleteOldLogs(db, config.errorLog.retentionDays),
    }),
    {
      // Judges trips as their events and positions arrive, and sweeps every minute for what failed
      // to happen (once across processes); its first sweep catches up on any downtime.
      name: 'exceptions engine',
      start() {
        engine = startExceptionsEngine({
          database: deps.database,
          events,
          positions: deps.positions,
          log: app.log.child({ module: 'exceptions' }),
          routerUrl: config.maps.routerUrl,
        });
      },
      stop: () => engine?.stop(),
    },
  ];
}

/** Where this process answers itself: the address it listens on, a wildcard read as loopback. */
export function ownAddress(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on TCP');
  const { address: ip, family, port } = address;
  if (family === 'IPv6') return `http://[${ip === '::' ? '::1' : ip}]:${port}`;
  return `http://${ip === '0.0.0.0' ? '127.0.0.1' : ip}:${port}`;
}

/** What runs once the app listens: the OsmAnd port (POSITIONS_OSMAND_PORT) and the live simulator (SIMULATE). */
export function listeningParts(app: FastifyInstance, deps: TDeps): TBackgroundPart[] {
  const { config } = deps;
  const parts: TBackgroundPart[] = [];
  const osmandPort = config.positions.osmandPort;
  if (osmandPort) {
    // Trackers set up with a host and port only (Traccar Client's default is 5055) reach the OsmAnd route there.
    let port: RoutePort | null = null;
    parts.push({
      name: 'OsmAnd port',
      startOn: 'listen',
      async start() {
        port = routePort(app, '/api/osmand', { limits: config.http, trustProxy: config.trustProxy });
        await port.listen(osmandPort, config.host);
      },
      stopOn: 'drain',
      stop: () => port?.close(),
    });
  }
  if (config.simulate) {
    let simulation: TLiveSimulation | null = null;
    parts.push({
      name: 'simulator',
      startOn: 'listen',
      async start() {
        const system = {
          db: deps.database.db,
          actor: systemActor('fleet simulator'),
          publish: deps.events.publish,
        };
        simulation = await startLiveSimulation(system, {
          baseUrl: ownAddress(app),
          logger: app.log.child({ module: 'simulator' }),
        });
      },
      // Its drivers' requests finish before the server waits for open requests.
      stopOn: 'drain',
      stop: () => simulation?.stop(),
    });
  }
  return parts;
}
