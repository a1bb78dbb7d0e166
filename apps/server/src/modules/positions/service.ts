import {
  MESSAGES,
  POSITION_LIMITS,
  toUtcString,
  type TDriverDay,
  type TDriverLocation,
  type TDriverLocations,
  type TFixField,
  type TIgnoredFixReason,
  type TPositionSource,
} from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TServiceContext, TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PositionFeed, TPositionUpdate } from '../../platform/events.ts';
import { createGroupCommit, type GroupCommit, type GroupCommitStats } from '../../platform/group-commit.ts';
import { driverOf } from '../drivers/service.ts';
import { followPositions } from '../trips/service.ts';
import {
  countIgnoredFixes,
  createDayPartition,
  dayPartitions,
  daysInDefaultPartition,
  deleteFromDefaultPartition,
  dropPartition,
  ignoredFixesOf,
  latestPositions,
  latestPositionsBetween,
  listDriverPositions,
  lockPartitions,
  writeFixes,
  type TFixRow,
  type TFixWritten,
  type TIgnoredRow,
  type TLocationRow,
} from './queries.ts';

/*
 * Positions: where drivers are and were, from every source (the driver app's batches, OsmAnd and
 * OwnTracks trackers, the simulator), through one path: `recordPositions` sets aside the fixes the
 * product will not store (counted for their drivers), writes the others in a group commit with
 * whatever else arrives within a few milliseconds, and answers once it has committed; then the live
 * views hear of each driver's newest position. The module's door: routes, other modules, jobs and
 * the seed call these functions only.
 */

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

/** How long positions are kept unless `POSITION_RETENTION_DAYS` says otherwise. */
export const DEFAULT_RETENTION_DAYS = 90;

/** One GPS fix of one driver, as every source hands it in (units converted, names unified). */
export interface TFix {
  driverId: number;
  lat: number;
  lon: number;
  recordedAt: Date;
  /** km/h */
  speed?: number | null;
  /** Degrees from north. */
  course?: number | null;
  /** Metres above sea level. */
  altitude?: number | null;
  /** Metres. */
  accuracy?: number | null;
  /** Percent. */
  battery?: number | null;
  source: TPositionSource;
  /** Whatever else the source sent, kept as it came. */
  attributes?: Record<string, unknown> | null;
}

export interface TRecordOptions {
  /**
   * Answer once the trips have followed the fixes (the default: a driver app reads its trip back
   * right after), or as soon as they are committed (a tracker reads nothing back; its trip follows
   * within a second, a busy tracker's fixes gathered into one run).
   */
  answerAfterFollowing?: boolean;
  /**
   * Acknowledge every fix but store none, counting them for their drivers with this reason (a
   * tracker's fixes while its driver is signed in to the driver app).
   */
  ignoreAll?: TWhyIgnored;
}

export interface TRecorded {
  /** Fixes handed in. */
  received: number;
  /** Fixes stored now; the others were already stored (the same driver and fix time), or ignored. */
  stored: number;
  /** Fixes acknowledged but not stored: outside the retention window, ahead of the clock, out of range. */
  ignored: number;
}

// ---------- Where a database's positions are written ----------

interface Ingest {
  /** The group commit; null writes each fix in a statement and commit of its own (the naive baseline). */
  commit: GroupCommit<TFixRow, TFixWritten> | null;
  /** Ignored fixes are counted through a group commit of their own: one statement for many requests. */
  ignored: GroupCommit<TIgnoredRow, void> | null;
  feed: PositionFeed | null;
  retentionDays: number;
  log: Pick<FastifyBaseLogger, 'error'> | null;
}

export interface TIngestOptions {
  /** Where committed newest positions are announced (the live views). */
  feed?: PositionFeed;
  /** Where a failure to follow a trip from committed positions is reported (the fixes stay stored). */
  log?: Pick<FastifyBaseLogger, 'error'>;
  retentionDays?: number;
  /**
   * Group commit: a group is written when it holds `maxItems` fixes or `maxDelayMs` after its first,
   * with up to `concurrency` groups being written at once. False writes each fix in a statement and
   * commit of its own, one after another: the naive baseline the ingest benchmark compares with.
   */
  groupCommit?: { maxItems: number; maxDelayMs: number; concurrency: number } | false;
}

