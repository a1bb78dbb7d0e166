import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LATEST_ACCIDENTS_DEFAULT,
  MESSAGES,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
  recordPhotoUrl,
} from '@fleet/contract';
import { accidents, recordPhotos } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { newDriver, report, storedFiles, tripInProgress } from '../../test/driver-reports.ts';
import { multipartForm as form, PDF, photoJpeg, PNG } from '../../test/uploads.ts';

/*
 * Accidents as the driver app reports them and the console lists them (the accidents screen, the
 * latest accidents, the pictures). The drivers here have names no demo driver has and report on
 * days of their own (a February before the demo's history) unless the test is about now.
 */

let t: TestApp;
let delivery: string;
let namat: string;
let sara: { id: number; auth: string };
let namatDriver: { id: number; auth: string };

const ACCIDENTS = '/api/v1/driver/accidents';
const LIST = '/api/accident/get-accidents';
const LATEST = '/api/accident/get-latest-accidents';
const DAY = '2025-02-11';

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  sara = await newDriver(t, delivery, { fname: 'Sara', lname: 'Dentwhistle' });
  namatDriver = await newDriver(t, namat, { fname: 'Huda', lname: 'Bumperly' });
});
afterAll(() => t.close());

const list = (cookie: string, range: object) => call(t, cookie, 'POST', LIST, range);
const accidentRows = (driverId: number) =>
  t.database.db.select().from(accidents).where(eq(accidents.driverId, driverId));
const accidentPhotoRows = () =>
  t.database.db
    .select()
    .from(recordPhotos)
    .where(and(eq(recordPhotos.folder, 'accidents'), eq(recordPhotos.tenantId, DEMO.delivery.tenantId)));

