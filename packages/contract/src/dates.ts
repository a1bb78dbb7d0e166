import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Dates on the wire: UTC `YYYY-MM-DD HH:mm:ss` date-times and `YYYY-MM-DD` days of date filters. */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]00:?00)?$/;
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The years the product takes dates in, everywhere it reads one: a date outside them is a mistake
 * (a typo, a device without a clock) or a probe, and a year like 9999 would run past what the
 * database stores once a day is added to it. Fix times of positions are read without this range
 * (`readUtcDateTime`): a fix outside the retention window is acknowledged and ignored (decision 0020).
 */
export const DATE_YEARS = { min: 2000, max: 2099 } as const;

/** Reads `YYYY-MM-DD HH:mm[:ss]` (UTC; an ISO `T…Z` form is accepted too) into a Date of any year, or null. */
export function readUtcDateTime(value: string): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s));
  // Refuses 2025-02-30 and 25:00 instead of rolling them over.
  const back = date.toISOString();
  return back.slice(0, 10) === `${y}-${mo}-${d}` && back.slice(11, 19) === `${h}:${mi}:${s}` ? date : null;
}

/** Whether `date` falls in DATE_YEARS. */
export const inDateYears = (date: Date) =>
  date.getUTCFullYear() >= DATE_YEARS.min && date.getUTCFullYear() <= DATE_YEARS.max;

/** Reads `YYYY-MM-DD HH:mm[:ss]` (UTC; an ISO `T…Z` form is accepted too) into a Date, or null (also outside DATE_YEARS). */
export function parseUtcDateTime(value: string): Date | null {
  const date = readUtcDateTime(value);
  return date && inDateYears(date) ? date : null;
}

/** A real date-time (or, with `day`, a day) outside DATE_YEARS: refused with its own message. */
export function outsideDateYears(value: string): boolean {
  const text = value.trim();
  const date = readUtcDateTime(DAY.test(text) ? `${text} 00:00:00` : text);
  return date !== null && !inDateYears(date);
}

/** A bound of a date filter: a day (`YYYY-MM-DD`, the whole day) or a UTC date-time, in DATE_YEARS. */
export const zDateBound = () =>
  z
    .string()
    .trim()
    .refine(
      (v) =>
        outsideDateYears(v) || (DAY.test(v) ? readUtcDateTime(`${v} 00:00:00`) : readUtcDateTime(v)) !== null,
      { message: MESSAGES.trips.dayInvalid },
    )
    .refine((v) => !outsideDateYears(v), { message: MESSAGES.dateYears });

/** A date filter's lower bound: a day starts at its midnight (UTC). */
export const rangeStart = (bound: string) => parseUtcDateTime(DAY.test(bound) ? `${bound} 00:00:00` : bound)!;

/** A date filter's upper bound, exclusive: a day includes all of itself, a date-time its own second. */
export function rangeEnd(bound: string): Date {
  const start = rangeStart(bound);
  return new Date(start.getTime() + (DAY.test(bound) ? 86_400_000 : 1000));
}