/** Writers by database: the app's routes and its tracker port share the one of their database. */
const ingests = new WeakMap<Db, Ingest>();

/**
 * Starts writing positions of this database through a group commit and announcing them on `feed`.
 * The app does it once when it builds its routes; without it (the seed, a transaction's own
 * context) positions are written directly, in the caller's transaction if it has one.
 */
export function startPositionIngest(db: Db, options: TIngestOptions = {}): void {
  const group = options.groupCommit ?? { maxItems: 1000, maxDelayMs: 2, concurrency: 1 };
  ingests.set(db, {
    commit: group ? createGroupCommit({ write: (rows) => writeFixes(db, rows), ...group }) : null,
    ignored: group
      ? createGroupCommit({
          write: async (rows) => {
            await countIgnoredFixes(db, rows);
            return rows.map(() => undefined);
          },
          ...group,
          // One row a driver: groups written side by side would only wait on each other's rows.
          concurrency: 1,
        })
      : null,
    feed: options.feed ?? null,
    retentionDays: options.retentionDays ?? DEFAULT_RETENTION_DAYS,
    log: options.log ?? null,
  });
}

/** Writes what is waiting and stops; later positions are written directly. */
export async function stopPositionIngest(db: Db): Promise<void> {
  const ingest = ingests.get(db);
  ingests.delete(db);
  await ingest?.commit?.drain();
  await ingest?.ignored?.drain();
  await followersIdle(ingest);
}

/** What the group commit of this database did so far, and the fixes waiting (tests and the benchmark read it). */
export function positionIngestStats(db: Db): (GroupCommitStats & { waiting: number }) | null {
  const commit = ingests.get(db)?.commit;
  return commit ? { ...commit.stats, waiting: commit.waiting } : null;
}

// ---------- Recording ----------

const within = (value: number | null | undefined, min: number, max: number) =>
  value === null || value === undefined || (Number.isFinite(value) && value >= min && value <= max);
const L = POSITION_LIMITS;
const I = MESSAGES.position.ignored;

/** The range each value other than the place and time must fall in, as the console names it. */
const RANGES: [TFixField, (fix: TFix) => number | null | undefined, number, number, string][] = [
  ['speed', (f) => f.speed, 0, L.speedMax, `0 to ${L.speedMax} km/h`],
  ['course', (f) => f.course, 0, 360, '0 to 360 degrees'],
  ['accuracy', (f) => f.accuracy, 0, L.accuracyMax, `0 to ${L.accuracyMax} metres`],
  [
    'altitude',
    (f) => f.altitude,
    L.altitudeMin,
    L.altitudeMax,
    `${L.altitudeMin} to ${L.altitudeMax} metres`,
  ],
  ['battery', (f) => f.battery, 0, 100, '0 to 100 percent'],
];

export interface TWhyIgnored {
  reason: TIgnoredFixReason;
  detail: string;
}

/**
 * Why the product will not store a fix, or null when it will: its time outside the retention window
 * or ahead of the clock, its coordinates or another value out of range, too much beside it. The
 * first broken rule names the reason, the time first (a wrong clock is what usually happens).
 */
