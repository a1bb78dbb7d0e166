import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { zId } from './numbers.ts';
import { LOGIN_EMAIL_PATTERN } from './patterns.ts';

/*
 * Driver files (spec 002 "Driver files at /driver-file/{id}&{name}", §3, §5, §7, §8): documents kept
 * for a driver (a licence scan, a contract) with a title. Calls:
 *   POST drivers-files/save-file    multipart form: id (the driver), title, file
 *   POST drivers-files/get-file     {id}: the driver's files, newest first
 *   POST drivers-files/delete-file  {id}: the file
 *   POST drivers-files/edit-file    {id, title}: the file's new title
 *   POST drivers-files/send-file    {file, Driver_id, email}: e-mails the file as an attachment
 * A file is read at `/api/files/driver-files/{driverId}/{path}` (signed in: the tenant's admins and
 * the driver it belongs to); the driver app lists its driver's own at `GET /api/v1/driver/files`.
 */

/** The largest document accepted, in bytes. */
export const DRIVER_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const DRIVER_FILE_TITLE_MAX = 200;
/** The form field the document comes in. */
export const DRIVER_FILE_FIELD = 'file';

/** What a driver file may be, recognised by its content (never its name or declared type). */
export const DRIVER_FILE_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'text/plain': 'txt',
} as const;
export type TDriverFileType = keyof typeof DRIVER_FILE_TYPES;
/** What the file picker offers (the server decides by content all the same). */
export const DRIVER_FILE_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,.docx,.xlsx,.pptx,.odt,.ods,.txt,.csv,application/pdf,image/*,text/plain';

/** A stored file's name: generated (`{uuid}.{ext}`), never a client's. */
export const ZDriverFilePath = z
  .string()
  .regex(/^[0-9a-f-]{36}\.(pdf|jpg|png|webp|heic|heif|docx|xlsx|pptx|odt|ods|txt)$/, 'Unknown file');

/** Where a driver's file is read (same-origin, with the session). */
export const driverFileUrl = (driverId: number, path: string) =>
  `/api/files/driver-files/${driverId}/${encodeURIComponent(path)}`;

// ---------- Answers ----------

/** A driver file (spec 002 §3: id, title, path), with what the table and the download need. */
export const ZDriverFile = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  title: z.string(),
  /** The stored file's name under `driver-files/{driver_id}/`. */
  path: z.string(),
  /** The name the file was uploaded with. */
  file_name: z.string(),
  content_type: z.string(),
  bytes: z.number().int(),
  url: z.string(),
  created_date: z.string().describe('UTC YYYY-MM-DD HH:mm:ss'),
  updated_date: z.string().describe('UTC YYYY-MM-DD HH:mm:ss'),
});
export type TDriverFile = z.infer<typeof ZDriverFile>;

/** How a sent file left: over SMTP, or written to the server's outbox (no SMTP_URL set). */
export const ZDriverFileSent = z.object({ via: z.enum(['smtp', 'outbox']) });
export type TDriverFileSent = z.infer<typeof ZDriverFileSent>;

// ---------- Requests ----------

const title = z
  .string({ error: MESSAGES.driverFiles.required })
  .trim()
  .min(1, MESSAGES.driverFiles.required)
  .max(DRIVER_FILE_TITLE_MAX, MESSAGES.driverFiles.titleTooLong(DRIVER_FILE_TITLE_MAX));

/** The text fields of `save-file` (the file comes beside them): `id` is the driver's. */
export const ZDriverFileSave = z.object({ id: zId('id'), title });
export type TDriverFileSave = z.infer<typeof ZDriverFileSave>;

/** `get-file`: the driver's id. `delete-file`: the file's id. */
export const ZDriverFileIdBody = z.object({ id: zId('id') });

export const ZDriverFileEdit = z.object({ id: zId('id'), title });
export type TDriverFileEdit = z.infer<typeof ZDriverFileEdit>;

const email = z
  .string({ error: MESSAGES.driverFiles.emailRequired })
  .trim()
  .min(1, MESSAGES.driverFiles.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .regex(LOGIN_EMAIL_PATTERN, MESSAGES.emailInvalid);

/**
 * `send-file`: the file's id, its driver's id (the spec's spelling), and where to send it.
 * `confirm_outside`: the admin confirmed sending to an address that is none of the tenant's admins,
 * drivers or guardians (without it such an address is refused, 409).
 */
export const ZDriverFileSend = z.object({
  file: zId('file'),
  Driver_id: zId('Driver_id'),
  email,
  // A form (spec 002 §3 sends these calls as forms) says it as the text `true` or `false`.
  confirm_outside: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional(),
});
export type TDriverFileSend = z.infer<typeof ZDriverFileSend>;
