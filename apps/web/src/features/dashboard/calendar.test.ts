import { describe, expect, it } from 'vitest';
import { trip } from '../../test/trip-fixtures';
import { toLocalDayInput } from '../../lib/dates';
import { calendarWeeks, shiftAnchor, tripsByDay, weekdayOption } from './calendar';

// Wednesday 11 March 2026 (local time).
const WEDNESDAY = new Date(2026, 2, 11);
const days = (dates: Date[]) => dates.map(toLocalDayInput);

describe('calendar weeks', () => {
  it('shows the chosen weekdays of the week as columns', () => {
    expect(days(calendarWeeks(WEDNESDAY, 'week', weekdayOption('sun-sat'))[0]!)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    expect(days(calendarWeeks(WEDNESDAY, 'week', weekdayOption('mon-sun'))[0]!)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    expect(days(calendarWeeks(WEDNESDAY, 'week', weekdayOption('mon-fri'))[0]!)).toHaveLength(5);
    expect(days(calendarWeeks(WEDNESDAY, 'week', weekdayOption('mon-wed-fri'))[0]!)).toEqual([
      '2026-03-09',
      '2026-03-11',
      '2026-03-13',
    ]);
  });

  it('covers the month from the week of its first day to the week of its last', () => {
    const weeks = calendarWeeks(WEDNESDAY, 'month', weekdayOption('mon-sun'));
    expect(toLocalDayInput(weeks[0]![0]!)).toBe('2026-02-23');
    expect(toLocalDayInput(weeks[weeks.length - 1]![6]!)).toBe('2026-04-05');
  });

  it('moves by a week or a month', () => {
    expect(toLocalDayInput(shiftAnchor(WEDNESDAY, 'week', 1))).toBe('2026-03-18');
    expect(toLocalDayInput(shiftAnchor(WEDNESDAY, 'month', -1))).toBe('2026-02-01');
  });
});

describe('tripsByDay', () => {
  it('puts each trip on its local day in time order', () => {
    const a = trip(1, { start_date: '2026-03-11 10:00:00' });
    const b = trip(2, { start_date: '2026-03-11 08:00:00' });
    const byDay = tripsByDay([a, b]);
    const day = toLocalDayInput(new Date(Date.UTC(2026, 2, 11, 10)));
    expect(byDay.get(day)?.map((t) => t.id)).toEqual([2, 1]);
  });
});
