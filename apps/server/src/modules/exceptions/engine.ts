import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { EXCEPTION_ENGINE_DEFAULTS, type TChangeEvent, type TEventType } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { changesAfter, newestChangeId } from '../../platform/change-log.ts';
import { emit, inTransaction, systemContext, type TTenantContext } from '../../platform/context.ts';
import type { EventBus, PositionFeed, TPublish } from '../../platform/events.ts';
import { startPeriodicJob, type PeriodicJob } from '../../platform/jobs.ts';
import { drivingDirections } from '../geo/service.ts';
import { tenantProfile } from '../settings/service.ts';
import {
  claimSweep,
  exceptionsOfTrip,
  finishSweep,
  fixesBetween,
  insertExceptions,
  liveTenantIds,
  lockTrip,
  overdueTripIds,
  releaseSweep,
  rewriteException,
  runningTripIds,
  stopFacts,
  tripFacts,
  tripIdsOfStops,
  tripIdsPlannedBetween,
  tripIdsWithLateFixes,
  withdrawExceptions,
  type TStoredRow,
} from './queries.ts';
import { judgeTrip, type TJudgeSettings, type TPoint, type TRaised, type TTripFacts } from './rules.ts';

/*
 * The exceptions engine's input and output around the pure rules (rules.ts): it loads a trip's
 * facts, judges them, and reconciles the answer with the trip's stored exceptions, all in one
 * transaction under the trip's advisory lock, so processes judging the same trip take turns and
 * each exception exists once (a unique key on trip, stop and type backs that up). Whatever the
 * rules no longer find is withdrawn, whatever they find again is restored; each change is announced
 * (`exception.created`, `exception.updated`) once committed.
 *
 * When trips are judged:
 * - as events arrive in this process: a trip or stop change at once, a trip's positions at most
 *   every 30 s (the rules read the fixes' own times, so a late batch is judged like a timely one);
 * - every minute, a sweep per tenant, by one process at a time (a lease row per tenant): the trips
 *   changed since the last sweep (the change events it has not read yet, so nothing is lost to a
 *   crash between a commit and its judging), the trips on the road (what fails to happen: a stop
 *   not reached, a stay not ended), the trips due to have started, trips ended in the last hours
 *   whose fixes arrived late, and after downtime every trip planned since the last sweep.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
/** How often the sweep runs. */
export const SWEEP_INTERVAL_MS = MINUTE;
/** A sweep's hold on a tenant; a process that dies mid-sweep leaves it to another after this. */
const LEASE_MS = 5 * MINUTE;
/**
 * A trip's positions are judged at most this often: only an unplanned stop (minutes long) is read
 * from them, and each judging reads the trip's whole track.
 */
const POSITIONS_EVERY_MS = 30 * SECOND;
/** Transitions are judged this soon after their event, so a burst of them is judged once. */
const TRANSITIONS_AFTER_MS = 250;
/** A first sweep looks back this far; one after downtime from the last sweep, at most a week. */
const FIRST_LOOK_BACK_MS = DAY;
const MAX_LOOK_BACK_MS = 7 * DAY;
/** Trips due to have started are looked for this far back (a catch-up looks further). */
const OVERDUE_LOOK_BACK_MS = DAY;
/**
 * Trips ended this recently are judged again when fixes of theirs arrive late (a phone back from a
 * dead zone). Each sweep scans their tracks for such fixes, so the window stays short; an older
 * trip is judged again by its own events (the queued start, arrival or end that comes with them).
 */
const LATE_FIXES_WITHIN_MS = 6 * 60 * MINUTE;
const CHANGES_PER_READ = 1000;
/** Trips judged at once by the event listeners (each holds a connection for its transaction). */
const JUDGING_AT_ONCE = 2;
/** The tenant's thresholds and terms are read again after this long. */
const SETTINGS_FOR_MS = MINUTE;

