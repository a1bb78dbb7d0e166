import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import {
  DRIVER_FILE_MAX_BYTES,
  DRIVER_FILE_TYPES,
  MESSAGES,
  driverFileUrl,
  toUtcString,
  type TDriverFile,
  type TDriverFileEdit,
  type TDriverFileSend,
  type TDriverFileSent,
  type TDriverFileType,
} from '@fleet/contract';
import type { TTenantContext } from '../../platform/context.ts';
import { isAdminOrDriver } from '../../platform/principal.ts';
import { AppError } from '../../platform/errors.ts';
import { assertPictureSize } from '../../platform/pictures.ts';
import type { Mailer } from '../../platform/mail.ts';
import { assertRecipient, takeMailSlot, type TMailLimits } from '../../platform/mail-limits.ts';
import { newStorageKey, type Storage } from '../../platform/storage.ts';
import { driverOf, findDriver } from '../drivers/service.ts';
import {
  deleteDriverFileRow,
  findDriverFile,
  findDriverFileByPath,
  insertDriverFile,
  listDriverFiles,
  updateDriverFileTitle,
  type TDriverFileRow,
} from './queries.ts';

/*
 * Driver files (spec 002 "Driver files"): documents a tenant keeps for a driver, each with a title.
 * A file is recognised by its content (never its name or declared type): PDF, the images the
 * product takes (JPEG, PNG, WebP, HEIC), Office Open XML and OpenDocument files, or plain UTF-8
 * text; at most `DRIVER_FILE_MAX_BYTES`. It is stored under a generated name in
 * `driver-files/{tenantId}/{driverId}/`, and served at `/api/files/driver-files/{driverId}/{path}`
 * to the tenant's admins and to the driver it belongs to, as a download under the name it was
 * uploaded with. Deleting a file removes its row and its stored copy: nothing of it is kept.
 * An e-mailed file leaves through the mailer (SMTP, or the outbox when none is set up); the answer
 * says which.
 */

const notFound = () => new AppError('NOT_FOUND', MESSAGES.driverFiles.notFound);
const driverNotFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);

/** A control character other than tab, line feed, form feed and carriage return. */
const isControl = (code: number) => (code < 0x20 ? ![0x09, 0x0a, 0x0c, 0x0d].includes(code) : code === 0x7f);
/** Text without control characters, as a file's name is shown. */
const withoutControls = (text: string) =>
  [...text]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code >= 0x20 && code !== 0x7f;
    })
    .join('');

/** Plain text: strict UTF-8, no control characters but tab, line breaks and form feed. */
function isPlainText(data: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return false;
    return true;
  } catch {
    return false;
  }
}

/** What the file is, by its content, when it is one a driver file may be; null otherwise. */
export async function driverFileType(data: Buffer): Promise<TDriverFileType | null> {
  const found = await fileTypeFromBuffer(data);
  if (found) return found.mime in DRIVER_FILE_TYPES ? (found.mime as TDriverFileType) : null;
  return isPlainText(data) ? 'text/plain' : null;
}

/** The extensions a file's name may keep for its type; a name with any other gets the type's added. */
const NAME_EXTENSIONS: Record<TDriverFileType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'text/plain': ['txt', 'csv'],
};

/**
 * A name that says what the file is: one whose extension is not its type's gets the type's added
 * (`page.html`, taken as plain text, is offered as `page.html.txt`), so a saved download never opens
 * as a web page or a script, whatever it was called when uploaded. Old rows are named so on the way out.
 */
export function neutralName(name: string, type: string): string {
  const extensions = NAME_EXTENSIONS[type as TDriverFileType];
  const ext = path.posix.extname(name).slice(1).toLowerCase();
  if (!extensions || extensions.includes(ext)) return name;
  return `${name}.${DRIVER_FILE_TYPES[type as TDriverFileType]}`;
}

/**
 * The name a file is offered under: the client's base name without control characters or path,
 * or the title when it gave none, with the type's extension (`neutralName`), at most 200 characters.
 */
function displayName(given: string | undefined, title: string, type: TDriverFileType): string {
  const base = withoutControls(path.posix.basename((given ?? '').replace(/\\/g, '/'))).trim();
  const name = neutralName(base || withoutControls(title).replace(/[\\/]/g, '_'), type);
  if (name.length <= 200) return name;
  const ext = path.posix.extname(name).slice(0, 20);
  return `${name.slice(0, 200 - ext.length)}${ext}`;
}

const toDriverFile = (row: TDriverFileRow): TDriverFile => ({
  id: row.id,
  driver_id: row.driverId,
  title: row.title,
  path: row.path,
  file_name: neutralName(row.fileName, row.contentType),
  content_type: row.contentType,
  bytes: row.bytes,
  url: driverFileUrl(row.driverId, row.path),
  created_date: toUtcString(row.createdDate),
  updated_date: toUtcString(row.updatedDate),
});

/** A driver's files, newest first: a driver of the tenant, archived or not (404 otherwise). */
export async function driverFilesOf(ctx: TTenantContext, driverId: number): Promise<TDriverFile[]> {
  await driverOf(ctx, driverId);
  return (await listDriverFiles(ctx.db, ctx.tenantId, driverId)).map(toDriverFile);
}

