import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { ZLat, ZLon } from './places.ts';
import { zId, zLimit, zPage, zPageSize } from './numbers.ts';
import { outsideDateYears, parseUtcDateTime, zDateBound } from './dates.ts';

/*
 * Trips and scheduled trips (spec 001 "Trips", "Scheduled trips", §3–§5, §7; 000 §3).
 * Dates travel as UTC `YYYY-MM-DD HH:mm:ss`; times inside a trip are whole minutes.
 */

export const TRIPS_PAGE_SIZE = 10;
export const TRIPS_PAGE_SIZE_OPTIONS = [5, 10, 15, 20] as const;

// ---------- Shared field rules ----------

/** A required UTC date-time, normalised to `YYYY-MM-DD HH:mm:ss`. */
export const zUtcDateTime = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? MESSAGES.required : MESSAGES.trips.dateInvalid) })
      .refine((v) => outsideDateYears(v) || parseUtcDateTime(v) !== null, MESSAGES.trips.dateInvalid)
      .refine((v) => !outsideDateYears(v), MESSAGES.dateYears)
      .transform((v) => parseUtcDateTime(v)!.toISOString().slice(0, 19).replace('T', ' ')),
  );

/** An id the form must give: missing, empty or null answers 'Field is required'. */
export const zRequiredId = (field: string) => {
  const message = `${field} must be a positive whole number`;
  return z.preprocess(
    (v) =>
      v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v,
    z
      .number({ error: (iss) => (iss.input === undefined ? MESSAGES.required : message) })
      .int(message)
      .positive(message),
  );
};

/** Time fields (minutes): empty means none; otherwise a non-negative number, kept as a whole number. */
export const zMinutes = () =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: MESSAGES.trips.nonNegative })
      .min(0, MESSAGES.trips.nonNegative)
      .max(525_600, MESSAGES.trips.nonNegative)
      .transform(Math.trunc)
      .nullable(),
  );

/** A yes/no flag sent as a boolean, 0/1 or '0'/'1'. */
const zFlag = () =>
  z.preprocess(
    (v) =>
      v === 1 || v === '1' || v === 'true'
        ? true
        : v === 0 || v === '0' || v === 'false' || v == null
          ? false
          : v,
    z.boolean(),
  );

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z.string().trim().max(max, `Must be at most ${max} characters`).nullable(),
  );

const optionalId = (field: string) =>
  z.preprocess((v) => (v === '' || v === undefined || v === -1 ? null : v), zId(field).nullable());

// ---------- Trip input (add-trip, save, and the same destinations for schedules) ----------

export const ZTripTaskInput = z.object({
  /** The task being edited (trip/save keeps its approvals and history); absent for a new task. */
  task_id: optionalId('task_id').optional(),
  description: z.preprocess(
    (v) => (v == null ? '' : v),
    z.string().trim().min(1, MESSAGES.trips.pendingTasks).max(1000, 'Must be at most 1000 characters'),
  ),
  order_id: optionalText(100).optional(),
  client_approval: zFlag().default(false),
  manager_approval: zFlag().default(false),
  /** Order of the task within its destination (0 first). */
  priority: z.preprocess(
    (v) => (v === '' || v == null ? 0 : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(0).max(10_000),
  ),
  note: optionalText(2000).optional(),
});
export type TTripTaskInput = z.input<typeof ZTripTaskInput>;

/** One stop of a trip as the dialog sends it; `destinationTerm` words the missing-name message. */
export const tripDestinationInputSchema = (destinationTerm = 'Destination') => {
  const invalid = MESSAGES.trips.destinationInvalid(destinationTerm);
  return z
    .object({
      /** The stop being edited (trip/save keeps its arrival and departure times); absent for a new stop. */
      id: optionalId('id').optional(),
      /** A saved destination; its name and coordinates fill what the stop leaves out. */
      destination_id: optionalId('destination_id').optional(),
      destination_name: z.preprocess(
        (v) => (v == null ? '' : v),
        z.string().trim().min(1, invalid).max(200, MESSAGES.places.nameMax),
      ),
      destination_lat: ZLat.nullable().optional(),
      destination_lon: ZLon.nullable().optional(),
      staying_time: zMinutes(),
      staying_time_range: zMinutes(),
      driving_time: zMinutes(),
      driving_time_range: zMinutes(),
      /** School bus: the student whose stop this is (one of the tenant's students), and their names. */
      student_id: optionalId('student_id').optional(),
      student_fname: optionalText(50).optional(),
      student_lname: optionalText(50).optional(),
      tasks: z.array(ZTripTaskInput).max(100).default([]),
    })
    .refine((d) => d.destination_id != null || (d.destination_lat != null && d.destination_lon != null), {
      message: invalid,
      path: ['destination_lat'],
    });
};
export const ZTripDestinationInput = tripDestinationInputSchema();
export type TTripDestinationInput = z.input<typeof ZTripDestinationInput>;

/** A type sent as its id, or as the `{id, title}` object a trip's details carry (a clone sends it back). */
const zTypeRef = () =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v),
    zRequiredId('type'),
  );

