import { describe, expect, it } from 'vitest';
import { occurrencesBetween, type TRecurrence } from './recurrence.ts';

const utc = (s: string) => new Date(`${s.replace(' ', 'T')}Z`);
const iso = (dates: Date[]) => dates.map((d) => d.toISOString().slice(0, 16).replace('T', ' '));
const rule = (over: Partial<TRecurrence> & Pick<TRecurrence, 'start'>): TRecurrence => ({
  end: null,
  repeatType: 'daily',
  repeatInterval: 1,
  daysOfWeek: null,
  timeZone: 'UTC',
  ...over,
});

describe('schedule recurrence', () => {
  it('runs a monthly schedule on the 31st on the last day of shorter months', () => {
    // 08:00 in Dubai is 04:00 UTC all year (no daylight saving there).
    const r = rule({ start: utc('2025-01-31 04:00'), repeatType: 'monthly', timeZone: 'Asia/Dubai' });
    expect(iso(occurrencesBetween(r, utc('2025-01-01 00:00'), utc('2025-06-01 00:00')))).toEqual([
      '2025-01-31 04:00',
      '2025-02-28 04:00',
      '2025-03-31 04:00',
      '2025-04-30 04:00',
      '2025-05-31 04:00',
    ]);
  });

  it('uses February 29 in a leap year and the 28th otherwise', () => {
    const r = rule({ start: utc('2024-01-31 09:00'), repeatType: 'monthly' });
    expect(iso(occurrencesBetween(r, utc('2024-02-01 00:00'), utc('2024-03-01 00:00')))).toEqual([
      '2024-02-29 09:00',
    ]);
    // Every 12 months from February 29: the 28th in common years, the 29th again in 2028.
    const yearly = rule({ start: utc('2024-02-29 09:00'), repeatType: 'monthly', repeatInterval: 12 });
    expect(iso(occurrencesBetween(yearly, utc('2024-01-01 00:00'), utc('2029-01-01 00:00')))).toEqual([
      '2024-02-29 09:00',
      '2025-02-28 09:00',
      '2026-02-28 09:00',
      '2027-02-28 09:00',
      '2028-02-29 09:00',
    ]);
  });

  it('keeps a monthly schedule on the 29th of each month, falling back to the 28th in a common February', () => {
    const r = rule({ start: utc('2025-01-29 06:00'), repeatType: 'monthly' });
    expect(iso(occurrencesBetween(r, utc('2025-01-01 00:00'), utc('2025-04-01 00:00')))).toEqual([
      '2025-01-29 06:00',
      '2025-02-28 06:00',
      '2025-03-29 06:00',
    ]);
  });

  it('keeps the local time of a weekly London schedule across the change to summer time', () => {
    // Mondays and Fridays at 08:00 London time; clocks go forward on Sunday 30 March 2025.
    const r = rule({
      start: utc('2025-03-24 08:00'),
      repeatType: 'weekly',
      daysOfWeek: [1, 5],
      timeZone: 'Europe/London',
    });
    expect(iso(occurrencesBetween(r, utc('2025-03-20 00:00'), utc('2025-04-08 00:00')))).toEqual([
      '2025-03-24 08:00',
      '2025-03-28 08:00',
      '2025-03-31 07:00',
      '2025-04-04 07:00',
      '2025-04-07 07:00',
    ]);
  });

  it('keeps the local time when summer time ends, taking the first of a repeated hour', () => {
    // Sundays at 01:30 London time. On 26 October 2025 01:30 happens twice (BST, then GMT).
    const r = rule({
      start: utc('2025-10-19 00:30'),
      repeatType: 'weekly',
      daysOfWeek: [7],
      timeZone: 'Europe/London',
    });
    expect(iso(occurrencesBetween(r, utc('2025-10-15 00:00'), utc('2025-11-03 00:00')))).toEqual([
      '2025-10-19 00:30',
      '2025-10-26 00:30',
      '2025-11-02 01:30',
    ]);
  });

  it('moves a time skipped by the spring-forward change to just after it', () => {
    // Daily at 01:30 London time; on 30 March 2025 clocks jump from 01:00 to 02:00.
    const r = rule({ start: utc('2025-03-29 01:30'), timeZone: 'Europe/London' });
    expect(iso(occurrencesBetween(r, utc('2025-03-29 00:00'), utc('2025-04-01 00:00')))).toEqual([
      '2025-03-29 01:30',
      '2025-03-30 01:30',
      '2025-03-31 00:30',
    ]);
  });

  it('counts week days in the schedule’s zone: a Dubai Monday 02:00 is a Sunday in UTC', () => {
    const r = rule({
      start: utc('2025-06-01 22:00'), // Monday 2 June 02:00 in Dubai
      repeatType: 'weekly',
      daysOfWeek: [1],
      timeZone: 'Asia/Dubai',
    });
    expect(iso(occurrencesBetween(r, utc('2025-06-01 00:00'), utc('2025-06-20 00:00')))).toEqual([
      '2025-06-01 22:00',
      '2025-06-08 22:00',
      '2025-06-15 22:00',
    ]);
  });

  it('repeats every second week on the chosen days only', () => {
    const r = rule({
      start: utc('2025-06-02 05:00'), // a Monday
      repeatType: 'weekly',
      repeatInterval: 2,
      daysOfWeek: [1, 3],
    });
    expect(iso(occurrencesBetween(r, utc('2025-06-01 00:00'), utc('2025-06-20 00:00')))).toEqual([
      '2025-06-02 05:00',
      '2025-06-04 05:00',
      '2025-06-16 05:00',
      '2025-06-18 05:00',
    ]);
  });

  it('narrows a daily schedule to its week days and stops at the end date', () => {
    const r = rule({
      start: utc('2025-06-02 05:00'),
      end: utc('2025-06-10 05:00'),
      daysOfWeek: [1, 2, 3, 4, 5],
    });
    expect(iso(occurrencesBetween(r, utc('2025-05-01 00:00'), utc('2025-07-01 00:00')))).toEqual([
      '2025-06-02 05:00',
      '2025-06-03 05:00',
      '2025-06-04 05:00',
      '2025-06-05 05:00',
      '2025-06-06 05:00',
      '2025-06-09 05:00',
      '2025-06-10 05:00',
    ]);
  });

  it('gives only the occurrences inside the window, none before the start', () => {
    const r = rule({ start: utc('2025-06-10 05:00') });
    expect(iso(occurrencesBetween(r, utc('2025-06-01 00:00'), utc('2025-06-12 05:00')))).toEqual([
      '2025-06-10 05:00',
      '2025-06-11 05:00',
    ]);
  });
});
