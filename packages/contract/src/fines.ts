import { z } from 'zod';
import { FINE_STATUS } from './driver-details.ts';
import { ZPicture } from './files.ts';
import { MESSAGES } from './messages.ts';
import { zId, zWholeNumber } from './numbers.ts';
import { ZRecordRangeBody, zNonNegativeDecimal } from './records.ts';
import { zRequiredId, zUtcDateTime } from './trips.ts';

/*
 * Fines (spec 001 "Fines", §3, §4, §5, §7, §8): the traffic fines a driver was issued, optionally on
 * one of their trips, with pictures (the ticket, the place). Calls:
 *   POST fine/get-fines?tenant_id=   {fdate, tdate}   the fines issued in those UTC days, newest first
 *   POST fine/add                    {driver_id, trip_id?, amount, description, date, status?, tenant_id?}
 *   POST fine/save                   the same plus id
 *   POST fine/archive                {id}
 *   GET|POST v1/fines/{fine_id}/pictures, DELETE v1/fines/{fine_id}/pictures/{photo_id}
 * `fine/add` also takes `multipart/form-data` (the same fields, the pictures as `photos`), so a new
 * fine and its pictures are recorded in one step.
 */

/** Fine status (spec 001 §4): 0 Not paid, 1 Postponed, 2 Paid. */
export const FINE_STATUSES = [0, 1, 2] as const;
export type TFineStatus = (typeof FINE_STATUSES)[number];
/** A new fine is Postponed unless told otherwise (spec 001 §4). */
export const FINE_STATUS_DEFAULT: TFineStatus = 1;
export const fineStatusLabel = (status: number) => FINE_STATUS[status] ?? 'Unknown';

/** Beyond any traffic fine: a typo rather than a fine (the column holds up to 10 digits). */
export const FINE_AMOUNT_MAX = 1_000_000;
export const FINE_DESCRIPTION_MAX = 1000;
/** How far ahead of the server's clock an issue time may be (a console clock a little fast). */
export const FINE_FUTURE_SLACK_MS = 5 * 60_000;

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');

// ---------- Answers ----------

const ZPerson = z.object({ id: z.number().int(), fname: z.string(), lname: z.string() });

/** The trip a fine was issued on, as the fine dialog's trip search shows it. */
export const ZFineTrip = z.object({
  id: z.number().int(),
  start_date: utcDate.nullable(),
  warehouse_id: z.number().int().nullable(),
  type0: z.object({ title: z.string() }).nullable(),
  /** The trip's driver (null when it has none). */
  driver: ZPerson.nullable(),
});
export type TFineTrip = z.infer<typeof ZFineTrip>;

/** A fine (spec 001 §3). The driver and trip keep their names when archived since. */
export const ZFineRow = z.object({
  id: z.number().int(),
  driver_id: z.number().int().nullable(),
  driver: ZPerson.nullable(),
  trip_id: z.number().int().nullable(),
  trip: ZFineTrip.nullable(),
  /** Two decimals, in the tenant's currency. */
  amount: z.number(),
  description: z.string(),
  /** When the fine was issued. */
  issued_date: utcDate,
  /** When it was recorded here (the "assigned date"). */
  creation_date: utcDate,
  status: z.number().int(),
  tenant_id: z.number().int(),
  pictures: z.array(ZPicture),
});
export type TFineRow = z.infer<typeof ZFineRow>;

// ---------- Requests ----------

/**
 * `fine/get-fines` body: the fines issued from `fdate` to `tdate`, both included, each a UTC day
 * (`YYYY-MM-DD`) or a UTC date-time (the console sends its local days' bounds); today when left
 * out; at most a year (the record lists' shared range).
 */
export const ZFinesRequest = ZRecordRangeBody;
export type TFinesRequest = z.input<typeof ZFinesRequest>;

const description = () =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(FINE_DESCRIPTION_MAX, MESSAGES.records.textMax(FINE_DESCRIPTION_MAX));

const status = () =>
  zWholeNumber({ min: 0, max: 2, message: MESSAGES.fines.statusInvalid }).transform((s) => s as TFineStatus);

const fineFields = {
  driver_id: zRequiredId('driver_id'),
  /** Optional: a fine may be issued off any trip. */
  trip_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), zId('trip_id').nullable()),
  /** Spec 001 §5: at least 0.00, two decimals, in the tenant's currency. */
  amount: zNonNegativeDecimal({ label: 'Amount', max: FINE_AMOUNT_MAX, places: 2 }),
  description: description(),
  /** The issue date-time (UTC). */
  date: zUtcDateTime(),
  tenant_id: z.union([z.number(), z.string()]).optional(),
};

/** `fine/add` body (JSON, or the text fields of a multipart form). */
export const ZFineAdd = z.object({
  ...fineFields,
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), status().optional()),
});
export type TFineAdd = z.input<typeof ZFineAdd>;
export type TFineAddValues = z.output<typeof ZFineAdd>;

/** `fine/save` body: every field of the fine, its status included. */
export const ZFineSave = z.object({
  ...fineFields,
  id: zId('id'),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), status()),
});
export type TFineSave = z.input<typeof ZFineSave>;
export type TFineSaveValues = z.output<typeof ZFineSave>;

/** Path parameters of a fine's pictures. */
export const ZFinePicturesParams = z.object({ fine_id: zId('fine_id') });
export const ZFinePictureParams = z.object({ fine_id: zId('fine_id'), photo_id: zId('photo_id') });
