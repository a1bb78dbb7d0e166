import { z } from 'zod';
import { zId } from './numbers.ts';

/*
 * Pictures of operational records (spec 001 §3, 002 §9): fines, accidents, refuels and vehicle
 * change requests carry pictures named by a `title` in one of the spec's image folders. A picture is
 * read at `/api/files/{folder}/{title}` (signed in, the tenant's own), its list thumbnail with
 * `?size=thumb`.
 */

/** The image folders of the spec: `fines/{title}`, `accidents/{title}`, the fuel and vehicle folders. */
export const RECORD_PHOTO_FOLDERS = ['fines', 'accidents', 'fuel', 'vehicles'] as const;
export type TRecordPhotoFolder = (typeof RECORD_PHOTO_FOLDERS)[number];

/** Pictures one record may hold. */
export const RECORD_PHOTOS_MAX = 5;
/** The largest picture accepted, in bytes (the same as a task's proof photo). */
export const RECORD_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/**
 * The most pixels a picture may have (50 megapixels: a 48 MP phone camera's full resolution fits),
 * whatever its size in bytes: a small file can decode into gigabytes (a 30000 × 30000 PNG).
 */
export const PICTURE_MAX_PIXELS = 50_000_000;
/** The longer side of a list thumbnail, in px. */
export const THUMBNAIL_SIZE = 320;

/** A picture's title: the generated file name (`{uuid}.{ext}`), never a client's. */
export const ZPhotoTitle = z.string().regex(/^[0-9a-f-]{36}\.(jpg|png|webp|heic|heif)$/, 'Unknown picture');

export const ZPicture = z.object({ title: z.string() });
export type TPicture = z.infer<typeof ZPicture>;

/** Where a record's picture is read (same-origin, with the session), or its thumbnail. */
export const recordPhotoUrl = (folder: TRecordPhotoFolder, title: string, size?: 'thumb') =>
  `/api/files/${folder}/${encodeURIComponent(title)}${size ? `?size=${size}` : ''}`;

/** `…/get-images` of refuels, accidents and vehicle requests: the record's id as `action_id`. */
export const ZRecordImagesRequest = z.object({ action_id: zId('action_id') });

/** A stored picture with its addresses. */
export const ZRecordImage = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  created_date: z.string().describe('UTC YYYY-MM-DD HH:mm:ss'),
});
export type TRecordImage = z.infer<typeof ZRecordImage>;
