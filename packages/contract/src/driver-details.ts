import { z } from 'zod';
import { outsideDateYears } from './dates.ts';
import { MESSAGES } from './messages.ts';
import { zId, zOptionalPaging, zPage, zPageSize } from './numbers.ts';
import { ZTripAccident, ZTripFine, ZTripRunTask } from './trips.ts';

/*
 * The driver details tabs (spec 000 §2 "Drivers page", §7): trips, accidents, fines, fuel,
 * location and students of one driver. Records come from the areas that create them.
 */

/** Trip status of the details tab: 0 Not Started, 1 In Progress, 2 Completed, 3 Cancelled. */
export const DRIVER_TRIP_STATUS: Record<number, string> = {
  0: 'Not Started',
  1: 'In Progress',
  2: 'Completed',
  3: 'Cancelled',
};
export const driverTripStatusLabel = (status: number) => DRIVER_TRIP_STATUS[status] ?? 'Unknown';

/** Fine status: 0 Not Paid, 1 Postponed, 2 Paid. */
export const FINE_STATUS: Record<number, string> = { 0: 'Not Paid', 1: 'Postponed', 2: 'Paid' };

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'Dates must be real calendar days (YYYY-MM-DD)')
  .refine((v) => !outsideDateYears(v), MESSAGES.dateYears);

export const ZDriverTripsRequest = z.object({
  driver_id: zId('driver_id'),
  fdate: day.default('2020-01-01'),
  tdate: day.optional(),
});
/** `trip/get-driver-all-trips?page=&page_size=` (beyond the spec): one page, newest first. */
export const ZDriverTripsPageQuery = z.object(zOptionalPaging());
/** Trips `trip/get-driver-all-trips` answers without paging: the newest of the range (a driver's normal history fits). */
export const DRIVER_TRIPS_UNPAGED_LIMIT = 2_000;
/** The response header of a paged call that answers a plain array: how many rows match in all. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const ZDriverTripTask = z.object({ id: z.number().int(), description: z.string() });
export const ZDriverTrip = z.object({
  id: z.number().int(),
  start_date: utcDate.nullable(),
  started_date: utcDate.nullable(),
  ended_date: utcDate.nullable(),
  created_date: utcDate,
  status: z.number().int(),
  note: z.string().nullable(),
  warehouse: z.object({ title: z.string() }).nullable(),
  type0: z.object({ title: z.string() }).nullable(),
  /**
   * The Driver trips screen (spec 002 §3): the driver, picked up (flag), fines and accidents, and
   * each stop's times and its tasks as done (approvals and their pictures). The server always sends
   * them; the defaults keep older answers readable.
   */
  driver: z.object({ id: z.number().int(), fname: z.string(), lname: z.string() }).nullable().default(null),
  flag: z.number().int().default(0),
  fines: z.array(ZTripFine).default([]),
  accidents: z.array(ZTripAccident).default([]),
  destinations: z.array(
    z.object({
      id: z.number().int(),
      destination_name: z.string().nullable(),
      arrived_date: utcDate.nullable().default(null),
      departed_date: utcDate.nullable().default(null),
      skipped_date: utcDate.nullable().default(null),
      tasks: z.array(ZDriverTripTask.extend(ZTripRunTask.partial().shape)),
    }),
  ),
});
export type TDriverTrip = z.infer<typeof ZDriverTrip>;

export const ZDriverIdRequest = z.object({ driver_id: zId('driver_id') });

export const ZDriverAccident = z.object({
  id: z.number().int(),
  created_date: utcDate,
  location: z.string().nullable(),
  description: z.string().nullable(),
  trip_id: z.number().int().nullable(),
});
export type TDriverAccident = z.infer<typeof ZDriverAccident>;

export const ZDriverFinesRequest = z.object({
  did: zId('did'),
  page: zPage(),
  page_size: zPageSize(10),
});
export const ZDriverFine = z.object({
  id: z.number().int(),
  issued_date: utcDate,
  status: z.number().int(),
  amount: z.number(),
  description: z.string(),
  trip_id: z.number().int().nullable(),
});
export type TDriverFine = z.infer<typeof ZDriverFine>;
export const ZDriverFinesPage = z.object({
  fines: z.array(ZDriverFine),
  pagination: z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    total_items: z.number().int(),
  }),
});
export type TDriverFinesPage = z.infer<typeof ZDriverFinesPage>;

export const ZDriverFuel = z.object({
  id: z.number().int(),
  created_date: utcDate,
  volume: z.number(),
  amount: z.number(),
  trip_id: z.number().int().nullable(),
});
export type TDriverFuel = z.infer<typeof ZDriverFuel>;

export const ZDriverStudent = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  stop_name: z.string().nullable(),
  stop_lat: z.number().nullable(),
  stop_lon: z.number().nullable(),
  /** The stop as a destination of the tenant, so a trip can name it; null for a pupil without a stop. */
  destination: z.object({ id: z.number().int() }).nullable(),
});
export type TDriverStudent = z.infer<typeof ZDriverStudent>;

export const ZDriverLocationsRequest = z.object({ id: zId('id'), date: day.optional() });
export type TDriverLocationsRequest = z.input<typeof ZDriverLocationsRequest>;
/** `driver/get-drivers-recent-location`: a UTC day (`YYYY-MM-DD`), or none for each driver's newest fix. */
export const ZRecentLocationsRequest = z
  .object({ date: day.optional() })
  .nullish()
  .transform((v) => v ?? {});
export type TRecentLocationsRequest = z.input<typeof ZRecentLocationsRequest>;

/**
 * A driver location (spec 000 §3: id, lat, lon, date_and_time), and what else the fix carries. The
 * spec's four keys keep their meaning; the others are additions a client may ignore.
 */
export const ZDriverLocation = z.object({
  id: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  date_and_time: utcDate,
  /** km/h */
  speed: z.number().nullable(),
  /** Degrees from north. */
  course: z.number().nullable(),
  /** Metres. */
  accuracy: z.number().nullable(),
  /** Percent. */
  battery: z.number().nullable(),
  /** app, osmand, owntracks or simulator. */
  source: z.string(),
  /** The trip in progress when the fix was taken. */
  trip_id: z.number().int().nullable(),
});
export type TDriverLocation = z.infer<typeof ZDriverLocation>;
export const ZDriverLocations = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  locations: z.array(ZDriverLocation),
});
export type TDriverLocations = z.infer<typeof ZDriverLocations>;

/**
 * Fixes of the driver's devices (the driver app, a tracker) acknowledged but not stored, because the
 * product will not keep them: a wrong clock, a fix from before the retention window, impossible
 * coordinates. The count since the first, and the last one's reason as the console shows it.
 */
export const ZIgnoredFixes = z.object({
  count: z.number().int(),
  /** too_old, in_future, coordinates, out_of_range or attributes. */
  last_reason: z.string(),
  /** The last one's reason in words: `time 2013-08-22, outside the 90-day window`. */
  last_detail: z.string(),
  /** When it arrived. */
  last_received: utcDate,
});
export type TIgnoredFixes = z.infer<typeof ZIgnoredFixes>;

/**
 * `driver/get-driver-locations-for-today`: the driver's positions of the day (spec 000 §7), and the
 * fixes ignored so far (null when none), an addition a client may ignore.
 */
export const ZDriverDay = ZDriverLocations.extend({ ignored_fixes: ZIgnoredFixes.nullable() });
export type TDriverDay = z.infer<typeof ZDriverDay>;
