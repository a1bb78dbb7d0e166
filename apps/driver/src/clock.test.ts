import { describe, expect, it } from 'vitest';
import { Clock, utcOf } from './store.ts';

const T = Date.UTC(2026, 10, 24, 8, 0, 19, 200);

describe("the device's clock for what it records", () => {
  it('gives an action whole seconds, rounded up, so a fix taken just before is not after it', () => {
    const clock = new Clock();
    const fix = clock.fix(T);
    const action = clock.action(T + 100);
    expect(utcOf(action)).toBe('2026-11-24 08:00:20');
    expect(action).toBeGreaterThan(fix);
  });

  it('puts a fix taken within the second after an action after it, and every fix after the one before', () => {
    const clock = new Clock();
    const action = clock.action(T);
    const fixes = [clock.fix(T + 100), clock.fix(T + 300), clock.fix(T + 1500)];
    expect(fixes[0]).toBe(action + 1);
    expect(fixes[1]).toBe(action + 2);
    expect(fixes[2]).toBe(T + 1500);
    // An action right after those fixes, still in the same second, comes after them too.
    expect(clock.action(T + 1600)).toBe(Date.UTC(2026, 10, 24, 8, 0, 21));
  });
});
