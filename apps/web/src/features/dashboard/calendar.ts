import { parseUtcDateTime, type TTripRow } from '@fleet/contract';
import { localDayBoundsUtc, toLocalDayInput } from '../../lib/dates';

/*
 * The namat calendar's days (spec 000 "Dashboard"): a week or a month of local days, with the days
 * of the week the user chose as its columns, and the tenant's trips planned on each.
 */

export const WEEKDAY_OPTIONS = [
  { id: 'sun-sat', label: 'Sun–Sat', days: [0, 1, 2, 3, 4, 5, 6] },
  { id: 'mon-sun', label: 'Mon–Sun', days: [1, 2, 3, 4, 5, 6, 0] },
  { id: 'mon-fri', label: 'Mon–Fri', days: [1, 2, 3, 4, 5] },
  { id: 'mon-wed-fri', label: 'Mon/Wed/Fri', days: [1, 3, 5] },
] as const;
export type TWeekdayOption = (typeof WEEKDAY_OPTIONS)[number];
export type TWeekdayOptionId = TWeekdayOption['id'];
export type TCalendarView = 'week' | 'month';

export const weekdayOption = (id: TWeekdayOptionId): TWeekdayOption =>
  WEEKDAY_OPTIONS.find((o) => o.id === id) ?? WEEKDAY_OPTIONS[0];

const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
export const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** The first day of the week holding `date`: Sunday when the options start on Sunday, else Monday. */
export function weekStart(date: Date, option: TWeekdayOption): Date {
  const first = option.days[0] === 0 ? 0 : 1;
  return addDays(startOfDay(date), -((date.getDay() - first + 7) % 7));
}

/** The shown days of the week holding `date`, in column order. */
export function weekColumns(date: Date, option: TWeekdayOption): Date[] {
  const start = weekStart(date, option);
  const first = start.getDay();
  return option.days.map((day) => addDays(start, (day - first + 7) % 7));
}

/** The weeks of the month holding `date` (from the week of its 1st to the week of its last day). */
export function monthWeeks(date: Date, option: TWeekdayOption): Date[][] {
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const last = new Date(date.getFullYear(), date.getMonth() + 1, 0);
  const weeks: Date[][] = [];
  for (let start = weekStart(first, option); start <= last; start = addDays(start, 7))
    weeks.push(weekColumns(start, option));
  return weeks;
}

/** The days the view shows, week by week. */
export const calendarWeeks = (date: Date, view: TCalendarView, option: TWeekdayOption): Date[][] =>
  view === 'week' ? [weekColumns(date, option)] : monthWeeks(date, option);

/** The previous or next week or month. */
export function shiftAnchor(date: Date, view: TCalendarView, step: -1 | 1): Date {
  if (view === 'week') return addDays(date, 7 * step);
  return new Date(date.getFullYear(), date.getMonth() + step, 1);
}

/** `trip/get-all-trips` bounds covering the shown days: the first day's start to the last day's end (UTC). */
export function rangeOf(weeks: Date[][]): { fdate: string; tdate: string } {
  const days = weeks.flat().sort((a, b) => a.getTime() - b.getTime());
  const first = localDayBoundsUtc(toLocalDayInput(days[0] ?? new Date()))!;
  const last = localDayBoundsUtc(toLocalDayInput(days[days.length - 1] ?? new Date()))!;
  return { fdate: first.start, tdate: last.end };
}

/** When a trip is planned (its creation when it has no planned start), or null. */
export const tripStart = (trip: TTripRow): Date | null =>
  parseUtcDateTime(trip.start_date ?? trip.created_date);

/** The trips of each local day (`YYYY-MM-DD`), in time order. */
export function tripsByDay(trips: readonly TTripRow[]): Map<string, TTripRow[]> {
  const byDay = new Map<string, { trip: TTripRow; at: number }[]>();
  for (const trip of trips) {
    const start = tripStart(trip);
    if (!start) continue;
    const key = toLocalDayInput(start);
    const list = byDay.get(key) ?? [];
    list.push({ trip, at: start.getTime() });
    byDay.set(key, list);
  }
  return new Map(
    [...byDay].map(([day, list]) => [
      day,
      list.sort((a, b) => a.at - b.at || a.trip.id - b.trip.id).map((e) => e.trip),
    ]),
  );
}
