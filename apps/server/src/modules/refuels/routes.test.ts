import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RECORD_PHOTO_MAX_BYTES, RECORD_PHOTOS_MAX, recordPhotoUrl } from '@fleet/contract';
import { dieselTanks, recordPhotos } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { newDriver, report, storedFiles, tripInProgress } from '../../test/driver-reports.ts';
import { HEIC, multipartForm as form, PDF, photoJpeg, PNG } from '../../test/uploads.ts';

/*
 * Diesel refuels as the driver app reports them and the console lists, corrects and deletes them.
 * The driver reporting here has a name no demo driver has, and reports on days of their own (a
 * January before the demo's history) unless the test is about now, so every expected row is known.
 */

let t: TestApp;
let delivery: string;
let namat: string;
let ali: { id: number; auth: string };
let omar: { id: number; auth: string };
let namatDriver: { id: number; auth: string };

const REFUELS = '/api/v1/driver/refuels';
const LIST = '/api/diesel-tank/get-diesel-tanks';
const DAY = '2025-01-14';

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  ali = await newDriver(t, delivery, { fname: 'Ali', lname: 'Fuelwright' });
  omar = await newDriver(t, delivery, { fname: 'Omar', lname: 'Tankard' });
  namatDriver = await newDriver(t, namat, { fname: 'Noor', lname: 'Pumpton' });
});
afterAll(() => t.close());

/** The tenant's refuels of the range, as the console lists them. */
const list = async (cookie: string, range: object) => call(t, cookie, 'POST', LIST, range);
const refuelRows = (driverId: number) =>
  t.database.db.select().from(dieselTanks).where(eq(dieselTanks.driverId, driverId));
const fuelPhotoRows = () =>
  t.database.db
    .select()
    .from(recordPhotos)
    .where(and(eq(recordPhotos.folder, 'fuel'), eq(recordPhotos.tenantId, DEMO.delivery.tenantId)));

