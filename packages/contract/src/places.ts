import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { zId, zLimit } from './numbers.ts';
import { zDateBound } from './dates.ts';

/*
 * Origins (warehouses), destinations and trip types (spec 001 "Destinations", "Origins", "Trip types").
 */

const coordinate = (limit: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).min(-limit, message).max(limit, message),
  );
export const ZLat = coordinate(90, MESSAGES.settings.latInvalid);
export const ZLon = coordinate(180, MESSAGES.settings.lonInvalid);

const placeName = z.string().trim().min(1, MESSAGES.required).max(200, MESSAGES.places.nameMax);

export const ZWarehouseInput = z.object({ title: placeName, lat: ZLat, lon: ZLon });
export const ZWarehouseSave = ZWarehouseInput.extend({ id: zId('id') });
export const ZWarehouseRow = z.object({
  id: z.number().int(),
  title: z.string(),
  lat: z.number(),
  lon: z.number(),
  created_date: z.string(),
});
export type TWarehouseRow = z.infer<typeof ZWarehouseRow>;

export const ZDestinationInput = z.object({
  name: placeName,
  lat: ZLat,
  lon: ZLon,
  tenant_id: zId('tenant_id').optional(),
});
export const ZDestinationSave = ZDestinationInput.extend({ id: zId('id') });
export const ZDestinationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  tenant_id: z.number().int(),
  created_date: z.string(),
});
export type TDestinationRow = z.infer<typeof ZDestinationRow>;

/** Unauthorised stop time: digits only, 1 to 1440 minutes. */
export const ZTimeStop = z.preprocess(
  (v) =>
    typeof v === 'string' ? (/^\d+$/.test(v.trim()) ? Number(v) : v.trim() === '' ? undefined : NaN) : v,
  z
    .number({ error: MESSAGES.places.timeStopInvalid })
    .int(MESSAGES.places.timeStopInvalid)
    .min(1, MESSAGES.places.timeStopInvalid)
    .max(1440, MESSAGES.places.timeStopInvalid),
);
export const ZTripTypeInput = z.object({
  title: z.string().trim().min(1, MESSAGES.required).max(49, MESSAGES.places.titleMax),
  time_stop: ZTimeStop,
});
export const ZTripTypeSave = ZTripTypeInput.extend({ id: zId('id') });
export const ZTripTypeRow = z.object({
  id: z.number().int(),
  title: z.string(),
  time_stop: z.number().int().nullable(),
  created_date: z.string(),
});
export type TTripTypeRow = z.infer<typeof ZTripTypeRow>;

/** Search and limit of the picker forms: `?title=&limit=` (or `name`, `search`). */
export const ZPlaceListQuery = z.object({
  tenant_id: z.string().optional(),
  title: z.string().trim().max(100).optional(),
  name: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100).optional(),
  limit: zLimit().optional(),
  /** Added on or after this day (origins' date controls); with `tdate`, up to and including that day. */
  fdate: zDateBound().optional(),
  tdate: zDateBound().optional(),
});