const tripFields = (destinationTerm: string) => ({
  driver_id: zRequiredId('driver_id'),
  warehouse_id: zRequiredId('warehouse_id'),
  type: zTypeRef(),
  /** Planned start, UTC. */
  start_date: zUtcDateTime(),
  note: optionalText(2000).optional(),
  destinations: z
    .array(tripDestinationInputSchema(destinationTerm), {
      error: MESSAGES.trips.destinationsRequired(destinationTerm),
    })
    .min(1, MESSAGES.trips.destinationsRequired(destinationTerm))
    .max(50),
  /** Allowed departure delay from the origin, minutes (the origin exception panel). */
  departure_time_range: zMinutes().optional(),
  /** Compatibility only: must be the caller's own tenant. */
  tenant_id: z.union([z.number(), z.string()]).optional(),
});

/** `trip/add-trip` body; the web builds it with its tenant's destination term. */
export const tripInputSchema = (destinationTerm = 'Destination') => z.object(tripFields(destinationTerm));
export const ZTripInput = tripInputSchema();
export type TTripInput = z.input<typeof ZTripInput>;
/** `trip/save` body: the same plus the trip's id. */
export const tripSaveSchema = (destinationTerm = 'Destination') =>
  tripInputSchema(destinationTerm).extend({ id: zId('id') });
export const ZTripSave = tripSaveSchema();
export type TTripSave = z.input<typeof ZTripSave>;

// ---------- Trip answers ----------

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');

export const ZTripTask = z.object({
  id: z.number().int(),
  /** The same as `id`: spec 001 names it task_id, spec 000 id. */
  task_id: z.number().int(),
  description: z.string(),
  order_id: z.string().nullable(),
  client_approval: z.boolean(),
  manager_approval: z.boolean(),
  priority: z.number().int(),
  note: z.string().nullable(),
});
export type TTripTask = z.infer<typeof ZTripTask>;

/** A task of a trip: as planned, plus what the driver did (spec 000 §3, 002 §3 "Task"). */
export const ZTripRunTask = ZTripTask.extend({
  /** awaiting_submission, pending, accepted or rejected when a manager's approval is asked; else null. */
  manager_approval_status: z.string().nullable(),
  /** Addresses of the client's proof photos and of the proof awaiting the manager (signed-in GETs). */
  client_approval_images: z.array(z.string()),
  manager_approval_images: z.array(z.string()),
  /** When the driver completed it; null while not completed. */
  completed_date: utcDate.nullable(),
});
export type TTripRunTask = z.infer<typeof ZTripRunTask>;

