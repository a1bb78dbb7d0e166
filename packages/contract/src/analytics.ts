import { z } from 'zod';
import { DAY } from './dates.ts';
import { MESSAGES } from './messages.ts';
import { REPORT_RANGE_MAX_DAYS, reportDays, zReportDay } from './reports.ts';

/*
 * Analytics (spec 002 "Analytics at /analytics", §7, §9): five rankings of a tenant's drivers over
 * a run of the tenant's days, `fdate` to `ldate` both included. Every row carries the same figures
 * (decision 0028 for working time and pay); the calls differ in which drivers they list and in what
 * order.
 *
 *   GET analytics/get-drivers-with-most-trips              completed trips, most first
 *   GET analytics/get-drivers-with-most-working-hours      worked time, most first
 *   GET analytics/get-drivers-with-fewest-incidents        accidents + fines, fewest first (drivers who worked)
 *   GET analytics/get-drivers-with-most-approval-accepted  manager approvals accepted, most first
 *   GET analytics/get-drivers-with-most-exceptions         exceptions raised, most first
 */

/** The five rankings, by the last part of their paths. */
export const ANALYTICS_RANKINGS = [
  'most-trips',
  'most-working-hours',
  'fewest-incidents',
  'most-approval-accepted',
  'most-exceptions',
] as const;
export type TAnalyticsRanking = (typeof ANALYTICS_RANKINGS)[number];

/** A ranking's path below `/api`. */
export const analyticsPath = (ranking: TAnalyticsRanking) => `analytics/get-drivers-with-${ranking}`;

/** `?fdate=&ldate=`: the tenant's days, both included, the end not before the start, at most a year. */
export const ZAnalyticsQuery = z
  .object({
    fdate: zReportDay('fdate'),
    ldate: zReportDay('ldate'),
    /** The spec's client may name its tenant: only the caller's own is accepted. */
    tenant_id: z.string().optional(),
  })
  .superRefine((q, ctx) => {
    if (!DAY.test(q.fdate) || !DAY.test(q.ldate)) return;
    const days = reportDays(q.fdate, q.ldate);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['ldate'], message: MESSAGES.reports.rangeInvalid });
    else if (days > REPORT_RANGE_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['ldate'],
        message: MESSAGES.reports.rangeTooLong(REPORT_RANGE_MAX_DAYS),
      });
    }
  });
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/**
 * A driver's figures of the period (spec 002 §3 "Analytics rows"): trips completed, worked time as
 * `hh:mm:ss` (hours may pass 99), pay for it (`total_rate`, minutes / 60 × hourly rate, in
 * `currency`), exceptions raised, incidents (accidents and fines) and manager approvals accepted.
 */
export const ZAnalyticsRow = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  fullname: z.string(),
  trip_count: z.number().int(),
  total_time: z.string(),
  total_minutes: z.number().int(),
  total_rate: z.number(),
  currency: z.string(),
  exception_count: z.number().int(),
  incident_count: z.number().int(),
  approval_accepted_count: z.number().int(),
});
export type TAnalyticsRow = z.infer<typeof ZAnalyticsRow>;

/** `hh:mm:ss` of a count of minutes (the seconds are always 00: working time is whole minutes). */
export const minutesToClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** The hours of a `total_time` (spec 002 §9: its hour part), 0 for anything unreadable. */
export const hoursOfClock = (clock: string) => {
  const hours = Number(clock.split(':')[0]);
  return Number.isInteger(hours) && hours >= 0 ? hours : 0;
};

/** The driver counts the screen offers (spec 002 §9); `null` is All. */
export const ANALYTICS_COUNTS = [1, 2, 5, 10, 15, 20, null] as const;
export const ANALYTICS_DEFAULT_COUNT = 10;
/** Compact charts show the top 6 (spec 002 §9). */
export const ANALYTICS_COMPACT = 6;
