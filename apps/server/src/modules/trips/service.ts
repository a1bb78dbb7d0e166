import {
  MESSAGES,
  parseUtcDateTime,
  plannedStops,
  toUtcString,
  tripStatusOf,
  type TTripRow,
  type ZTripDestinationInput,
} from '@fleet/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { planRefs, resolveStops, stopRow, type TStopPlan } from './plan.ts';
import {
  findLiveDriver,
  findTrip,
  findTripType,
  findWarehouse,
  insertTrips,
  loadTrips,
  replaceTripStops,
  stopAndTaskIds,
  updateTrip,
  type TTripDetails,
} from './queries.ts';

const utc = (d: Date | null) => (d ? toUtcString(d) : null);
/** What a trip or a schedule points at, checked against the tenant's live records. */
export interface TTripHeader {
  driver_id: number;
  warehouse_id: number;
  type: number;
  destinations: z.output<typeof ZTripDestinationInput>[];
}

/**
 * Checks the driver (live, of this tenant: archived drivers cannot get new trips), the origin,
 * the type and every saved destination, and answers the stops to store.
 */
export async function resolveTripHeader(db: Db, tenantId: number, input: TTripHeader): Promise<TStopPlan[]> {
  const [driver, warehouse, type] = await Promise.all([
    findLiveDriver(db, tenantId, input.driver_id),
    findWarehouse(db, tenantId, input.warehouse_id),
    findTripType(db, tenantId, input.type),
  ]);
  if (!driver) throw new AppError('BAD_REQUEST', MESSAGES.trips.driverUnavailable);
  if (!warehouse) throw new AppError('BAD_REQUEST', MESSAGES.trips.originUnknown);
  if (!type) throw new AppError('BAD_REQUEST', MESSAGES.trips.typeUnknown);
  return resolveStops(db, tenantId, input.destinations);
}

export interface TTripValues extends TTripHeader {
  start_date: string;
  note?: string | null | undefined;
  departure_time_range?: number | null | undefined;
}

const tripColumns = (input: TTripValues) => ({
  driverId: input.driver_id,
  warehouseId: input.warehouse_id,
  typeId: input.type,
  startDate: parseUtcDateTime(input.start_date),
  note: input.note ?? null,
  departureTimeRange: input.departure_time_range ?? null,
});

export async function addTrip(db: Db, tenantId: number, input: TTripValues): Promise<number> {
  const stops = await resolveTripHeader(db, tenantId, input);
  // Ids a clone carries over from the trip it copies belong to that trip: a new trip starts fresh.
  const fresh = stops.map((s) => ({ ...s, id: null, tasks: s.tasks.map((t) => ({ ...t, id: null })) }));
  const [id] = await db.transaction((tx) =>
    insertTrips(tx as unknown as Db, tenantId, [{ trip: tripColumns(input), stops: fresh }]),
  );
  return id!;
}

export async function saveTrip(db: Db, tenantId: number, input: TTripValues & { id: number }): Promise<void> {
  if (!(await findTrip(db, tenantId, input.id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  const stops = await resolveTripHeader(db, tenantId, input);
  const current = await stopAndTaskIds(db, tenantId, input.id);
  for (const stop of stops) {
    if (stop.id && !current.stopIds.includes(stop.id)) {
      throw new AppError('BAD_REQUEST', MESSAGES.trips.stopUnknown);
    }
    for (const task of stop.tasks) {
      if (task.id && !current.tasks.some((t) => t.id === task.id && t.stopId === stop.id)) {
        throw new AppError('BAD_REQUEST', MESSAGES.trips.taskUnknown);
      }
    }
  }
  await db.transaction(async (tx) => {
    await updateTrip(tx as unknown as Db, tenantId, input.id, tripColumns(input));
    await replaceTripStops(tx as unknown as Db, tenantId, input.id, stops);
  });
}

/** Every driving and staying time added up, in minutes; null when none is given. */
function expectedLength(stops: { drivingTime: number | null; stayingTime: number | null }[]) {
  const times = stops.flatMap((s) => [s.drivingTime, s.stayingTime]).filter((t): t is number => t !== null);
  return times.length ? times.reduce((a, b) => a + b, 0) : null;
}

/** A trip as the API answers it. */
export function toTripRow(t: TTripDetails): TTripRow {
  const { trip } = t;
  const planned = plannedStops(
    trip.startDate,
    t.stops.map((s) => ({ driving_time: s.drivingTime, staying_time: s.stayingTime })),
  ).stops;
  return {
    id: trip.id,
    ...planRefs(trip, t),
    start_date: utc(trip.startDate),
    started_date: utc(trip.startedDate),
    ended_date: utc(trip.endedDate),
    created_date: toUtcString(trip.createdDate),
    note: trip.note,
    departure_time_range: trip.departureTimeRange,
    expected_length: expectedLength(t.stops),
    flag: trip.flag,
    status: tripStatusOf(trip.startDate, trip.startedDate),
    lat: t.warehouse?.id ? t.warehouse.lat : null,
    lon: t.warehouse?.id ? t.warehouse.lon : null,
    schedule_id: trip.scheduleId,
    destinations: t.stops.map((s, i) => ({
      ...stopRow(s),
      expected_arrival_date: utc(planned[i]?.arrival ?? null),
      expected_departure_date: utc(planned[i]?.departure ?? null),
      arrived_date: utc(s.arrivedDate),
      departed_date: utc(s.departedDate),
    })),
    // Fine and accident photos arrive with the areas that record them; none are stored yet.
    fines: t.fines.map((f) => ({
      id: f.id,
      amount: Number(f.amount),
      description: f.description,
      issued_date: toUtcString(f.issuedDate),
      creation_date: toUtcString(f.creationDate),
      status: f.status,
      pictures: [],
    })),
    accidents: t.accidents.map((a) => ({
      id: a.id,
      location: a.location,
      description: a.description,
      created_date: toUtcString(a.createdDate),
      images: [],
    })),
  };
}

/** The API rows of these trips, in the order of the ids. */
export const tripRows = async (db: Db, tenantId: number, ids: number[]) =>
  (await loadTrips(db, tenantId, ids)).map(toTripRow);

/** One live trip with its details, or 404. */
export async function tripDetails(db: Db, tenantId: number, id: number) {
  if (!(await findTrip(db, tenantId, id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  const [row] = await loadTrips(db, tenantId, [id]);
  return row!;
}