/** The signed-in driver's own files (the driver app). */
export async function ownDriverFiles(ctx: TTenantContext): Promise<TDriverFile[]> {
  if (ctx.actor.kind !== 'driver') throw driverNotFound();
  return (await listDriverFiles(ctx.db, ctx.tenantId, ctx.actor.id)).map(toDriverFile);
}

export interface TDriverFileUpload {
  driverId: number;
  title: string;
  file: { data: Buffer; filename?: string | undefined } | undefined;
}

/**
 * Stores a file for a live driver of the tenant (404 for any other driver) and records it. The
 * file is checked before anything is stored (400 naming `file`: missing, too large, not a type
 * taken); a record that cannot be written takes its stored file away again.
 */
export async function saveDriverFile(
  ctx: TTenantContext,
  storage: Storage,
  upload: TDriverFileUpload,
): Promise<TDriverFile> {
  const m = MESSAGES.driverFiles;
  const { file } = upload;
  if (!file || file.data.byteLength === 0) throw AppError.field('file', m.required);
  if (!(await findDriver(ctx, upload.driverId))) throw driverNotFound();
  if (file.data.byteLength > DRIVER_FILE_MAX_BYTES) {
    throw AppError.field('file', m.tooLarge(DRIVER_FILE_MAX_BYTES / 1024 / 1024));
  }
  const type = await driverFileType(file.data);
  if (!type) throw AppError.field('file', m.notAllowed);
  if (type.startsWith('image/')) assertPictureSize('file', file.data);

  const storageKey = newStorageKey('driver-files', ctx.tenantId, [upload.driverId], type);
  try {
    // Inside the try: a write that failed late (a lost answer) may still have left the file.
    await storage.put(storageKey, file.data, type);
    const row = await insertDriverFile(ctx.db, {
      tenantId: ctx.tenantId,
      driverId: upload.driverId,
      title: upload.title,
      path: path.posix.basename(storageKey),
      storageKey,
      fileName: displayName(file.filename, upload.title, type),
      contentType: type,
      bytes: file.data.byteLength,
      adminId: ctx.actor.kind === 'tenant_admin' ? ctx.actor.id : null,
    });
    return toDriverFile(row);
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Gives a file a new title; 404 for no such file of the tenant. */
export async function renameDriverFile(ctx: TTenantContext, input: TDriverFileEdit): Promise<TDriverFile> {
  const row = await updateDriverFileTitle(ctx.db, ctx.tenantId, input.id, input.title);
  if (!row) throw notFound();
  return toDriverFile(row);
}

/** Deletes a file: its row, then its stored copy; 404 for no such file of the tenant. */
export async function deleteDriverFile(ctx: TTenantContext, storage: Storage, id: number): Promise<void> {
  const row = await deleteDriverFileRow(ctx.db, ctx.tenantId, id);
  if (!row) throw notFound();
  await storage.delete(row.storageKey).catch(() => undefined);
}

async function contentOf(storage: Storage, key: string): Promise<Buffer> {
  const stored = await storage.get(key);
  if (!stored) throw notFound();
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * E-mails a driver's file as an attachment to `email`. The file must be that driver's, of the
 * tenant (404 otherwise); the address one of the tenant's people unless `confirm_outside` (409
 * otherwise); the admin and the tenant within their hour's e-mails (429 otherwise:
 * platform/mail-limits.ts). Answers how the message left: over SMTP, or to the outbox.
 */
export async function sendDriverFile(
  ctx: TTenantContext,
  storage: Storage,
  mail: { mailer: Mailer; limits: TMailLimits },
  input: TDriverFileSend,
): Promise<TDriverFileSent> {
  const { mailer } = mail;
  const row = await findDriverFile(ctx.db, ctx.tenantId, input.file);
  if (!row || row.driverId !== input.Driver_id) throw notFound();
  const driver = await driverOf(ctx, row.driverId);
  await assertRecipient(ctx.db, ctx.tenantId, input.email, input.confirm_outside === true);
  const content = await contentOf(storage, row.storageKey);
  const adminId = ctx.actor.kind === 'tenant_admin' ? ctx.actor.id : null;
  const slot = await takeMailSlot(ctx.db, { tenantId: ctx.tenantId, adminId }, mail.limits);
  const name = `${driver.fname} ${driver.lname}`.trim();
  const fileName = neutralName(row.fileName, row.contentType);
  try {
    await mailer.send({
      to: input.email,
      subject: `${row.title} (${name})`,
      text: `Attached: "${row.title}", a file of ${name} (${fileName}).`,
      attachments: [{ filename: fileName, content, contentType: row.contentType }],
    });
  } catch (error) {
    // A message that did not leave does not count against the limits.
    await slot.release().catch(() => undefined);
    throw error;
  }
  return { via: mailer.via };
}

/**
 * A driver file's stored copy, for the tenant's admins and for the driver it belongs to; any other
 * caller, another tenant's driver and a made-up path find nothing (404).
 */
export async function driverFileContent(
  ctx: TTenantContext,
  storage: Storage,
  driverId: number,
  filePath: string,
) {
  if (!isAdminOrDriver(ctx.actor, driverId)) throw notFound();
  const row = await findDriverFileByPath(ctx.db, ctx.tenantId, driverId, filePath);
  if (!row) throw notFound();
  const stored = await storage.get(row.storageKey);
  if (!stored) throw notFound();
  const contentType = row.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : row.contentType;
  return {
    file: { contentType, bytes: stored.bytes, body: stored.body },
    name: neutralName(row.fileName, row.contentType),
  };
}