const TRIP_EVENTS: TEventType[] = ['trip.created', 'trip.updated', 'trip.archived', 'stop.updated'];

// ---------- Reconciling the rules' answer with the stored rows ----------

/** A stored exception as the reconciliation reads it. */
export type TStoredException = Pick<
  TStoredRow,
  'id' | 'type' | 'stopId' | 'occurredAt' | 'expectedDate' | 'actualDate' | 'message' | 'driverId'
> & { withdrawn: boolean };

export interface TReconciliation {
  /** Found for the first time. */
  insert: TRaised[];
  /** Found again with other times, words or driver; `restore` for one that had been withdrawn. */
  rewrite: { id: number; raised: TRaised; restore: boolean }[];
  /** Standing, and no longer found: later data proved it wrong. */
  withdraw: number[];
}

const keyOf = (e: { type: string; stopId: number | null }) => `${e.type}:${e.stopId ?? '-'}`;
const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** What to write so that the stored exceptions of a trip say what the rules found (`driverId`: the trip's). */
export function reconcile(
  stored: TStoredException[],
  raised: TRaised[],
  driverId: number | null,
): TReconciliation {
  const byKey = new Map(stored.map((s) => [keyOf(s), s]));
  const found = new Set(raised.map(keyOf));
  const plan: TReconciliation = { insert: [], rewrite: [], withdraw: [] };
  for (const r of raised) {
    const s = byKey.get(keyOf(r));
    if (!s) plan.insert.push(r);
    else if (s.withdrawn) plan.rewrite.push({ id: s.id, raised: r, restore: true });
    else if (
      !sameTime(s.occurredAt, r.occurredAt) ||
      !sameTime(s.expectedDate, r.expectedDate) ||
      !sameTime(s.actualDate, r.actualDate) ||
      s.message !== r.message ||
      s.driverId !== driverId
    ) {
      plan.rewrite.push({ id: s.id, raised: r, restore: false });
    }
  }
  for (const s of stored) if (!s.withdrawn && !found.has(keyOf(s))) plan.withdraw.push(s.id);
  return plan;
}

// ---------- Judging one trip ----------

/** A trip's facts as the rules read them, and its driver; null for a trip of no such id. */
export async function loadTripFacts(
  db: Db,
  tenantId: number,
  tripId: number,
  now: Date,
): Promise<{ facts: TTripFacts; driverId: number | null } | null> {
  const trip = await tripFacts(db, tenantId, tripId);
  if (!trip) return null;
  const stops = await stopFacts(db, tenantId, tripId);
  const fixes =
    trip.driverId !== null && trip.startedDate
      ? await fixesBetween(db, tenantId, trip.driverId, trip.startedDate, trip.endedDate ?? now)
      : [];
  const origin =
    trip.originLat !== null && trip.originLon !== null
      ? { lat: trip.originLat, lon: trip.originLon, title: trip.originTitle ?? '' }
      : null;
  return {
    driverId: trip.driverId,
    facts: {
      id: trip.id,
      startDate: trip.startDate,
      departureTimeRange: trip.departureTimeRange,
      startedDate: trip.startedDate,
      endedDate: trip.endedDate,
      live: !trip.archived && !trip.cancelled,
      origin,
      timeStop: trip.timeStop,
      stops,
      fixes,
    },
  };
}

/** Drive times from the configured router, asked once per pair of places and kept by this process. */
export interface TRouter {
  /** The router's seconds for a drive asked before; null (the straight-line estimate) otherwise. */
  seconds(from: TPoint, to: TPoint): number | null;
  /** Asks the router for these drives (a failure is kept as "no answer", so a trip is judged alike every time). */
  prefetch(pairs: [TPoint, TPoint][]): Promise<void>;
}

const ROUTES_KEPT = 10_000;

export function createRouter(routerUrl: string, log: Pick<FastifyBaseLogger, 'warn'>): TRouter {
  const known = new Map<string, number | null>();
  const key = (a: TPoint, b: TPoint) =>
    `${a.lat.toFixed(5)},${a.lon.toFixed(5)};${b.lat.toFixed(5)},${b.lon.toFixed(5)}`;
  return {
    seconds: (from, to) => known.get(key(from, to)) ?? null,
    async prefetch(pairs) {
      for (const [from, to] of pairs) {
        const k = key(from, to);
        if (known.has(k)) continue;
        let seconds: number | null = null;
        try {
          const route = await drivingDirections(
            routerUrl,
            [
              [from.lon, from.lat],
              [to.lon, to.lat],
            ],
            log,
          );
          seconds = route.duration_s;
        } catch {
          // Logged by the directions service; the straight-line estimate stands in.
        }
        known.set(k, seconds);
        if (known.size > ROUTES_KEPT) known.delete(known.keys().next().value!);
      }
    },
  };
}

/** What judging trips changed. */
export interface TJudged {
  trips: number;
  raised: number;
  updated: number;
  withdrawn: number;
}
const nothingJudged = (): TJudged => ({ trips: 0, raised: 0, updated: 0, withdrawn: 0 });
const add = (a: TJudged, b: TJudged): TJudged => ({
  trips: a.trips + b.trips,
  raised: a.raised + b.raised,
  updated: a.updated + b.updated,
  withdrawn: a.withdrawn + b.withdrawn,
});

type TBaseSettings = Omit<TJudgeSettings, 'drivingSeconds'>;

/** The tenant's thresholds and terms as the rules take them. */
export async function judgeSettingsOf(ctx: TTenantContext): Promise<TBaseSettings> {
  const { thresholds, terms } = await tenantProfile(ctx);
  return {
    stopRadiusMeters: thresholds.stopRadiusMeters,
    idleSpeedKmh: thresholds.idleSpeedKmh,
    typicalSpeedKmh: EXCEPTION_ENGINE_DEFAULTS.typicalSpeedKmh,
    terms,
  };
}

/**
 * Judges one trip at `now` and stores the outcome (see the file's comment); announces what changed
 * once committed. With a router, the drives the rules ask about are fetched first, outside the
 * transaction, so no lock is held while the router answers.
 */
export async function judgeOneTrip(
  ctx: TTenantContext,
  tripId: number,
  { now, settings, router }: { now: Date; settings: TBaseSettings; router?: TRouter | null },
): Promise<TJudged> {
  let drivingSeconds: TJudgeSettings['drivingSeconds'];
  if (router) {
    const loaded = await loadTripFacts(ctx.db, ctx.tenantId, tripId, now);
    if (!loaded) return nothingJudged();
    const asked: [TPoint, TPoint][] = [];
    judgeTrip(
      loaded.facts,
      { ...settings, drivingSeconds: (from, to) => (asked.push([from, to]), null) },
      now,
    );
    await router.prefetch(asked);
    drivingSeconds = router.seconds;
  }
  return inTransaction(ctx, async (tx) => {
    await lockTrip(tx.db, tripId);
    const loaded = await loadTripFacts(tx.db, tx.tenantId, tripId, now);
    if (!loaded) return nothingJudged();
    const raised = judgeTrip(loaded.facts, { ...settings, drivingSeconds }, now);
    const stored = (await exceptionsOfTrip(tx.db, tx.tenantId, tripId)).map((s) => ({
      ...s,
      withdrawn: s.withdrawnDate !== null,
    }));
    const plan = reconcile(stored, raised, loaded.driverId);
    const trip = { id: tripId, driverId: loaded.driverId };
    const created = await insertExceptions(tx.db, tx.tenantId, trip, plan.insert);
    const updated: number[] = [];
    for (const { id, raised: r, restore } of plan.rewrite) {
      await rewriteException(tx.db, tx.tenantId, id, { ...r, driverId: loaded.driverId }, { restore });
      (restore ? created : updated).push(id);
    }
    await withdrawExceptions(tx.db, tx.tenantId, plan.withdraw, now);
    emit(tx, 'exception.created', created);
    emit(tx, 'exception.updated', [...updated, ...plan.withdraw]);
    return { trips: 1, raised: created.length, updated: updated.length, withdrawn: plan.withdraw.length };
  });
}

// ---------- Sweeping a tenant ----------

/** Reads the tenant's thresholds and terms at most once a minute. */
function settingsCache() {
  const known = new Map<number, { settings: TBaseSettings; until: number }>();
  return async (ctx: TTenantContext): Promise<TBaseSettings> => {
    const hit = known.get(ctx.tenantId);
    if (hit && hit.until > Date.now()) return hit.settings;
    const settings = await judgeSettingsOf(ctx);
    known.set(ctx.tenantId, { settings, until: Date.now() + SETTINGS_FOR_MS });
    return settings;
  };
}

export interface TSweepOptions {
  now: Date;
  /** Judge every trip planned since then (the demo's history, a catch-up); otherwise as the last sweep says. */
  catchUpFrom?: Date;
  /** A trip on the road this process judged moments ago need not be judged again. */
  judgedLately?: (tenantId: number, tripId: number) => boolean;
}

/**
 * One sweep of one tenant, when no other process holds it: the trips named by the change events
 * after its watermark, those on the road, those overdue, those whose fixes arrived late, and after
 * downtime (or when asked) every trip planned since the last sweep. Answers null when another
 * process is sweeping the tenant.
 */
async function sweepTenant(
  ctx: TTenantContext,
  holder: string,
  judge: (tripId: number) => Promise<TJudged>,
  { now, catchUpFrom, judgedLately }: TSweepOptions,
): Promise<TJudged | null> {
  const { db, tenantId } = ctx;
  const claim = await claimSweep(db, tenantId, holder, now, new Date(now.getTime() + LEASE_MS));
  if (!claim) return null;
  try {
    const ids = new Set<number>();
    const lastSwept = claim.sweptAt?.getTime() ?? null;
    let watermark = claim.changeEventId;
    if (lastSwept === null && watermark === 0) {
      // Never swept: the look-back below covers the past; change events count from here on.
      watermark = await newestChangeId(db);
    } else {
      for (;;) {
        const changes = await changesAfter(db, watermark, CHANGES_PER_READ, { tenantId, types: TRIP_EVENTS });
        const stopIds: number[] = [];
        for (const change of changes) {
          if (change.type === 'stop.updated') stopIds.push(...change.ids);
          else change.ids.forEach((id) => ids.add(id));
          watermark = change.id;
        }
        (await tripIdsOfStops(db, tenantId, stopIds)).forEach((id) => ids.add(id));
        if (changes.length < CHANGES_PER_READ) break;
      }
    }
    const t = now.getTime();
    const downtime = lastSwept !== null && t - lastSwept > 3 * SWEEP_INTERVAL_MS;
    const lookBackFrom =
      catchUpFrom?.getTime() ??
      (lastSwept === null
        ? t - FIRST_LOOK_BACK_MS
        : downtime
          ? Math.max(lastSwept - SWEEP_INTERVAL_MS, t - MAX_LOOK_BACK_MS)
          : null);
    if (lookBackFrom !== null) {
      (await tripIdsPlannedBetween(db, tenantId, new Date(lookBackFrom), now)).forEach((id) => ids.add(id));
    }
    const overdueFrom = new Date(Math.min(lookBackFrom ?? t, t - OVERDUE_LOOK_BACK_MS));
    (await overdueTripIds(db, tenantId, overdueFrom, now)).forEach((id) => ids.add(id));
    for (const id of await runningTripIds(db, tenantId)) {
      if (!judgedLately?.(tenantId, id)) ids.add(id);
    }
    const lateSince = new Date(lastSwept ?? t - SWEEP_INTERVAL_MS);
    const endedAfter = new Date(t - LATE_FIXES_WITHIN_MS);
    (await tripIdsWithLateFixes(db, tenantId, lateSince, endedAfter)).forEach((id) => ids.add(id));

    let judged = nothingJudged();
    for (const id of [...ids].sort((a, b) => a - b)) judged = add(judged, await judge(id));
    await finishSweep(db, tenantId, holder, { changeEventId: watermark, sweptAt: now });
    return judged;
  } catch (error) {
    await releaseSweep(db, tenantId, holder).catch(() => {});
    throw error;
  }
}

/** Sweeps every live tenant (see sweepTenant); answers what was judged. */
async function sweepAll(
  db: Db,
  publish: TPublish,
  holder: string,
  options: TSweepOptions & {
    router: TRouter | null;
    settingsOf: (ctx: TTenantContext) => Promise<TBaseSettings>;
  },
): Promise<TJudged> {
  let total = nothingJudged();
  for (const tenantId of await liveTenantIds(db)) {
    const ctx = systemContext(db, publish, 'exceptions engine', tenantId);
    const settings = await options.settingsOf(ctx);
    const judge = (tripId: number) =>
      judgeOneTrip(ctx, tripId, { now: options.now, settings, router: options.router });
    const swept = await sweepTenant(ctx, holder, judge, options);
    if (swept) total = add(total, swept);
  }
  return total;
}

/**
 * Judges every trip planned from `from` to `now` in every tenant, once (the demo's history right
 * after it is replayed: one pass is much faster than judging as every replayed event arrives), and
 * leaves each tenant's sweep to carry on from `now`.
 */
export function catchUpExceptions(
  db: Db,
  publish: TPublish,
  {
    from,
    now = new Date(),
    routerUrl,
    log,
  }: { from: Date; now?: Date; routerUrl?: string | undefined; log?: Pick<FastifyBaseLogger, 'warn'> },
): Promise<TJudged> {
  const router = routerUrl ? createRouter(routerUrl, log ?? { warn() {} }) : null;
  return sweepAll(db, publish, randomUUID(), { now, catchUpFrom: from, router, settingsOf: settingsCache() });
}

// ---------- The engine of a process ----------

export interface TExceptionsEngineOptions {
  database: { db: Db };
  events: EventBus;
  positions: PositionFeed;
  log: FastifyBaseLogger;
  /** OSRM-compatible router for drive estimates (`ROUTER_URL`); the straight-line estimate without it. */
  routerUrl?: string | undefined;
  /** The sweep's interval; null runs no sweep (tests call `sweep` themselves). */
  sweepEveryMs?: number | null;
}

export interface TExceptionsEngine {
  /** Judges these trips of a tenant now, and waits for it. */
  judge(tenantId: number, tripIds: number[]): Promise<TJudged>;
  /** Sweeps every tenant now (as the periodic job does), and waits for it. */
  sweep(now?: Date): Promise<TJudged>;
  /** Judges at once the trips the events asked for (positions wait up to 30 s otherwise), and waits for it. */
  settle(): Promise<void>;
  /** Stops listening and sweeping, once what is in progress is done. */
  stop(): Promise<void>;
}

/**
 * Starts the engine of this process: it listens to the trip and stop events and the committed
 * positions on this process's buses, and sweeps every minute. Several processes may each run one.
 */
export function startExceptionsEngine(options: TExceptionsEngineOptions): TExceptionsEngine {
  const { db } = options.database;
  const { log } = options;
  const publish = options.events.publish;
  const holder = randomUUID();
  const router = options.routerUrl ? createRouter(options.routerUrl, log) : null;
  const settingsOf = settingsCache();
  const contextOf = (tenantId: number) => systemContext(db, publish, 'exceptions engine', tenantId);

  /** When this process last judged each trip (`tenant:trip`). */
  const judgedAt = new Map<string, number>();
  const judge = async (tenantId: number, tripId: number): Promise<TJudged> => {
    const ctx = contextOf(tenantId);
    const now = new Date();
    const result = await judgeOneTrip(ctx, tripId, { now, settings: await settingsOf(ctx), router });
    judgedAt.set(`${tenantId}:${tripId}`, now.getTime());
    if (judgedAt.size > 50_000) judgedAt.delete(judgedAt.keys().next().value!);
    return result;
  };

  // The trips the events asked for, each judged once when due, never two at once.
  const due = new Map<string, { tenantId: number; tripId: number; at: number }>();
  const running = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const idleWaiters: (() => void)[] = [];

  const pump = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    const nowMs = Date.now();
    for (const [key, item] of due) {
      if (running.size >= JUDGING_AT_ONCE) break;
      if (item.at > nowMs || running.has(key)) continue;
      due.delete(key);
      running.add(key);
      const work = judge(item.tenantId, item.tripId)
        .catch((err: unknown) =>
          log.error({ err, tripId: item.tripId }, 'judging a trip for exceptions failed'),
        )
        .finally(() => {
          running.delete(key);
          inFlight.delete(work);
          pump();
        });
      inFlight.add(work);
    }
    if (due.size === 0 && running.size === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
    const next = Math.min(...[...due.values()].map((d) => d.at));
    if (Number.isFinite(next)) {
      timer = setTimeout(pump, Math.max(0, next - nowMs));
      timer.unref();
    }
  };
  const schedule = (tenantId: number, tripIds: number[], afterMs: number) => {
    if (stopped) return;
    const at = Date.now() + afterMs;
    for (const tripId of tripIds) {
      const key = `${tenantId}:${tripId}`;
      const known = due.get(key);
      if (!known || known.at > at) due.set(key, { tenantId, tripId, at });
    }
    pump();
  };

  const onChange = async (event: TChangeEvent) => {
    if (event.tenant_id === null || event.ids.length === 0) return;
    const tripIds =
      event.type === 'stop.updated' ? await tripIdsOfStops(db, event.tenant_id, event.ids) : event.ids;
    schedule(event.tenant_id, tripIds, TRANSITIONS_AFTER_MS);
  };
  const unsubscribeEvents = options.events.subscribe(onChange, TRIP_EVENTS);
  const unsubscribePositions = options.positions.subscribe((updates) => {
    for (const u of updates) if (u.tripId !== null) schedule(u.tenantId, [u.tripId], POSITIONS_EVERY_MS);
  });

  const sweep = (now = new Date()) => {
    const recent = now.getTime() - SWEEP_INTERVAL_MS / 2;
    return sweepAll(db, publish, holder, {
      now,
      router,
      settingsOf,
      judgedLately: (tenantId, tripId) => (judgedAt.get(`${tenantId}:${tripId}`) ?? 0) > recent,
    });
  };
  const job: PeriodicJob | null =
    options.sweepEveryMs === null
      ? null
      : startPeriodicJob({
          name: 'exceptions sweep',
          intervalMs: options.sweepEveryMs ?? SWEEP_INTERVAL_MS,
          log,
          run: () => sweep(),
        });

  return {
    judge: async (tenantId, tripIds) => {
      let total = nothingJudged();
      for (const tripId of tripIds) total = add(total, await judge(tenantId, tripId));
      return total;
    },
    sweep,
    settle: () => {
      if (due.size === 0 && running.size === 0) return Promise.resolve();
      for (const item of due.values()) item.at = 0;
      const settled = new Promise<void>((resolve) => idleWaiters.push(resolve));
      pump();
      return settled;
    },
    async stop() {
      stopped = true;
      unsubscribeEvents();
      unsubscribePositions();
      if (timer) clearTimeout(timer);
      due.clear();
      await job?.stop();
      await Promise.allSettled([...inFlight]);
      idleWaiters.splice(0).forEach((resolve) => resolve());
    },
  };
}
