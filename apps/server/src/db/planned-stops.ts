import type { TScheduleDestination } from '@fleet/contract';

/*
 * A planned stop and its tasks, as two tables store them alike: a trip's (`trip_destinations`,
 * `tasks`) and a schedule's (`schedule_destinations`, `schedule_tasks`). The trips and the
 * scheduled-trips modules both write and read them through these mappers.
 */

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
  /** School bus: the tenant's student whose stop this is (checked by the trips service). */
  studentId: number | null;
  studentFname: string | null;
  studentLname: string | null;
  tasks: TTaskPlan[];
}

/** A stop as read back from a trip or a schedule: its id, and its tasks with theirs. */
export type TStoredStop = Omit<TStopPlan, 'id' | 'tasks'> & {
  id: number;
  tasks: (Omit<TTaskPlan, 'id'> & { id: number })[];
};

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
  studentId: s.studentId,
  studentFname: s.studentFname,
  studentLname: s.studentLname,
});

/** The stored columns of a task (without ids or stop). */
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
  student_id: s.studentId,
  student_fname: s.studentFname,
  student_lname: s.studentLname,
  tasks: s.tasks.map(taskRow),
});

/** A stored task as the API answers it (the part trips and schedules share). */
export const taskRow = (task: TStoredStop['tasks'][number]): TScheduleDestination['tasks'][number] => ({
  id: task.id,
  task_id: task.id,
  description: task.description,
  order_id: task.orderId,
  client_approval: task.clientApproval,
  manager_approval: task.managerApproval,
  priority: task.priority,
  note: task.note,
});
