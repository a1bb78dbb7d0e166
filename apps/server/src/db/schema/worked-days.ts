import { date, integer, primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantId } from './columns.ts';

/*
 * Working time kept by day (decision 0034): what `modules/reports/queries.ts` computes from trips for
 * a tenant's day, kept once the day is four days past, so a report reads a few rows a driver and
 * day instead of every trip of its period. Derived rows only: any of them can be dropped and made
 * again from the trips. A trigger on `trips` (migration 0029) forgets the days a changed trip
 * touches; the next report makes them again.
 */

/** A driver's worked day: the first start and last end of work that day, and its minutes. */
export const workedDays = pgTable(
  'worked_days',
  {
    tenantId: tenantId(),
    /** The tenant's day, on the clock of `worked_days_kept.time_zone`. */
    day: date('day').notNull(),
    driverId: integer('driver_id').notNull(),
    firstStart: timestamp('first_start', { withTimezone: true }).notNull(),
    lastEnd: timestamp('last_end', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.driverId] })],
);

/**
 * The tenant's days whose `worked_days` rows are complete, and the time zone they were cut in: a day
 * without a row here (or kept in another zone) is computed again before a report reads it.
 */
export const workedDaysKept = pgTable(
  'worked_days_kept',
  {
    tenantId: tenantId(),
    day: date('day').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);