describe('POST /api/v1/driver/refuels', () => {
  it("records the driver's refuel as JSON, announces it, and shows it in the list and the Fuel tab", async () => {
    const events = await t.eventsDuring(async () => {
      const res = await report(t, ali.auth, REFUELS, { volume: 52.5, amount: 187.4, at: `${DAY} 08:15:00` });
      expect(res.status, res.body.responseMessage).toBe(200);
      expect(res.body.responseMessage).toBe(MESSAGES.refuels.recorded);
      expect(res.body.data).toMatchObject({
        volume: 52.5,
        amount: 187.4,
        created_date: `${DAY} 08:15:00`,
        trip_id: null,
        photos: [],
      });
    });
    expect(events.map((e) => e.type)).toEqual(['refuel.created']);
    const rows = (await list(delivery, { fdate: DAY, tdate: DAY })).body.data;
    expect(rows).toEqual([
      {
        id: events[0]!.ids[0],
        driver: { id: ali.id, fname: 'Ali', lname: 'Fuelwright' },
        amount: 187.4,
        volume: 52.5,
        created_date: `${DAY} 08:15:00`,
        trip_id: null,
        pictures: [],
      },
    ]);
    const tab = await call(t, delivery, 'POST', '/api/diesel-tank/get-driver-diesel-tanks', {
      driver_id: ali.id,
    });
    expect(tab.body.data[0]).toMatchObject({ volume: 52.5, amount: 187.4, created_date: `${DAY} 08:15:00` });
  });

  it('takes the receipt photos as multipart, and their pictures are served to the console and the driver', async () => {
    const res = await report(
      t,
      ali.auth,
      REFUELS,
      form([
        { name: 'volume', value: '40' },
        { name: 'amount', value: '150.00' },
        { name: 'at', value: `${DAY} 12:00:00` },
        { name: 'photos', file: await photoJpeg() },
        { name: 'photos', file: PNG, filename: 'receipt.png', type: 'image/png' },
      ]),
    );
    expect(res.status, res.body.responseMessage).toBe(200);
    const { id, photos } = res.body.data;
    expect(photos).toHaveLength(2);
    const row = (await list(delivery, { fdate: DAY, tdate: DAY })).body.data.find(
      (r: { id: number }) => r.id === id,
    );
    expect(row.pictures.map((p: { title: string }) => p.title)).toEqual(
      photos.map((p: { title: string }) => p.title),
    );

    const images = await call(t, delivery, 'POST', '/api/diesel-tank/get-images', { action_id: id });
    expect(images.status).toBe(200);
    expect(images.body.data).toHaveLength(2);
    expect(images.body.data[0]).toMatchObject({
      url: recordPhotoUrl('fuel', photos[0].title),
      thumb_url: recordPhotoUrl('fuel', photos[0].title, 'thumb'),
    });
    const asAdmin = await t.app.inject({ url: images.body.data[0].url, headers: { cookie: delivery } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('image/jpeg');
    const asDriver = await t.app.inject({
      url: images.body.data[1].url,
      headers: { authorization: ali.auth },
    });
    expect(asDriver.statusCode).toBe(200);
    const asOtherDriver = await t.app.inject({
      url: images.body.data[1].url,
      headers: { authorization: omar.auth },
    });
    expect(asOtherDriver.statusCode).toBe(404);
  });

  it('ties the refuel to the trip in progress at its time, and to none before the trip started', async () => {
    const tripId = await tripInProgress(t, delivery, omar);
    const now = await report(t, omar.auth, REFUELS, { volume: 30, amount: 99.99 });
    expect(now.status, now.body.responseMessage).toBe(200);
    expect(now.body.data.trip_id).toBe(tripId);
    const before = new Date(Date.now() - 60 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const earlier = await report(t, omar.auth, REFUELS, { volume: 30, amount: 99.99, at: before });
    expect(earlier.body.data.trip_id).toBeNull();
    // The driver's own trip: another driver reporting at the same time is tied to nothing.
    const other = await report(t, ali.auth, REFUELS, { volume: 1, amount: 1 });
    expect(other.body.data.trip_id).toBeNull();
  });

  it("keeps every refuel the driver's own: ids of another driver or trip in the body are not taken", async () => {
    const tripId = await tripInProgress(t, namat, namatDriver);
    const res = await report(t, ali.auth, REFUELS, {
      volume: 10,
      amount: 20,
      driver_id: omar.id,
      trip_id: tripId,
      at: `${DAY} 13:00:00`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.trip_id).toBeNull();
    const [row] = await t.database.db.select().from(dieselTanks).where(eq(dieselTanks.id, res.body.data.id));
    expect(row).toMatchObject({ driverId: ali.id, tenantId: DEMO.delivery.tenantId, tripId: null });
    // In a form, a field the report does not take is refused by name.
    const forged = await report(
      t,
      ali.auth,
      REFUELS,
      form([
        { name: 'volume', value: '10' },
        { name: 'amount', value: '20' },
        { name: 'driver_id', value: String(omar.id) },
      ]),
    );
    expect(forged.status).toBe(400);
    expect(forged.body.responseMessage).toBe(MESSAGES.files.fieldUnknown('driver_id'));
  });

  it('refuses bad numbers and times with the spec wording, storing nothing', async () => {
    const before = (await refuelRows(omar.id)).length;
    const cases: [object, string, string][] = [
      [{ volume: -1, amount: 10 }, 'volume', MESSAGES.records.numberInvalid('Volume')],
      [{ volume: 10, amount: -0.01 }, 'amount', MESSAGES.records.numberInvalid('Amount')],
      [{ volume: 10, amount: 12.345 }, 'amount', MESSAGES.records.decimals('Amount', 2)],
      [{ volume: 10, amount: '1e3' }, 'amount', MESSAGES.records.numberInvalid('Amount')],
      [{ volume: 10 }, 'amount', MESSAGES.required],
      [{ volume: 10, amount: 10_000_000 }, 'amount', MESSAGES.records.numberTooLarge('Amount', 1_000_000)],
      [{ volume: 10, amount: 10, at: '2025-02-30 10:00:00' }, 'at', MESSAGES.trips.dateInvalid],
      [{ volume: 10, amount: 10, at: '2099-01-01 10:00:00' }, 'at', MESSAGES.driverApp.timeInFuture],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(t, omar.auth, REFUELS, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0], JSON.stringify(body)).toEqual({ path: field, message });
    }
    const empty = await report(t, omar.auth, REFUELS, form([{ name: 'volume', value: '' }]));
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { path: 'volume', message: MESSAGES.required },
      { path: 'amount', message: MESSAGES.required },
    ]);
    expect(await refuelRows(omar.id)).toHaveLength(before);
  });

  it('refuses too many photos, photos too large and files that are not images, storing nothing', async () => {
    const rowsBefore = (await refuelRows(omar.id)).length;
    const photosBefore = (await fuelPhotoRows()).length;
    const filesBefore = storedFiles(t, 'fuel');
    const fields = [
      { name: 'volume', value: '20' },
      { name: 'amount', value: '50' },
    ];
    const tooMany = Array.from({ length: RECORD_PHOTOS_MAX + 1 }, () => ({ name: 'photos', file: PNG }));
    const cases: [ReturnType<typeof form>, string][] = [
      [form([...fields, ...tooMany]), MESSAGES.files.tooMany(RECORD_PHOTOS_MAX)],
      [
        form([
          ...fields,
          { name: 'photos', file: PNG },
          { name: 'photos', file: Buffer.alloc(RECORD_PHOTO_MAX_BYTES + 1, 0xff) },
        ]),
        MESSAGES.files.tooLarge(RECORD_PHOTO_MAX_BYTES / 1024 / 1024),
      ],
      [
        form([
          ...fields,
          { name: 'photos', file: PNG },
          { name: 'photos', file: PDF, filename: 'receipt.jpg' },
        ]),
        MESSAGES.files.notImage,
      ],
      [form([...fields, { name: 'receipt', file: PNG }]), MESSAGES.files.fieldUnknown('receipt')],
    ];
    for (const [body, message] of cases) {
      const res = await report(t, omar.auth, REFUELS, body);
      expect(res.status, message).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
    // A bad field with good photos: the photos are not stored either.
    const badAmount = await report(
      t,
      omar.auth,
      REFUELS,
      form([
        { name: 'volume', value: '20' },
        { name: 'amount', value: '-5' },
        { name: 'photos', file: PNG },
      ]),
    );
    expect(badAmount.status).toBe(400);
    expect(await refuelRows(omar.id)).toHaveLength(rowsBefore);
    expect(await fuelPhotoRows()).toHaveLength(photosBefore);
    expect(storedFiles(t, 'fuel')).toBe(filesBefore);
    // HEIC, as iPhones send receipts, is taken (stored without a thumbnail).
    const heic = await report(
      t,
      omar.auth,
      REFUELS,
      form([...fields, { name: 'photos', file: HEIC, type: 'image/heic' }]),
    );
    expect(heic.status, heic.body.responseMessage).toBe(200);
    expect(heic.body.data.photos).toHaveLength(1);
  });

  it('answers a replay with the same Idempotency-Key as the first time, recording once', async () => {
    const before = (await refuelRows(omar.id)).length;
    const headers = { 'idempotency-key': 'refuel-replay-1' };
    const first = await report(
      t,
      omar.auth,
      REFUELS,
      { volume: 5, amount: 6, at: `${DAY} 18:00:00` },
      headers,
    );
    const again = await report(
      t,
      omar.auth,
      REFUELS,
      { volume: 5, amount: 6, at: `${DAY} 18:00:00` },
      headers,
    );
    expect(again.body).toEqual(first.body);
    expect(await refuelRows(omar.id)).toHaveLength(before + 1);
  });

  it('is refused to the console', async () => {
    const res = await call(t, delivery, 'POST', REFUELS, { volume: 5, amount: 6 });
    expect([401, 403]).toContain(res.status);
  });
});

describe('POST /api/diesel-tank/get-diesel-tanks', () => {
  it('answers the live refuels of the UTC days, both included, newest first', async () => {
    const driver = await newDriver(t, delivery, { fname: 'Rana', lname: 'Rangefinder' });
    const at = ['2025-01-20 00:00:00', '2025-01-21 23:59:59', '2025-01-22 00:00:00', '2025-01-19 23:59:59'];
    for (const when of at) await report(t, driver.auth, REFUELS, { volume: 10, amount: 10, at: when });
    const days = await list(delivery, { fdate: '2025-01-20', tdate: '2025-01-21' });
    expect(days.status).toBe(200);
    expect(days.body.data.map((r: { created_date: string }) => r.created_date)).toEqual([
      '2025-01-21 23:59:59',
      '2025-01-20 00:00:00',
    ]);
    const oneSecond = await list(delivery, { fdate: '2025-01-21 23:59:59', tdate: '2025-01-21 23:59:59' });
    expect(oneSecond.body.data).toHaveLength(1);
    // Today when left out: none of these.
    const today = await list(delivery, {});
    expect(today.status).toBe(200);
    expect(today.body.data.some((r: { driver: { id: number } }) => r.driver.id === driver.id)).toBe(false);
    // The tenant_id of the spec's query is the caller's own; another is refused.
    expect((await call(t, delivery, 'POST', `${LIST}?tenant_id=${DEMO.delivery.tenantId}`, {})).status).toBe(
      200,
    );
    expect((await call(t, delivery, 'POST', `${LIST}?tenant_id=${DEMO.namat.tenantId}`, {})).status).toBe(
      403,
    );
  });

  it('refuses malformed, reversed and over-long ranges', async () => {
    const cases: [object, string, string][] = [
      [{ fdate: '2025-02-30', tdate: '2025-03-01' }, 'fdate', MESSAGES.trips.dayInvalid],
      [{ fdate: '2025-03-01', tdate: 'yesterday' }, 'tdate', MESSAGES.trips.dayInvalid],
      [{ fdate: '2025-03-02', tdate: '2025-03-01' }, 'tdate', MESSAGES.trips.rangeInvalid],
      [{ fdate: '2023-01-01', tdate: '2025-03-01' }, 'tdate', MESSAGES.records.rangeTooLong(366)],
    ];
    for (const [body, field, message] of cases) {
      const res = await list(delivery, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]).toEqual({ path: field, message });
    }
  });

  it("shows nothing of another tenant's refuels", async () => {
    await report(t, namatDriver.auth, REFUELS, { volume: 77, amount: 77, at: `${DAY} 09:00:00` });
    const rows = (await list(delivery, { fdate: DAY, tdate: DAY })).body.data;
    expect(rows.some((r: { driver: { id: number } }) => r.driver.id === namatDriver.id)).toBe(false);
    const theirs = (await list(namat, { fdate: DAY, tdate: DAY })).body.data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r: { driver: { id: number } }) => r.driver.id === namatDriver.id)).toBe(true);
  });
});

