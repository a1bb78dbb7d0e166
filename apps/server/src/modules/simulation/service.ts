import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { parseUtcDateTime, toUtcString } from '@fleet/contract';
import {
  fetchTransport,
  mixSeed,
  realClock,
  runFleet,
  seeded,
  virtualClock,
  type TClock,
  type TFleetDriver,
  type TSimLogger,
  type TTransport,
} from '@fleet/sim';
import { DEMO_DRIVER_PASSWORD, DEMO_FLEETS } from '../../db/seed/demo-fleet.ts';
import { asDialogStop, canPlan, demoPlanning, demoStops } from '../../db/seed/demo-plans.ts';
import {
  inTenant,
  inTransaction,
  type TServiceContext,
  type TTenantContext,
} from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { adminsOf } from '../admins/service.ts';
import { decideApproval, pendingApprovalQueue } from '../approvals/service.ts';
import { drivers } from '../drivers/service.ts';
import { saveTenantSettings, tenantSettings } from '../settings/service.ts';
import { isDriversTracker, setUpTracker } from '../trackers/service.ts';
import { catchUpExceptions } from '../exceptions/service.ts';
import { tenantsList } from '../tenants/service.ts';
import { addTrip, driverTrips } from '../trips/service.ts';
import { simulateDemoVehicleRequests } from './vehicle-requests.ts';
import { recordDemoFines } from './fines.ts';
import { recordDemoOrders } from './crm.ts';
import { recordDemoMaintenance } from './maintenance.ts';
import type { Storage } from '../../platform/storage.ts';

// A first start's demo history, replayed once the server answers (history.ts).
export { pendingDemoHistoryDays, replayDemoHistory } from './history.ts';

/*
 * The fleet simulator (@fleet/sim) run by the server for the demo: the demo tenants' drivers sign in
 * to the driver API with the demo password and run their trips as real drivers would, through the
 * same HTTP routes as the driver app and the trackers (drivers with a tracker report through
 * OsmAnd with a Tracker ID made for the run, the others through the app). Two uses:
 *
 * - history: right after the demo is seeded, the simulator replays the planned trips of the last
 *   30 days and of today so far on virtual clocks, through `app.inject`; every start, arrival, task
 *   proof and position of the demo comes from the product's own rules, never written as results;
 * - live (SIMULATE, on by default on the embedded database): the drivers keep running on the real
 *   clock over HTTP, and a dispatcher plans a trip for each demo driver left with nothing to do, so
 *   the demo keeps moving on every day it is started.
 *
 * After the history, and in every round of the live demo, a simulated manager of each demo tenant
 * decides the approval requests waiting for a while, through the approvals service as a manager's
 * decision is made (`decideDemoApprovals`).
 *
 * The demo's exceptions are the exceptions engine's findings, never written by hand: it judges the
 * replayed history in one pass once the replay is done, and the live drivers as they go.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TRACKER_TRIPS_SETTING = 'tracker_trips_while_signed_in';
/** The demo's one seed: the same demo every time it is made. */
export const SIMULATION_SEED = 20_261_123;
/** Days of history the demo is given (the seed plans this many days back). */
export const HISTORY_DAYS = 30;
/** A fix every this many seconds of driving in the history (the live drivers send one every 5 s)... */
const HISTORY_FIX_SECONDS = 60;
/** ...sent in batches of up to a quarter of an hour, as an app back from a dead zone sends them. */
const HISTORY_BATCH_SECONDS = 15 * 60;
/** How often the dispatcher looks for idle demo drivers (and the simulated manager at the queue). */
const DISPATCH_EVERY_MS = 2 * MINUTE;
/** A request waits at least this long before the simulated manager decides it... */
export const DECIDE_AFTER_MS = 2 * 60 * MINUTE;
/** ...and the newest few always wait, so the Approvals page shows a queue at any hour. */
export const QUEUE_KEPT = 5;
/** The simulated manager accepts this share of the requests and rejects the rest. */
const ACCEPT_CHANCE = 0.85;
/** The decisions' own random stream, apart from the dispatcher's of the same round. */
const DECISION_STREAM = 2;
/** The share of the history's progress the drivers' replay stands for; the managers' decisions, fines and exceptions make the rest. */
const REPLAY_SHARE = 0.9;
/** The replay's requests in flight at once (see `injectTransport`). */
const REPLAY_REQUESTS_AT_ONCE = 2;