export const ZTripDestination = z.object({
  id: z.number().int(),
  destination_id: z.number().int().nullable(),
  destination_name: z.string().nullable(),
  destination_lat: z.number().nullable(),
  destination_lon: z.number().nullable(),
  /** The same place as an object (spec 000 §3 reads either form). */
  destination: z.object({ name: z.string().nullable(), lat: z.number(), lon: z.number() }).nullable(),
  staying_time: z.number().int().nullable(),
  staying_time_range: z.number().int().nullable(),
  driving_time: z.number().int().nullable(),
  driving_time_range: z.number().int().nullable(),
  /** School bus: the student whose stop this is, when planned from a student's stop. */
  student_id: z.number().int().nullable(),
  student_fname: z.string().nullable(),
  student_lname: z.string().nullable(),
  /** Planned arrival and departure (UTC), when the driving and staying times allow computing them. */
  expected_arrival_date: utcDate.nullable(),
  expected_departure_date: utcDate.nullable(),
  /** Actual arrival and departure as the driver reported them. */
  arrived_date: utcDate.nullable(),
  departed_date: utcDate.nullable(),
  /** When the driver skipped the stop, and the reason they gave. */
  skipped_date: utcDate.nullable(),
  skip_reason: z.string().nullable(),
  tasks: z.array(ZTripRunTask),
});
export type TTripDestination = z.infer<typeof ZTripDestination>;

export const ZTripFine = z.object({
  id: z.number().int(),
  amount: z.number(),
  description: z.string(),
  issued_date: utcDate,
  creation_date: utcDate,
  /** 0 Not paid, 1 Postponed, 2 Paid. */
  status: z.number().int(),
  pictures: z.array(z.object({ title: z.string() })),
});
export type TTripFine = z.infer<typeof ZTripFine>;

export const ZTripAccident = z.object({
  id: z.number().int(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  created_date: utcDate,
  images: z.array(z.object({ title: z.string() })),
});
export type TTripAccident = z.infer<typeof ZTripAccident>;

const ZRef = z.object({ id: z.number().int(), title: z.string() });

/** The driver, origin and type a trip or a schedule points at, with their ids. */
const PLAN_REFS = {
  /** null when there is no driver (the tables show N/A). */
  driver: z.object({ id: z.number().int(), fname: z.string(), lname: z.string() }).nullable(),
  driver_id: z.number().int().nullable(),
  warehouse: z
    .object({ id: z.number().int(), title: z.string(), lat: z.number(), lon: z.number() })
    .nullable(),
  warehouse_id: z.number().int().nullable(),
  type: ZRef.nullable(),
  /** The same as `type` (spec 001 names both). */
  type0: ZRef.nullable(),
};

export const ZTripRow = z.object({
  id: z.number().int(),
  ...PLAN_REFS,
  start_date: utcDate.nullable(),
  started_date: utcDate.nullable(),
  ended_date: utcDate.nullable(),
  created_date: utcDate,
  note: z.string().nullable(),
  departure_time_range: z.number().int().nullable(),
  /** Planned length in minutes: every driving and staying time added up (null when none is given). */
  expected_length: z.number().int().nullable(),
  /** 0 = not picked. */
  flag: z.number().int(),
  /** The stop the driver is heading to or at while the trip runs (spec 000 §3); null before and after. */
  active_trip_destination_id: z.number().int().nullable(),
  /** 0 waiting, 1 started late, 2 started early (TRIP_STATUS). */
  status: z.number().int(),
  /** Where the trip starts: the origin's coordinates. */
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** The schedule this trip was made from, if any. */
  schedule_id: z.number().int().nullable(),
  destinations: z.array(ZTripDestination),
  fines: z.array(ZTripFine),
  accidents: z.array(ZTripAccident),
});
export type TTripRow = z.infer<typeof ZTripRow>;

// ---------- Trip requests ----------

/** Server paging of the trips and scheduled-trips tables. */
export const ZPagination = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_items: z.number().int(),
  /**
   * Beyond the spec: false when more than LIST_EXACT_COUNT rows match and `total_items` is the
   * database's estimate (the console shows "10,000+"); left out or true when it is exact.
   */
  total_exact: z.boolean().optional(),
  /**
   * Beyond the spec (the trips list): an opaque cursor that asks for the page after this one
   * (`?cursor=`), null when this page is the last; the next page costs what the first costs.
   */
  next_cursor: z.string().nullable().optional(),
  /** Beyond the spec: a cursor that asks for the page before this one, null on the first page. */
  prev_cursor: z.string().nullable().optional(),
});
/** Rows a list counts exactly; past it the count is estimated, so a count stays cheap at any size. */
export const LIST_EXACT_COUNT = 10_000;
/** The longest list cursor a call takes (the server's are far shorter). */
export const LIST_CURSOR_MAX_LENGTH = 300;