describe('POST /api/v1/driver/accidents', () => {
  it("records the driver's accident with its GPS position and photos, and shows it everywhere", async () => {
    const events = await t.eventsDuring(async () => {
      const res = await report(
        t,
        sara.auth,
        ACCIDENTS,
        form([
          { name: 'description', value: 'Rear-ended at the lights, bumper cracked' },
          { name: 'location', value: 'Al Khail Rd, exit 41' },
          { name: 'lat', value: '25.1526' },
          { name: 'lon', value: '55.2514' },
          { name: 'at', value: `${DAY} 07:40:00` },
          { name: 'photos', file: await photoJpeg() },
          { name: 'photos', file: PNG, type: 'image/png' },
        ]),
      );
      expect(res.status, res.body.responseMessage).toBe(200);
      expect(res.body.responseMessage).toBe(MESSAGES.accidents.reported);
      expect(res.body.data).toMatchObject({
        description: 'Rear-ended at the lights, bumper cracked',
        location: 'Al Khail Rd, exit 41',
        lat: 25.1526,
        lon: 55.2514,
        created_date: `${DAY} 07:40:00`,
        trip_id: null,
      });
      expect(res.body.data.photos).toHaveLength(2);
    });
    expect(events.map((e) => e.type)).toEqual(['accident.created']);
    const id = events[0]!.ids[0]!;

    const rows = (await list(delivery, { fdate: DAY, tdate: DAY })).body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      driver: { id: sara.id, fname: 'Sara', lname: 'Dentwhistle' },
      location: 'Al Khail Rd, exit 41',
      description: 'Rear-ended at the lights, bumper cracked',
      lat: 25.1526,
      lon: 55.2514,
      created_date: `${DAY} 07:40:00`,
      trip_id: null,
    });
    expect(rows[0].pictures).toHaveLength(2);

    const images = await call(t, delivery, 'POST', '/api/accident/get-images', { action_id: id });
    expect(images.body.data.map((i: { url: string }) => i.url)).toEqual(
      rows[0].pictures.map((p: { title: string }) => recordPhotoUrl('accidents', p.title)),
    );
    const picture = await t.app.inject({ url: images.body.data[0].thumb_url, headers: { cookie: delivery } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    const tab = await call(t, delivery, 'POST', '/api/accident/get-driver-accidents', { driver_id: sara.id });
    expect(tab.body.data[0]).toMatchObject({ id, location: 'Al Khail Rd, exit 41' });
  });

  it('takes JSON with words only or the GPS only, and ties the accident to the trip in progress', async () => {
    const words = await report(t, sara.auth, ACCIDENTS, {
      description: 'Mirror clipped by a van',
      location: 'Jumeirah Beach Rd',
      at: `${DAY} 09:00:00`,
    });
    expect(words.status, words.body.responseMessage).toBe(200);
    expect(words.body.data).toMatchObject({ lat: null, lon: null, photos: [] });
    const tripId = await tripInProgress(t, delivery, sara);
    const gps = await report(t, sara.auth, ACCIDENTS, { description: 'Tyre burst', lat: 25.2, lon: 55.3 });
    expect(gps.status, gps.body.responseMessage).toBe(200);
    expect(gps.body.data).toMatchObject({ location: null, lat: 25.2, lon: 55.3, trip_id: tripId });
    // An accident of another driver of the tenant at the same time is tied to no trip of Sara's.
    const other = await newDriver(t, delivery, { fname: 'Ziad', lname: 'Scrapewell' });
    const theirs = await report(t, other.auth, ACCIDENTS, { description: 'Scratch', lat: 25.2, lon: 55.3 });
    expect(theirs.body.data.trip_id).toBeNull();
  });

  it('refuses a report without a description or a place, half a position or a time ahead, storing nothing', async () => {
    const before = (await accidentRows(sara.id)).length;
    const cases: [object, string, string][] = [
      [{ location: 'Somewhere' }, 'description', MESSAGES.accidents.descriptionRequired],
      [{ description: '   ', location: 'Somewhere' }, 'description', MESSAGES.accidents.descriptionRequired],
      [{ description: 'Dent' }, 'location', MESSAGES.accidents.placeRequired],
      [{ description: 'Dent', lat: 25.2 }, 'lon', MESSAGES.accidents.coordinatesPaired],
      [{ description: 'Dent', lat: 95, lon: 55 }, 'lat', MESSAGES.settings.latInvalid],
      [{ description: 'Dent', lat: 25, lon: 'east' }, 'lon', MESSAGES.settings.lonInvalid],
      [{ description: 'x'.repeat(2001), location: 'Here' }, 'description', MESSAGES.records.textMax(2000)],
      [
        { description: 'Dent', location: 'Here', at: '2099-01-01 00:00:00' },
        'at',
        MESSAGES.driverApp.timeInFuture,
      ],
      [{ description: 'Dent', location: 'Here', at: 'yesterday' }, 'at', MESSAGES.trips.dateInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(t, sara.auth, ACCIDENTS, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0], JSON.stringify(body)).toEqual({ path: field, message });
    }
    const emptyForm = await report(t, sara.auth, ACCIDENTS, form([{ name: 'photos', file: PNG }]));
    expect(emptyForm.status).toBe(400);
    expect(emptyForm.body.errors.map((e: { path: string }) => e.path)).toEqual(['description', 'location']);
    expect(await accidentRows(sara.id)).toHaveLength(before);
  });

  it('refuses too many photos, photos too large and files that are not images, storing nothing', async () => {
    const rowsBefore = (await accidentRows(sara.id)).length;
    const photosBefore = (await accidentPhotoRows()).length;
    const filesBefore = storedFiles(t, 'accidents');
    const fields = [
      { name: 'description', value: 'Dent' },
      { name: 'location', value: 'Depot gate' },
    ];
    const cases: [ReturnType<typeof form>, string][] = [
      [
        form([
          ...fields,
          ...Array.from({ length: RECORD_PHOTOS_MAX + 1 }, () => ({ name: 'photos', file: PNG })),
        ]),
        MESSAGES.files.tooMany(RECORD_PHOTOS_MAX),
      ],
      [
        form([...fields, { name: 'photos', file: Buffer.alloc(RECORD_PHOTO_MAX_BYTES + 1, 0xff) }]),
        MESSAGES.files.tooLarge(RECORD_PHOTO_MAX_BYTES / 1024 / 1024),
      ],
      [
        form([...fields, { name: 'photos', file: PNG }, { name: 'photos', file: PDF }]),
        MESSAGES.files.notImage,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await report(t, sara.auth, ACCIDENTS, body);
      expect(res.status, message).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
    expect(await accidentRows(sara.id)).toHaveLength(rowsBefore);
    expect(await accidentPhotoRows()).toHaveLength(photosBefore);
    expect(storedFiles(t, 'accidents')).toBe(filesBefore);
  });

  it("keeps every accident the driver's own: a driver or trip id in the body is not taken", async () => {
    const tripId = await tripInProgress(t, namat, namatDriver);
    const res = await report(t, sara.auth, ACCIDENTS, {
      description: 'Cone hit',
      location: 'Car park',
      driver_id: namatDriver.id,
      trip_id: tripId,
      at: `${DAY} 10:00:00`,
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(accidents).where(eq(accidents.id, res.body.data.id));
    expect(row).toMatchObject({ tenantId: DEMO.delivery.tenantId, driverId: sara.id, tripId: null });
  });
});

describe('POST /api/accident/get-accidents', () => {
  it('answers the live accidents of the UTC days, both included, newest first; refuses bad ranges', async () => {
    const driver = await newDriver(t, delivery, { fname: 'Lulu', lname: 'Fenderbend' });
    for (const at of ['2025-02-20 00:00:00', '2025-02-21 23:59:59', '2025-02-22 00:00:00']) {
      await report(t, driver.auth, ACCIDENTS, { description: 'Scrape', location: 'Yard', at });
    }
    const rows = (await list(delivery, { fdate: '2025-02-20', tdate: '2025-02-21' })).body.data;
    expect(rows.map((r: { created_date: string }) => r.created_date)).toEqual([
      '2025-02-21 23:59:59',
      '2025-02-20 00:00:00',
    ]);
    for (const [body, message] of [
      [{ fdate: '2025-02-29' }, MESSAGES.trips.dayInvalid],
      [{ fdate: '2025-02-21', tdate: '2025-02-20' }, MESSAGES.trips.rangeInvalid],
      [{ fdate: '2020-01-01', tdate: '2025-02-20' }, MESSAGES.records.rangeTooLong(366)],
    ] as const) {
      const res = await list(delivery, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
  });

  it("shows nothing of another tenant's accidents, and answers their ids as ids that do not exist", async () => {
    const theirs = await report(t, namatDriver.auth, ACCIDENTS, {
      description: 'Flood water in the cabin',
      location: 'Underpass',
      at: `${DAY} 11:00:00`,
    });
    const rows = (await list(delivery, { fdate: DAY, tdate: DAY })).body.data;
    expect(rows.some((r: { id: number }) => r.id === theirs.body.data.id)).toBe(false);
    const latest = (await call(t, delivery, 'POST', `${LATEST}?limit=50`)).body.data;
    expect(latest.some((r: { id: number }) => r.id === theirs.body.data.id)).toBe(false);
    const foreign = await call(t, delivery, 'POST', '/api/accident/get-images', {
      action_id: theirs.body.data.id,
    });
    const unknown = await call(t, delivery, 'POST', '/api/accident/get-images', { action_id: 2_147_483_000 });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(
      (await call(t, namat, 'POST', '/api/accident/get-images', { action_id: theirs.body.data.id })).status,
    ).toBe(200);
  });
});

describe('POST /api/accident/get-latest-accidents', () => {
  it("answers the tenant's newest accidents, 10 unless a limit says otherwise", async () => {
    const driver = await newDriver(t, delivery, { fname: 'Maya', lname: 'Crashford' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      // Now, one after the other: the newest of the tenant.
      const res = await report(t, driver.auth, ACCIDENTS, {
        description: `Latest ${i}`,
        location: 'Ring road',
      });
      ids.push(res.body.data.id);
    }
    const latest = await call(t, delivery, 'POST', LATEST);
    expect(latest.status).toBe(200);
    expect(latest.body.data.length).toBeLessThanOrEqual(LATEST_ACCIDENTS_DEFAULT);
    expect(latest.body.data.slice(0, 3).map((r: { id: number }) => r.id)).toEqual(ids.reverse());
    const two = await call(t, delivery, 'POST', `${LATEST}?tenant_id=${DEMO.delivery.tenantId}&limit=2`);
    expect(two.body.data.map((r: { description: string }) => r.description)).toEqual([
      'Latest 2',
      'Latest 1',
    ]);
    for (const limit of ['0', '51', 'ten']) {
      expect((await call(t, delivery, 'POST', `${LATEST}?limit=${limit}`)).status).toBe(400);
    }
  });
});

describe("the demo's accidents", () => {
  it('were reported now and then by the simulated drivers on the road, with photos and GPS positions', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const rows: {
      location: string | null;
      lat: number | null;
      pictures: unknown[];
      driver: { id: number } | null;
    }[] = [];
    for (const tenant of [DEMO.delivery, DEMO.school, DEMO.namat]) {
      const cookie = await t.login(tenant.email, tenant.password);
      rows.push(...(await list(cookie, { fdate: day(-31), tdate: day(0) })).body.data);
    }
    const demo = rows.filter((r) => r.location?.startsWith('On the way to'));
    expect(demo.length).toBeGreaterThanOrEqual(1);
    for (const row of demo) {
      expect(row.lat).not.toBeNull();
      expect(row.pictures.length).toBeGreaterThanOrEqual(1);
      expect(row.driver).not.toBeNull();
    }
  });
});