interface TDemoTenant {
  tenantId: number;
  tenantType: string;
  /** The demo seed's live drivers. */
  driverIds: number[];
  /** Drivers reporting through the driver app. */
  app: TFleetDriver[];
  /** Drivers with a tracker: positions through OsmAnd, tasks through the app. */
  trackers: (TFleetDriver & { driverId: number })[];
  /** The demo fleet's second admin, who acts as the simulated manager. */
  managerEmail: string;
}

/**
 * The demo tenants that are still there and the drivers the demo seed made in them (by their
 * e-mail's domain), each signing in with the demo password. Drivers someone added to a demo tenant
 * are theirs: the simulator neither drives nor plans for them.
 */
async function demoTenants(ctx: TServiceContext): Promise<TDemoTenant[]> {
  const found: TDemoTenant[] = [];
  for (const tenant of await tenantsList(ctx)) {
    const fleet = DEMO_FLEETS[tenant.name];
    if (!fleet) continue;
    const { domain } = fleet;
    const seeded = (await drivers(inTenant(ctx, tenant.id))).filter(
      (d) => d.archived === 0 && d.email.endsWith(`@${domain}`),
    );
    const who = (d: (typeof seeded)[number]): TFleetDriver => ({
      email: d.email,
      password: DEMO_DRIVER_PASSWORD,
      // The Tracker ID is a secret nobody can read back: the live simulation makes its own.
      deviceId: null,
    });
    found.push({
      tenantId: tenant.id,
      tenantType: tenant.type,
      driverIds: seeded.map((d) => d.id),
      app: seeded.filter((d) => d.tracker === 'none').map(who),
      trackers: seeded.filter((d) => d.tracker !== 'none').map((d) => ({ ...who(d), driverId: d.id })),
      managerEmail: fleet.secondAdmin.email,
    });
  }
  return found;
}

/** Both fleets of a tenant (app and trackers) on one clock. */
function runTenant(
  tenant: TDemoTenant,
  options: {
    transport: TTransport;
    clock: TClock;
    signal?: AbortSignal;
    logger: TSimLogger;
    horizonMinutes?: number;
    fixEverySeconds?: number;
    batchEverySeconds?: number;
    pollMinutes?: number;
    /** Drive the tracker drivers through the app too (the replay: one batch call instead of a call a fix). */
    appOnly?: boolean;
  },
) {
  const shared = {
    transport: options.transport,
    clock: options.clock,
    seed: mixSeed(SIMULATION_SEED, tenant.tenantId),
    logger: options.logger,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.horizonMinutes !== undefined ? { horizonMinutes: options.horizonMinutes } : {}),
    ...(options.fixEverySeconds ? { fixEverySeconds: options.fixEverySeconds } : {}),
    ...(options.pollMinutes ? { pollMinutes: options.pollMinutes } : {}),
    ...(options.batchEverySeconds ? { batchEverySeconds: options.batchEverySeconds } : {}),
  };
  if (options.appOnly) {
    return runFleet({ ...shared, drivers: [...tenant.app, ...tenant.trackers], protocol: 'app' });
  }
  return Promise.all([
    runFleet({ ...shared, drivers: tenant.app, protocol: 'app' }),
    runFleet({ ...shared, drivers: tenant.trackers, protocol: 'osmand' }),
  ]);
}

/**
 * Requests handed to the app in the same process: the same routes, checks and rules as over HTTP.
 * The replay runs while the server answers its users, so it takes its turn: at most
 * `REPLAY_REQUESTS_AT_ONCE` of its requests at a time (the embedded database runs one statement at
 * a time, and a queue of the replay's would hold up a user's), each after the event loop's next turn
 * (the embedded database answers through promises alone, which would otherwise never let the
 * server read its sockets).
 */