function whyIgnored(fix: TFix, now: number, retentionDays: number): TWhyIgnored | null {
  const at = fix.recordedAt.getTime();
  if (!Number.isFinite(at)) return { reason: 'out_of_range', detail: I.timeInvalid };
  if (at > now + L.futureMinutes * 60_000)
    return { reason: 'in_future', detail: I.inFuture(toUtcString(fix.recordedAt).slice(0, 16)) };
  if (at < now - retentionDays * DAY_MS)
    return { reason: 'too_old', detail: I.tooOld(fix.recordedAt.toISOString().slice(0, 10), retentionDays) };
  if (!within(fix.lat, -90, 90) || !within(fix.lon, -180, 180))
    return { reason: 'coordinates', detail: I.coordinates(fix.lat, fix.lon) };
  for (const [field, valueOf, min, max, range] of RANGES) {
    const value = valueOf(fix);
    if (!within(value, min, max))
      return { reason: 'out_of_range', detail: I.outOfRange(field, Math.round(value! * 10) / 10, range) };
  }
  // What a tracker sends beside the fix is kept, within reason: a report is no place for a file.
  if (fix.attributes && JSON.stringify(fix.attributes).length > L.attributesMaxChars)
    return { reason: 'attributes', detail: I.attributes };
  return null;
}

/**
 * Sets aside the fixes the product will not store: one row a driver, with how many and the reason of
 * the last, to be counted in one write with the request's (and other requests') fixes.
 */
function setAside(ctx: TTenantContext, fixes: TFix[], retentionDays: number, all?: TWhyIgnored) {
  const now = Date.now();
  const kept: TFix[] = [];
  const ignored = new Map<number, TIgnoredRow>();
  for (const fix of fixes) {
    const why = all ?? whyIgnored(fix, now, retentionDays);
    if (!why) {
      kept.push(fix);
      continue;
    }
    const row = ignored.get(fix.driverId);
    ignored.set(fix.driverId, {
      tenantId: ctx.tenantId,
      driverId: fix.driverId,
      count: (row?.count ?? 0) + 1,
      reason: why.reason,
      detail: why.detail,
    });
  }
  return { kept, ignored: [...ignored.values()] };
}

/** Counts ignored fixes: with the group commit when it runs, else at once (in the caller's transaction). */
async function countIgnored(db: Db, ingest: Ingest | undefined, rows: TIgnoredRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (ingest?.ignored) await ingest.ignored.submit(rows);
  else await countIgnoredFixes(db, rows);
}

/**
 * Whose positions this caller may record: a driver's app its own, a tracker its driver's; the
 * product itself (the simulator, the seed) any driver of the tenant.
 */
