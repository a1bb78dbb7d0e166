import { parseUtcDateTime, type TTripRow } from '@fleet/contract';

/*
 * Job Accomplishments Today (spec 000 "Dashboard"): today's trips counted in half-hour buckets of the
 * current UTC day, as Completed (an end date and flag 1), Pending (started, not completed) and Not
 * started (everything else).
 *
 * Trips are placed by their planned start, and the trips counted are those `trip/get-trips` answers
 * (planned today), where the spec counts trips created today: scheduled trips are made days ahead and
 * many trips are planned the day before, so counting by creation would miss most of the day's work.
 */

export const BUCKET_MINUTES = 30;
export const BUCKETS_PER_DAY = (24 * 60) / BUCKET_MINUTES;
/** The axis first shows 9:00 to 20:00 (spec 000 §9): buckets 18 to 40. */
export const WORKING_HOURS = { first: 18, last: 40 } as const;

export type TJobState = 'completed' | 'pending' | 'notStarted';

export const jobState = (trip: Pick<TTripRow, 'ended_date' | 'flag' | 'started_date'>): TJobState =>
  trip.ended_date && trip.flag === 1 ? 'completed' : trip.started_date ? 'pending' : 'notStarted';

export interface TJobBuckets {
  /** "09:00", one per bucket (UTC). */
  labels: string[];
  completed: number[];
  pending: number[];
  notStarted: number[];
  /** Every trip of the day, whatever its bucket. */
  totals: Record<TJobState, number>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day's trips in the 48 half-hour buckets of the UTC day of `now`. */
export function jobBuckets(trips: readonly TTripRow[], now = new Date()): TJobBuckets {
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const empty = () => Array.from({ length: BUCKETS_PER_DAY }, () => 0);
  const result: TJobBuckets = {
    labels: Array.from({ length: BUCKETS_PER_DAY }, (_, i) => {
      const minutes = i * BUCKET_MINUTES;
      return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    }),
    completed: empty(),
    pending: empty(),
    notStarted: empty(),
    totals: { completed: 0, pending: 0, notStarted: 0 },
  };
  for (const trip of trips) {
    const state = jobState(trip);
    result.totals[state] += 1;
    const at = parseUtcDateTime(trip.start_date ?? trip.created_date)?.getTime();
    if (at === undefined) continue;
    const bucket = Math.floor((at - dayStart) / (BUCKET_MINUTES * 60_000));
    if (bucket < 0 || bucket >= BUCKETS_PER_DAY) continue;
    result[state][bucket]! += 1;
  }
  return result;
}

/** "12 completed, 5 pending, 30 not started": the chart as text, for everyone. */
export const jobSummary = (totals: Record<TJobState, number>) =>
  `${totals.completed} completed, ${totals.pending} pending, ${totals.notStarted} not started`;
