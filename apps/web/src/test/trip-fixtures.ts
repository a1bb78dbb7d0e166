import type { TTripDestination, TTripRow } from '@fleet/contract';

/** Trips, schedules' pickers and their lists as the API answers them, for the trip planning tests. */

export const stop = (id: number, name: string, extra: Partial<TTripDestination> = {}): TTripDestination => ({
  id,
  destination_id: id + 100,
  destination_name: name,
  destination_lat: 25.2,
  destination_lon: 55.3,
  destination: { name, lat: 25.2, lon: 55.3 },
  staying_time: null,
  staying_time_range: null,
  driving_time: null,
  driving_time_range: null,
  student_id: null,
  student_fname: null,
  student_lname: null,
  expected_arrival_date: null,
  expected_departure_date: null,
  arrived_date: null,
  departed_date: null,
  skipped_date: null,
  skip_reason: null,
  tasks: [],
  ...extra,
});

export const trip = (id: number, extra: Partial<TTripRow> = {}): TTripRow => ({
  id,
  driver: { id: 7, fname: 'Ali', lname: 'Hassan' },
  driver_id: 7,
  warehouse: { id: 5, title: 'Jebel Ali Hub', lat: 25.01, lon: 55.06 },
  warehouse_id: 5,
  type: { id: 3, title: 'Express' },
  type0: { id: 3, title: 'Express' },
  start_date: '2026-03-10 06:00:00',
  started_date: null,
  ended_date: null,
  created_date: '2026-03-01 08:00:00',
  note: null,
  departure_time_range: null,
  expected_length: null,
  flag: 0,
  active_trip_destination_id: null,
  status: 0,
  lat: 25.01,
  lon: 55.06,
  schedule_id: null,
  destinations: [],
  fines: [],
  accidents: [],
  ...extra,
});

/** An ended trip with two stops, the second with two tasks, times and ranges. */
export const ENDED_TRIP = trip(42, {
  started_date: '2026-03-10 06:05:00',
  ended_date: '2026-03-10 09:00:00',
  flag: 1,
  status: 1,
  note: 'Ring at the back door',
  departure_time_range: 10,
  expected_length: 75,
  destinations: [
    stop(1, 'Dubai Mall', {
      driving_time: 20,
      staying_time: 10,
      driving_time_range: 5,
      staying_time_range: 3,
    }),
    stop(2, 'Marina Walk', {
      driving_time: 30,
      staying_time: 15,
      tasks: [
        {
          id: 11,
          task_id: 11,
          description: 'Deliver parcel',
          order_id: 'ORD-1',
          client_approval: true,
          manager_approval: false,
          priority: 1,
          note: null,
          manager_approval_status: null,
          client_approval_images: [],
          manager_approval_images: [],
          completed_date: null,
        },
        {
          id: 10,
          task_id: 10,
          description: 'Collect signature',
          order_id: null,
          client_approval: false,
          manager_approval: true,
          priority: 0,
          note: null,
          manager_approval_status: 'awaiting_submission',
          client_approval_images: [],
          manager_approval_images: [],
          completed_date: null,
        },
      ],
    }),
  ],
});

export const DRIVERS = [
  {
    id: 7,
    fname: 'Ali',
    lname: 'Hassan',
    email: 'ali@example.com',
    bus_id: null,
    bus: null,
    hourly_rate: 20,
    language: null,
    tracker: 'none',
    created_date: '2026-01-01 08:00:00',
    archived: 0,
  },
  {
    id: 8,
    fname: 'Old',
    lname: 'Driver',
    email: 'old@example.com',
    bus_id: null,
    bus: null,
    hourly_rate: 20,
    language: null,
    tracker: 'none',
    created_date: '2026-01-01 08:00:00',
    archived: 1,
  },
];
export const ORIGINS = [
  { id: 5, title: 'Jebel Ali Hub', lat: 25.01, lon: 55.06, created_date: '2026-01-01 08:00:00' },
];
export const TYPES = [{ id: 3, title: 'Express', time_stop: 15, created_date: '2026-01-01 08:00:00' }];
export const DESTINATIONS = ['Dubai Mall', 'Marina Walk', 'Global Village'].map((name, i) => ({
  id: 101 + i,
  name,
  lat: 25 + i / 10,
  lon: 55 + i / 10,
  tenant_id: 1,
  created_date: '2026-01-01 08:00:00',
}));