async function assertDrivers(ctx: TTenantContext, driverIds: Set<number>): Promise<void> {
  const { actor } = ctx;
  const own = actor.kind === 'driver' ? actor.id : actor.kind === 'tracker' ? actor.driverId : undefined;
  if (own !== undefined) {
    if ([...driverIds].some((id) => id !== own)) throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
    return;
  }
  for (const id of driverIds) {
    try {
      await driverOf(ctx, id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw AppError.field('driver_id', MESSAGES.position.driverUnknown);
      throw error;
    }
  }
}

const orNull = (value: number | null | undefined) => value ?? null;

interface TFollowRun {
  ctx: TTenantContext;
  fixes: TFollowFix[];
  /** Someone waits for this run to answer (a driver app's batch): it goes as soon as it can. */
  awaited: boolean;
  settle: { resolve: () => void; reject: (error: unknown) => void }[];
}
type TFollowFix = { lat: number; lon: number; recordedAt: Date; speed: number | null };
interface TFollower {
  running: Promise<void> | null;
  /** The run gathering fixes to go next. */
  next: TFollowRun | null;
  /** Holds the next run until a second has passed since the last one started. */
  timer: NodeJS.Timeout | null;
  lastStarted: number;
}
/** Per driver: the trips' follower in progress, and the run gathering the fixes to go next. */
const followers = new Map<string, TFollower>();
/** A driver's trip is followed at most this often for fixes nobody waits on (trackers). */
const FOLLOW_EVERY_MS = 1000;

/**
 * Lets the trips follow a driver's newly stored fixes (arrivals, departures, a start from the
 * origin). Runs for one driver never overlap, so a later batch is never judged before an earlier
 * one; fixes stored meanwhile are gathered into the next run, in time order. A run nobody waits on
 * (a tracker's) starts at most once a second a driver, so a tracker reporting every second or
 * faster costs one run a second, not one a report; a run someone waits on starts at once. A failure
 * is logged and does not fail the request: the fixes are committed, and the next ones let the trip
 * catch up.
 */
function followDriver(
  ctx: TTenantContext,
  driverId: number,
  fixes: TFixRow[],
  ingest: Ingest | undefined,
  awaited: boolean,
) {
  const key = `${ctx.tenantId}:${driverId}`;
  let follower = followers.get(key);
  if (!follower) followers.set(key, (follower = { running: null, next: null, timer: null, lastStarted: 0 }));
  const next = (follower.next ??= { ctx, fixes: [], awaited: false, settle: [] });
  next.awaited ||= awaited;
  for (const f of fixes)
    next.fixes.push({ lat: f.lat, lon: f.lon, recordedAt: f.recordedAt, speed: f.speed });
  const done = new Promise<void>((resolve, reject) => next.settle.push({ resolve, reject }));
  kickFollower(key, driverId, follower, ingest, false);
  return done;
}

function kickFollower(key: string, driverId: number, f: TFollower, ingest: Ingest | undefined, now: boolean) {
  const run = f.next;
  if (f.running) return;
  if (!run) {
    // Idle: the driver is remembered until its second is over, so a report then still waits for it.
    const left = f.lastStarted + FOLLOW_EVERY_MS - Date.now();
    if (left > 0 && !now) {
      f.timer ??= setTimeout(() => {
        f.timer = null;
        kickFollower(key, driverId, f, ingest, false);
      }, left).unref();
      return;
    }
    if (f.timer) clearTimeout(f.timer);
    followers.delete(key);
    return;
  }
  const wait = now || run.awaited ? 0 : f.lastStarted + FOLLOW_EVERY_MS - Date.now();
  if (wait > 0) {
    f.timer ??= setTimeout(() => {
      f.timer = null;
      kickFollower(key, driverId, f, ingest, false);
    }, wait).unref();
    return;
  }
  if (f.timer) clearTimeout(f.timer);
  f.timer = null;
  f.next = null;
  f.lastStarted = Date.now();
  run.fixes.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  f.running = followPositions(run.ctx, driverId, run.fixes)
    .then(
      () => run.settle.forEach((s) => s.resolve()),
      (err: unknown) => {
        if (!ingest?.log) return run.settle.forEach((s) => s.reject(err));
        ingest.log.error({ err, driverId }, 'following a trip from positions failed');
        run.settle.forEach((s) => s.resolve());
      },
    )
    .finally(() => {
      f.running = null;
      kickFollower(key, driverId, f, ingest, false);
    });
}

/** Follows every fix stored so far at once (held runs included), and waits until the trips have. */
async function followersIdle(ingest: Ingest | undefined): Promise<void> {
  while (followers.size > 0) {
    for (const [key, f] of followers) {
      const driverId = Number(key.split(':')[1]);
      kickFollower(key, driverId, f, ingest, true);
    }
    await Promise.all([...followers.values()].map((f) => f.running));
  }
}

/** The naive way, kept to measure the group commit against: one statement and commit per fix. */
async function writeOneByOne(db: Db, rows: TFixRow[]): Promise<TFixWritten[]> {
  const written: TFixWritten[] = [];
  for (const row of rows) written.push(...(await writeFixes(db, [row])));
  return written;
}

/**
 * Records GPS fixes of the tenant's drivers, from any source. A fix the product will not store
 * (its time outside the retention window or ahead of the clock, a value out of range) is left out
 * and counted for its driver with its reason, and the request still succeeds: a device that sends
 * its oldest fix first until it is acknowledged is never stuck on one (docs/decisions/0020). Each
 * fix is attached to its driver's trip in progress at the fix time; a fix the driver already has
 * (same fix time) is ignored; a late fix is stored but never moves the driver's last position back.
 * Resolves once the fixes are committed and (unless asked otherwise) the trips have followed them;
 * each driver's new newest position is announced as soon as it commits.
 */
export async function recordPositions(
  ctx: TTenantContext,
  fixes: TFix[],
  options: TRecordOptions = {},
): Promise<TRecorded> {
  if (fixes.length === 0) return { received: 0, stored: 0, ignored: 0 };
  const ingest = ingests.get(ctx.db);
  await assertDrivers(ctx, new Set(fixes.map((f) => f.driverId)));
  const { kept, ignored } = setAside(
    ctx,
    fixes,
    ingest?.retentionDays ?? DEFAULT_RETENTION_DAYS,
    options.ignoreAll,
  );
  const counted = countIgnored(ctx.db, ingest, ignored);
  const recorded = { received: fixes.length, ignored: fixes.length - kept.length };

  const rows: TFixRow[] = kept.map((f) => ({
    tenantId: ctx.tenantId,
    driverId: f.driverId,
    lat: f.lat,
    lon: f.lon,
    recordedAt: f.recordedAt,
    speed: orNull(f.speed),
    course: orNull(f.course),
    altitude: orNull(f.altitude),
    accuracy: orNull(f.accuracy),
    battery: orNull(f.battery),
    source: f.source,
    attributes: f.attributes && Object.keys(f.attributes).length > 0 ? f.attributes : null,
  }));
  // Inside a caller's transaction, or with no writer started, the fixes go straight to the database.
  const [written] = await Promise.all([
    rows.length === 0
      ? []
      : !ingest
        ? writeFixes(ctx.db, rows)
        : ingest.commit
          ? ingest.commit.submit(rows)
          : writeOneByOne(ctx.db, rows),
    counted,
  ]);

  const newest: TPositionUpdate[] = [];
  const storedByDriver = new Map<number, TFixRow[]>();
  written.forEach((w, i) => {
    const row = rows[i]!;
    if (w.stored) {
      const ofDriver = storedByDriver.get(row.driverId);
      if (ofDriver) ofDriver.push(row);
      else storedByDriver.set(row.driverId, [row]);
    }
    if (!w.latest) return;
    newest.push({
      tenantId: row.tenantId,
      driverId: row.driverId,
      tripId: w.tripId,
      lat: row.lat,
      lon: row.lon,
      recordedAt: row.recordedAt.toISOString(),
      speed: row.speed,
      course: row.course,
      source: row.source,
    });
  });
  ingest?.feed?.publish(newest);
  const awaited = options.answerAfterFollowing ?? true;
  const followed = Promise.all(
    [...storedByDriver].map(([driverId, stored]) => followDriver(ctx, driverId, stored, ingest, awaited)),
  );
  if (awaited) await followed;
  else void followed.catch(() => {});
  return { ...recorded, stored: [...storedByDriver.values()].reduce((n, s) => n + s.length, 0) };
}

// ---------- Reading ----------

const toLocation = (l: TLocationRow): TDriverLocation => ({
  id: l.id,
  lat: l.lat,
  lon: l.lon,
  date_and_time: toUtcString(l.recordedAt),
  speed: l.speed,
  course: l.course,
  accuracy: l.accuracy,
  battery: l.battery,
  source: l.source,
  trip_id: l.tripId,
});

/**
 * A driver's positions on one UTC day (`YYYY-MM-DD`, today when not given), oldest first, with the
 * driver's name (the driver must be the tenant's, archived or not), and the fixes of the driver's
 * devices ignored so far.
 */
export async function driverDayPositions(
  ctx: TTenantContext,
  driverId: number,
  day: string = today(),
): Promise<TDriverDay> {
  const driver = await driverOf(ctx, driverId);
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(from.getTime() + DAY_MS);
  const [rows, ignored] = await Promise.all([
    listDriverPositions(ctx.db, ctx.tenantId, driverId, from, to),
    ignoredFixesOf(ctx.db, ctx.tenantId, driverId),
  ]);
  return {
    ...driver,
    locations: rows.map(toLocation),
    ignored_fixes: ignored && {
      count: ignored.count,
      last_reason: ignored.reason,
      last_detail: ignored.detail,
      last_received: toUtcString(ignored.receivedAt),
    },
  };
}

/**
 * Each live driver's latest location, grouped per driver with the driver's name (spec 000 §7,
 * `driver/get-drivers-recent-location`): the newest fix ever without a day, the newest of that UTC
 * day with one. Drivers with no fix are left out.
 */
export async function recentDriverLocations(ctx: TTenantContext, day?: string): Promise<TDriverLocations[]> {
  const rows = day
    ? await latestPositionsBetween(
        ctx.db,
        ctx.tenantId,
        new Date(`${day}T00:00:00Z`),
        new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS),
      )
    : await latestPositions(ctx.db, ctx.tenantId);
  return rows.map(({ driverId, fname, lname, ...location }) => ({
    id: driverId,
    fname,
    lname,
    locations: [toLocation(location)],
  }));
}

