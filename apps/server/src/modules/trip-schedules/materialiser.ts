import { SCHEDULE_HORIZON_DAYS, type TRepeatType } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { tripSchedules } from '../../db/schema/index.ts';
import {
  inTransaction,
  systemContext,
  type TTenantContext,
  type TTxContext,
} from '../../platform/context.ts';
import type { TPublish } from '../../platform/events.ts';
import {
  createScheduledTrips,
  releaseScheduledTrips,
  rewriteScheduledTrips,
  scheduledTripsFrom,
  type TNewTrip,
} from '../trips/service.ts';
import { activeSchedules, findLiveSchedule, lockSchedule, scheduleStops } from './queries.ts';
import { occurrencesBetween, parseWeekDays, type TRecurrence } from './recurrence.ts';

/** How often the background job extends every schedule's trips (and at start-up). */
export const MATERIALISE_INTERVAL_MS = 10 * 60_000;
const HORIZON_MS = SCHEDULE_HORIZON_DAYS * 86_400_000;
/** The actor of every trip a schedule makes, whether the job or an admin's edit set it off. */
const ACTOR = 'materialiser';

type TScheduleRow = typeof tripSchedules.$inferSelect;

export const recurrenceOf = (s: TScheduleRow): TRecurrence => ({
  start: s.startDate,
  end: s.endDate,
  repeatType: s.repeatType as TRepeatType,
  repeatInterval: s.repeatInterval,
  daysOfWeek: parseWeekDays(s.daysOfWeek),
  timeZone: s.timeZone,
});

/** The schedule's occurrences from `now` to the end of the horizon. */
export const upcomingOccurrences = (s: TScheduleRow, now: Date) =>
  occurrencesBetween(recurrenceOf(s), now, new Date(now.getTime() + HORIZON_MS));

const tripColumnsOf = (s: TScheduleRow, occurrence: Date) =>
  ({
    driverId: s.driverId,
    warehouseId: s.warehouseId,
    typeId: s.typeId,
    startDate: occurrence,
    note: s.note,
    departureTimeRange: s.departureTimeRange,
    scheduleId: s.id,
    occurrenceStart: occurrence,
  }) satisfies TNewTrip;

/**
 * The materialiser's own context inside the transaction `tx` runs in: the same database handle and
 * held-back events, with the materialiser as the actor of the trips it writes.
 */
const asMaterialiser = (tx: TTenantContext & TTxContext): TTenantContext & TTxContext => ({
  ...systemContext(tx.db, tx.publish, ACTOR, tx.tenantId),
  changes: tx.changes,
});

/**
 * Brings one schedule's trips in line with it for the next SCHEDULE_HORIZON_DAYS days. Must run in
 * a transaction (`tx`). Each occurrence becomes one trip, keyed by (schedule, occurrence start)
 * under a unique index and inserted with ON CONFLICT DO NOTHING, and the schedule's advisory lock
 * serialises writers across processes: running it again, anywhere, creates nothing twice.
 *
 * With `rewrite` (after an edit), future trips not yet started take the schedule's new values and
 * stops, and those whose occurrence the schedule no longer has are archived. A deleted schedule
 * archives all its future unstarted trips. Started trips are never touched, nor are trips an
 * admin deleted one by one (their occurrence stays taken). The trips service writes every trip,
 * and its change event in the same transaction, as the materialiser's.
 */
export async function syncSchedule(
  tx: TTenantContext & TTxContext,
  scheduleId: number,
  now: Date,
  { rewrite = false } = {},
): Promise<{ created: number }> {
  const ctx = asMaterialiser(tx);
  await lockSchedule(ctx.db, scheduleId);
  const schedule = await findLiveSchedule(ctx.db, ctx.tenantId, scheduleId);
  const wanted = schedule ? upcomingOccurrences(schedule, now) : [];
  const existing = await scheduledTripsFrom(ctx, scheduleId, now);
  const wantedTimes = new Set(wanted.map((d) => d.getTime()));
  const stops = schedule
    ? ((await scheduleStops(ctx.db, ctx.tenantId, [scheduleId])).get(scheduleId) ?? [])
    : [];
  // Stored stops without their schedule ids: each trip gets stops and tasks of its own.
  const plan = stops.map(({ id: _id, tasks, ...stop }) => ({
    ...stop,
    tasks: tasks.map(({ id: _taskId, ...task }) => task),
  }));

  if (rewrite || !schedule) {
    const waiting = existing.filter((t) => !t.startedDate && t.flag === 0);
    await releaseScheduledTrips(
      ctx,
      waiting.filter((t) => !wantedTimes.has(t.occurrenceStart!.getTime())).map((t) => t.id),
    );
    if (schedule) {
      await rewriteScheduledTrips(
        ctx,
        waiting
          .filter((t) => wantedTimes.has(t.occurrenceStart!.getTime()))
          .map((t) => ({ id: t.id, trip: tripColumnsOf(schedule, t.occurrenceStart!), stops: plan })),
      );
    }
  }
  if (!schedule) return { created: 0 };
  const have = new Set(existing.map((t) => t.occurrenceStart!.getTime()));
  const missing = wanted.filter((d) => !have.has(d.getTime()));
  const created = await createScheduledTrips(
    ctx,
    missing.map((d) => ({ trip: tripColumnsOf(schedule, d), stops: plan })),
  );
  return { created: created.length };
}

/**
 * One pass over every active schedule of every tenant, each in its own short transaction; the
 * trips' events are written with them and go to `publish` once each transaction commits.
 */
export async function materialiseSchedules(
  db: Db,
  publish: TPublish,
  now = new Date(),
): Promise<{ created: number }> {
  let created = 0;
  for (const s of await activeSchedules(db, now)) {
    const ctx = systemContext(db, publish, ACTOR, s.tenantId);
    const result = await inTransaction(ctx, (tx) => syncSchedule(tx, s.id, now));
    created += result.created;
  }
  return { created };
}
