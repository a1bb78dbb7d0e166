import type {
  TDriverLocation,
  TDriverLocations,
  TDriverRow,
  TLivePosition,
  TTerms,
  TTripRow,
} from '@fleet/contract';
import { parseFixTime } from '../../components/live-map/fix-age';
import type { TMapVehicle } from '../../components/live-map/types';
import type { TReplayTrip } from './api/day-trips';

/*
 * What the Map page draws, computed from the API's answers: vehicles from each driver's latest fix
 * (overtaken by a newer live position), a day's fixes as a replayable track, and the trip events of a
 * driver's day.
 */

/** Today's UTC day, `YYYY-MM-DD` (the page's days are UTC, as the location calls take them). */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

export const driverName = (driver: { fname: string; lname: string }) =>
  `${driver.fname} ${driver.lname}`.trim();

const fixTime = (text: string): number => parseFixTime(text)?.getTime() ?? Number.NaN;

/** A trip in words for a popup: "Trip #12 · Central Warehouse". */
export const tripLabel = (trip: Pick<TTripRow, 'id' | 'warehouse'>, terms: TTerms) =>
  trip.warehouse ? `${terms.trip} #${trip.id} · ${trip.warehouse.title}` : `${terms.trip} #${trip.id}`;

/** The trip each driver has in progress (started, not ended) among a day's trips. */
export function tripsInProgress(trips: readonly TTripRow[]): Map<number, TTripRow> {
  const running = new Map<number, TTripRow>();
  for (const trip of trips) {
    const driverId = trip.driver?.id ?? trip.driver_id;
    if (driverId !== null && trip.started_date && !trip.ended_date) running.set(driverId, trip);
  }
  return running;
}

/** Names in the reader's order (a collator: thousands of drivers sort at once). */
const BY_NAME = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export interface TVehicleSources {
  /** Each driver's latest fix (`driver/get-drivers-recent-location`). */
  recent: readonly TDriverLocations[];
  /** The newest position of each driver heard on the event stream. */
  live: ReadonlyMap<number, TLivePosition>;
  /** The drivers list: names of drivers heard live only, and vehicle references. */
  drivers: readonly TDriverRow[];
  /** Today's trips, for the trip a vehicle is on. */
  trips: readonly TTripRow[];
  terms: TTerms;
  selectedId: number | null;
}

/** One vehicle per driver with a location: the newer of its latest fix and its live position. */
export function liveVehicles({
  recent,
  live,
  drivers,
  trips,
  terms,
  selectedId,
}: TVehicleSources): TMapVehicle[] {
  const driversById = new Map(drivers.map((d) => [d.id, d]));
  const running = tripsInProgress(trips);
  const tripsById = new Map(trips.map((t) => [t.id, t]));
  const vehicles = new Map<number, TMapVehicle>();

  const place = (
    driverId: number,
    name: string,
    fix: Pick<TMapVehicle, 'lat' | 'lon' | 'course' | 'speed' | 'recordedAt' | 'tripId'>,
  ) => {
    const held = vehicles.get(driverId);
    if (held && fixTime(held.recordedAt) >= fixTime(fix.recordedAt)) return;
    // The trip running now, else the one the fix was taken on.
    const trip = running.get(driverId) ?? (fix.tripId === null ? undefined : tripsById.get(fix.tripId));
    vehicles.set(driverId, {
      driverId,
      label: name,
      ...fix,
      tripId: trip?.id ?? fix.tripId,
      tripLabel: trip ? tripLabel(trip, terms) : null,
      vehicle: driversById.get(driverId)?.bus?.reference ?? null,
      selected: driverId === selectedId,
    });
  };

  for (const driver of recent) {
    const latest = newestFix(driver.locations);
    if (latest)
      place(driver.id, driverName(driver), {
        lat: latest.lat,
        lon: latest.lon,
        course: latest.course,
        speed: latest.speed,
        recordedAt: latest.date_and_time,
        tripId: latest.trip_id,
      });
  }
  const recentById = new Map(recent.map((d) => [d.id, d]));
  for (const p of live.values()) {
    const driver = driversById.get(p.driver_id) ?? recentById.get(p.driver_id);
    if (!driver) continue; // an archived driver, or one this list does not show
    place(p.driver_id, driverName(driver), {
      lat: p.lat,
      lon: p.lon,
      course: p.course,
      speed: p.speed,
      recordedAt: p.recorded_at,
      tripId: p.trip_id,
    });
  }
  return [...vehicles.values()].sort((a, b) => BY_NAME.compare(a.label, b.label));
}

