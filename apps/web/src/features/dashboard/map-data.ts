import {
  parseUtcDateTime,
  type TDriverLocations,
  type TDriverRow,
  type TLivePosition,
  type TTerms,
  type TTripRow,
} from '@fleet/contract';
import type { TMapPoint, TMapStop, TMapVehicle } from '../../components/live-map/types';
import { isOnTheRoad, originPoint, stopPoint, stopStates } from './trips-list';

/*
 * What the dashboard's map draws, computed from the records (the map file itself only renders it,
 * so it can load later without holding up the tables), in the shapes of the shared map's layers.
 */

/** The selected trip's layers: its planned route through origin and stops, the stops, its actual path. */
export interface TTripLayers {
  tripId: number;
  /** [lon, lat], origin first, stops in their order. */
  waypoints: [number, number][];
  stops: TMapStop[];
  /** [lon, lat] of the positions recorded while the trip ran. */
  path: [number, number][];
  fitPoints: TMapPoint[];
}

/** A driver's newest fix: from the last poll, or heard live since if newer. */
interface TFix {
  lat: number;
  lon: number;
  at: number;
  recordedAt: string;
  course: number | null;
  speed: number | null;
}

const timeOf = (value: string) => parseUtcDateTime(value)?.getTime() ?? Number.NaN;

function newestPolled(driver: TDriverLocations): TFix | null {
  let newest: TFix | null = null;
  for (const l of driver.locations) {
    const at = timeOf(l.date_and_time);
    if (!Number.isFinite(at) || (newest && newest.at >= at)) continue;
    newest = { lat: l.lat, lon: l.lon, at, recordedAt: l.date_and_time, course: l.course, speed: l.speed };
  }
  return newest;
}

/**
 * Each driver's latest location: the 10 s poll merged with the positions heard on the event stream,
 * the newer winning, so vehicles move between polls.
 */
export function latestFixes(
  polled: readonly TDriverLocations[] | undefined,
  live: ReadonlyMap<number, TLivePosition>,
): Map<number, TFix & { name: string | null }> {
  const fixes = new Map<number, TFix & { name: string | null }>();
  for (const driver of polled ?? []) {
    const fix = newestPolled(driver);
    if (fix) fixes.set(driver.id, { ...fix, name: `${driver.fname} ${driver.lname}` });
  }
  for (const [driverId, p] of live) {
    const at = timeOf(p.recorded_at);
    const held = fixes.get(driverId);
    if (!Number.isFinite(at) || (held && held.at >= at)) continue;
    fixes.set(driverId, {
      lat: p.lat,
      lon: p.lon,
      at,
      recordedAt: p.recorded_at,
      course: p.course,
      speed: p.speed,
      name: held?.name ?? null,
    });
  }
  return fixes;
}

/** "Trip #12 · Jebel Ali Hub" */
export const tripLabel = (trip: TTripRow, terms: Pick<TTerms, 'trip'>) =>
  [`${terms.trip} #${trip.id}`, trip.warehouse?.title].filter(Boolean).join(' · ');

/**
 * The vehicles on the map: every driver with a location, named (from the fix, else the drivers
 * list, else today's trips), with the vehicle reference of the drivers list and the trip in progress.
 */
export function vehiclesOf({
  fixes,
  drivers,
  trips,
  terms,
  selectedDriverId,
}: {
  fixes: ReadonlyMap<number, TFix & { name: string | null }>;
  drivers: readonly TDriverRow[] | undefined;
  trips: readonly TTripRow[] | undefined;
  terms: Pick<TTerms, 'trip' | 'driver'>;
  selectedDriverId: number | null;
}): TMapVehicle[] {
  const driverById = new Map((drivers ?? []).map((d) => [d.id, d]));
  const runningTrip = new Map<number, TTripRow>();
  for (const trip of trips ?? []) if (trip.driver && isOnTheRoad(trip)) runningTrip.set(trip.driver.id, trip);
  const nameInTrips = new Map<number, string>();
  for (const trip of trips ?? [])
    if (trip.driver) nameInTrips.set(trip.driver.id, `${trip.driver.fname} ${trip.driver.lname}`);

  return [...fixes].map(([driverId, fix]) => {
    const driver = driverById.get(driverId);
    const trip = runningTrip.get(driverId) ?? null;
    return {
      driverId,
      label:
        fix.name ??
        (driver
          ? `${driver.fname} ${driver.lname}`
          : (nameInTrips.get(driverId) ?? `${terms.driver} ${driverId}`)),
      lat: fix.lat,
      lon: fix.lon,
      course: fix.course,
      speed: fix.speed,
      recordedAt: fix.recordedAt,
      vehicle: driver?.bus?.reference ?? null,
      tripId: trip?.id ?? null,
      tripLabel: trip ? tripLabel(trip, terms) : null,
      selected: driverId === selectedDriverId,
    };
  });
}

/** The part of a driver's day path recorded while the trip ran (started to ended, or now). */
export function pathWhileRunning(trip: TTripRow, day: TDriverLocations | undefined): [number, number][] {
  const started = trip.started_date ? timeOf(trip.started_date) : Number.NaN;
  if (!day || !Number.isFinite(started)) return [];
  const ended = trip.ended_date ? timeOf(trip.ended_date) : Number.POSITIVE_INFINITY;
  return day.locations
    .map((l) => ({ l, at: timeOf(l.date_and_time) }))
    .filter(({ at }) => at >= started && at <= ended)
    .sort((a, b) => a.at - b.at)
    .map(({ l }) => [l.lon, l.lat]);
}

/** The selected trip's route, stops and path, and the points the map fits to show them. */
export function tripLayers(
  trip: TTripRow,
  path: [number, number][],
  terms: Pick<TTerms, 'warehouse' | 'destination'>,
): TTripLayers {
  const states = stopStates(trip);
  const origin = originPoint(trip);
  const stops: TMapStop[] = [];
  if (origin)
    stops.push({
      id: `origin-${trip.id}`,
      ...origin,
      label: trip.warehouse?.title ?? terms.warehouse,
      order: null,
      state: trip.started_date ? 'departed' : 'planned',
    });
  trip.destinations.forEach((stop, i) => {
    const point = stopPoint(stop);
    if (!point) return;
    stops.push({
      id: stop.id,
      ...point,
      label: stop.destination_name ?? stop.destination?.name ?? `${terms.destination} ${i + 1}`,
      order: i + 1,
      state: states[i] ?? 'planned',
      note: states[i] === 'skipped' ? stop.skip_reason : null,
    });
  });
  return {
    tripId: trip.id,
    waypoints: stops.map((s) => [s.lon, s.lat]),
    stops,
    path,
    fitPoints: [...stops.map(({ lat, lon }) => ({ lat, lon })), ...path.map(([lon, lat]) => ({ lat, lon }))],
  };
}
