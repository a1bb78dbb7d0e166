import { describe, expect, it } from 'vitest';
import { trip } from '../../test/trip-fixtures';
import { BUCKETS_PER_DAY, jobBuckets, jobState, jobSummary } from './job-accomplishments';

const NOW = new Date('2026-03-10T15:00:00Z');

describe('jobBuckets', () => {
  it('counts the day in 48 half-hour UTC buckets by planned start, as completed, pending and not started', () => {
    const trips = [
      trip(1, {
        start_date: '2026-03-10 09:00:00',
        started_date: '2026-03-10 09:05:00',
        ended_date: '2026-03-10 10:00:00',
        flag: 1,
      }),
      trip(2, { start_date: '2026-03-10 09:29:59', started_date: '2026-03-10 09:40:00', flag: 1 }),
      trip(3, { start_date: '2026-03-10 23:30:00' }),
      trip(4, { start_date: null, created_date: '2026-03-10 00:10:00' }),
    ];
    const buckets = jobBuckets(trips, NOW);
    expect(buckets.labels).toHaveLength(BUCKETS_PER_DAY);
    expect(buckets.labels[18]).toBe('09:00');
    expect(buckets.labels[40]).toBe('20:00');
    expect(buckets.completed[18]).toBe(1);
    expect(buckets.pending[18]).toBe(1);
    expect(buckets.notStarted[47]).toBe(1);
    expect(buckets.notStarted[0]).toBe(1);
    expect(buckets.totals).toEqual({ completed: 1, pending: 1, notStarted: 2 });
    expect(jobSummary(buckets.totals)).toBe('1 completed, 1 pending, 2 not started');
  });

  it('needs an end date and flag 1 to count a trip completed', () => {
    expect(
      jobState({ ended_date: '2026-03-10 10:00:00', flag: 0, started_date: '2026-03-10 09:00:00' }),
    ).toBe('pending');
    expect(jobState({ ended_date: null, flag: 0, started_date: null })).toBe('notStarted');
  });
});
