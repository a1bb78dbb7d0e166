import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  localDayBoundsUtc,
  localInputToUtc,
  parseLocalInput,
  toLocalInput,
  utcToLocalInput,
} from './dates';

const utcOf = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

describe('dates', () => {
  it('sends a local date-time as UTC and shows a UTC one back in local time', () => {
    const local = new Date(2026, 2, 10, 8, 30);
    expect(localInputToUtc('2026-03-10T08:30')).toBe(utcOf(local));
    expect(utcToLocalInput(utcOf(local))).toBe('2026-03-10T08:30');
    expect(toLocalInput(local)).toBe('2026-03-10T08:30');
  });

  it('passes a blank or malformed value on for the schema to name', () => {
    expect(localInputToUtc('')).toBe('');
    expect(localInputToUtc('2026-02-30T08:00')).toBe('2026-02-30T08:00');
    expect(parseLocalInput('2026-03-10T24:00')).toBeNull();
  });

  it('turns a local day into the UTC bounds of that whole day', () => {
    expect(localDayBoundsUtc('2026-03-10')).toEqual({
      start: utcOf(new Date(2026, 2, 10, 0, 0, 0)),
      end: utcOf(new Date(2026, 2, 10, 23, 59, 59)),
    });
    expect(localDayBoundsUtc('2026-13-01')).toBeNull();
  });

  it('shows the year only for another year, always on the 24-hour clock', () => {
    const now = new Date(2026, 5, 1);
    expect(formatDateTime(new Date(2026, 2, 10, 18, 5), now)).not.toContain('2026');
    expect(formatDateTime(new Date(2025, 2, 10, 18, 5), now)).toContain('2025');
    expect(formatDateTime(new Date(2026, 2, 10, 18, 5), now)).toContain('18:05');
  });
});
