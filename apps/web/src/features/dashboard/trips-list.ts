import { parseUtcDateTime, TRIP_STATUS, tripStatusText, type TTripRow } from '@fleet/contract';

/*
 * Which of today's trips the dashboard lists, and how they read (spec 000 "Dashboard", §3).
 *
 * The spec's rule: the list keeps trips that are neither delivered nor waiting, plus the trips the
 * user switched on. The filter narrows that list (Late, Early) or opens the two pools the rule leaves
 * out (Finished: every delivered trip; Waiting: every trip not started), where a trip can be switched
 * on to stay in the list. So every trip of the day is reachable from one filter or another.
 */

export const TRIP_FILTERS = ['all', 'late', 'early', 'finished', 'waiting'] as const;
export type TTripFilter = (typeof TRIP_FILTERS)[number];

export const TRIP_FILTER_LABELS: Record<TTripFilter, string> = {
  all: 'All',
  late: 'Late',
  early: 'Early',
  finished: 'Finished',
  waiting: 'Waiting',
};

export const isDelivered = (trip: TTripRow) => trip.ended_date !== null;
export const isWaiting = (trip: TTripRow) => !isDelivered(trip) && trip.status === TRIP_STATUS.waiting;
/** Started and not ended: always in the list. */
export const isOnTheRoad = (trip: TTripRow) => !isDelivered(trip) && !isWaiting(trip);

/**
 * The trips a filter shows. `shown` holds the trips switched on (none for namat, which has no
 * switch).
 */
export function filterTrips(trips: readonly TTripRow[], filter: TTripFilter, shown: ReadonlySet<number>) {
  const listed = (t: TTripRow) => isOnTheRoad(t) || shown.has(t.id);
  switch (filter) {
    case 'all':
      return trips.filter(listed);
    case 'late':
      return trips.filter((t) => listed(t) && t.status === TRIP_STATUS.startedLate);
    case 'early':
      return trips.filter((t) => listed(t) && t.status === TRIP_STATUS.startedEarly);
    case 'finished':
      return trips.filter(isDelivered);
    case 'waiting':
      return trips.filter(isWaiting);
  }
}

/** How many trips each filter shows, for the filter's labels. */
export function countByFilter(trips: readonly TTripRow[], shown: ReadonlySet<number>) {
  return Object.fromEntries(
    TRIP_FILTERS.map((filter) => [filter, filterTrips(trips, filter, shown).length]),
  ) as Record<TTripFilter, number>;
}

/** Timing status text, capitalised for a cell: Waiting, Started late, Started early. */
export const timingText = (trip: Pick<TTripRow, 'status'>) => {
  const text = tripStatusText(trip.status);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const driverName = (trip: Pick<TTripRow, 'driver'>) =>
  trip.driver ? `${trip.driver.fname} ${trip.driver.lname}` : 'N/A';

/** "Express · Jebel Ali Hub": the trip's type and where it starts. */
export const tripTitle = (trip: TTripRow) =>
  [trip.type0?.title ?? trip.type?.title, trip.warehouse?.title].filter(Boolean).join(' · ');

const startTime = (trip: TTripRow) =>
  (trip.start_date && parseUtcDateTime(trip.start_date)?.getTime()) ||
  parseUtcDateTime(trip.created_date)?.getTime() ||
  0;

export interface TDriverGroup {
  /** -1 for trips without a driver (shown as N/A, spec 000 §3). */
  driverId: number;
  name: string;
  trips: TTripRow[];
}

/** Trips grouped by driver (by name, N/A last), each driver's trips by planned start. */
export function groupByDriver(trips: readonly TTripRow[]): TDriverGroup[] {
  const groups = new Map<number, TDriverGroup>();
  for (const trip of trips) {
    const driverId = trip.driver?.id ?? -1;
    let group = groups.get(driverId);
    if (!group) {
      group = { driverId, name: driverName(trip), trips: [] };
      groups.set(driverId, group);
    }
    group.trips.push(trip);
  }
  for (const group of groups.values()) group.trips.sort((a, b) => startTime(a) - startTime(b) || a.id - b.id);
  return [...groups.values()].sort(
    (a, b) =>
      Number(a.driverId === -1) - Number(b.driverId === -1) ||
      a.name.localeCompare(b.name) ||
      a.driverId - b.driverId,
  );
}

/**
 * "2 of 3": where a trip falls among its driver's trips of the day (by planned start), counting
 * every trip of the day, not only the listed ones.
 */
export function tripOfDriverDay(trips: readonly TTripRow[]): Map<number, { index: number; total: number }> {
  const result = new Map<number, { index: number; total: number }>();
  for (const group of groupByDriver(trips)) {
    if (group.driverId === -1) continue;
    group.trips.forEach((trip, i) => result.set(trip.id, { index: i + 1, total: group.trips.length }));
  }
  return result;
}

// ---------- Stops ----------

export type TStopState = 'planned' | 'arrived' | 'departed' | 'skipped';

/**
 * Each stop's state: skipped when the driver skipped it; otherwise from its arrival and departure. A
 * stop left without either while a later stop was reached, or while the trip ended, was passed by
 * (an arrival needs the previous stop closed, and a trip ends only when every stop is closed).
 */
export function stopStates(trip: TTripRow): TStopState[] {
  const stops = trip.destinations;
  return stops.map((stop, i) => {
    if (stop.skipped_date) return 'skipped';
    if (stop.departed_date) return 'departed';
    if (stop.arrived_date) return 'arrived';
    const laterReached = stops.slice(i + 1).some((s) => s.arrived_date || s.departed_date);
    return laterReached || isDelivered(trip) ? 'skipped' : 'planned';
  });
}

/** Stops departed from or skipped, of all the trip's stops. */
export function stopProgress(trip: TTripRow): { done: number; total: number } {
  const states = stopStates(trip);
  return {
    done: states.filter((s) => s === 'departed' || s === 'skipped').length,
    total: states.length,
  };
}

/** A stop's coordinates, from its own columns or the place it names. */
export function stopPoint(stop: TTripRow['destinations'][number]): { lat: number; lon: number } | null {
  if (stop.destination_lat !== null && stop.destination_lon !== null)
    return { lat: stop.destination_lat, lon: stop.destination_lon };
  return stop.destination ? { lat: stop.destination.lat, lon: stop.destination.lon } : null;
}

/** Where the trip starts: its origin. */
export function originPoint(trip: TTripRow): { lat: number; lon: number } | null {
  if (trip.warehouse) return { lat: trip.warehouse.lat, lon: trip.warehouse.lon };
  return trip.lat !== null && trip.lon !== null ? { lat: trip.lat, lon: trip.lon } : null;
}
