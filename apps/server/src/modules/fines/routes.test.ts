import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
  recordPhotoUrl,
  type TFineRow,
} from '@fleet/contract';
import { fines, recordPhotos } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { multipartForm, PDF, photoJpeg, PNG, type TFormPart } from '../../test/uploads.ts';

/*
 * The fines screen's calls as a console makes them: recording, correcting and deleting fines, the
 * list of a range of days, and a fine's pictures. Every fixture is made here (drivers and trips with
 * names no demo record has, fines issued in 2024, before the demo's days), so every answer is known.
 */

let t: TestApp;
let delivery: string;
let namat: string;

interface Person {
  id: number;
  fname: string;
  lname: string;
}
interface Places {
  warehouse: number;
  type: { id: number; title: string };
}
let placesA: Places;
let placesB: Places;
let driverA: Person;
let otherDriverA: Person;
let driverB: Person;
let tripA: number;
let otherTripA: number;
let tripB: number;

const FINES = DEMO.delivery.tenantId;

async function placesOf(cookie: string): Promise<Places> {
  const warehouses = (await call(t, cookie, 'GET', '/api/warehouse/get-warehouse')).body.data;
  const types = (await call(t, cookie, 'GET', '/api/type/get-types')).body.data;
  return { warehouse: warehouses[0].id, type: { id: types[0].id, title: types[0].title } };
}