function newestFix(locations: readonly TDriverLocation[]): TDriverLocation | undefined {
  let newest: TDriverLocation | undefined;
  for (const l of locations)
    if (!newest || fixTime(l.date_and_time) > fixTime(newest.date_and_time)) newest = l;
  return newest;
}

// ---------- The replay of a day ----------

export interface TTrackFix {
  /** ms since the epoch */
  at: number;
  lat: number;
  lon: number;
  course: number | null;
  speed: number | null;
  tripId: number | null;
}

/** A day's fixes in time order (fixes with an unreadable time are left out). */
export function trackOf(locations: readonly TDriverLocation[]): TTrackFix[] {
  return locations
    .map((l) => ({
      at: fixTime(l.date_and_time),
      lat: l.lat,
      lon: l.lon,
      course: l.course,
      speed: l.speed,
      tripId: l.trip_id,
    }))
    .filter((f) => Number.isFinite(f.at))
    .sort((a, b) => a.at - b.at);
}

/** Degrees from north to go from `a` to `b`. */
export function bearing(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLon = (b.lon - a.lon) * rad;
  const y = Math.sin(dLon) * Math.cos(b.lat * rad);
  const x =
    Math.cos(a.lat * rad) * Math.sin(b.lat * rad) -
    Math.sin(a.lat * rad) * Math.cos(b.lat * rad) * Math.cos(dLon);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

export interface TTrackPosition {
  lat: number;
  lon: number;
  course: number | null;
  speed: number | null;
  tripId: number | null;
  /** The last fix at or before the time: the travelled path is the track up to it, then this point. */
  index: number;
}

/** Where the vehicle was at `at`: between the two fixes around it, in proportion to the time. */
export function positionAt(track: readonly TTrackFix[], at: number): TTrackPosition | null {
  if (track.length === 0) return null;
  // The last fix at or before `at` (binary search: a day can hold tens of thousands of fixes).
  let low = 0;
  let high = track.length - 1;
  if (at <= track[0]!.at) high = 0;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (track[mid]!.at <= at) low = mid;
    else high = mid - 1;
  }
  const from = track[low]!;
  const to = track[low + 1];
  if (!to || at <= from.at) return { ...pick(from), index: low };
  const share = to.at === from.at ? 0 : (at - from.at) / (to.at - from.at);
  const moved = from.lat !== to.lat || from.lon !== to.lon;
  return {
    lat: from.lat + (to.lat - from.lat) * share,
    lon: from.lon + (to.lon - from.lon) * share,
    // The heading the fix reported, else the direction of travel.
    course: from.course ?? (moved ? bearing(from, to) : null),
    speed: from.speed,
    tripId: from.tripId,
    index: low,
  };
}

const pick = ({ lat, lon, course, speed, tripId }: TTrackFix) => ({ lat, lon, course, speed, tripId });

// ---------- Trip events of a driver's day ----------

export type TTripEventKind = 'started' | 'arrived' | 'departed' | 'skipped' | 'task' | 'ended';

export interface TTripEvent {
  key: string;
  at: number;
  kind: TTripEventKind;
  text: string;
}

/**
 * What happened on a driver's trips of the day, in time order: each trip's start, arrival at and
 * departure from each stop, completed tasks, and its end.
 */
export function tripEvents(trips: readonly TReplayTrip[], driverId: number, terms: TTerms): TTripEvent[] {
  const events: TTripEvent[] = [];
  const add = (key: string, time: string | null | undefined, kind: TTripEventKind, text: string) => {
    const at = time ? fixTime(time) : Number.NaN;
    if (Number.isFinite(at)) events.push({ key, at, kind, text });
  };
  for (const trip of trips) {
    if ((trip.driver?.id ?? trip.driver_id) !== driverId) continue;
    const name = `${terms.trip} #${trip.id}`;
    add(`trip-${trip.id}-started`, trip.started_date, 'started', `${name} started`);
    trip.destinations.forEach((stop, i) => {
      const place = stop.destination_name || stop.destination?.name || `${terms.destination} ${i + 1}`;
      add(`stop-${stop.id}-arrived`, stop.arrived_date, 'arrived', `Arrived at ${place}`);
      add(`stop-${stop.id}-departed`, stop.departed_date, 'departed', `Departed from ${place}`);
      const reason = stop.skip_reason ? `: ${stop.skip_reason}` : '';
      add(`stop-${stop.id}-skipped`, stop.skipped_date, 'skipped', `Skipped ${place}${reason}`);
      for (const task of stop.tasks)
        add(`task-${task.id}`, task.completed_date, 'task', `Task completed: ${task.description}`);
    });
    add(`trip-${trip.id}-ended`, trip.ended_date, 'ended', `${name} ended`);
  }
  return events.sort((a, b) => a.at - b.at);
}
