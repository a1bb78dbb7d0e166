import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  MESSAGES,
  PICTURE_MAX_PIXELS,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
  THUMBNAIL_SIZE,
  TASK_PHOTO_TYPES,
  recordPhotoUrl,
  toUtcString,
  type TPicture,
  type TRecordImage,
  type TRecordPhotoFolder,
} from '@fleet/contract';
import { inTransaction, type TTenantContext, type TTxContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { newStorageKey } from '../../platform/storage.ts';
import type { TUploadedFile } from '../../platform/uploads.ts';
import { assertPictureSize } from '../../platform/pictures.ts';
import {
  deleteRecordPhoto,
  findRecordPhoto,
  insertRecordPhotos,
  listRecordPhotos,
  type TRecordPhotoRow,
} from './queries.ts';

/*
 * Pictures of operational records (spec 001 §3, 002 §9): the fines', accidents', refuels' and
 * vehicle change requests' pictures, each in its spec folder. The module's door: the record areas
 * store and list their pictures through these functions only, and `GET /api/files/{folder}/{title}`
 * serves them to the tenant's admins (and to the driver who sent one).
 *
 * A picture is recognised by its content (never its name or declared type), refused above
 * PICTURE_MAX_PIXELS (platform/pictures.ts), stored under a
 * generated name with a list thumbnail beside it, and recorded against its record in the caller's
 * transaction; a record whose write fails takes its stored files away again (`discard`).
 */

const notFound = () => new AppError('NOT_FOUND', MESSAGES.files.notFound);

/** A picture stored and waiting to be recorded against its record. */
export interface TStagedPhoto {
  title: string;
  storageKey: string;
  thumbKey: string | null;
  contentType: string;
  bytes: number;
}

export interface TStagedPhotos {
  photos: TStagedPhoto[];
  /** Removes the stored files again: the record they were for was not written. */
  discard(): Promise<void>;
}

/**
 * A list thumbnail (WebP, the longer side `THUMBNAIL_SIZE` px, turned upright by its EXIF
 * orientation), or null when the picture cannot be decoded here (HEIC needs a codec the bundled
 * image library lacks): the list then shows the picture itself.
 */
async function thumbnailOf(data: Uint8Array): Promise<Buffer | null> {
  try {
    return await sharp(data, { failOn: 'error', limitInputPixels: PICTURE_MAX_PIXELS })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Checks the uploaded pictures (count, size, an image by its content) and stores each with its
 * thumbnail. Nothing is stored when any one is refused: the refusal names the field.
 */
export async function stagePhotos(
  storage: Storage,
  tenantId: number,
  folder: TRecordPhotoFolder,
  files: TUploadedFile[],
): Promise<TStagedPhotos> {
  const m = MESSAGES.files;
  if (files.length > RECORD_PHOTOS_MAX) {
    throw AppError.field(files[0]?.field ?? 'photos', m.tooMany(RECORD_PHOTOS_MAX));
  }
  const checked: { contentType: string; data: Uint8Array }[] = [];
  for (const file of files) {
    if (file.data.byteLength > RECORD_PHOTO_MAX_BYTES) {
      throw AppError.field(file.field, m.tooLarge(RECORD_PHOTO_MAX_BYTES / 1024 / 1024));
    }
    const mime = (await fileTypeFromBuffer(file.data))?.mime as string | undefined;
    if (!mime || !(TASK_PHOTO_TYPES as readonly string[]).includes(mime)) {
      throw AppError.field(file.field, m.notImage);
    }
    assertPictureSize(file.field, file.data);
    checked.push({ contentType: mime, data: file.data });
  }

  const keys: string[] = [];
  const discard = async () => {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
  };
  const photos: TStagedPhoto[] = [];
  try {
    for (const photo of checked) {
      const storageKey = newStorageKey(folder, tenantId, [], photo.contentType);
      // Kept before the write: a write that failed late (a lost answer) may still have left the file.
      keys.push(storageKey);
      await storage.put(storageKey, photo.data, photo.contentType);
      const thumbnail = await thumbnailOf(photo.data);
      let thumbKey: string | null = null;
      if (thumbnail) {
        thumbKey = storageKey.replace(/\.[a-z]+$/, '.thumb.webp');
        keys.push(thumbKey);
        await storage.put(thumbKey, thumbnail, 'image/webp');
      }
      photos.push({
        title: path.posix.basename(storageKey),
        storageKey,
        thumbKey,
        contentType: photo.contentType,
        bytes: photo.data.byteLength,
      });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { photos, discard };
}

/** Records staged pictures against their record, in the caller's transaction. */
export async function attachPhotos(
  ctx: TTenantContext,
  folder: TRecordPhotoFolder,
  recordId: number,
  photos: TStagedPhoto[],
): Promise<void> {
  const actor = ctx.actor;
  await insertRecordPhotos(
    ctx.db,
    photos.map((p) => ({
      tenantId: ctx.tenantId,
      folder,
      recordId,
      title: p.title,
      storageKey: p.storageKey,
      thumbKey: p.thumbKey,
      contentType: p.contentType,
      bytes: p.bytes,
      driverId: actor.kind === 'driver' ? actor.id : null,
      adminId: actor.kind === 'tenant_admin' ? actor.id : null,
    })),
  );
}

/**
 * Stores pictures and records them against a record that `write` makes or changes, in one step:
 * the files are checked and stored first (no transaction is held open meanwhile), then `write` runs
 * in one transaction (`tx`: write the record with it) where `attach(recordId)` records them; when
 * `write` fails, nothing of it stays and the files are taken away again.
 */
export async function withPhotos<T>(
  ctx: TTenantContext,
  storage: Storage,
  folder: TRecordPhotoFolder,
  files: TUploadedFile[],
  write: (attach: (recordId: number) => Promise<void>, tx: TTenantContext & TTxContext) => Promise<T>,
): Promise<T> {
  const staged = await stagePhotos(storage, ctx.tenantId, folder, files);
  try {
    return await inTransaction(ctx, (tx) =>
      write((recordId) => attachPhotos(tx, folder, recordId, staged.photos), tx),
    );
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/** The pictures of these records as the spec's lists carry them (`[{title}]`), by record id. */
export async function picturesOf(
  ctx: TTenantContext,
  folder: TRecordPhotoFolder,
  recordIds: number[],
): Promise<Map<number, TPicture[]>> {
  const byRecord = new Map<number, TPicture[]>();
  for (const row of await listRecordPhotos(ctx.db, ctx.tenantId, folder, recordIds)) {
    const list = byRecord.get(row.recordId) ?? [];
    list.push({ title: row.title });
    byRecord.set(row.recordId, list);
  }
  return byRecord;
}

const imageOf = (folder: TRecordPhotoFolder, row: TRecordPhotoRow): TRecordImage => ({
  id: row.id,
  title: row.title,
  url: recordPhotoUrl(folder, row.title),
  thumb_url: recordPhotoUrl(folder, row.title, 'thumb'),
  created_date: toUtcString(row.createdDate),
});

/** One record's pictures with their addresses (the `…/get-images` calls). */
export async function recordImages(
  ctx: TTenantContext,
  folder: TRecordPhotoFolder,
  recordId: number,
): Promise<TRecordImage[]> {
  return (await listRecordPhotos(ctx.db, ctx.tenantId, folder, [recordId])).map((row) =>
    imageOf(folder, row),
  );
}

/**
 * A picture's file, or its thumbnail (the picture itself when it has none), for the tenant's
 * admins and for the driver who sent it; any other caller, and another tenant's title, find nothing.
 */
export async function photoFile(
  ctx: TTenantContext,
  storage: Storage,
  folder: TRecordPhotoFolder,
  title: string,
  size: 'full' | 'thumb',
) {
  const row = await findRecordPhoto(ctx.db, ctx.tenantId, folder, title);
  if (!row) throw notFound();
  const { actor } = ctx;
  if (actor.kind === 'driver' ? row.driverId !== actor.id : actor.kind !== 'tenant_admin') throw notFound();
  const key = size === 'thumb' && row.thumbKey ? row.thumbKey : row.storageKey;
  const file = await storage.get(key);
  if (!file) throw notFound();
  return {
    contentType: key === row.thumbKey ? 'image/webp' : row.contentType,
    bytes: file.bytes,
    body: file.body,
  };
}

/**
 * Removes one picture of a record (its files go after the row, once it is committed); `announce`
 * emits the record's change in the same transaction.
 */
export async function removePhoto(
  ctx: TTenantContext,
  storage: Storage,
  folder: TRecordPhotoFolder,
  recordId: number,
  photoId: number,
  announce: (tx: TTenantContext & TTxContext) => void,
): Promise<void> {
  const row = await inTransaction(ctx, async (tx) => {
    const deleted = await deleteRecordPhoto(tx.db, tx.tenantId, folder, recordId, photoId);
    if (!deleted) throw notFound();
    announce(tx);
    return deleted;
  });
  await Promise.allSettled([
    storage.delete(row.storageKey),
    row.thumbKey ? storage.delete(row.thumbKey) : null,
  ]);
}