// ---------- Keeping the table to its retention ----------

/** How often the partition job runs: days ahead are made long before they start. */
export const PARTITION_INTERVAL_MS = 3600_000;

/** Advisory lock of the partition job: (namespace, key), one process at a time. */
const PARTITION_LOCK = [7_204_312, 1] as const;

export interface TPartitionWork {
  /** Day partitions created (`YYYY-MM-DD`). */
  created: string[];
  /** Day partitions dropped, wholly older than the retention. */
  dropped: string[];
  /** Rows deleted from the default partition, older than the retention. */
  deletedFromDefault: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Keeps `driver_locations` partitioned by UTC day within its retention: creates the partitions of
 * the days from (now − retention) to now + `daysAhead` that are missing (a day that already has rows
 * in the default partition keeps them there, and gets none), drops partitions wholly older than the
 * retention, and deletes older rows from the default partition. Each step runs in its own short
 * transaction under an advisory lock, so processes sharing one database take turns and inserts wait
 * on a step, never on the whole run.
 */
export async function maintainPositionPartitions(
  ctx: TServiceContext,
  {
    retentionDays,
    daysAhead = 7,
    now = new Date(),
  }: { retentionDays: number; daysAhead?: number; now?: Date },
): Promise<TPartitionWork> {
  const work: TPartitionWork = { created: [], dropped: [], deletedFromDefault: 0 };
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  const firstDay = Date.parse(`${dayOf(cutoff)}T00:00:00Z`);
  const lastDay = Date.parse(`${dayOf(now.getTime() + daysAhead * DAY_MS)}T00:00:00Z`);
  const locked = <T>(step: (db: Db) => Promise<T>) =>
    ctx.db.transaction(async (tx) => {
      await lockPartitions(tx, ...PARTITION_LOCK);
      return step(tx);
    });

  const existing = new Set((await dayPartitions(ctx.db)).map((p) => p.day));
  const occupied = await daysInDefaultPartition(ctx.db, new Date(firstDay), new Date(lastDay + DAY_MS));
  for (let at = firstDay; at <= lastDay; at += DAY_MS) {
    const day = dayOf(at);
    if (existing.has(day) || occupied.has(day)) continue;
    const made = await locked(async (tx) => {
      // Checked again under the lock: another process, or a late fix, may have come first.
      if ((await dayPartitions(tx)).some((p) => p.day === day)) return false;
      if ((await daysInDefaultPartition(tx, new Date(at), new Date(at + DAY_MS))).size > 0) return false;
      await createDayPartition(tx, day);
      return true;
    });
    if (made) work.created.push(day);
  }

  for (const { name, day } of await dayPartitions(ctx.db)) {
    if (Date.parse(`${day}T00:00:00Z`) + DAY_MS > cutoff) continue;
    await locked((tx) => dropPartition(tx, name));
    work.dropped.push(day);
  }
  work.deletedFromDefault = await locked((tx) => deleteFromDefaultPartition(tx, new Date(cutoff)));
  return work;
}
