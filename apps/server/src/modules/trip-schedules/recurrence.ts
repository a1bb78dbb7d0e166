import { createRequire } from 'node:module';
import { DateTime } from 'luxon';
import type { TRepeatType } from '@fleet/contract';
import type { RRule as TRRule } from 'rrule';

// rrule ships CommonJS whose named exports Node's ESM loader cannot see; require keeps one code path
// for tests, `npm run dev` and the bundled server.
const { RRule } = createRequire(import.meta.url)('rrule') as { RRule: typeof TRRule };

export interface TRecurrence {
  /** The first occurrence (an instant). Its wall-clock time in `timeZone` is every occurrence's. */
  start: Date;
  /** No occurrence after this instant. */
  end: Date | null;
  repeatType: TRepeatType;
  repeatInterval: number;
  /** 1 Monday … 7 Sunday; required by weekly rules, narrows daily ones, ignored by monthly ones. */
  daysOfWeek: number[] | null;
  /** IANA zone, e.g. Europe/London. */
  timeZone: string;
}

const WEEK_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
const FREQUENCY = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;
const DAY_MS = 86_400_000;

/** The wall clock of an instant in a zone, written as a "floating" UTC date (how rrule computes). */
function toFloating(instant: Date, zone: string): Date {
  const local = DateTime.fromJSDate(instant, { zone });
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
}

/**
 * The instant a floating wall-clock time has in a zone. A time skipped by a DST change moves
 * forward by the gap (01:30 on a spring-forward night becomes 02:30); a repeated time takes its
 * first (earlier) instant.
 */
function fromFloating(floating: Date, zone: string): Date {
  const instant = DateTime.fromObject(
    {
      year: floating.getUTCFullYear(),
      month: floating.getUTCMonth() + 1,
      day: floating.getUTCDate(),
      hour: floating.getUTCHours(),
      minute: floating.getUTCMinutes(),
      second: floating.getUTCSeconds(),
    },
    { zone },
  ).toJSDate();
  // In a repeated hour the same wall clock also exists under the offset in force a few hours before.
  const earlierOffset = DateTime.fromJSDate(new Date(instant.getTime() - 6 * 3_600_000), { zone }).offset;
  const earlier = new Date(floating.getTime() - earlierOffset * 60_000);
  return earlier < instant && toFloating(earlier, zone).getTime() === floating.getTime() ? earlier : instant;
}

/** The RFC 5545 rule of a schedule, over floating wall-clock dates. */
export function scheduleRule(r: TRecurrence): TRRule {
  const dtstart = toFloating(r.start, r.timeZone);
  const dayOfMonth = dtstart.getUTCDate();
  const days = r.daysOfWeek?.length ? r.daysOfWeek.map((d) => WEEK_DAYS[d - 1]!) : undefined;
  return new RRule({
    freq: FREQUENCY[r.repeatType],
    interval: r.repeatInterval,
    dtstart,
    wkst: RRule.MO,
    ...(r.end ? { until: toFloating(r.end, r.timeZone) } : {}),
    ...(r.repeatType === 'monthly'
      ? dayOfMonth > 28
        ? // A schedule on the 29th–31st runs on the last day of shorter months (Feb 28/29, Apr 30)
          // instead of skipping them: the latest of the days 28…N that the month has.
          { bymonthday: Array.from({ length: dayOfMonth - 27 }, (_, i) => 28 + i), bysetpos: -1 }
        : { bymonthday: dayOfMonth }
      : days
        ? { byweekday: days }
        : {}),
  });
}

/**
 * Occurrences of a schedule whose instants fall in [from, to), in order. Rules run on the zone's
 * wall clock, so 08:00 stays 08:00 local across daylight-saving changes (07:00 or 08:00 UTC in
 * London) and week days are the zone's week days.
 */
export function occurrencesBetween(r: TRecurrence, from: Date, to: Date): Date[] {
  if (to <= from) return [];
  const rule = scheduleRule(r);
  // Floating dates differ from instants by the zone's offset (at most a day), so widen, then filter exactly.
  const floatingFrom = new Date(toFloating(from, r.timeZone).getTime() - DAY_MS);
  const floatingTo = new Date(toFloating(to, r.timeZone).getTime() + DAY_MS);
  return rule
    .between(floatingFrom, floatingTo, true)
    .map((f) => fromFloating(f, r.timeZone))
    .filter((d) => d >= from && d < to && d >= r.start && (!r.end || d <= r.end));
}

/** Parses "1,3,5" into [1, 3, 5]. */
export const parseWeekDays = (value: string | null): number[] | null =>
  value
    ? value
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n >= 1 && n <= 7)
    : null;
