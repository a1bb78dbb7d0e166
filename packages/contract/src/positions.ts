import { z } from 'zod';
import { readUtcDateTime } from './dates.ts';
import { MESSAGES } from './messages.ts';
import { POSITION_LIMITS } from './position-limits.ts';

export { POSITION_LIMITS };

/*
 * Positions: GPS fixes of drivers, from the driver app's batches, trackers (OsmAnd, OwnTracks) and
 * the simulator. One set of limits serves every source, so a fix impossible from one is impossible
 * from all. A request that cannot be read (a value of the wrong type, a time that is no date) is a
 * 400 naming the field; a readable fix the product will not store (outside the retention window,
 * ahead of the clock, out of range) is acknowledged, left out and counted for its driver, so a
 * device that resends its oldest fix first is never stuck on it (docs/decisions/0020).
 */

/** Why a fix was acknowledged but not stored. */
export const IGNORED_FIX_REASONS = [
  'too_old',
  'in_future',
  'coordinates',
  'out_of_range',
  'attributes',
  /** A tracker's fix while its driver was signed in to the driver app (docs/decisions/0023). */
  'signed_in',
] as const;
export type TIgnoredFixReason = (typeof IGNORED_FIX_REASONS)[number];

export const POSITION_SOURCES = ['app', 'osmand', 'owntracks', 'simulator'] as const;
export type TPositionSource = (typeof POSITION_SOURCES)[number];

/** The fields of a fix as the driver app's batch names them, which errors name by default. */
export type TFixField =
  'lat' | 'lon' | 'recorded_at' | 'speed' | 'course' | 'accuracy' | 'altitude' | 'battery';

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

/**
 * A fix time on the wire: ISO 8601 with its offset (`2026-11-23T08:15:02.120Z`,
 * `2026-11-23T12:15:02+04:00`) or the product's UTC `YYYY-MM-DD HH:mm:ss`; null when neither, or
 * when it names no real moment (30 February, 24:00).
 */
export function parseFixTime(value: string): Date | null {
  const text = value.trim();
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return readUtcDateTime(text);
  const [, y, mo, d, h, mi, s = '00', oh = '00', om = '00'] = m;
  const day = new Date(Date.UTC(+y!, +mo! - 1, +d!));
  const realDay = day.toISOString().slice(0, 10) === `${y}-${mo}-${d}`;
  if (!realDay || +h! > 23 || +mi! > 59 || +s > 59 || +oh > 23 || +om > 59) return null;
  return new Date(text);
}

const L = POSITION_LIMITS;
const M = MESSAGES.position;

/** A number; its range is the positions service's to judge (a fix out of range is ignored, not refused). */
const num = (message: string) => z.number({ error: message });
/** The same, optional: absent and null both read as null (unknown). */
const optionalNum = (message: string) =>
  num(message)
    .nullish()
    .transform((v) => v ?? null);

/** One fix of the driver app's batch (`POST /api/v1/driver/positions`). */
export const ZPositionFix = z.object({
  lat: num(M.latInvalid('lat')).describe('Degrees, -90 to 90'),
  lon: num(M.lonInvalid('lon')).describe('Degrees, -180 to 180'),
  recorded_at: z
    .string({ error: M.timeInvalid('recorded_at') })
    .max(40, M.timeInvalid('recorded_at'))
    .refine((v) => parseFixTime(v) !== null, M.timeInvalid('recorded_at'))
    .describe('When the fix was taken: ISO 8601 with its offset, or UTC YYYY-MM-DD HH:mm:ss'),
  speed: optionalNum(M.speedInvalid('speed')).describe(`km/h, 0 to ${L.speedMax}`),
  course: optionalNum(M.courseInvalid('course')).describe('Degrees from north, 0 to 360'),
  accuracy: optionalNum(M.accuracyInvalid('accuracy')).describe(`Metres, 0 to ${L.accuracyMax}`),
  altitude: optionalNum(M.altitudeInvalid('altitude')).describe(
    `Metres above sea level, ${L.altitudeMin} to ${L.altitudeMax}`,
  ),
  battery: optionalNum(M.batteryInvalid('battery')).describe('Percent, 0 to 100'),
  /** Whatever else the app knows about the fix, kept as it came (a fix with more is ignored). */
  attributes: z
    .record(z.string().max(100), z.unknown())
    .nullish()
    .transform((v) => v ?? null),
});
export type TPositionFixInput = z.input<typeof ZPositionFix>;

export const ZPositionBatch = z.object({
  positions: z
    .array(ZPositionFix, { error: MESSAGES.position.batchSize })
    .min(1, MESSAGES.position.batchSize)
    .max(L.batchMax, MESSAGES.position.batchSize),
});
export type TPositionBatch = z.input<typeof ZPositionBatch>;

export const ZPositionBatchResult = z.object({
  /** Fixes in the request. */
  received: z.number().int(),
  /** Fixes stored now; the rest were stored before (the same driver and fix time), or ignored. */
  stored: z.number().int(),
  /** Fixes acknowledged but not stored: outside the retention window, ahead of the clock, out of range. */
  ignored: z.number().int(),
});
export type TPositionBatchResult = z.infer<typeof ZPositionBatchResult>;
