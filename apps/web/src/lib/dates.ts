import { parseUtcDateTime, toUtcString } from '@fleet/contract';

/*
 * Dates travel as UTC `YYYY-MM-DD HH:mm:ss` (spec 001 §7); people read and type them in the
 * browser's local time. These helpers are the only place the two meet.
 */

/** A range of local days, `YYYY-MM-DD` each (either may be '' where an end may stay open). */
export interface TDayRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as a `datetime-local` input value (local wall clock, minutes). */
export const toLocalInput = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** A Date as a `date` input value (local day). */
export const toLocalDayInput = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A UTC string from the API as a `datetime-local` input value; empty when there is none. */
export function utcToLocalInput(utc: string | null | undefined): string {
  const date = utc ? parseUtcDateTime(utc) : null;
  return date ? toLocalInput(date) : '';
}

/** Reads a `datetime-local` value (local time) into a Date, or null when blank or malformed. */
export function parseLocalInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0'] = m;
  const date = new Date(+y!, +mo! - 1, +d!, +h!, +mi!, +s);
  return date.getMonth() === +mo! - 1 && date.getDate() === +d! ? date : null;
}

/**
 * A `datetime-local` value as the API's UTC string. A malformed value is passed on as typed, so
 * the contract schema reports it; a blank one stays blank ('Field is required').
 */
export function localInputToUtc(value: string): string {
  const date = parseLocalInput(value);
  return date ? toUtcString(date) : value.trim();
}

/** Start and end of a local day (`YYYY-MM-DD`) as UTC strings, for date filters. */
export function localDayBoundsUtc(day: string): { start: string; end: string } | null {
  const start = parseLocalInput(`${day}T00:00`);
  if (!start) return null;
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate(), 23, 59, 59);
  return { start: toUtcString(start), end: toUtcString(end) };
}

/** A range of local days as the `{fdate, tdate}` UTC bounds list calls take (first day's start, last day's end). */
export function localRangeUtc(range: TDayRange | null): { fdate: string; tdate: string } {
  return {
    fdate: (range && localDayBoundsUtc(range.from)?.start) ?? '',
    tdate: (range && localDayBoundsUtc(range.to)?.end) ?? '',
  };
}

const DATE_TIME_FORMAT = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
// The year is left out for dates of the current year: tables of trips have many date columns.
const THIS_YEAR_FORMAT = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const TIME_FORMAT = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A Date in local time, 24-hour clock (spec 001 §9); the year only when it is not this one. */
export const formatDateTime = (date: Date, now = new Date()): string =>
  (date.getFullYear() === now.getFullYear() ? THIS_YEAR_FORMAT : DATE_TIME_FORMAT).format(date);
export const formatTime = (date: Date): string => TIME_FORMAT.format(date);

/** A UTC string from the API in local time; empty when there is none. */
export function formatUtc(utc: string | null | undefined): string {
  const date = utc ? parseUtcDateTime(utc) : null;
  return date ? formatDateTime(date) : '';
}
