import { z } from 'zod';
import { zActionTime } from './driver-app.ts';
import { ZPicture, ZRecordImage } from './files.ts';
import { MESSAGES } from './messages.ts';
import { zLimit } from './numbers.ts';
import { ZLat, ZLon } from './places.ts';
import { NAMAT_TYPE } from './auth.ts';

/*
 * Accidents (spec 001 "Accidents", §3; "Emergency events" for namat tenants): where and how a
 * driver's vehicle was damaged, on which trip, with photos. Drivers report them from the road
 * (`POST /api/v1/driver/accidents`); admins see them on the accidents screen, the trips table and
 * the driver details.
 */

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');

/** The accidents screen's title: namat tenants call accidents Emergency events (spec 001 §1). */
export const accidentsTitle = (tenantType: string | null | undefined) =>
  tenantType === NAMAT_TYPE ? 'Emergency events' : 'Accidents';

export const ACCIDENT_DESCRIPTION_MAX = 2000;
export const ACCIDENT_LOCATION_MAX = 300;

/** A row of `accident/get-accidents` and `accident/get-latest-accidents`, newest first. */
export const ZAccidentRow = z.object({
  id: z.number().int(),
  /** The driver who reported it (kept when the driver was archived since); null if none. */
  driver: z.object({ id: z.number().int(), fname: z.string(), lname: z.string() }).nullable(),
  /** Where it happened, in words. */
  location: z.string().nullable(),
  description: z.string().nullable(),
  /** Where it happened, from the phone's GPS. */
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  created_date: utcDate,
  /** The trip in progress when it was reported, if any. */
  trip_id: z.number().int().nullable(),
  /** Its photos, in the `accidents` folder. */
  pictures: z.array(ZPicture),
});
export type TAccidentRow = z.infer<typeof ZAccidentRow>;

/** Accidents `accident/get-latest-accidents` answers unless `limit` says otherwise, and at most. */
export const LATEST_ACCIDENTS_DEFAULT = 10;
export const LATEST_ACCIDENTS_MAX = 50;
export const ZLatestAccidentsQuery = z.object({
  tenant_id: z.string().optional(),
  limit: zLimit(LATEST_ACCIDENTS_MAX).optional(),
});

const optionalText = (max: number) =>
  z.preprocess(
    (v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v),
    z.string().trim().max(max, MESSAGES.records.textMax(max)).optional(),
  );
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * `POST /api/v1/driver/accidents`, as JSON or as `multipart/form-data` with the same fields and the
 * photos as files in `photos`: what happened, where in words and/or from the GPS (at least one of
 * them; lat and lon together), and `at` when it happened (an offline queue), never in the future.
 */
export const ZDriverAccidentBody = z
  .object({
    description: z.preprocess(
      (v) => (v == null ? '' : v),
      z
        .string()
        .trim()
        .min(1, MESSAGES.accidents.descriptionRequired)
        .max(ACCIDENT_DESCRIPTION_MAX, MESSAGES.records.textMax(ACCIDENT_DESCRIPTION_MAX)),
    ),
    location: optionalText(ACCIDENT_LOCATION_MAX),
    lat: optional(ZLat),
    lon: optional(ZLon),
    at: zActionTime(),
  })
  .superRefine((body, ctx) => {
    if ((body.lat === undefined) !== (body.lon === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [body.lat === undefined ? 'lat' : 'lon'],
        message: MESSAGES.accidents.coordinatesPaired,
      });
    } else if (body.location === undefined && body.lat === undefined) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: MESSAGES.accidents.placeRequired });
    }
  });
export type TDriverAccidentBody = z.infer<typeof ZDriverAccidentBody>;

/** The accident as the driver app gets it back, with its photos' addresses. */
export const ZReportedAccident = ZAccidentRow.omit({ driver: true, pictures: true }).extend({
  photos: z.array(ZRecordImage),
});
export type TReportedAccident = z.infer<typeof ZReportedAccident>;