let drivers = 0;
async function newDriver(cookie: string, fname: string): Promise<Person> {
  const lname = `Finesby${++drivers}`;
  const res = await call(t, cookie, 'POST', '/api/driver/add-driver', {
    fname,
    lname,
    email: `fines-driver-${drivers}@example.com`,
    password: 'long-enough-pass-1',
    hourly_rate: 10,
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  return { id: res.body.data.id, fname, lname };
}

async function newTrip(cookie: string, places: Places, driverId: number, start: string): Promise<number> {
  const res = await call(t, cookie, 'POST', '/api/trip/add-trip', {
    driver_id: driverId,
    warehouse_id: places.warehouse,
    type: places.type.id,
    start_date: start,
    destinations: [
      { destination_name: 'Fines test stop', destination_lat: 25.2, destination_lon: 55.3, tasks: [] },
    ],
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  placesA = await placesOf(delivery);
  placesB = await placesOf(namat);
  driverA = await newDriver(delivery, 'Tariq');
  otherDriverA = await newDriver(delivery, 'Layla');
  driverB = await newDriver(namat, 'Omar');
  tripA = await newTrip(delivery, placesA, driverA.id, '2024-03-01 06:00:00');
  otherTripA = await newTrip(delivery, placesA, otherDriverA.id, '2024-03-01 07:00:00');
  tripB = await newTrip(namat, placesB, driverB.id, '2024-03-01 06:00:00');
});
afterAll(() => t?.close());

const aFine = (over: object = {}) => ({
  driver_id: driverA.id,
  trip_id: tripA,
  amount: 150.5,
  description: 'Speeding: 20 km/h over the limit on Sheikh Zayed Road',
  date: '2024-03-01 08:15:00',
  ...over,
});

const add = async (cookie: string, payload: object) => call(t, cookie, 'POST', '/api/fine/add', payload);
const addOk = async (payload: object = aFine(), cookie = delivery): Promise<TFineRow> => {
  const res = await add(cookie, payload);
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data;
};
const list = async (body: object | undefined, cookie = delivery) =>
  call(t, cookie, 'POST', '/api/fine/get-fines', body);

/** A multipart request to a fine route, as the console's form sends it. */
const sendForm = (cookie: string, url: string, parts: TFormPart[]) => {
  const { payload, headers } = multipartForm(parts);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
};
const fields = (values: Record<string, string | number>): TFormPart[] =>
  Object.entries(values).map(([name, value]) => ({ name, value: String(value) }));
const photos = (...files: Buffer[]): TFormPart[] =>
  files.map((file, i) => ({ name: 'photos', file, filename: `photo-${i}.jpg` }));

const fineCount = async () => Number((await t.database.db.select({ n: count() }).from(fines))[0]!.n);
const pictureRows = (fineId: number) =>
  t.database.db
    .select()
    .from(recordPhotos)
    .where(and(eq(recordPhotos.folder, 'fines'), eq(recordPhotos.recordId, fineId)));
/** Every file the storage holds (pictures and thumbnails), so a refusal can be shown to store none. */
function storedFiles(): string[] {
  const root = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(root, f)).isFile(),
  );
}

describe('POST /api/fine/add', () => {
  it('records a fine on a trip of its driver, Postponed by default, and announces it', async () => {
    let fine: TFineRow | undefined;
    const events = await t.eventsDuring(async () => {
      const res = await add(delivery, aFine());
      expect(res.status).toBe(200);
      expect(res.body.responseMessage).toBe('Fine added successfully.');
      fine = res.body.data;
    });
    expect(fine).toMatchObject({
      driver_id: driverA.id,
      driver: driverA,
      trip_id: tripA,
      trip: {
        id: tripA,
        start_date: '2024-03-01 06:00:00',
        warehouse_id: placesA.warehouse,
        type0: { title: placesA.type.title },
        driver: driverA,
      },
      amount: 150.5,
      description: 'Speeding: 20 km/h over the limit on Sheikh Zayed Road',
      issued_date: '2024-03-01 08:15:00',
      status: 1,
      tenant_id: FINES,
      pictures: [],
    });
    expect(Date.now() - Date.parse(`${fine!.creation_date.replace(' ', 'T')}Z`)).toBeLessThan(60_000);
    expect(events.map((e) => [e.type, e.ids])).toEqual([['fine.created', [fine!.id]]]);
  });

  it('takes a fine without a trip, any status, and numbers and ids written as digits', async () => {
    const fine = await addOk(
      aFine({
        trip_id: '',
        status: '2',
        amount: '75',
        driver_id: String(driverA.id),
        date: '2024-03-02T10:00',
      }),
    );
    expect(fine).toMatchObject({
      trip_id: null,
      trip: null,
      status: 2,
      amount: 75,
      issued_date: '2024-03-02 10:00:00',
    });
  });

  it('refuses missing and malformed fields with the spec messages, and records nothing', async () => {
    const before = await fineCount();
    const missing = await add(delivery, { driver_id: driverA.id, date: '2024-03-01 08:00:00' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'amount', message: 'Field is required' },
        { path: 'description', message: 'Field is required' },
      ]),
    );
    const refusals: [object, string, string][] = [
      [{ amount: -0.01 }, 'amount', 'Amount must be a number of at least 0.00'],
      [{ amount: 'ten' }, 'amount', 'Amount must be a number of at least 0.00'],
      [{ amount: 10.005 }, 'amount', MESSAGES.records.decimals('Amount', 2)],
      [{ description: '   ' }, 'description', 'Field is required'],
      [{ status: 3 }, 'status', MESSAGES.fines.statusInvalid],
      [{ status: 'paid' }, 'status', MESSAGES.fines.statusInvalid],
      [{ date: '2024-02-30 08:00:00' }, 'date', MESSAGES.trips.dateInvalid],
      [{ date: 'yesterday' }, 'date', MESSAGES.trips.dateInvalid],
      [{ date: '' }, 'date', 'Field is required'],
      [{ driver_id: null }, 'driver_id', 'Field is required'],
      [{ date: '2099-01-01 00:00:00' }, 'date', MESSAGES.fines.dateInFuture],
    ];
    for (const [change, path, message] of refusals) {
      const res = await add(delivery, aFine(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors, JSON.stringify(change)).toContainEqual({ path, message });
    }
    expect(await fineCount()).toBe(before);
  });

  it("refuses another driver's trip, and another tenant's driver or trip as if they did not exist", async () => {
    const before = await fineCount();
    const refusal = async (change: object) => {
      const res = await add(delivery, aFine(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      return res.body.responseMessage;
    };
    expect(await refusal({ trip_id: otherTripA })).toBe(MESSAGES.fines.tripOfAnotherDriver);
    expect(await refusal({ trip_id: tripB })).toBe(MESSAGES.fines.tripUnknown);
    expect(await refusal({ trip_id: 2_147_483_000 })).toBe(MESSAGES.fines.tripUnknown);
    expect(await refusal({ driver_id: driverB.id, trip_id: null })).toBe(MESSAGES.trips.driverUnavailable);
    expect(await refusal({ driver_id: 2_147_483_000, trip_id: null })).toBe(MESSAGES.trips.driverUnavailable);
    expect((await add(delivery, aFine({ tenant_id: DEMO.namat.tenantId }))).status).toBe(403);
    expect(await fineCount()).toBe(before);
  });

  it('records a fine and its pictures together from a form, and serves the pictures', async () => {
    const jpeg = await photoJpeg(800, 600);
    const res = await sendForm(delivery, '/api/fine/add', [
      ...fields({
        driver_id: driverA.id,
        trip_id: tripA,
        amount: '300.00',
        description: 'Red light',
        date: '2024-03-03 09:00:00',
      }),
      ...photos(jpeg, PNG),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const fine: TFineRow = res.json().data;
    expect(fine).toMatchObject({ amount: 300, status: 1, description: 'Red light' });
    expect(fine.pictures).toHaveLength(2);
    const full = await t.app.inject({
      url: recordPhotoUrl('fines', fine.pictures[0]!.title),
      headers: { cookie: delivery },
    });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(jpeg)).toBe(true);
    const thumb = await t.app.inject({
      url: recordPhotoUrl('fines', fine.pictures[0]!.title, 'thumb'),
      headers: { cookie: delivery },
    });
    expect(thumb.headers['content-type']).toBe('image/webp');
    // Another tenant's admin finds no such picture.
    const foreign = await t.app.inject({
      url: recordPhotoUrl('fines', fine.pictures[0]!.title),
      headers: { cookie: namat },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a form whose pictures are not images, too many or too large, or whose fields are wrong: no fine, no file', async () => {
    const before = { fines: await fineCount(), files: storedFiles() };
    const base = fields({
      driver_id: driverA.id,
      amount: '20',
      description: 'Parking',
      date: '2024-03-03 09:00:00',
    });
    const many = Array.from({ length: RECORD_PHOTOS_MAX + 1 }, () => PNG);
    const cases: [TFormPart[], number, string][] = [
      [[...base, ...photos(PNG, PDF)], 400, MESSAGES.files.notImage],
      [[...base, ...photos(...many)], 400, MESSAGES.files.tooMany(RECORD_PHOTOS_MAX)],
      [[...base, ...photos(Buffer.alloc(RECORD_PHOTO_MAX_BYTES + 1, 0xff))], 400, MESSAGES.files.tooLarge(8)],
      [[...base, { name: 'receipt', file: PNG }], 400, MESSAGES.files.fieldUnknown('receipt')],
      [
        [
          ...fields({
            driver_id: driverA.id,
            amount: '-1',
            description: 'Parking',
            date: '2024-03-03 09:00:00',
          }),
          ...photos(PNG),
        ],
        400,
        MESSAGES.records.numberInvalid('Amount'),
      ],
      [
        [...base, ...fields({ trip_id: otherTripA }), ...photos(PNG)],
        400,
        MESSAGES.fines.tripOfAnotherDriver,
      ],
      [
        [...base, ...fields({ tenant_id: DEMO.namat.tenantId }), ...photos(PNG)],
        403,
        MESSAGES.auth.forbiddenTenant,
      ],
    ];
    for (const [parts, status, message] of cases) {
      const res = await sendForm(delivery, '/api/fine/add', parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().responseMessage).toBe(message);
    }
    expect(await fineCount()).toBe(before.fines);
    expect(storedFiles()).toEqual(before.files);
  });
});

describe('POST /api/fine/get-fines', () => {
  let early: TFineRow;
  let late: TFineRow;
  let archived: TFineRow;
  const range = { fdate: '2024-04-01', tdate: '2024-04-02' };
  beforeAll(async () => {
    early = await addOk(aFine({ date: '2024-04-01 00:00:00', description: 'Early' }));
    late = await addOk(aFine({ date: '2024-04-02 23:59:59', description: 'Late', trip_id: null }));
    archived = await addOk(aFine({ date: '2024-04-01 12:00:00', description: 'Deleted' }));
    await addOk(aFine({ date: '2024-04-03 00:00:00', description: 'After the range' }));
    await addOk(aFine({ date: '2024-03-31 23:59:59', description: 'Before the range' }));
    await addOk(
      aFine({ driver_id: driverB.id, trip_id: tripB, date: '2024-04-01 10:00:00', description: 'Tenant B' }),
      namat,
    );
    expect((await call(t, delivery, 'POST', '/api/fine/archive', { id: archived.id })).status).toBe(200);
  });

  it('lists the live fines issued in the days, both included, newest first, with driver, trip and pictures', async () => {
    const res = await list(range);
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: TFineRow) => f.description)).toEqual(['Late', 'Early']);
    expect(res.body.data[1]).toEqual(early);
    expect(res.body.data[0]).toEqual(late);
    // Date-times bound the range to the second (the console sends its local days' bounds).
    const narrow = await list({ fdate: '2024-04-01 00:00:01', tdate: '2024-04-02 23:59:58' });
    expect(narrow.body.data).toEqual([]);
    expect((await list(range, namat)).body.data.map((f: TFineRow) => f.description)).toEqual(['Tenant B']);
  });

  it("answers today's fines without dates, and refuses bad dates, a reversed or too long range, another tenant_id", async () => {
    const today = await addOk(
      aFine({ date: new Date().toISOString().slice(0, 19).replace('T', ' '), description: 'Today' }),
    );
    for (const body of [undefined, {}]) {
      const res = await list(body);
      expect(res.status).toBe(200);
      expect(res.body.data.map((f: TFineRow) => f.id)).toContain(today.id);
    }
    const refusals: [object, string][] = [
      [{ fdate: '2024-02-30', tdate: '2024-03-01' }, MESSAGES.trips.dayInvalid],
      [{ fdate: 'last week', tdate: '2024-03-01' }, MESSAGES.trips.dayInvalid],
      [{ fdate: '2024-03-02', tdate: '2024-03-01' }, MESSAGES.trips.rangeInvalid],
      [{ fdate: '2022-01-01', tdate: '2024-03-01' }, MESSAGES.records.rangeTooLong(366)],
    ];
    for (const [body, message] of refusals) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
    const foreign = await call(
      t,
      delivery,
      'POST',
      `/api/fine/get-fines?tenant_id=${DEMO.namat.tenantId}`,
      range,
    );
    expect(foreign.status).toBe(403);
    const own = await call(t, delivery, 'POST', `/api/fine/get-fines?tenant_id=${FINES}`, range);
    expect(own.status).toBe(200);
  });
});

describe('POST /api/fine/save', () => {
  it('changes every field and the status, and announces it', async () => {
    const fine = await addOk(aFine({ date: '2024-05-01 08:00:00' }));
    let saved: TFineRow | undefined;
    const events = await t.eventsDuring(async () => {
      const res = await call(t, delivery, 'POST', '/api/fine/save', {
        id: fine.id,
        driver_id: otherDriverA.id,
        trip_id: otherTripA,
        amount: 99.99,
        description: 'Corrected: parking on a pavement',
        date: '2024-05-01 09:30:00',
        status: 2,
      });
      expect(res.status, res.body.responseMessage).toBe(200);
      expect(res.body.responseMessage).toBe('Fine updated successfully.');
      saved = res.body.data;
    });
    expect(saved).toMatchObject({
      id: fine.id,
      driver: otherDriverA,
      trip: { id: otherTripA, driver: otherDriverA },
      amount: 99.99,
      description: 'Corrected: parking on a pavement',
      issued_date: '2024-05-01 09:30:00',
      creation_date: fine.creation_date,
      status: 2,
    });
    expect(events.map((e) => [e.type, e.ids])).toEqual([['fine.updated', [fine.id]]]);
  });

  it('keeps the driver and trip a fine has after they were deleted, but takes no deleted ones', async () => {
    const leaver = await newDriver(delivery, 'Sami');
    const trip = await newTrip(delivery, placesA, leaver.id, '2024-05-02 06:00:00');
    const fine = await addOk(aFine({ driver_id: leaver.id, trip_id: trip, date: '2024-05-02 08:00:00' }));
    expect((await call(t, delivery, 'POST', '/api/trip/archive', { id: trip })).status).toBe(200);
    expect((await call(t, delivery, 'POST', '/api/driver/archive', { id: leaver.id })).status).toBe(200);
    // Marked paid after the driver left: their fine still names them and the trip.
    const paid = await call(t, delivery, 'POST', '/api/fine/save', {
      ...aFine({ driver_id: leaver.id, trip_id: trip, date: '2024-05-02 08:00:00' }),
      id: fine.id,
      status: 2,
    });
    expect(paid.status, paid.body.responseMessage).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 2, driver: leaver, trip: { id: trip } });
    // A new fine, or another fine moved to them, is refused.
    const moved = await addOk(aFine({ date: '2024-05-02 09:00:00' }));
    const refused = await call(t, delivery, 'POST', '/api/fine/save', {
      ...aFine({ driver_id: leaver.id, trip_id: null, date: '2024-05-02 09:00:00' }),
      id: moved.id,
      status: 1,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.responseMessage).toBe(MESSAGES.trips.driverUnavailable);
    expect((await add(delivery, aFine({ driver_id: leaver.id, trip_id: null }))).status).toBe(400);
  });

  it("answers another tenant's fine, a deleted one and none at all alike, and needs the status", async () => {
    const own = await addOk(aFine({ date: '2024-05-03 08:00:00' }));
    const theirs = await addOk(
      aFine({ driver_id: driverB.id, trip_id: tripB, date: '2024-05-03 08:00:00' }),
      namat,
    );
    const gone = await addOk(aFine({ date: '2024-05-03 08:00:00' }));
    await call(t, delivery, 'POST', '/api/fine/archive', { id: gone.id });
    const save = (id: number, over: object = {}) =>
      call(t, delivery, 'POST', '/api/fine/save', {
        ...aFine({ date: '2024-05-03 08:00:00' }),
        id,
        status: 0,
        ...over,
      });
    const unknown = await save(2_147_483_000);
    expect(unknown.status).toBe(404);
    expect(unknown.body.responseMessage).toBe(MESSAGES.fines.notFound);
    for (const id of [theirs.id, gone.id]) expect((await save(id)).body).toEqual(unknown.body);
    const noStatus = await save(own.id, { status: undefined });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.errors).toContainEqual({ path: 'status', message: MESSAGES.fines.statusInvalid });
    const [row] = await t.database.db.select().from(fines).where(eq(fines.id, theirs.id));
    expect(row).toMatchObject({ tenantId: DEMO.namat.tenantId, status: 1, archived: false });
  });
});

