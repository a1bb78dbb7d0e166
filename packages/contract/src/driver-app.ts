import { z } from 'zod';
import { DAY, outsideDateYears, parseUtcDateTime } from './dates.ts';
import { ZLoginRequest } from './auth.ts';
import { MESSAGES } from './messages.ts';

/*
 * The driver app's API (`/api/v1/driver/…`): sign-in with a bearer token, the driver's trips with
 * their stops and tasks, and the transitions of a running trip. Every request and answer schema of
 * that API lives here. Dates travel as UTC `YYYY-MM-DD HH:mm:ss`, as everywhere else.
 */

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');

// ---------- Sign-in ----------

/** `POST /api/v1/driver/login`: the driver's e-mail and password, as the console's login takes them. */
export const ZDriverLoginRequest = ZLoginRequest;
export type TDriverLoginRequest = z.infer<typeof ZDriverLoginRequest>;

const zUnit = z.object({ name: z.string(), symbol: z.string() });

/**
 * The tenant's words, so the app says Staff and Task where the tenant does, and its units: the
 * currency amounts are paid in and the volume unit refuels are counted in.
 */
export const ZDriverAppTerms = z.object({
  trip: z.string(),
  driver: z.string(),
  destination: z.string(),
  warehouse: z.string(),
  bus: z.string(),
  currency: zUnit,
  volume_unit: zUnit,
});

/** The signed-in driver, as login and `me` answer it. */
export const ZDriverProfile = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  /** The driver's language code (the language list's), or null. */
  language: z.string().nullable(),
  tenant: z.object({ id: z.number().int(), name: z.string(), type: z.string() }),
  terms: ZDriverAppTerms,
  /** The tenant's IANA time zone: the app shows trip times on this wall clock. */
  time_zone: z.string(),
});
export type TDriverProfile = z.infer<typeof ZDriverProfile>;

/** `data` of a successful driver login: the bearer token (shown once), when it ends at the latest, who. */
export const ZDriverSession = z.object({
  token: z.string(),
  token_type: z.literal('Bearer'),
  /** The absolute expiry; a token unused for the idle period ends sooner. */
  expires_at: utcDate,
  driver: ZDriverProfile,
});
export type TDriverSession = z.infer<typeof ZDriverSession>;

// ---------- Trips ----------

/** The most days one trips request may span. */
export const DRIVER_TRIPS_MAX_DAYS = 31;
/** Days after today the trips list covers when `to` is left out. */
export const DRIVER_TRIPS_AHEAD_DAYS = 7;

const zDay = () =>
  z
    .string()
    .trim()
    .refine(
      (v) => DAY.test(v) && (outsideDateYears(v) || parseUtcDateTime(`${v} 00:00:00`) !== null),
      MESSAGES.driverApp.dayInvalid,
    )
    .refine((v) => !outsideDateYears(v), MESSAGES.dateYears);

/**
 * `GET /api/v1/driver/trips?from=&to=`: trips planned on these days of the tenant's time zone (both
 * included; today and the next 7 days when left out), and any trip still in progress.
 */
export const ZDriverTripsQuery = z.object({ from: zDay().optional(), to: zDay().optional() });

/** A task's photo; `url` serves it to the trip's driver and the tenant's admins. */
export const ZTaskPhoto = z.object({
  id: z.number().int(),
  /** client: the client's proof (client approval); manager: proof the manager approves. */
  kind: z.enum(['client', 'manager']),
  content_type: z.string(),
  bytes: z.number().int(),
  created_date: utcDate,
  url: z.string(),
});
export type TTaskPhoto = z.infer<typeof ZTaskPhoto>;

export const ORDER_STATUSES = ['pending', 'completed', 'missed'] as const;
export const MANAGER_APPROVAL_STATUSES = ['awaiting_submission', 'pending', 'accepted', 'rejected'] as const;

export const ZDriverAppTask = z.object({
  id: z.number().int(),
  description: z.string(),
  order_id: z.string().nullable(),
  priority: z.number().int(),
  /** The planner's note. */
  note: z.string().nullable(),
  /** The client's proof images are required to complete it. */
  client_approval: z.boolean(),
  /** A manager must approve the proof after completion. */
  manager_approval: z.boolean(),
  manager_approval_status: z.enum(MANAGER_APPROVAL_STATUSES).nullable(),
  /** The order's status: pending until completed; missed when its stop is skipped or its trip ends without it. */
  status: z.enum(ORDER_STATUSES),
  completed_date: utcDate.nullable(),
  /** What the driver wrote when completing it. */
  driver_note: z.string().nullable(),
  photos: z.array(ZTaskPhoto),
});
export type TDriverAppTask = z.infer<typeof ZDriverAppTask>;

