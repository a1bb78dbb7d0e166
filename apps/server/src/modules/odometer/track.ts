import { metersBetween } from '../trips/service.ts';

/*
 * The distance a driver's fixes drove, with the GPS's noise and jumps left out (decision 0035).
 * Pure: `modules/odometer/service.ts` feeds it a driver's stored fixes in time order and keeps the
 * track's end between runs.
 *
 * - A fix whose reported accuracy is worse than `MAX_ACCURACY_M` is not read.
 * - A step is counted only once the fix is at least `MIN_STEP_M` (or its accuracy, if worse) from
 *   the track's last counted point: a parked phone's wander of a few metres adds nothing, and a slow
 *   vehicle's steps add up from that point as a straight line.
 * - A step faster than `MAX_SPEED_KMH` is a jump: the fix is not counted and the track stays where
 *   it was. After `JUMPS_TO_MOVE` of them in a row the track starts again at the latest (the earlier
 *   point was the wrong one), counting nothing for the jump.
 * - Fixes more than `MAX_GAP_MS` apart are not joined: the phone was off or the vehicle driven by
 *   someone else; the track starts again at the later fix.
 */

export const MAX_ACCURACY_M = 100;
export const MIN_STEP_M = 25;
export const MAX_SPEED_KMH = 200;
export const JUMPS_TO_MOVE = 3;
export const MAX_GAP_MS = 15 * 60_000;

export interface TTrackFix {
  lat: number;
  lon: number;
  at: Date;
  /** Metres, as the phone reported it. */
  accuracy: number | null;
}

/** Where a driver's track stands between runs. */
export interface TTrackEnd {
  lat: number;
  lon: number;
  /** When the vehicle was last known to be at (lat, lon). */
  at: Date;
  /** Jumps read in a row since then. */
  jumps: number;
}

export interface TCountedStep {
  /** The fix that ended the step: its time names the day the distance goes to. */
  at: Date;
  meters: number;
}

/**
 * Counts the steps of `fixes` (in time order, all later than `end.at`) from `end` (null: the track
 * starts at the first readable fix), and answers them with the track's new end.
 */
export function countTrack(
  end: TTrackEnd | null,
  fixes: readonly TTrackFix[],
): { steps: TCountedStep[]; end: TTrackEnd | null } {
  const steps: TCountedStep[] = [];
  let at = end;
  for (const fix of fixes) {
    if (fix.accuracy !== null && !(fix.accuracy <= MAX_ACCURACY_M)) continue;
    if (!Number.isFinite(fix.lat) || !Number.isFinite(fix.lon)) continue;
    if (!at || fix.at.getTime() - at.at.getTime() > MAX_GAP_MS) {
      at = { lat: fix.lat, lon: fix.lon, at: fix.at, jumps: 0 };
      continue;
    }
    const seconds = (fix.at.getTime() - at.at.getTime()) / 1000;
    if (seconds <= 0) continue;
    const meters = metersBetween(at, fix);
    if (meters < Math.max(MIN_STEP_M, fix.accuracy ?? 0)) {
      // Still there: the vehicle is known at the counted point until now.
      at = { ...at, at: fix.at, jumps: 0 };
      continue;
    }
    if ((meters / seconds) * 3.6 > MAX_SPEED_KMH) {
      const jumps = at.jumps + 1;
      at = jumps >= JUMPS_TO_MOVE ? { lat: fix.lat, lon: fix.lon, at: fix.at, jumps: 0 } : { ...at, jumps };
      continue;
    }
    steps.push({ at: fix.at, meters });
    at = { lat: fix.lat, lon: fix.lon, at: fix.at, jumps: 0 };
  }
  return { steps, end: at };
}
