import {
  MESSAGES,
  type TScheduleDestination,
  type TTripDestinationInput,
  type ZTripDestinationInput,
} from '@fleet/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { findDestinations } from './queries.ts';

/** A task as trips and schedules store it. `id` names a task being edited (trip/save). */
export interface TTaskPlan {
  id?: number | null | undefined;
  description: string;
  orderId: string | null;
  clientApproval: boolean;
  managerApproval: boolean;
  priority: number;
  note: string | null;
}

/** A stop with its tasks, as trips and schedules store it. `id` names a stop being edited (trip/save). */
export interface TStopPlan {
  id?: number | null | undefined;
  destinationId: number | null;
  destinationName: string | null;
  destinationLat: number | null;
  destinationLon: number | null;
  stayingTime: number | null;
  stayingTimeRange: number | null;
  drivingTime: number | null;
  drivingTimeRange: number | null;
  studentFname: string | null;
  studentLname: string | null;
  tasks: TTaskPlan[];
}

/** A stop as read back from a trip or a schedule: its id, and its tasks with theirs. */
export type TStoredStop = Omit<TStopPlan, 'id' | 'tasks'> & {
  id: number;
  tasks: (Omit<TTaskPlan, 'id'> & { id: number })[];
};

type TParsedStop = z.output<typeof ZTripDestinationInput>;
export type { TTripDestinationInput };

/**
 * Turns the dialog's stops into stored stops: a saved destination must be one of the tenant's
 * live destinations and fills the coordinates the stop leaves out; typed names and coordinates
 * (a student's bus stop) are kept as given.
 */
export async function resolveStops(db: Db, tenantId: number, stops: TParsedStop[]): Promise<TStopPlan[]> {
  const ids = [...new Set(stops.flatMap((s) => (s.destination_id ? [s.destination_id] : [])))];
  const known = new Map((await findDestinations(db, tenantId, ids)).map((d) => [d.id, d]));
  return stops.map((s) => {
    const saved = s.destination_id ? known.get(s.destination_id) : undefined;
    if (s.destination_id && !saved) throw new AppError('BAD_REQUEST', MESSAGES.trips.destinationUnknown);
    return {
      id: s.id ?? null,
      destinationId: saved?.id ?? null,
      destinationName: s.destination_name,
      destinationLat: s.destination_lat ?? saved?.lat ?? null,
      destinationLon: s.destination_lon ?? saved?.lon ?? null,
      stayingTime: s.staying_time,
      stayingTimeRange: s.staying_time_range,
      drivingTime: s.driving_time,
      drivingTimeRange: s.driving_time_range,
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
    };
  });
}

/** The stored columns of a stop (without ids, trip or schedule). */
export const stopColumns = (s: TStopPlan) => ({
  destinationId: s.destinationId,
  destinationName: s.destinationName,
  destinationLat: s.destinationLat,
  destinationLon: s.destinationLon,
  stayingTime: s.stayingTime,
  stayingTimeRange: s.stayingTimeRange,
  drivingTime: s.drivingTime,
  drivingTimeRange: s.drivingTimeRange,
  studentFname: s.studentFname,
  studentLname: s.studentLname,
});

export const taskColumns = (t: TTaskPlan) => ({
  description: t.description,
  orderId: t.orderId,
  clientApproval: t.clientApproval,
  managerApproval: t.managerApproval,
  priority: t.priority,
  note: t.note,
});

/** A stored stop as the API answers it (the part trips and schedules share). */
export const stopRow = (s: TStoredStop): TScheduleDestination => ({
  id: s.id,
  destination_id: s.destinationId,
  destination_name: s.destinationName,
  destination_lat: s.destinationLat,
  destination_lon: s.destinationLon,
  destination:
    s.destinationLat !== null && s.destinationLon !== null
      ? { name: s.destinationName, lat: s.destinationLat, lon: s.destinationLon }
      : null,
  staying_time: s.stayingTime,
  staying_time_range: s.stayingTimeRange,
  driving_time: s.drivingTime,
  driving_time_range: s.drivingTimeRange,
  student_fname: s.studentFname,
  student_lname: s.studentLname,
  tasks: s.tasks.map((task) => ({
    id: task.id,
    task_id: task.id,
    description: task.description,
    order_id: task.orderId,
    client_approval: task.clientApproval,
    manager_approval: task.managerApproval,
    priority: task.priority,
    note: task.note,
  })),
});

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