export function injectTransport(app: FastifyInstance): TTransport {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async ({ method, path, headers, body }) => {
    if (running >= REPLAY_REQUESTS_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      await setImmediate();
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
      });
      return { status: res.statusCode, body: res.body };
    } finally {
      // The slot goes to the next one waiting, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Warnings of the replay are the simulator's business (a refused step is retried or given up). */
const quietLogger = (log: TSimLogger, signal?: AbortSignal): TSimLogger => ({
  info() {},
  warn() {},
  // A driver cut short by the server stopping is no failure. (Called as a function of its own: a
  // logger's method needs its logger.)
  error: (details, message) => {
    if (!signal?.aborted) log.error(details, message);
  },
});

/**
 * Runs the demo fleet over the last `days` days and today up to `now`, on virtual clocks, through the
 * app in this process: the seeded demo's plans become trips that ran. Trips on the road at `now`
 * are left running, for the live simulation to carry on.
 */
export async function simulateDemoHistory(
  ctx: TServiceContext,
  app: FastifyInstance,
  {
    now = Date.now(),
    days = HISTORY_DAYS,
    logger,
    storage,
    signal,
    onProgress = () => {},
  }: {
    now?: number;
    days?: number;
    logger: TSimLogger;
    /** Where the demo's pictures go (the simulated admin's fine pictures). */
    storage: Storage;
    /** Stops the replay where it is (the server is stopping): answers false then. */
    signal?: AbortSignal;
    /** Told the share done, from 0 to 1, as the replay goes. */
    onProgress?: (share: number) => void;
  },
): Promise<boolean> {
  if (days <= 0) return true;
  // From the start of the first day (UTC), so that day's trips are taken up from their beginning.
  const start = Math.floor(now / DAY) * DAY - days * DAY;
  const transport = injectTransport(app);
  // The CRM's customers and orders first: the days' trips then carry their orders as they run.
  // Without them the demo still runs: a failure is logged, never the end of the history.
  await recordDemoOrders(ctx, { now, days, seed: SIMULATION_SEED }).catch((err: unknown) =>
    logger.error({ err }, "demo history: the CRM's orders could not be made"),
  );
  const tenants = await demoTenants(ctx);
  // The drivers' timelines carry the progress: each driver's days replayed, of all drivers' days.
  const timelines = tenants.reduce((n, t) => n + t.app.length + t.trackers.length, 0);
  let replayed = 0;
  const report = (ms: number) => {
    replayed += ms;
    onProgress((REPLAY_SHARE * replayed) / Math.max(1, timelines * (now - start)));
  };
  // Thousands of replayed requests would bury the start-up's log: only their failures are logged.
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    for (const tenant of tenants) {
      if (signal?.aborted) return false;
      await runTenant(tenant, {
        transport,
        clock: virtualClock(start, { until: now, onAdvance: report, ...(signal ? { signal } : {}) }),
        logger: quietLogger(logger, signal),
        horizonMinutes: (now - start) / MINUTE,
        fixEverySeconds: HISTORY_FIX_SECONDS,
        batchEverySeconds: HISTORY_BATCH_SECONDS,
        appOnly: true,
        // Nobody plans trips while the past is replayed: a driver looks again at its next trip's hour, or a day later.
        pollMinutes: 24 * 60,
      });
    }
    await simulateDemoVehicleRequests(
      ctx,
      transport,
      (await demoTenants(ctx)).map((t) => ({
        tenantId: t.tenantId,
        drivers: [...t.app, ...t.trackers],
        adminEmail: t.managerEmail,
      })),
      { now, seed: SIMULATION_SEED },
    );
  } finally {
    app.log.level = level;
  }
  if (signal?.aborted) return false;
  onProgress(REPLAY_SHARE);
  await decideDemoApprovals(ctx, now, 0);
  await recordDemoFines(
    ctx,
    storage,
    (await demoTenants(ctx)).map((t) => ({
      tenantId: t.tenantId,
      driverIds: t.driverIds,
      adminEmail: t.managerEmail,
    })),
    { now, days, seed: SIMULATION_SEED },
  );
  await recordDemoMaintenance(
    ctx,
    (await demoTenants(ctx)).map((t) => t.tenantId),
    { now, seed: SIMULATION_SEED },
  );
  // The exceptions engine judges the replayed days in one pass: judging every replayed event as it
  // came would cost more than the replay itself. What the demo shows is what the engine found.
  await catchUpExceptions(ctx.db, ctx.publish, { from: new Date(start), now: new Date(now) });
  onProgress(1);
  return true;
}