/** Where a stop stands: not reached yet, the driver is there, left, or passed over with a reason. */
export const STOP_STATES = ['pending', 'arrived', 'departed', 'skipped'] as const;

export const ZDriverAppStop = z.object({
  id: z.number().int(),
  /** 0 for the first stop. */
  position: z.number().int(),
  name: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** Planned minutes (spec 001): driving to it, staying at it, and the ranges allowed around them. */
  driving_time: z.number().int().nullable(),
  staying_time: z.number().int().nullable(),
  driving_time_range: z.number().int().nullable(),
  staying_time_range: z.number().int().nullable(),
  expected_arrival_date: utcDate.nullable(),
  expected_departure_date: utcDate.nullable(),
  state: z.enum(STOP_STATES),
  arrived_date: utcDate.nullable(),
  departed_date: utcDate.nullable(),
  skipped_date: utcDate.nullable(),
  skip_reason: z.string().nullable(),
  /** School bus: the pupil whose stop this is. */
  student_fname: z.string().nullable(),
  student_lname: z.string().nullable(),
  tasks: z.array(ZDriverAppTask),
});
export type TDriverAppStop = z.infer<typeof ZDriverAppStop>;

export const TRIP_STATES = ['planned', 'in_progress', 'ended', 'cancelled'] as const;

export const ZDriverAppTrip = z.object({
  id: z.number().int(),
  state: z.enum(TRIP_STATES),
  /** Planned start. */
  start_date: utcDate.nullable(),
  /** Minutes the driver may leave the origin before the planned start (the origin's departure range). */
  departure_time_range: z.number().int().nullable(),
  started_date: utcDate.nullable(),
  ended_date: utcDate.nullable(),
  /** 0 = not picked, 1 = picked up (started). */
  flag: z.number().int(),
  note: z.string().nullable(),
  origin: z.object({ id: z.number().int(), title: z.string(), lat: z.number(), lon: z.number() }).nullable(),
  type: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** The stop the driver is heading to or at while the trip runs; null before the start and after the end. */
  active_trip_destination_id: z.number().int().nullable(),
  stops: z.array(ZDriverAppStop),
});
export type TDriverAppTrip = z.infer<typeof ZDriverAppTrip>;

// ---------- Transitions ----------

/**
 * When the driver did it, UTC; now when left out. An app that queued the action offline sends the
 * time it was done, so a replay records the real moment. A time in the future is refused.
 */
export const zActionTime = () =>
  z
    .string()
    .trim()
    .refine((v) => outsideDateYears(v) || parseUtcDateTime(v) !== null, MESSAGES.trips.dateInvalid)
    .refine((v) => !outsideDateYears(v), MESSAGES.dateYears)
    .optional();

/** Body of start, end, arrive and depart (all optional: an empty body means now). */
export const ZDriverActionBody = z.object({ at: zActionTime() }).nullish();
export type TDriverActionBody = z.infer<typeof ZDriverActionBody>;

export const SKIP_REASON_MAX = 500;
/** `POST /api/v1/driver/stops/:stop_id/skip`: why the stop is passed over. */
export const ZSkipStopBody = z.object({
  reason: z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string()
      .trim()
      .min(1, MESSAGES.driverApp.skipReasonRequired)
      .max(SKIP_REASON_MAX, `Must be at most ${SKIP_REASON_MAX} characters`),
  ),
  at: zActionTime(),
});
export type TSkipStopBody = z.infer<typeof ZSkipStopBody>;

export const DRIVER_NOTE_MAX = 2000;
/** Photos one task may hold, of both kinds together. */
export const TASK_PHOTOS_MAX = 5;
/** The largest photo accepted, in bytes. */
export const TASK_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** What a photo may be, recognised by its content (never by its name or declared type). */
export const TASK_PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/**
 * `POST /api/v1/driver/tasks/:task_id/complete`, as JSON (no photos) or as `multipart/form-data`
 * with the same text fields and the photos as files: `client_photos` (the client's proof),
 * `manager_photos` (proof for the manager), or `photos` when the task asks for one kind only.
 */
export const ZCompleteTaskBody = z
  .object({
    note: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().max(DRIVER_NOTE_MAX, `Must be at most ${DRIVER_NOTE_MAX} characters`).optional(),
    ),
    at: zActionTime(),
  })
  .nullish();
export type TCompleteTaskBody = z.infer<typeof ZCompleteTaskBody>;
