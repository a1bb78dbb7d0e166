import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { admins } from './admins.ts';
import { drivers } from './fleet.ts';
import { created, tenantId } from './columns.ts';

// Operational records: trips with their stops and tasks, and what happens to drivers on the road.
// Every table is tenant-owned and every index starts with tenant_id (DESIGN §4).

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    title: text('title').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [index('warehouses_tenant_idx').on(t.tenantId, t.id)],
);

export const tripTypes = pgTable(
  'trip_types',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    title: text('title').notNull(),
    /** Longest stop, in minutes, before it counts as unauthorised. */
    timeStop: integer('time_stop'),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [index('trip_types_tenant_idx').on(t.tenantId, t.id)],
);

export const destinations = pgTable(
  'destinations',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [index('destinations_tenant_idx').on(t.tenantId, t.id)],
);

/**
 * What a planned stop holds, in a trip or in a schedule: its place in the order, the place (a saved
 * destination, or for a school bus a student's stop), its planned times and ranges in minutes.
 */
const plannedStopColumns = () => ({
  position: integer('position').notNull(),
  destinationId: integer('destination_id').references(() => destinations.id),
  destinationName: text('destination_name'),
  destinationLat: doublePrecision('destination_lat'),
  destinationLon: doublePrecision('destination_lon'),
  stayingTime: integer('staying_time'),
  stayingTimeRange: integer('staying_time_range'),
  drivingTime: integer('driving_time'),
  drivingTimeRange: integer('driving_time_range'),
  /**
   * School bus: the student whose stop this is. The id (one of the tenant's students) says whose
   * guardians see the stop's proof photos; the names are kept as planned, for the spec's payloads.
   */
  studentId: integer('student_id').references((): AnyPgColumn => students.id),
  studentFname: text('student_fname'),
  studentLname: text('student_lname'),
});

/** A task at a planned stop, in a trip or in a schedule. */
const taskColumns = () => ({
  description: text('description').notNull(),
  orderId: text('order_id'),
  clientApproval: boolean('client_approval').notNull().default(false),
  managerApproval: boolean('manager_approval').notNull().default(false),
  priority: integer('priority').notNull().default(0),
  note: text('note'),
});

