import { parseUtcDateTime, type ZTripDestinationInput } from '@fleet/contract';
import type { z } from 'zod';
import type { TStopPlan } from '../../db/planned-stops.ts';
import type { trips } from '../../db/schema/index.ts';

/*
 * What a trip is made of, without the database: the types a trip is written with, and the pure
 * mappers from the API's input to stored columns and from stored references to the API's answer.
 * The rules that read the tenant's records (resolveTripHeader, resolveStops) live in service.ts.
 */

export type { TStopPlan, TStoredStop, TTaskPlan } from '../../db/planned-stops.ts';

/** A stop as the dialog sends it, once parsed. */
export type TParsedStop = z.output<typeof ZTripDestinationInput>;

/** What a trip or a schedule points at, checked against the tenant's live records. */
export interface TTripHeader {
  driver_id: number;
  warehouse_id: number;
  type: number;
  destinations: TParsedStop[];
}

/** `trip/add-trip` and `trip/save` as parsed. */
export interface TTripValues extends TTripHeader {
  start_date: string;
  note?: string | null | undefined;
  departure_time_range?: number | null | undefined;
}

/** A trip's own columns as written (the tenant and the id are the queries'). */
export type TNewTrip = Omit<typeof trips.$inferInsert, 'tenantId' | 'id'>;

/** A stop of a trip being written: the plan, plus the driver's actual times when already known. */
export type TTripStop = TStopPlan & { arrivedDate?: Date | null; departedDate?: Date | null };

/** A trip to insert with its stops and tasks. */
export interface TTripToInsert {
  trip: TNewTrip;
  stops: TTripStop[];
}

/**
 * A parsed stop as stored: a saved destination (`saved`, already checked to be the tenant's) fills
 * the coordinates the stop leaves out; typed names and coordinates (a student's bus stop) are kept.
 */
export const stopPlanOf = (
  s: TParsedStop,
  saved: { id: number; lat: number; lon: number } | undefined,
): TStopPlan => ({
  id: s.id ?? null,
  destinationId: saved?.id ?? null,
  destinationName: s.destination_name,
  destinationLat: s.destination_lat ?? saved?.lat ?? null,
  destinationLon: s.destination_lon ?? saved?.lon ?? null,
  stayingTime: s.staying_time,
  stayingTimeRange: s.staying_time_range,
  drivingTime: s.driving_time,
  drivingTimeRange: s.driving_time_range,
  studentId: s.student_id ?? null,
  studentFname: s.student_fname ?? null,
  studentLname: s.student_lname ?? null,
  tasks: s.tasks.map((t) => ({
    id: t.task_id ?? null,
    description: t.description,
    orderId: t.order_id ?? null,
    clientApproval: t.client_approval,
    managerApproval: t.manager_approval,
    priority: t.priority,
    note: t.note ?? null,
  })),
});

/** The trip's own columns of an add or a save. */
export const tripColumns = (input: TTripValues): TNewTrip => ({
  driverId: input.driver_id,
  warehouseId: input.warehouse_id,
  typeId: input.type,
  startDate: parseUtcDateTime(input.start_date),
  note: input.note ?? null,
  departureTimeRange: input.departure_time_range ?? null,
});

/** Every driving and staying time added up, in minutes; null when none is given. */
export function expectedLength(stops: { drivingTime: number | null; stayingTime: number | null }[]) {
  const times = stops.flatMap((s) => [s.drivingTime, s.stayingTime]).filter((t): t is number => t !== null);
  return times.length ? times.reduce((a, b) => a + b, 0) : null;
}

type Joined<T> = T | null | undefined;

/** The driver, origin and type a trip or a schedule points at, as the API answers them (null when gone). */
export function planRefs(
  ids: { driverId: number | null; warehouseId: number | null },
  joined: {
    driver: Joined<{ id: number; fname: string; lname: string }>;
    warehouse: Joined<{ id: number; title: string; lat: number; lon: number }>;
    type: Joined<{ id: number; title: string }>;
  },
) {
  const { driver, warehouse, type } = joined;
  const typeRef = type?.id ? { id: type.id, title: type.title } : null;
  return {
    driver: driver?.id ? { id: driver.id, fname: driver.fname, lname: driver.lname } : null,
    driver_id: ids.driverId,
    warehouse: warehouse?.id
      ? { id: warehouse.id, title: warehouse.title, lat: warehouse.lat, lon: warehouse.lon }
      : null,
    warehouse_id: ids.warehouseId,
    type: typeRef,
    type0: typeRef,
  };
}
