import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  PICTURE_MAX_PIXELS,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
  recordPhotoUrl,
} from '@fleet/contract';
import { drivers, recordPhotos } from '../../db/schema/index.ts';
import type { TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createStorage, type Storage } from '../../platform/storage.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { HEIC, PDF, photoJpeg, pngOfSize } from '../../test/uploads.ts';
import { picturesOf, recordImages, withPhotos } from './service.ts';

/*
 * Pictures of records as the areas store them and as consoles read them: checked by content,
 * stored with a thumbnail, recorded in the record's transaction (or taken away with it), and served
 * at /api/files/{folder}/{title} to the tenant's admins only.
 */

let t: TestApp;
let storage: Storage;
let delivery: string;
let namat: string;
let ctx: TTenantContext;

beforeAll(async () => {
  t = await createTestApp();
  storage = createStorage(t.config.storage);
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  const [admin] = await t.database.db.query.admins.findMany({
    where: (a, { eq }) => eq(a.email, DEMO.delivery.email),
  });
  ctx = {
    db: t.database.db,
    tenantId: DEMO.delivery.tenantId,
    actor: {
      kind: 'tenant_admin',
      id: admin!.id,
      sessionId: 0,
      email: DEMO.delivery.email,
      tenantId: DEMO.delivery.tenantId,
    },
    publish: () => {},
  };
});
afterAll(() => t?.close());

/** Records pictures against a record of `recordId` and answers what the record's list would show. */
const store = (recordId: number, files: Buffer[], field = 'photos') =>
  withPhotos(
    ctx,
    storage,
    'fines',
    files.map((data) => ({ field, data })),
    async (attach) => {
      await attach(recordId);
    },
  );

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const rowsOf = (recordId: number) =>
  t.database.db
    .select()
    .from(recordPhotos)
    .where(and(eq(recordPhotos.tenantId, DEMO.delivery.tenantId), eq(recordPhotos.recordId, recordId)));

describe('record pictures', () => {
  it('stores a photo with a thumbnail and serves both to the tenant’s admins', async () => {
    const photo = await photoJpeg(1600, 1200);
    await store(900_001, [photo]);
    const pictures = (await picturesOf(ctx, 'fines', [900_001])).get(900_001)!;
    expect(pictures).toHaveLength(1);
    const { title } = pictures[0]!;
    expect(title).toMatch(/^[0-9a-f-]{36}\.jpg$/);

    const full = await get(delivery, recordPhotoUrl('fines', title));
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.rawPayload.equals(photo)).toBe(true);

    const thumb = await get(delivery, recordPhotoUrl('fines', title, 'thumb'));
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.length).toBeLessThan(photo.length);

    const [image] = await recordImages(ctx, 'fines', 900_001);
    expect(image).toMatchObject({
      title,
      url: recordPhotoUrl('fines', title),
      thumb_url: recordPhotoUrl('fines', title, 'thumb'),
    });
  });

  it('lets a browser keep a picture only as long as its session may read it: asked again each time, 304 when unchanged', async () => {
    await store(900_006, [await photoJpeg(300, 200)]);
    const { title } = (await picturesOf(ctx, 'fines', [900_006])).get(900_006)![0]!;
    const viewer = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const first = await get(viewer, recordPhotoUrl('fines', title));
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: recordPhotoUrl('fines', title),
      headers: { cookie: viewer, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The thumbnail is another file: its own validator.
    const thumb = await get(viewer, recordPhotoUrl('fines', title, 'thumb'));
    expect(thumb.headers.etag).not.toBe(etag);
    // Signed out, the browser's copy is not confirmed any more.
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: viewer } });
    const after = await t.app.inject({
      method: 'GET',
      url: recordPhotoUrl('fines', title),
      headers: { cookie: viewer, 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers another tenant, another folder, a stranger and a made-up title as if there were no picture', async () => {
    await store(900_002, [await photoJpeg()]);
    const { title } = (await picturesOf(ctx, 'fines', [900_002])).get(900_002)![0]!;
    expect((await get(namat, recordPhotoUrl('fines', title))).statusCode).toBe(404);
    expect((await get(delivery, recordPhotoUrl('accidents', title))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: recordPhotoUrl('fines', title) })).statusCode).toBe(401);
    expect((await get(delivery, '/api/files/fines/..%2F..%2Fsecret.jpg')).statusCode).toBe(400);
    expect((await get(delivery, '/api/files/receipts/whatever.jpg')).statusCode).toBe(400);

    // A driver reads only the pictures they sent; an admin's picture is not theirs.
    const [driver] = await t.database.db
      .select()
      .from(drivers)
      .where(eq(drivers.tenantId, DEMO.delivery.tenantId))
      .limit(1);
    const token = await t.driverToken(driver!.id);
    const asDriver = await t.app.inject({
      method: 'GET',
      url: recordPhotoUrl('fines', title),
      headers: { authorization: token },
    });
    expect(asDriver.statusCode).toBe(404);
  });

  it('keeps a HEIC photo whole and serves it in place of the thumbnail it cannot have', async () => {
    await store(900_003, [HEIC]);
    const [row] = await rowsOf(900_003);
    expect(row).toMatchObject({ contentType: 'image/heic', thumbKey: null });
    const thumb = await get(delivery, recordPhotoUrl('fines', row!.title, 'thumb'));
    expect(thumb.headers['content-type']).toBe('image/heic');
  });

  it('refuses what is not an image, too large or too many, naming the field, and stores nothing', async () => {
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (error: unknown) => (error instanceof AppError ? error.message : String(error)),
      );
    expect(await refusal(store(900_004, [await photoJpeg(), PDF], 'receipt'))).toBe(MESSAGES.files.notImage);
    expect(await refusal(store(900_004, [Buffer.alloc(RECORD_PHOTO_MAX_BYTES + 1, 0xff)]))).toBe(
      MESSAGES.files.tooLarge(RECORD_PHOTO_MAX_BYTES / 1024 / 1024),
    );
    // A few hundred bytes that would decode into 2.7 GB: refused by its size in pixels.
    expect(await refusal(store(900_004, [pngOfSize(30_000, 30_000)]))).toBe(
      MESSAGES.files.tooManyPixels(30_000, 30_000, PICTURE_MAX_PIXELS / 1_000_000),
    );
    const many = await Promise.all(Array.from({ length: RECORD_PHOTOS_MAX + 1 }, () => photoJpeg(10, 10)));
    expect(await refusal(store(900_004, many))).toBe(MESSAGES.files.tooMany(RECORD_PHOTOS_MAX));
    expect(await rowsOf(900_004)).toEqual([]);
  });

  it('takes the stored files away again when the record’s write fails', async () => {
    const keys: string[] = [];
    await expect(
      withPhotos(
        ctx,
        storage,
        'fines',
        [{ field: 'photos', data: await photoJpeg() }],
        async (attach, tx) => {
          await attach(900_005);
          const rows = await tx.db.select().from(recordPhotos).where(eq(recordPhotos.recordId, 900_005));
          keys.push(...rows.flatMap((r) => [r.storageKey, r.thumbKey!]));
          throw new AppError('CONFLICT', 'the record could not be written');
        },
      ),
    ).rejects.toThrow('the record could not be written');
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    expect(await rowsOf(900_005)).toEqual([]);
  });
});