/** The simulated manager of a demo tenant: its fleet's second admin, unless someone removed them. */
async function demoManager(ctx: TTenantContext, tenant: TDemoTenant): Promise<number | undefined> {
  return (await adminsOf(ctx)).find((a) => a.email === tenant.managerEmail)?.id;
}

/**
 * The demo's simulated manager at work: in each demo tenant, the pending approval requests
 * submitted more than two hours before `now` (but for the newest few) are decided, about 85 %
 * accepted and 15 % rejected, each some minutes to two hours after its submission, through the
 * approvals service. Answers how many were decided.
 */
export async function decideDemoApprovals(ctx: TServiceContext, now: number, round: number): Promise<number> {
  let decided = 0;
  for (const tenant of await demoTenants(ctx)) {
    const tenantCtx = inTenant(ctx, tenant.tenantId);
    const managerId = await demoManager(tenantCtx, tenant);
    if (managerId === undefined) continue;
    const rand = seeded(mixSeed(SIMULATION_SEED, tenant.tenantId, round, DECISION_STREAM));
    const queue = await pendingApprovalQueue(tenantCtx, 5000);
    const due = queue.slice(QUEUE_KEPT).filter((r) => r.submittedDate.getTime() <= now - DECIDE_AFTER_MS);
    if (!due.length) continue;
    // One commit for the tenant's round: the replay decides a month's requests at once.
    decided += await inTransaction(tenantCtx, async (tx) => {
      let count = 0;
      for (const { taskId, submittedDate } of due) {
        const status = rand.chance(ACCEPT_CHANCE) ? 'accepted' : 'rejected';
        const at = new Date(Math.min(now, submittedDate.getTime() + rand.int(10, 120) * MINUTE));
        try {
          await decideApproval(tx, { task_id: taskId, status }, { at, managerId });
          count++;
        } catch (error) {
          // A manager in the console decided it meanwhile: their decision stands.
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        }
      }
      return count;
    });
  }
  return decided;
}

export interface TLiveSimulation {
  stop(): Promise<void>;
}

/**
 * Plans a trip, a few minutes ahead, for each demo driver who has nothing left to run today, as a
 * dispatcher would; the simulated drivers find it at their next look at their trips.
 */
export async function dispatchIdleDrivers(ctx: TServiceContext, now: number, round: number): Promise<number> {
  let planned = 0;
  // The days around now, not today's alone: a trip started before midnight is still running after
  // it, and one planned a few minutes before midnight starts after it (UTC).
  const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
  const [fromDay, toDay] = [utcDay(now - 86_400_000), utcDay(now + 86_400_000)];
  const endOfDay = Date.parse(`${utcDay(now)}T00:00:00Z`) + 86_400_000;
  for (const tenant of await demoTenants(ctx)) {
    const tenantCtx = inTenant(ctx, tenant.tenantId);
    const planning = await demoPlanning(ctx.db, tenant.tenantId, tenant.tenantType);
    if (!canPlan(planning)) continue;
    const rand = seeded(mixSeed(SIMULATION_SEED, tenant.tenantId, round));
    for (const driverId of tenant.driverIds) {
      const { trips } = await driverTrips(tenantCtx, driverId, fromDay, toDay);
      // Busy: a trip running, or one planned today (UTC) or within the hour that is not long overdue.
      const busy = trips.some((t) => {
        if (t.status === 1) return true;
        const start = parseUtcDateTime(t.start_date ?? '')?.getTime() ?? 0;
        return (
          t.status === 0 && start > now - 60 * MINUTE && (start < endOfDay || start <= now + 60 * MINUTE)
        );
      });
      if (busy) continue;
      const start = new Date(now + rand.int(3, 15) * MINUTE);
      start.setUTCSeconds(0, 0);
      await addTrip(tenantCtx, {
        driver_id: driverId,
        warehouse_id: rand.pick(planning.origins).id,
        type: rand.pick(planning.types).id,
        start_date: toUtcString(start),
        departure_time_range: rand.pick([10, 15, 20]),
        note: null,
        destinations: demoStops(rand, planning, round * 1000 + driverId, driverId).map(asDialogStop),
      });
      planned++;
    }
  }
  return planned;
}