describe('POST /api/fine/archive', () => {
  it('deletes a fine once, announces it, and answers another tenant alike for a fine it does not have', async () => {
    const fine = await addOk(aFine({ date: '2024-06-01 08:00:00' }));
    const theirs = await addOk(
      aFine({ driver_id: driverB.id, trip_id: tripB, date: '2024-06-01 08:00:00' }),
      namat,
    );
    const events = await t.eventsDuring(async () => {
      const res = await call(t, delivery, 'POST', '/api/fine/archive', { id: fine.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        responseCode: 1,
        responseMessage: 'Fine deleted successfully.',
        data: null,
      });
    });
    expect(events.map((e) => [e.type, e.ids])).toEqual([['fine.archived', [fine.id]]]);
    expect((await list({ fdate: '2024-06-01', tdate: '2024-06-01' })).body.data).toEqual([]);
    const again = await call(t, delivery, 'POST', '/api/fine/archive', { id: fine.id });
    expect(again.status).toBe(404);
    expect((await call(t, delivery, 'POST', '/api/fine/archive', { id: theirs.id })).body).toEqual(
      again.body,
    );
    expect((await call(t, delivery, 'POST', '/api/fine/archive', {})).status).toBe(400);
    expect((await list({ fdate: '2024-06-01', tdate: '2024-06-01' }, namat)).body.data).toHaveLength(1);
  });
});

