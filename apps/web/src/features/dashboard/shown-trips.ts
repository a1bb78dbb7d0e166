import { useCallback, useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEYS } from '../../lib/storage-keys';

/*
 * The trips the user switched on to keep in the dashboard's list although they wait or are
 * delivered (spec 000 "Dashboard"). Kept in session storage, like the rest of the console's
 * per-tab state, so a reload keeps them and signing out forgets them.
 */

export const SHOWN_TRIPS_KEY = SESSION_STORAGE_KEYS.dashboardShownTrips;

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: ReadonlySet<number> = new Set();

function read(): ReadonlySet<number> {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(SHOWN_TRIPS_KEY);
  } catch {
    // Blocked storage: nothing remembered.
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const value: unknown = raw === null ? [] : JSON.parse(raw);
    cached = new Set(Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    cached = new Set();
  }
  return cached;
}

function write(ids: ReadonlySet<number>): void {
  try {
    sessionStorage.setItem(SHOWN_TRIPS_KEY, JSON.stringify([...ids]));
  } catch {
    // A full or blocked storage only loses the memory of the switch.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The switched-on trips and the switch. `today` (the ids of today's trips) prunes trips of other
 * days from storage whenever a switch is turned, so the list does not grow day after day.
 */
export function useShownTrips(today: readonly number[] | undefined) {
  const shown = useSyncExternalStore(subscribe, read, read);
  const setShown = useCallback(
    (tripId: number, on: boolean) => {
      const current = read();
      const keep = today ? new Set(today) : null;
      const next = new Set([...current].filter((id) => !keep || keep.has(id)));
      if (on) next.add(tripId);
      else next.delete(tripId);
      write(next);
    },
    [today],
  );
  return { shown, setShown };
}