/** `trip/get-all-trips?page=&page_size=` query. */
export const ZTripPageQuery = z.object({
  page: zPage(),
  page_size: zPageSize(TRIPS_PAGE_SIZE),
  /**
   * Beyond the spec: a `next_cursor` or `prev_cursor` of an earlier answer, which asks for the page
   * after (or before) that answer's rows by their place in the order, not by counting rows; `page`
   * then only numbers the page for the answer. A cursor of another list, tenant or server is a 400.
   */
  cursor: z.string().trim().min(1).max(LIST_CURSOR_MAX_LENGTH).optional(),
  tenant_id: z.string().optional(),
});
/**
 * `trip/get-all-trips` body: trips planned between fdate and tdate (a day includes the whole day; a
 * date-time is an exact bound). Left out: the first of the current month to tomorrow.
 * `search` (beyond the spec) matches the driver, origin or type.
 */
export const ZTripRangeBody = z
  .object({
    fdate: zDateBound().optional(),
    tdate: zDateBound().optional(),
    search: z.string().trim().max(100).optional(),
    tenant_id: z.union([z.number(), z.string()]).optional(),
  })
  .nullish();
export const ZTripPage = z.object({
  trips: z.array(ZTripRow),
  pagination: ZPagination,
});
export type TTripPage = z.infer<typeof ZTripPage>;

/** `trip/get-all-trips-filtred` body (the fine dialog's trip search): one driver's trips, newest first. */
export const ZTripsOfDriverRequest = z.object({
  driver_id: zId('driver_id'),
  search: z.string().trim().max(100).optional(),
  limit: zLimit().optional(),
});

/**
 * `trip/get-trips` body: the day's trips (UTC `date`, today when left out) of the tenant; `key`
 * searches the driver, origin or type.
 */
export const ZGetTripsRequest = z
  .object({
    key: z.string().trim().max(100).optional(),
    date: zDateBound().optional(),
    tenant_id: z.union([z.number(), z.string()]).optional(),
  })
  .nullish();

/** `trip/report?id=`: answers `{responseCode: 200, data: {url}}` (spec 001 §7); the url serves the PDF. */
export const TRIP_REPORT_RESPONSE_CODE = 200;
export const ZTripReportQuery = z.object({ id: zId('id') });
export const ZTripReport = z.object({ url: z.string() });

/** The default trips date range: the first of the current month to tomorrow (UTC days). */
export function defaultTripRange(now = new Date()): { fdate: string; tdate: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return { fdate: first.toISOString().slice(0, 10), tdate: tomorrow.toISOString().slice(0, 10) };
}

// ---------- Trip states and their texts (spec 001 §4, 002 §4) ----------

export const TRIP_STATUS = { waiting: 0, startedLate: 1, startedEarly: 2 } as const;

/** 0 waiting (not started), 1 started after the planned start, 2 started on or before it. */
export function tripStatusOf(startDate: Date | null, startedDate: Date | null): number {
  if (!startedDate) return TRIP_STATUS.waiting;
  if (startDate && startedDate.getTime() > startDate.getTime()) return TRIP_STATUS.startedLate;
  return TRIP_STATUS.startedEarly;
}

/** Status text: 'started early', 'started late', otherwise 'Waiting'. */
export const tripStatusText = (status: number) =>
  status === TRIP_STATUS.startedEarly
    ? 'started early'
    : status === TRIP_STATUS.startedLate
      ? 'started late'
      : 'Waiting';

/** Flag text: Not Picked / Picked / Delivered (namat: Assigned / In progress / Done). */
export function tripFlagText(trip: { flag: number; ended_date: string | null }, namat = false): string {
  if (trip.flag === 0) return namat ? 'Assigned' : 'Not Picked';
  if (trip.ended_date) return namat ? 'Done' : 'Delivered';
  return namat ? 'In progress' : 'Picked';
}