/**
 * The demo's trackers get new Tracker IDs, made as an admin's are (`setUpTracker`), for the simulated
 * phones to report with: ids are secrets kept only as digests, so the simulator cannot learn the ones
 * made before (by the seed, or by its run before a restart), and ids made from the demo's seed could
 * be guessed by anyone who reads it. Each simulated phone reports with its id as long as it is the
 * driver's; an admin who makes another one in the console takes the driver over to the app.
 */
async function withTrackerIds(ctx: TServiceContext, tenants: TDemoTenant[]): Promise<TDemoTenant[]> {
  const out: TDemoTenant[] = [];
  for (const tenant of tenants) {
    const tenantCtx = inTenant(ctx, tenant.tenantId);
    // Its drivers use the app for their tasks while the tracker reports the road: a demo seeded
    // before trackers waited for the app to sign out gets the seed's rule, unless someone chose one.
    if (tenant.trackers.length > 0) {
      const settings = await tenantSettings(tenantCtx);
      if (!settings.some((s) => s.key === TRACKER_TRIPS_SETTING))
        await saveTenantSettings(tenantCtx, [{ key: TRACKER_TRIPS_SETTING, value: 'true' }]);
    }
    const trackers: TDemoTenant['trackers'] = [];
    for (const driver of tenant.trackers) {
      const { tracker_id } = await setUpTracker(tenantCtx, driver.driverId);
      trackers.push({
        ...driver,
        deviceId: tracker_id,
        currentDeviceId: async () =>
          (await isDriversTracker(tenantCtx, driver.driverId, tracker_id)) ? tracker_id : null,
      });
    }
    out.push({ ...tenant, trackers });
  }
  return out;
}

/**
 * The live demo: every demo driver runs on the real clock against the server at `baseUrl`, and the
 * dispatcher keeps them planned. Stops (and lets every driver finish its current call) on `stop`.
 */
export async function startLiveSimulation(
  ctx: TServiceContext,
  { baseUrl, logger }: { baseUrl: string; logger: TSimLogger },
): Promise<TLiveSimulation> {
  const controller = new AbortController();
  const transport = fetchTransport(baseUrl);
  let round = Math.floor(Date.now() / DISPATCH_EVERY_MS);
  const dispatch = async () => {
    const now = Date.now();
    const thisRound = round++;
    try {
      const planned = await dispatchIdleDrivers(ctx, now, thisRound);
      if (planned) logger.info({ planned }, 'simulator: trips planned for idle demo drivers');
    } catch (error) {
      logger.error({ err: error }, 'simulator: planning trips failed');
    }
    try {
      const decided = await decideDemoApprovals(ctx, now, thisRound);
      if (decided) logger.info({ decided }, 'simulator: approval requests decided by the demo managers');
    } catch (error) {
      logger.error({ err: error }, 'simulator: deciding approval requests failed');
    }
  };
  await dispatch();
  const timer = setInterval(() => void dispatch(), DISPATCH_EVERY_MS);
  timer.unref();
  const tenants = await withTrackerIds(ctx, await demoTenants(ctx));
  const running = Promise.all(
    tenants.map((tenant) =>
      runTenant(tenant, {
        transport,
        clock: realClock(controller.signal),
        signal: controller.signal,
        logger,
      }),
    ),
  ).catch((error: unknown) => logger.error({ err: error }, 'simulator stopped'));
  const count = tenants.reduce((n, t) => n + t.app.length + t.trackers.length, 0);
  logger.info({ drivers: count }, 'simulator: demo drivers on the road (SIMULATE=false turns this off)');
  return {
    async stop() {
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
