import { describe, expect, it } from 'vitest';
import { outsideDateYears, parseUtcDateTime, readUtcDateTime, zDateBound } from './dates.ts';
import { MESSAGES } from './messages.ts';
import { parseFixTime } from './positions.ts';
import { zUtcDateTime } from './trips.ts';

describe('dates the product reads', () => {
  it('takes 2000 to 2099 only, and says so apart from a date that is no date', () => {
    expect(parseUtcDateTime('2000-01-01 00:00:00')?.toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(parseUtcDateTime('2099-12-31 23:59:59')?.toISOString()).toBe('2099-12-31T23:59:59.000Z');
    expect(parseUtcDateTime('1999-12-31 23:59:59')).toBeNull();
    expect(parseUtcDateTime('9999-12-31 00:00:00')).toBeNull();
    expect(readUtcDateTime('9999-12-31 00:00:00')?.getUTCFullYear()).toBe(9999);
    expect(outsideDateYears('9999-12-31')).toBe(true);
    expect(outsideDateYears('2026-02-30')).toBe(false);

    const bound = zDateBound();
    expect(bound.safeParse('2099-12-31').success).toBe(true);
    expect(bound.safeParse('9999-12-31').error?.issues.map((i) => i.message)).toEqual([MESSAGES.dateYears]);
    expect(bound.safeParse('1970-01-01 00:00:00').error?.issues.map((i) => i.message)).toEqual([
      MESSAGES.dateYears,
    ]);
    expect(bound.safeParse('2026-02-30').error?.issues[0]?.message).toBe(MESSAGES.trips.dayInvalid);
    expect(zUtcDateTime().safeParse('2100-01-01 00:00:00').error?.issues[0]?.message).toBe(
      MESSAGES.dateYears,
    );
    expect(zUtcDateTime().safeParse('2030-06-01T10:00:00Z').data).toBe('2030-06-01 10:00:00');
  });

  it('reads a fix time of any year, for the intake to acknowledge and ignore', () => {
    expect(parseFixTime('1980-01-06 00:00:00')?.getUTCFullYear()).toBe(1980);
    expect(parseFixTime('2013-04-07T10:00:00Z')?.getUTCFullYear()).toBe(2013);
  });
});