/** Start cell: 'Awaiting..' (neither started nor ended), 'Not picked' (not started), else null: show the date. */
export function tripStartCellText(trip: { started_date: string | null; ended_date: string | null }) {
  if (!trip.started_date && !trip.ended_date) return 'Awaiting..';
  if (!trip.started_date) return 'Not picked';
  return null;
}

/** End cell: 'Awaiting..' (not started), 'On Route..' (started, not ended), else null: show the date. */
export function tripEndCellText(trip: { started_date: string | null; ended_date: string | null }) {
  if (trip.ended_date) return null;
  return trip.started_date ? 'On Route..' : 'Awaiting..';
}

export interface TPlannedStop {
  arrival: Date | null;
  departure: Date | null;
}

/**
 * Planned arrival and departure of each stop: leave the origin at the start, drive, stay, drive on.
 * A stop's times are computed only when its driving and staying times are both nonzero (and every
 * stop before it was computed); the trip is continuous when every stop was.
 */
export function plannedStops(
  start: Date | null,
  stops: readonly { driving_time?: number | null; staying_time?: number | null }[],
): { stops: TPlannedStop[]; continuous: boolean } {
  let clock = start?.getTime() ?? null;
  const planned = stops.map((s) => {
    if (clock === null || !s.driving_time || !s.staying_time) {
      clock = null;
      return { arrival: null, departure: null };
    }
    const arrival = clock + s.driving_time * 60_000;
    clock = arrival + s.staying_time * 60_000;
    return { arrival: new Date(arrival), departure: new Date(clock) };
  });
  return { stops: planned, continuous: planned.length > 0 && planned.every((p) => p.arrival !== null) };
}

// ---------- Scheduled trips ----------

export const REPEAT_TYPES = ['daily', 'weekly', 'monthly'] as const;
export type TRepeatType = (typeof REPEAT_TYPES)[number];
/** Week days of a schedule: 1 Monday … 7 Sunday. */
export const WEEK_DAYS = [
  { value: 1, label: 'Monday' },
  { value: 2, label: 'Tuesday' },
  { value: 3, label: 'Wednesday' },
  { value: 4, label: 'Thursday' },
  { value: 5, label: 'Friday' },
  { value: 6, label: 'Saturday' },
  { value: 7, label: 'Sunday' },
] as const;

/** How far ahead schedules are turned into trips, in days. */
export const SCHEDULE_HORIZON_DAYS = 14;

/** True for an IANA time zone name this runtime knows (e.g. Europe/London). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.trim() !== '';
  } catch {
    return false;
  }
}

/** Week days as "1,3,5" or [1, 3, 5]: answers the sorted, unique list, or null when none are given. */
const zWeekDays = () =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return null;
      const parts = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
      return parts.map((p) => (typeof p === 'string' ? Number(p.trim()) : p));
    },
    z
      .array(
        z
          .number({ error: MESSAGES.schedules.weekDaysInvalid })
          .int(MESSAGES.schedules.weekDaysInvalid)
          .min(1, MESSAGES.schedules.weekDaysInvalid)
          .max(7, MESSAGES.schedules.weekDaysInvalid),
      )
      .transform((days) => [...new Set(days)].sort((a, b) => a - b))
      .nullable(),
  );

const scheduleFields = (destinationTerm: string) =>
  z.object({
    ...tripFields(destinationTerm),
    end_date: z.preprocess((v) => (v === '' ? null : v), zUtcDateTime().nullable().optional()),
    repeat_type: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(REPEAT_TYPES, {
        error: (iss) => (iss.input === undefined ? MESSAGES.required : MESSAGES.schedules.repeatTypeInvalid),
      }),
    ),
    repeat_interval: z.preprocess(
      (v) => (v === '' || v == null ? 1 : typeof v === 'string' ? Number(v.trim()) : v),
      z
        .number({ error: MESSAGES.schedules.intervalInvalid })
        .int(MESSAGES.schedules.intervalInvalid)
        .min(1, MESSAGES.schedules.intervalInvalid)
        .max(365, MESSAGES.schedules.intervalInvalid),
    ),
    days_of_week: zWeekDays().optional(),
    time_zone: z.string().trim().refine(isTimeZone, MESSAGES.schedules.timeZoneInvalid).optional(),
  });