describe("a fine's pictures", () => {
  const url = (fineId: number) => `/api/v1/fines/${fineId}/pictures`;
  const upload = (fineId: number, parts: TFormPart[], cookie = delivery) =>
    sendForm(cookie, url(fineId), parts);

  it('adds pictures up to the limit, lists them with their addresses, and removes one', async () => {
    const fine = await addOk(aFine({ date: '2024-07-01 08:00:00' }));
    const first = await upload(fine.id, photos(await photoJpeg(), PNG));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().responseMessage).toBe(MESSAGES.fines.picturesAdded);
    const images = first.json().data as { id: number; title: string; url: string; thumb_url: string }[];
    expect(images).toHaveLength(2);
    expect(images[0]).toMatchObject({
      url: recordPhotoUrl('fines', images[0]!.title),
      thumb_url: recordPhotoUrl('fines', images[0]!.title, 'thumb'),
    });
    expect((await call(t, delivery, 'GET', url(fine.id))).body.data).toEqual(images);
    const [row] = (await list({ fdate: '2024-07-01', tdate: '2024-07-01' })).body.data;
    expect(row.pictures).toEqual(images.map((i) => ({ title: i.title })));

    // Five in all: three more are taken, one more beyond is refused, and stores nothing.
    expect((await upload(fine.id, photos(PNG, PNG, PNG))).statusCode).toBe(200);
    const files = storedFiles();
    const beyond = await upload(fine.id, photos(PNG));
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({
      responseMessage: MESSAGES.files.tooMany(RECORD_PHOTOS_MAX),
      errors: [{ path: 'photos', message: MESSAGES.files.tooMany(RECORD_PHOTOS_MAX) }],
    });
    expect(await pictureRows(fine.id)).toHaveLength(RECORD_PHOTOS_MAX);
    expect(storedFiles()).toEqual(files);

    const removed = await call(t, delivery, 'DELETE', `${url(fine.id)}/${images[0]!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.responseMessage).toBe(MESSAGES.fines.pictureRemoved);
    expect(removed.body.data.map((i: { id: number }) => i.id)).not.toContain(images[0]!.id);
    expect(removed.body.data).toHaveLength(RECORD_PHOTOS_MAX - 1);
    const served = await t.app.inject({ url: images[0]!.url, headers: { cookie: delivery } });
    expect(served.statusCode).toBe(404);
    expect((await call(t, delivery, 'DELETE', `${url(fine.id)}/${images[0]!.id}`)).status).toBe(404);
  });

  it('refuses what is not an image, too large, no picture or no form, storing nothing', async () => {
    const fine = await addOk(aFine({ date: '2024-07-02 08:00:00' }));
    const files = storedFiles();
    const cases: [Promise<{ statusCode: number; json: () => { responseMessage: string } }>, string][] = [
      [upload(fine.id, photos(PDF)), MESSAGES.files.notImage],
      [upload(fine.id, photos(Buffer.alloc(RECORD_PHOTO_MAX_BYTES + 1, 0xff))), MESSAGES.files.tooLarge(8)],
      [
        upload(fine.id, photos(...Array.from({ length: RECORD_PHOTOS_MAX + 1 }, () => PNG))),
        MESSAGES.files.tooMany(RECORD_PHOTOS_MAX),
      ],
      [upload(fine.id, fields({ note: 'x' })), MESSAGES.files.fieldUnknown('note')],
      [upload(fine.id, []), MESSAGES.fines.picturesRequired],
      [
        t.app.inject({
          method: 'POST',
          url: url(fine.id),
          headers: { cookie: delivery },
          payload: { photos: [] },
        }),
        MESSAGES.files.formInvalid,
      ],
    ];
    for (const [request, message] of cases) {
      const res = await request;
      expect(res.statusCode).toBe(400);
      expect(res.json().responseMessage).toBe(message);
    }
    expect(await pictureRows(fine.id)).toEqual([]);
    expect(storedFiles()).toEqual(files);
  });

  it("answers another tenant's fine and picture as ones that do not exist, and changes nothing", async () => {
    const theirs = await addOk(
      aFine({ driver_id: driverB.id, trip_id: tripB, date: '2024-07-03 08:00:00' }),
      namat,
    );
    const theirPicture = (await upload(theirs.id, photos(PNG), namat)).json().data[0] as { id: number };
    const own = await addOk(aFine({ date: '2024-07-03 08:00:00' }));
    const files = storedFiles();
    const unknown = await upload(2_147_483_000, photos(PNG));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().responseMessage).toBe(MESSAGES.fines.notFound);
    const foreign = await upload(theirs.id, photos(PNG));
    expect([foreign.statusCode, foreign.json()]).toEqual([404, unknown.json()]);
    expect((await call(t, delivery, 'GET', url(theirs.id))).body).toEqual(unknown.json());
    const noPicture = await call(t, delivery, 'DELETE', `${url(own.id)}/2147483000`);
    expect(noPicture.status).toBe(404);
    expect((await call(t, delivery, 'DELETE', `${url(own.id)}/${theirPicture.id}`)).body).toEqual(
      noPicture.body,
    );
    expect((await call(t, delivery, 'DELETE', `${url(theirs.id)}/${theirPicture.id}`)).status).toBe(404);
    expect(await pictureRows(theirs.id)).toHaveLength(1);
    expect(storedFiles()).toEqual(files);
  });
});

describe('fines in the trips table', () => {
  it("answers a trip's fines with their pictures, whose addresses serve the images", async () => {
    const trip = await newTrip(delivery, placesA, driverA.id, '2024-08-01 06:00:00');
    const res = await sendForm(delivery, '/api/fine/add', [
      ...fields({
        driver_id: driverA.id,
        trip_id: trip,
        amount: '45.25',
        description: 'Toll gate',
        date: '2024-08-01 07:00:00',
      }),
      ...photos(PNG),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const fine: TFineRow = res.json().data;
    const details = await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id: trip });
    expect(details.body.data.fines).toEqual([
      expect.objectContaining({ id: fine.id, amount: 45.25, status: 1, pictures: fine.pictures }),
    ]);
    const page = await call(t, delivery, 'POST', '/api/trip/get-all-trips?page=1&page_size=100', {
      fdate: '2024-08-01',
      tdate: '2024-08-01',
    });
    const row = page.body.data.trips.find((x: { id: number }) => x.id === trip);
    expect(row.fines[0].pictures).toEqual(fine.pictures);
    const image = await t.app.inject({
      url: recordPhotoUrl('fines', row.fines[0].pictures[0].title),
      headers: { cookie: delivery },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it("offers the fine dialog a driver's trips with start date, driver and type", async () => {
    const res = await call(t, delivery, 'POST', '/api/trip/get-all-trips-filtred', { driver_id: driverA.id });
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { id: number }) => x.id)).toContain(tripA);
    expect(res.body.data.find((x: { id: number }) => x.id === tripA)).toMatchObject({
      start_date: '2024-03-01 06:00:00',
      driver: driverA,
      type0: { title: placesA.type.title },
    });
  });
});

describe("the demo's fines", () => {
  it('gives every demo tenant fines of the last 30 days in every status, some with pictures, on trips of their drivers', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);
    for (const demo of [DEMO.delivery, DEMO.school, DEMO.namat]) {
      const res = await list({ fdate: monthAgo, tdate: today }, await t.login(demo.email, demo.password));
      expect(res.status).toBe(200);
      // Those of the drivers made here left out.
      const demoFines = (res.body.data as TFineRow[]).filter((f) => !f.driver?.lname.startsWith('Finesby'));
      expect(new Set(demoFines.map((f) => f.status))).toEqual(new Set([0, 1, 2]));
      expect(demoFines.some((f) => f.pictures.length > 0)).toBe(true);
      for (const fine of demoFines) {
        expect(fine.trip?.driver?.id).toBe(fine.driver_id);
        expect(fine.amount).toBeGreaterThan(0);
        expect(fine.creation_date >= fine.issued_date).toBe(true);
      }
    }
  });
});
