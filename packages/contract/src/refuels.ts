import { z } from 'zod';
import { zActionTime } from './driver-app.ts';
import { ZPicture, ZRecordImage } from './files.ts';
import { zId } from './numbers.ts';
import { zNonNegativeDecimal } from './records.ts';

/*
 * Diesel refuels (spec 001 "Diesel refuels", §3; the spec's calls say "diesel tank"): what a driver
 * paid for how much fuel, on which trip, with the receipt's photos. Drivers report them from the
 * road (`POST /api/v1/driver/refuels`); admins list, correct and delete them.
 */

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');

/** Beyond any one fill-up of a vehicle: a typo rather than a refuel. */
export const REFUEL_AMOUNT_MAX = 1_000_000;
export const REFUEL_VOLUME_MAX = 100_000;

/** The price paid, in the tenant's currency: at least 0.00, two decimals. */
export const zRefuelAmount = () =>
  zNonNegativeDecimal({ label: 'Amount', max: REFUEL_AMOUNT_MAX, places: 2 });
/** The quantity, in the tenant's volume unit (`liquid_unit`): at least 0.00. */
export const zRefuelVolume = () =>
  zNonNegativeDecimal({ label: 'Volume', max: REFUEL_VOLUME_MAX, places: 3 });

/** A row of `diesel-tank/get-diesel-tanks`, newest first. */
export const ZRefuelRow = z.object({
  id: z.number().int(),
  /** The driver who reported it (kept when the driver was archived since); null if none. */
  driver: z.object({ id: z.number().int(), fname: z.string(), lname: z.string() }).nullable(),
  /** The price, two decimals, in the tenant's currency. */
  amount: z.number(),
  /** In the tenant's volume unit. */
  volume: z.number(),
  created_date: utcDate,
  /** The trip in progress when it was reported, if any. */
  trip_id: z.number().int().nullable(),
  /** The receipt's photos, in the `fuel` folder. */
  pictures: z.array(ZPicture),
});
export type TRefuelRow = z.infer<typeof ZRefuelRow>;

/** A refuel's amount and volume as an admin corrects them (the Update Diesel Tank dialog). */
export const ZRefuelCorrection = z.object({ amount: zRefuelAmount(), volume: zRefuelVolume() });
/** `POST diesel-tank/save-web`: an admin's correction of a refuel's amount and volume. */
export const ZRefuelSave = ZRefuelCorrection.extend({ id: zId('id') });
export type TRefuelSave = z.input<typeof ZRefuelSave>;

/**
 * `POST /api/v1/driver/refuels`, as JSON or as `multipart/form-data` with the same fields and the
 * receipt's photos as files in `photos`. `at`: when it was done (an offline queue), never in the future.
 */
export const ZDriverRefuelBody = z.object({
  volume: zRefuelVolume(),
  amount: zRefuelAmount(),
  at: zActionTime(),
});
export type TDriverRefuelBody = z.infer<typeof ZDriverRefuelBody>;

/** The refuel as the driver app gets it back, with its photos' addresses. */
export const ZReportedRefuel = z.object({
  id: z.number().int(),
  amount: z.number(),
  volume: z.number(),
  created_date: utcDate,
  trip_id: z.number().int().nullable(),
  photos: z.array(ZRecordImage),
});
export type TReportedRefuel = z.infer<typeof ZReportedRefuel>;