const checkSchedule = (
  s: {
    start_date: string;
    end_date?: string | null | undefined;
    repeat_type: TRepeatType;
    days_of_week?: number[] | null | undefined;
  },
  ctx: z.RefinementCtx,
) => {
  if (s.end_date && s.end_date <= s.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: MESSAGES.schedules.endBeforeStart });
  }
  if (s.repeat_type === 'weekly' && !s.days_of_week?.length) {
    ctx.addIssue({ code: 'custom', path: ['days_of_week'], message: MESSAGES.required });
  }
};

/**
 * `trip-schedule/add-trip-schedule` body. Week days are required for weekly schedules, narrow a daily
 * one to those days, and are ignored for monthly ones. `time_zone` (beyond the spec) is the zone whose
 * wall clock the schedule follows; left out, the tenant's `time_zone` setting applies.
 */
export const tripScheduleInputSchema = (destinationTerm = 'Destination') =>
  scheduleFields(destinationTerm).superRefine(checkSchedule);
export const ZTripScheduleInput = tripScheduleInputSchema();
export type TTripScheduleInput = z.input<typeof ZTripScheduleInput>;
/** `trip-schedule/edit-trip-schedule` body: the same plus the schedule's id. */
export const tripScheduleSaveSchema = (destinationTerm = 'Destination') =>
  scheduleFields(destinationTerm)
    .extend({ id: zId('id') })
    .superRefine(checkSchedule);
export const ZTripScheduleSave = tripScheduleSaveSchema();
export type TTripScheduleSave = z.input<typeof ZTripScheduleSave>;

/** A stop of a schedule: what each of its trips gets. */
export const ZScheduleDestination = ZTripDestination.omit({
  expected_arrival_date: true,
  expected_departure_date: true,
  arrived_date: true,
  departed_date: true,
  skipped_date: true,
  skip_reason: true,
}).extend({ tasks: z.array(ZTripTask) });
export type TScheduleDestination = z.infer<typeof ZScheduleDestination>;

export const ZTripScheduleRow = z.object({
  id: z.number().int(),
  ...PLAN_REFS,
  start_date: utcDate,
  end_date: utcDate.nullable(),
  repeat_type: z.enum(REPEAT_TYPES),
  repeat_interval: z.number().int(),
  /** Comma-separated week days, 1 Monday … 7 Sunday (null when none). */
  days_of_week: z.string().nullable(),
  departure_time_range: z.number().int().nullable(),
  note: z.string().nullable(),
  time_zone: z.string(),
  tripDestinations: z.array(ZScheduleDestination),
  /** The next planned starts (UTC) within the materialisation horizon. */
  next_dates: z.array(utcDate),
  created_date: utcDate,
});
export type TTripScheduleRow = z.infer<typeof ZTripScheduleRow>;

/** `trip-schedule/get-scheduled-trips?page=&page_size=&search=`. */
export const ZTripSchedulePageQuery = z.object({
  page: zPage(),
  page_size: zPageSize(TRIPS_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  tenant_id: z.string().optional(),
});
export const ZTripSchedulePage = z.object({
  schedules: z.array(ZTripScheduleRow),
  pagination: ZPagination,
});
export type TTripSchedulePage = z.infer<typeof ZTripSchedulePage>;

/** `trip-schedule/delete-trip-schedule?id=` (the id may also come in the body). */
export const ZScheduleIdQuery = z.object({ id: zId('id').optional() });
export const ZScheduleIdBody = z.object({ id: zId('id').optional() }).nullish();

/** Labels of the repeat types for tables and selects. */
export const REPEAT_TYPE_LABEL: Record<TRepeatType, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