describe('POST /api/diesel-tank/save-web and archive', () => {
  const newRefuel = async (driver = ali) =>
    (await report(t, driver.auth, REFUELS, { volume: 33, amount: 44, at: `${DAY} 20:00:00` })).body.data
      .id as number;

  it("updates a refuel's amount and volume with the spec's message, and announces it", async () => {
    const id = await newRefuel();
    const events = await t.eventsDuring(async () => {
      const res = await call(t, delivery, 'POST', '/api/diesel-tank/save-web', {
        id,
        amount: '45.50',
        volume: 34.25,
      });
      expect(res.status, res.body.responseMessage).toBe(200);
      expect(res.body.responseMessage).toBe('Diesel Tank updated successfully.');
      expect(res.body.data).toMatchObject({ id, amount: 45.5, volume: 34.25, driver: { id: ali.id } });
    });
    expect(events.map((e) => [e.type, e.ids])).toEqual([['refuel.updated', [id]]]);
  });

  it('refuses negative numbers and more than two decimals, changing nothing', async () => {
    const id = await newRefuel();
    for (const body of [
      { id, amount: -1, volume: 10 },
      { id, amount: 10, volume: -0.5 },
      { id, amount: 1.005, volume: 10 },
      { id, amount: 'ten', volume: 10 },
    ]) {
      const res = await call(t, delivery, 'POST', '/api/diesel-tank/save-web', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.database.db.select().from(dieselTanks).where(eq(dieselTanks.id, id));
    expect(row).toMatchObject({ amount: 44, volume: 33 });
  });

  it("deletes a refuel with the spec's message: it leaves the list, the Fuel tab and its images", async () => {
    const id = await newRefuel();
    const events = await t.eventsDuring(async () => {
      const res = await call(t, delivery, 'POST', '/api/diesel-tank/archive', { id });
      expect(res.status).toBe(200);
      expect(res.body.responseMessage).toBe(MESSAGES.refuels.deleted);
      expect(MESSAGES.refuels.deleted).toBe('Refuel deleted successfully.');
    });
    expect(events.map((e) => [e.type, e.ids])).toEqual([['refuel.archived', [id]]]);
    const rows = (await list(delivery, { fdate: DAY, tdate: DAY })).body.data;
    expect(rows.some((r: { id: number }) => r.id === id)).toBe(false);
    const tab = await call(t, delivery, 'POST', '/api/diesel-tank/get-driver-diesel-tanks', {
      driver_id: ali.id,
    });
    expect(tab.body.data.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await call(t, delivery, 'POST', '/api/diesel-tank/archive', { id })).status).toBe(404);
    expect((await call(t, delivery, 'POST', '/api/diesel-tank/get-images', { action_id: id })).status).toBe(
      404,
    );
    expect(
      (await call(t, delivery, 'POST', '/api/diesel-tank/save-web', { id, amount: 1, volume: 1 })).status,
    ).toBe(404);
  });

  it("answers another tenant's refuel exactly as one that does not exist, and leaves it alone", async () => {
    const theirs = await newRefuel(namatDriver);
    const missing = 2_147_483_000;
    for (const [url, body] of [
      ['/api/diesel-tank/get-images', (id: number) => ({ action_id: id })],
      ['/api/diesel-tank/save-web', (id: number) => ({ id, amount: 1, volume: 1 })],
      ['/api/diesel-tank/archive', (id: number) => ({ id })],
    ] as const) {
      const foreign = await call(t, delivery, 'POST', url, body(theirs));
      const unknown = await call(t, delivery, 'POST', url, body(missing));
      expect(foreign.status, url).toBe(404);
      expect(foreign.body, url).toEqual(unknown.body);
    }
    const [row] = await t.database.db.select().from(dieselTanks).where(eq(dieselTanks.id, theirs));
    expect(row).toMatchObject({ amount: 44, volume: 33, archived: false });
  });

  it('refuses ids that are not positive whole numbers', async () => {
    for (const id of [0, -3, 1.5, '1e3', true]) {
      expect((await call(t, delivery, 'POST', '/api/diesel-tank/archive', { id })).status).toBe(400);
      expect((await call(t, delivery, 'POST', '/api/diesel-tank/get-images', { action_id: id })).status).toBe(
        400,
      );
    }
  });
});

describe("the demo's refuels", () => {
  it('were reported by the simulated drivers over the last 30 days, with a receipt, on their trips', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const rows = (await list(delivery, { fdate: day(-31), tdate: day(0) })).body.data as {
      driver: { id: number } | null;
      amount: number;
      volume: number;
      trip_id: number | null;
      pictures: unknown[];
    }[];
    const demo = rows.filter((r) => r.driver && ![ali.id, omar.id].includes(r.driver.id));
    expect(demo.length).toBeGreaterThanOrEqual(3);
    for (const row of demo) {
      expect(row.pictures).toHaveLength(1);
      expect(row.volume).toBeGreaterThanOrEqual(20);
      expect(row.amount).toBeGreaterThan(row.volume * 2.5);
    }
    expect(demo.some((r) => r.trip_id !== null)).toBe(true);
  });
});
