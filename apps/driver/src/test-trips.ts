import type { TDriverAppStop, TDriverAppTask, TDriverAppTrip } from '@fleet/contract';

/** A trip as the API sends it, planned: two stops, the first with a plain task and a manager-approval task. */
export function plannedTrip(id = 7): TDriverAppTrip {
  const task = (tid: number, over: Partial<TDriverAppTask> = {}): TDriverAppTask => ({
    id: tid,
    description: `Task ${tid}`,
    order_id: `ORD-${tid}`,
    priority: 0,
    note: null,
    client_approval: false,
    manager_approval: false,
    manager_approval_status: null,
    status: 'pending',
    completed_date: null,
    driver_note: null,
    photos: [],
    ...over,
  });
  const stop = (sid: number, position: number, tasks: TDriverAppTask[]): TDriverAppStop => ({
    id: sid,
    position,
    name: `Stop ${sid}`,
    lat: 25 + position / 100,
    lon: 55,
    driving_time: 10,
    staying_time: 5,
    driving_time_range: 5,
    staying_time_range: 5,
    expected_arrival_date: '2026-11-24 08:10:00',
    expected_departure_date: '2026-11-24 08:15:00',
    state: 'pending',
    arrived_date: null,
    departed_date: null,
    skipped_date: null,
    skip_reason: null,
    student_fname: null,
    student_lname: null,
    tasks,
  });
  return {
    id,
    state: 'planned',
    start_date: '2026-11-24 08:00:00',
    departure_time_range: 15,
    started_date: null,
    ended_date: null,
    flag: 0,
    note: null,
    origin: { id: 1, title: 'Depot', lat: 25, lon: 55 },
    type: { id: 1, title: 'Delivery' },
    active_trip_destination_id: null,
    stops: [
      stop(101, 0, [
        task(1001),
        task(1002, { manager_approval: true, manager_approval_status: 'awaiting_submission' }),
      ]),
      stop(102, 1, []),
    ],
  };
}
