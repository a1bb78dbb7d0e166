import { SESSION_STORAGE_KEYS } from './storage-keys';

/*
 * Opening a trip from another screen (spec 001 "Trips"): the `openTrip` query parameter opens it
 * read-only; the `openTripWithFilters` session value does the same and also sets the trips date
 * filter to the trip's dates until the dialog closes.
 */

/** Asks the trips screen to open this trip read-only with its dates as the filter; then navigate to /trips. */
export function requestOpenTripWithFilters(tripId: number): void {
  sessionStorage.setItem(SESSION_STORAGE_KEYS.openTripWithFilters, String(tripId));
}

const tripIdOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/**
 * Takes (reads and removes) the trip the trips screen was asked to open. The value is the trip id, or
 * JSON holding `id` or `trip_id`, as other screens may write either.
 */
export function takeOpenTripWithFilters(): number | null {
  const raw = sessionStorage.getItem(SESSION_STORAGE_KEYS.openTripWithFilters);
  if (raw === null) return null;
  sessionStorage.removeItem(SESSION_STORAGE_KEYS.openTripWithFilters);
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      return tripIdOf(record.id) ?? tripIdOf(record.trip_id);
    }
    return tripIdOf(value);
  } catch {
    return null;
  }
}

/** The `openTrip` query parameter as a trip id, or null. */
export function parseOpenTripParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return tripIdOf(Number(value));
}
