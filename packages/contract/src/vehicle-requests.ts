import { z } from 'zod';
import { zActionTime } from './driver-app.ts';
import { ZPicture } from './files.ts';
import { zId, zPage, zPageSize } from './numbers.ts';

/*
 * Vehicle change requests (spec 001 "Vehicle change requests", §3, §4, §7 "Vehicle requests"): a
 * driver asks, from the driver app, for another of the tenant's vehicles; an admin accepts it (the
 * new vehicle is free), swaps (the two drivers exchange vehicles), force-accepts (the new vehicle's
 * driver is left without one) or declines it. Console calls `bus-request/…`, driver app calls
 * `v1/driver/vehicles` and `v1/driver/vehicle-requests`.
 */

/** The request's status as the spec sends it: '0' pending, '1' approved, '2' declined. */
export const VEHICLE_REQUEST_STATUSES = ['0', '1', '2'] as const;
export type TVehicleRequestStatus = (typeof VEHICLE_REQUEST_STATUSES)[number];
export const VEHICLE_REQUEST_STATUS = { pending: '0', approved: '1', declined: '2' } as const;
export const VEHICLE_REQUEST_STATUS_LABEL: Record<TVehicleRequestStatus, string> = {
  '0': 'Pending',
  '1': 'Approved',
  '2': 'Declined',
};

/**
 * How an approved request was carried out: `accept` (the new vehicle was free), `swap` (the two
 * drivers exchanged vehicles) or `force` (the new vehicle's driver was left without one).
 */
export const VEHICLE_REQUEST_RESOLUTIONS = ['accept', 'swap', 'force'] as const;
export type TVehicleRequestResolution = (typeof VEHICLE_REQUEST_RESOLUTIONS)[number];

/** Old (decided) requests a page of the Old Requests table shows by default. */
export const VEHICLE_REQUESTS_PAGE_SIZE = 10;
/** The driver's note on a request. */
export const VEHICLE_REQUEST_NOTE_MAX = 1000;

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');

export const ZVehicleRequestPerson = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
});
export type TVehicleRequestPerson = z.infer<typeof ZVehicleRequestPerson>;

/** A vehicle of a request with the live drivers who have it now. */
export const ZVehicleRequestBus = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** Whether it has been deleted (archived) since the request was made: it can then only be declined. */
  archived: z.boolean(),
  drivers: z.array(ZVehicleRequestPerson),
});
export type TVehicleRequestBus = z.infer<typeof ZVehicleRequestBus>;

/** One request as the console lists it (spec 001 §3). */
export const ZVehicleRequestRow = z.object({
  id: z.number().int(),
  status: z.enum(VEHICLE_REQUEST_STATUSES),
  creation_date: utcDate,
  /**
   * The requesting driver with the vehicle they have now (what a swap gives the other driver);
   * `archived` when deleted since (the request can then only be declined).
   */
  driver: ZVehicleRequestPerson.extend({
    archived: z.boolean(),
    bus: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  }),
  /** The driver's vehicle when asking; null when the driver had none. */
  oldBus: ZVehicleRequestBus.nullable(),
  newBus: ZVehicleRequestBus,
  note: z.string().nullable(),
  pictures: z.array(ZPicture),
  decided_date: utcDate.nullable(),
  /** The admin who decided it (null while pending, or when the product decided it for a removed admin). */
  decided_by: ZVehicleRequestPerson.nullable(),
  resolution: z.enum(VEHICLE_REQUEST_RESOLUTIONS).nullable(),
});
export type TVehicleRequestRow = z.infer<typeof ZVehicleRequestRow>;

/**
 * `POST bus-request/get-bus-requests?tenant_id=`: the body may page the old requests (the spec's
 * client sends none: the first page).
 */
export const ZVehicleRequestsQuery = z
  .object({ page: zPage(), page_size: zPageSize(VEHICLE_REQUESTS_PAGE_SIZE) })
  .nullish()
  .transform((v) => v ?? { page: 1, page_size: VEHICLE_REQUESTS_PAGE_SIZE });
export type TVehicleRequestsQuery = z.input<typeof ZVehicleRequestsQuery>;

/**
 * Its answer: every pending request (the cards, newest first) and one page of the decided ones
 * (the Old Requests table, newest first) with their count.
 */
export const ZVehicleRequests = z.object({
  pending: z.array(ZVehicleRequestRow),
  old: z.array(ZVehicleRequestRow),
  pagination: z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    total_items: z.number().int(),
  }),
});
export type TVehicleRequests = z.infer<typeof ZVehicleRequests>;

/**
 * `POST bus-request/accept-request`: `{id}`; `force: true` is the spec's Force Accept (the new
 * vehicle's current driver is left without one), which the spec sends through the same call.
 */
export const ZAcceptVehicleRequest = z.object({ id: zId('id'), force: z.boolean().optional() });
export type TAcceptVehicleRequest = z.input<typeof ZAcceptVehicleRequest>;

// ---------- Driver app ----------

/** A vehicle a driver may ask for (`GET v1/driver/vehicles`): whether someone has it, and whether it is theirs. */
export const ZDriverVehicleChoice = z.object({
  id: z.number().int(),
  reference: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number().int(),
  taken: z.enum(['0', '1']),
  mine: z.boolean(),
  /** A service is recorded for it today (the tenant's day): not available. */
  in_maintenance: z.boolean(),
});
export type TDriverVehicleChoice = z.infer<typeof ZDriverVehicleChoice>;

export const ZDriverVehicles = z.object({
  /** The driver's own vehicle; null without one. */
  own: ZDriverVehicleChoice.nullable(),
  /** The tenant's live vehicles by reference, the driver's own included. */
  vehicles: z.array(ZDriverVehicleChoice),
  /** The driver's request waiting for a decision, if any (one at a time). */
  pending_request_id: z.number().int().nullable(),
});
export type TDriverVehicles = z.infer<typeof ZDriverVehicles>;

/**
 * A driver's own request as the driver app shows it: the vehicles by reference only (who else has
 * them is the console's business).
 */
export const ZDriverVehicleRequest = z.object({
  id: z.number().int(),
  status: z.enum(VEHICLE_REQUEST_STATUSES),
  creation_date: utcDate,
  oldBus: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  newBus: z.object({ id: z.number().int(), reference: z.string() }),
  note: z.string().nullable(),
  pictures: z.array(ZPicture),
  decided_date: utcDate.nullable(),
  resolution: z.enum(VEHICLE_REQUEST_RESOLUTIONS).nullable(),
});
export type TDriverVehicleRequest = z.infer<typeof ZDriverVehicleRequest>;

/**
 * `POST v1/driver/vehicle-requests`, as JSON or as `multipart/form-data` with the same text fields
 * and the photos as files in `photos`. `at` is when the driver asked (an offline queue); now when
 * left out.
 */
export const ZNewVehicleRequest = z.object({
  new_bus_id: zId('new_bus_id'),
  note: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(VEHICLE_REQUEST_NOTE_MAX, `Must be at most ${VEHICLE_REQUEST_NOTE_MAX} characters`)
      .optional(),
  ),
  at: zActionTime(),
});
export type TNewVehicleRequest = z.infer<typeof ZNewVehicleRequest>;