export const trips = pgTable(
  'trips',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    driverId: integer('driver_id').references(() => drivers.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    typeId: integer('type_id').references(() => tripTypes.id),
    /** Planned start. */
    startDate: timestamp('start_date', { withTimezone: true }),
    startedDate: timestamp('started_date', { withTimezone: true }),
    endedDate: timestamp('ended_date', { withTimezone: true }),
    /** 0 = not picked; set when the driver picks the trip up. */
    flag: integer('flag').notNull().default(0),
    cancelled: boolean('cancelled').notNull().default(false),
    note: text('note'),
    /** Allowed departure delay from the origin, in minutes. */
    departureTimeRange: integer('departure_time_range'),
    /** The stop the driver is heading to or at while the trip runs (spec 000 §3); null otherwise. */
    activeTripDestinationId: integer('active_trip_destination_id'),
    /** The schedule this trip was made from, and which of its occurrences (unique: made once). */
    scheduleId: integer('schedule_id').references((): AnyPgColumn => tripSchedules.id),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
    /**
     * When the trip is planned: its planned start, or its creation for a trip without one (the
     * lists' date filter). Stored, so the lists' indexes hold it and a count or a page of ids reads
     * the index alone.
     */
    plannedDate: timestamp('planned_date', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(start_date, created_date)`),
  },
  (t) => [
    index('trips_tenant_idx').on(t.tenantId, t.id),
    index('trips_tenant_driver_start_idx').on(t.tenantId, t.driverId, t.startDate),
    index('trips_tenant_start_idx').on(t.tenantId, t.startDate),
    // The lists' filter (planned time of live trips) and their order (planned time, then id), so a
    // count or a page of ids reads these indexes only (see modules/trips/queries.ts). The driver,
    // origin and type after the id (unique: they do not change the order) let a search's filter be
    // read from the index too, without visiting every trip of the range in the table.
    index('trips_tenant_planned_idx')
      .on(t.tenantId, t.plannedDate, t.id, t.driverId, t.warehouseId, t.typeId)
      .where(sql`${t.archived} = false`),
    index('trips_tenant_driver_planned_idx')
      .on(t.tenantId, t.driverId, t.plannedDate, t.id)
      .where(sql`${t.archived} = false`),
    uniqueIndex('trips_tenant_schedule_occurrence_uq').on(t.tenantId, t.scheduleId, t.occurrenceStart),
    // Working time (modules/reports, decision 0028): trips ended after a period began, with their
    // start and driver, read from the index alone.
    index('trips_tenant_ended_idx')
      .on(t.tenantId, t.endedDate, t.startedDate, t.driverId)
      .where(sql`${t.archived} = false and ${t.endedDate} is not null`),
  ],
);

export const tripDestinations = pgTable(
  'trip_destinations',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    ...plannedStopColumns(),
    /** When the driver actually reached and left the stop. */
    arrivedDate: timestamp('arrived_date', { withTimezone: true }),
    departedDate: timestamp('departed_date', { withTimezone: true }),
    /** A stop the driver passed over on purpose, and why (a trip may end with it unvisited). */
    skippedDate: timestamp('skipped_date', { withTimezone: true }),
    skipReason: text('skip_reason'),
  },
  (t) => [
    index('trip_destinations_tenant_trip_idx').on(t.tenantId, t.tripId, t.position),
    index('trip_destinations_tenant_student_idx')
      .on(t.tenantId, t.studentId)
      .where(sql`${t.studentId} is not null`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    tripDestinationId: integer('trip_destination_id')
      .notNull()
      .references(() => tripDestinations.id, { onDelete: 'cascade' }),
    ...taskColumns(),
    /** The order's status (spec 000 §4): pending until completed, missed when its trip ends without it. */
    status: text('status').notNull().default('pending'),
    completedDate: timestamp('completed_date', { withTimezone: true }),
    completedByDriverId: integer('completed_by_driver_id').references(() => drivers.id),
    /** What the driver wrote when completing the task. */
    driverNote: text('driver_note'),
    /** awaiting_submission, pending, accepted or rejected when a manager's approval is asked; else null. */
    managerApprovalStatus: text('manager_approval_status'),
    /** When and by which admin a pending request was accepted or rejected (spec 002 §4). */
    managerDecidedDate: timestamp('manager_decided_date', { withTimezone: true }),
    managerDecidedBy: integer('manager_decided_by').references(() => admins.id),
  },
  (t) => [
    index('tasks_tenant_stop_idx').on(t.tenantId, t.tripDestinationId),
    // The approvals dashboards and the orders table read only the tasks they show: the requests of
    // one status, the client's, and the orders newest completion first (of one status, or all).
    index('tasks_tenant_manager_approval_idx')
      .on(t.tenantId, t.managerApprovalStatus, t.completedDate)
      .where(sql`${t.managerApproval}`),
    index('tasks_tenant_client_approval_idx')
      .on(t.tenantId)
      .where(sql`${t.clientApproval}`),
    index('tasks_tenant_orders_idx')
      .on(t.tenantId, t.completedDate.desc().nullsLast(), t.id)
      .where(sql`${t.orderId} is not null`),
    index('tasks_tenant_order_status_idx')
      .on(t.tenantId, t.status, t.completedDate.desc().nullsLast())
      .where(sql`${t.orderId} is not null`),
  ],
);

/** Proof photos of a task: what the client saw (client approval) or what the manager must approve. */
export const taskPhotos = pgTable(
  'task_photos',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** client or manager */
    kind: text('kind').notNull(),
    /** Where the file lives in the storage (`platform/storage.ts`), a generated name. */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    driverId: integer('driver_id').references(() => drivers.id),
    createdDate: created(),
  },
  (t) => [index('task_photos_tenant_task_idx').on(t.tenantId, t.taskId)],
);

export const accidents = pgTable(
  'accidents',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    driverId: integer('driver_id').references(() => drivers.id),
    tripId: integer('trip_id').references(() => trips.id),
    location: text('location'),
    description: text('description'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    index('accidents_tenant_driver_idx').on(t.tenantId, t.driverId, t.createdDate),
    // Every driver's accidents of a period (the working-hours summary).
    index('accidents_tenant_created_idx').on(t.tenantId, t.createdDate),
  ],
);

export const fines = pgTable(
  'fines',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    driverId: integer('driver_id').references(() => drivers.id),
    tripId: integer('trip_id').references(() => trips.id),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    description: text('description').notNull(),
    issuedDate: timestamp('issued_date', { withTimezone: true }).notNull(),
    /** 0 Not paid, 1 Postponed, 2 Paid. */
    status: integer('status').notNull().default(1),
    archived: boolean('archived').notNull().default(false),
    creationDate: created('creation_date'),
  },
  (t) => [index('fines_tenant_driver_idx').on(t.tenantId, t.driverId, t.issuedDate)],
);

export const dieselTanks = pgTable(
  'diesel_tanks',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    driverId: integer('driver_id').references(() => drivers.id),
    tripId: integer('trip_id').references(() => trips.id),
    /** In the tenant's volume unit. */
    volume: doublePrecision('volume').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    index('diesel_tanks_tenant_driver_idx').on(t.tenantId, t.driverId, t.createdDate),
    // Every driver's refuels of a period (the working-hours summary).
    index('diesel_tanks_tenant_created_idx').on(t.tenantId, t.createdDate),
  ],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    stopName: text('stop_name'),
    stopLat: doublePrecision('stop_lat'),
    stopLon: doublePrecision('stop_lon'),
    /** The pupil's bus stop as one of the tenant's destinations (spec 001 §7 `destination.id`). */
    destinationId: integer('destination_id').references(() => destinations.id),
    driverId: integer('driver_id').references(() => drivers.id),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [index('students_tenant_driver_idx').on(t.tenantId, t.driverId)],
);

/**
 * Every position a driver's phone, tracker or the simulator reported. Partitioned by day of
 * `recorded_at` (migration 0007; `modules/positions` creates the days ahead and drops those past the
 * retention), so the key holds the fix time: one fix per driver and instant, a repeat is ignored.
 */
export const driverLocations = pgTable(
  'driver_locations',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    tenantId: tenantId(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    /** The trip in progress when the fix was taken, if any. */
    tripId: integer('trip_id'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** km/h */
    speed: doublePrecision('speed'),
    /** Degrees from north, 0–360. */
    course: doublePrecision('course'),
    /** Metres. */
    altitude: doublePrecision('altitude'),
    /** Metres. */
    accuracy: doublePrecision('accuracy'),
    /** Percent, 0–100. */
    battery: doublePrecision('battery'),
    /** app, osmand, owntracks or simulator */
    source: text('source').notNull(),
    /** Whatever else the tracker sent, kept as it came. */
    attributes: jsonb('attributes'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.driverId, t.recordedAt] }),
    index('driver_locations_tenant_time_idx').on(t.tenantId, t.recordedAt),
  ],
);

/** Each driver's newest fix, for the live views: never moved back by a fix that arrives late. */
export const driverLastPositions = pgTable(
  'driver_last_positions',
  {
    tenantId: tenantId(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    tripId: integer('trip_id'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    speed: doublePrecision('speed'),
    course: doublePrecision('course'),
    accuracy: doublePrecision('accuracy'),
    battery: doublePrecision('battery'),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.driverId] })],
);

/**
 * Per driver, the fixes of its devices acknowledged but not stored (outside the retention window,
 * ahead of the clock, out of range), and the last one's reason: one row a driver, added to once a
 * group of requests (modules/positions), never once a fix.
 */
export const driverIgnoredFixes = pgTable(
  'driver_ignored_fixes',
  {
    tenantId: tenantId(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    /** too_old, in_future, coordinates, out_of_range or attributes. */
    lastReason: text('last_reason').notNull(),
    /** The reason in words, as the console shows it. */
    lastDetail: text('last_detail').notNull(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.driverId] })],
);

/**
 * Change events as committed, numbered across processes: the event stream replays them after a
 * reconnect (`Last-Event-ID`) and every process hears of each through PostgreSQL NOTIFY.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the product's own content (blog, landing page). */
    tenantId: integer('tenant_id'),
    type: text('type').notNull(),
    ids: jsonb('ids').$type<number[]>().notNull(),
    actor: jsonb('actor').$type<{ kind: string; id: number | null }>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_events_tenant_idx').on(t.tenantId, t.id)],
);

/**
 * A recurring trip: the materialiser turns each live schedule into real trips ahead of time
 * (modules/trip-schedules). Times follow the wall clock of `time_zone`.
 */
export const tripSchedules = pgTable(
  'trip_schedules',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    driverId: integer('driver_id').references(() => drivers.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    typeId: integer('type_id').references(() => tripTypes.id),
    /** First occurrence; its local time of day is every occurrence's. */
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    /** daily, weekly or monthly. */
    repeatType: text('repeat_type').notNull(),
    repeatInterval: integer('repeat_interval').notNull().default(1),
    /** Comma-separated week days, 1 Monday … 7 Sunday. */
    daysOfWeek: text('days_of_week'),
    departureTimeRange: integer('departure_time_range'),
    note: text('note'),
    timeZone: text('time_zone').notNull(),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [index('trip_schedules_tenant_idx').on(t.tenantId, t.id)],
);

export const scheduleDestinations = pgTable(
  'schedule_destinations',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => tripSchedules.id, { onDelete: 'cascade' }),
    ...plannedStopColumns(),
  },
  (t) => [
    index('schedule_destinations_tenant_schedule_idx').on(t.tenantId, t.scheduleId, t.position),
    index('schedule_destinations_tenant_student_idx')
      .on(t.tenantId, t.studentId)
      .where(sql`${t.studentId} is not null`),
  ],
);

export const scheduleTasks = pgTable(
  'schedule_tasks',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    scheduleDestinationId: integer('schedule_destination_id')
      .notNull()
      .references(() => scheduleDestinations.id, { onDelete: 'cascade' }),
    ...taskColumns(),
  },
  (t) => [index('schedule_tasks_tenant_stop_idx').on(t.tenantId, t.scheduleDestinationId)],
);
