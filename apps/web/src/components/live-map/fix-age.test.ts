import { describe, expect, it } from 'vitest';
import { fixAge } from './fix-age';

describe('fixAge', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('reads API and event stream times alike', () => {
    expect(fixAge('2026-03-10 11:58:00', now)).toBe('2 min ago');
    expect(fixAge('2026-03-10T11:58:00.000Z', now)).toBe('2 min ago');
  });

  it('words the age from seconds to days', () => {
    expect(fixAge('2026-03-10 11:59:50', now)).toBe('just now');
    expect(fixAge('2026-03-10 11:59:15', now)).toBe('45 s ago');
    expect(fixAge('2026-03-10 09:00:00', now)).toBe('3 h ago');
    expect(fixAge('2026-03-10 08:55:00', now)).toBe('3 h 5 min ago');
    expect(fixAge('2026-03-09 11:00:00', now)).toBe('1 day ago');
    expect(fixAge('2026-03-07 12:00:00', now)).toBe('3 days ago');
    expect(fixAge('not a time', now)).toBe('unknown');
  });
});
