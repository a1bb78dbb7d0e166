import { SCHEDULE_HORIZON_DAYS, type TRepeatType } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { tripSchedules } from '../../db/schema/index.ts';
import { insertTrips, replaceTripStops, updateTrip, type TNewTrip } from '../trips/queries.ts';
import {
  activeSchedules,
  archiveScheduledTrips,
  findLiveSchedule,
  futureTripsOf,
  lockSchedule,
  scheduleStops,
} from './queries.ts';
import { occurrencesBetween, parseWeekDays, type TRecurrence } from './recurrence.ts';

/** How often the background job extends every schedule's trips (and at start-up). */
export const MATERIALISE_INTERVAL_MS = 10 * 60_000;
const HORIZON_MS = SCHEDULE_HORIZON_DAYS * 86_400_000;

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

const tripColumnsOf = (s: TScheduleRow, occurrence: Date): TNewTrip => ({
  driverId: s.driverId,
  warehouseId: s.warehouseId,
  typeId: s.typeId,
  startDate: occurrence,
  note: s.note,
  departureTimeRange: s.departureTimeRange,
  scheduleId: s.id,
  occurrenceStart: occurrence,
});

/**
 * Brings one schedule's trips in line with it for the next SCHEDULE_HORIZON_DAYS days. Must run in
 * a transaction. Each occurrence becomes one trip, keyed by (schedule, occurrence start) under a
 * unique index and inserted with ON CONFLICT DO NOTHING, and the schedule's advisory lock
 * serialises writers across processes: running it again, anywhere, creates nothing twice.
 *
 * With `rewrite` (after an edit), future trips not yet started take the schedule's new values and
 * stops, and those whose occurrence the schedule no longer has are archived. A deleted schedule
 * archives all its future unstarted trips. Started trips are never touched, nor are trips an
 * admin deleted one by one (their occurrence stays taken).
 */
export async function syncSchedule(
  tx: Db,
  tenantId: number,
  scheduleId: number,
  now: Date,
  { rewrite = false } = {},
): Promise<{ created: number }> {
  await lockSchedule(tx, scheduleId);
  const schedule = await findLiveSchedule(tx, tenantId, scheduleId);
  const wanted = schedule ? upcomingOccurrences(schedule, now) : [];
  const existing = await futureTripsOf(tx, tenantId, scheduleId, now);
  const wantedTimes = new Set(wanted.map((d) => d.getTime()));
  const stops = schedule ? ((await scheduleStops(tx, tenantId, [scheduleId])).get(scheduleId) ?? []) : [];
  // Stored stops without their schedule ids: each trip gets stops and tasks of its own.
  const plan = stops.map(({ id: _id, tasks, ...stop }) => ({
    ...stop,
    tasks: tasks.map(({ id: _taskId, ...task }) => task),
  }));

  if (rewrite || !schedule) {
    const waiting = existing.filter((t) => !t.startedDate && t.flag === 0);
    await archiveScheduledTrips(
      tx,
      tenantId,
      waiting.filter((t) => !wantedTimes.has(t.occurrenceStart!.getTime())).map((t) => t.id),
    );
    if (schedule) {
      for (const trip of waiting.filter((t) => wantedTimes.has(t.occurrenceStart!.getTime()))) {
        await updateTrip(tx, tenantId, trip.id, tripColumnsOf(schedule, trip.occurrenceStart!));
        await replaceTripStops(tx, tenantId, trip.id, plan);
      }
    }
  }
  if (!schedule) return { created: 0 };
  const have = new Set(existing.map((t) => t.occurrenceStart!.getTime()));
  const missing = wanted.filter((d) => !have.has(d.getTime()));
  const created = await insertTrips(
    tx,
    tenantId,
    missing.map((d) => ({ trip: tripColumnsOf(schedule, d), stops: plan })),
    { skipExisting: true },
  );
  return { created: created.length };
}

/** One pass over every active schedule, each in its own short transaction. */
export async function materialiseSchedules(db: Db, now = new Date()): Promise<{ created: number }> {
  let created = 0;
  for (const s of await activeSchedules(db, now)) {
    const result = await db.transaction((tx) => syncSchedule(tx as unknown as Db, s.tenantId, s.id, now));
    created += result.created;
  }
  return { created };
}
