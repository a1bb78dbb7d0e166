import { describe, expect, it } from 'vitest';
import { TRACKER_ID_MIN_BITS, trackerIdBits, trackerIdProblem, ZTrackerSetupRequest } from './trackers.ts';

describe('Tracker ID strength', () => {
  it('credits random ids and discounts repeats, runs and words', () => {
    expect(trackerIdBits('k2Vf9sQx7LmP3wRt8bYn4Jc6')).toBeGreaterThanOrEqual(TRACKER_ID_MIN_BITS);
    expect(trackerIdBits('358240051111110')).toBeLessThan(40);
    expect(trackerIdBits('a'.repeat(40))).toBeLessThan(60);
    expect(trackerIdBits('abcdefghijklmnopqrstuvwxyz')).toBeLessThan(40);
    // Words a checker knows count as one word each, whatever their length.
    const words = new Set(['desert', 'express']);
    expect(trackerIdBits('desertexpress-tracker-23', (w) => words.has(w))).toBeLessThan(70);
  });

  it('says why an id cannot be used, and takes a strong one trimmed', () => {
    expect(trackerIdProblem('TT')).toMatch(/too easy to guess \(about \d+ bits; at least 100/);
    expect(trackerIdProblem('with space but long enough to count')).toMatch(/letters, digits/);
    expect(trackerIdProblem('k2Vf9sQx7LmP3wRt8bYn4Jc6')).toBeNull();
    expect(ZTrackerSetupRequest.parse({ driver_id: 3, tracker_id: ' k2Vf9sQx7LmP3wRt8bYn4Jc6 ' })).toEqual({
      driver_id: 3,
      tracker_id: 'k2Vf9sQx7LmP3wRt8bYn4Jc6',
    });
    expect(ZTrackerSetupRequest.parse({ driver_id: 3, tracker_id: '' })).toEqual({ driver_id: 3 });
    expect(ZTrackerSetupRequest.safeParse({ driver_id: 3, tracker_id: 'phone-7' }).success).toBe(false);
  });
});
