import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Dates on the wire: UTC `YYYY-MM-DD HH:mm:ss` date-times and `YYYY-MM-DD` days of date filters. */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]00:?00)?$/;
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads `YYYY-MM-DD HH:mm[:ss]` (UTC; an ISO `T…Z` form is accepted too) into a Date, or null. */
export function parseUtcDateTime(value: string): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s));
  // Refuses 2025-02-30 and 25:00 instead of rolling them over.
  const back = date.toISOString();
  return back.slice(0, 10) === `${y}-${mo}-${d}` && back.slice(11, 19) === `${h}:${mi}:${s}` ? date : null;
}

/** A bound of a date filter: a day (`YYYY-MM-DD`, the whole day) or a UTC date-time. */
export const zDateBound = () =>
  z
    .string()
    .trim()
    .refine((v) => (DAY.test(v) ? parseUtcDateTime(`${v} 00:00:00`) : parseUtcDateTime(v)) !== null, {
      message: MESSAGES.trips.dayInvalid,
    });

/** A date filter's lower bound: a day starts at its midnight (UTC). */
export const rangeStart = (bound: string) => parseUtcDateTime(DAY.test(bound) ? `${bound} 00:00:00` : bound)!;

/** A date filter's upper bound, exclusive: a day includes all of itself, a date-time its own second. */
export function rangeEnd(bound: string): Date {
  const start = rangeStart(bound);
  return new Date(start.getTime() + (DAY.test(bound) ? 86_400_000 : 1000));
}
