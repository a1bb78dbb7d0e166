import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RECORD_PHOTO_MAX_BYTES, recordPhotoUrl, type TChangeEvent } from '@fleet/contract';
import { drivers, recordPhotos, vehicleRequests } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { JPEG, multipartForm as form, PDF, photoJpeg, PNG, type TFormPart } from '../../test/uploads.ts';
import { createDriverLookup, showsChange } from '../events/service.ts';

/*
 * Vehicle change requests as a driver's app and a console see them: drivers made here (names no
 * demo driver has) ask for vehicles made here, so every expected row is known; the demo's own
 * history of requests shows in the lists beside them.
 */

let t: TestApp;
let delivery: string;
let namat: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read each answer's own shape
type Body = any;
type TForm = ReturnType<typeof form>;
const m = MESSAGES.vehicleRequests;

const LIST = '/api/bus-request/get-bus-requests';
const ACCEPT = '/api/bus-request/accept-request';
const SWAP = '/api/bus-request/swap-request';
const DECLINE = '/api/bus-request/decline-request';
const IMAGES = '/api/bus-request/get-images';
const ASK = '/api/v1/driver/vehicle-requests';
const CHOICES = '/api/v1/driver/vehicles';

let made = 0;
/** A vehicle of the delivery tenant. */
async function vehicle(reference: string): Promise<number> {
  const res = await call(t, delivery, 'POST', '/api/bus/add', {
    reference,
    brand: 'Volvo',
    model: 'FL',
    year: 2021,
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data.id;
}

interface TDriver {
  id: number;
  auth: string;
  name: string;
}
/** A driver of the delivery tenant with `busId`, and their app's bearer token. */
async function driver(fname: string, lname: string, busId: number | null): Promise<TDriver> {
  const res = await call(t, delivery, 'POST', '/api/driver/add-driver', {
    fname,
    lname,
    email: `${fname}.${lname}.${++made}@vehicle-requests.example`.toLowerCase(),
    password: 'long-enough-pass-1',
    hourly_rate: 20,
    bus_id: busId,
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  const id: number = res.body.data.id;
  return { id, auth: await t.driverToken(id), name: `${fname} ${lname}` };
}

/** A driver app call: JSON, or a multipart form. */
async function app(
  auth: string,
  method: 'GET' | 'POST',
  url: string,
  body?: object | TForm,
): Promise<{ status: number; body: Body }> {
  const multipart = body !== undefined && 'payload' in body && Buffer.isBuffer(body.payload);
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: auth, ...(multipart ? (body as TForm).headers : {}) },
    ...(body === undefined
      ? {}
      : { payload: multipart ? (body as TForm).payload : (body as Record<string, unknown>) }),
  });
  return { status: res.statusCode, body: res.json() };
}

const ask = (who: TDriver, body: object | TForm) => app(who.auth, 'POST', ASK, body);
const decide = (url: string, payload: object, cookie = delivery) => call(t, cookie, 'POST', url, payload);

/** Asks as `who` for `busId`, and answers the new request's id. */
async function asked(who: TDriver, busId: number, note = 'Needs a change'): Promise<number> {
  const res = await ask(who, { new_bus_id: busId, note });
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data.id;
}

const busOf = async (driverId: number) =>
  (await t.database.db.select({ busId: drivers.busId }).from(drivers).where(eq(drivers.id, driverId)))[0]!
    .busId;

const requestCount = async (driverId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(vehicleRequests)
      .where(eq(vehicleRequests.driverId, driverId))
  )[0]!.n;

const photoCount = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(recordPhotos)
      .where(and(eq(recordPhotos.tenantId, DEMO.delivery.tenantId), eq(recordPhotos.folder, 'vehicles')))
  )[0]!.n;

/** Files in the app's storage folder (tests store locally). */
function storedFiles(): number {
  const storage = t.config.storage;
  if (storage.kind !== 'local' || !fs.existsSync(storage.dir)) return 0;
  return fs.readdirSync(storage.dir, { recursive: true }).filter((f) => {
    return fs.statSync(path.join(storage.dir, String(f))).isFile();
  }).length;
}

/** The pending card or old row of a request, from the console's list. */
async function listed(id: number, page: object = {}): Promise<Body> {
  const res = await call(t, delivery, 'POST', LIST, page);
  expect(res.status).toBe(200);
  return [...res.body.data.pending, ...res.body.data.old].find((r: Body) => r.id === id);
}

const eventsOf = (events: TChangeEvent[]) => events.map((e) => [e.type, [...e.ids].sort((a, b) => a - b)]);

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(() => t?.close());

describe('POST /api/v1/driver/vehicle-requests', () => {
  it('sends a request with photos; the driver, the console and the pictures show it', async () => {
    const own = await vehicle('VR-OWN-1');
    const wanted = await vehicle('VR-WANT-1');
    const holder = await driver('Ilsa', 'Quintero', wanted);
    const asker = await driver('Tobin', 'Marwick', own);
    const photos: TFormPart[] = [
      { name: 'photos', file: await photoJpeg(800, 600) },
      { name: 'photos', file: PNG, filename: 'dash.png', type: 'image/png' },
    ];
    let res!: Awaited<ReturnType<typeof ask>>;
    const events = await t.eventsDuring(async () => {
      res = await ask(
        asker,
        form([
          { name: 'new_bus_id', value: String(wanted) },
          { name: 'note', value: 'Broken seat' },
          ...photos,
        ]),
      );
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    expect(res.body.responseMessage).toBe(m.sent);
    const request = res.body.data;
    expect(request).toMatchObject({
      status: '0',
      oldBus: { id: own, reference: 'VR-OWN-1' },
      newBus: { id: wanted, reference: 'VR-WANT-1' },
      note: 'Broken seat',
      decided_date: null,
      resolution: null,
    });
    expect(request.pictures).toHaveLength(2);
    expect(request.creation_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(eventsOf(events)).toEqual([['vehicle_request.created', [request.id]]]);

    // The driver's own list, and the photo served to the driver who sent it.
    const mine = await app(asker.auth, 'GET', ASK);
    expect(mine.body.data[0]).toEqual(request);
    const title = request.pictures[0].title;
    const photo = await t.app.inject({
      url: recordPhotoUrl('vehicles', title),
      headers: { authorization: asker.auth },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    // No other driver sees it.
    const other = await t.app.inject({
      url: recordPhotoUrl('vehicles', title),
      headers: { authorization: holder.auth },
    });
    expect(other.statusCode).toBe(404);

    // The console's card: both vehicles with who has them now.
    const card = await listed(request.id);
    expect(card).toMatchObject({
      status: '0',
      driver: {
        id: asker.id,
        fname: 'Tobin',
        lname: 'Marwick',
        archived: false,
        bus: { id: own, reference: 'VR-OWN-1' },
      },
      oldBus: { id: own, archived: false, drivers: [{ id: asker.id, fname: 'Tobin', lname: 'Marwick' }] },
      newBus: { id: wanted, drivers: [{ id: holder.id, fname: 'Ilsa', lname: 'Quintero' }] },
      decided_by: null,
    });
    expect(card.pictures.map((p: Body) => p.title).sort()).toEqual(
      request.pictures.map((p: Body) => p.title).sort(),
    );
    const images = await decide(IMAGES, { action_id: request.id });
    expect(images.status).toBe(200);
    expect(images.body.data).toHaveLength(2);
    expect(images.body.data[0].url).toBe(recordPhotoUrl('vehicles', images.body.data[0].title));
    const served = await t.app.inject({ url: images.body.data[1].thumb_url, headers: { cookie: delivery } });
    expect(served.statusCode).toBe(200);
  });

  it('takes JSON without photos, and a driver without a vehicle (no old one)', async () => {
    const wanted = await vehicle('VR-WANT-2');
    const asker = await driver('Nell', 'Ardent', null);
    const res = await ask(asker, { new_bus_id: wanted });
    expect(res.status, res.body.responseMessage).toBe(200);
    expect(res.body.data).toMatchObject({ oldBus: null, note: null, pictures: [] });
  });

  it('refuses a second request while one is pending, storing nothing', async () => {
    const [a, b] = [await vehicle('VR-DUP-A'), await vehicle('VR-DUP-B')];
    const asker = await driver('Perrin', 'Holloway', null);
    await asked(asker, a);
    const before = { photos: await photoCount(), files: storedFiles() };
    const again = await ask(
      asker,
      form([
        { name: 'new_bus_id', value: String(b) },
        { name: 'photos', file: PNG },
      ]),
    );
    expect(again.status).toBe(409);
    expect(again.body.responseMessage).toBe(m.alreadyPending('vehicle'));
    expect(await requestCount(asker.id)).toBe(1);
    expect({ photos: await photoCount(), files: storedFiles() }).toEqual(before);
    // The vehicles call says which request is waiting.
    const choices = await app(asker.auth, 'GET', CHOICES);
    expect(choices.body.data.pending_request_id).not.toBeNull();
  });

  it('lets one of two requests sent at once through', async () => {
    const [a, b] = [await vehicle('VR-RACE-A'), await vehicle('VR-RACE-B')];
    const asker = await driver('Quill', 'Ashdown', null);
    const answers = await Promise.all([ask(asker, { new_bus_id: a }), ask(asker, { new_bus_id: b })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await requestCount(asker.id)).toBe(1);
  });

  it("refuses the driver's own vehicle, another tenant's, an archived one and one that does not exist", async () => {
    const own = await vehicle('VR-MINE');
    const gone = await vehicle('VR-GONE');
    expect((await decide('/api/bus/archive', { id: gone })).status).toBe(200);
    const foreign = await call(t, namat, 'POST', '/api/bus/add', {
      reference: 'VR-FOREIGN',
      brand: 'Volvo',
      model: 'FL',
      year: 2020,
    });
    const asker = await driver('Rhea', 'Stanwick', own);
    const mine = await ask(asker, { new_bus_id: own });
    expect(mine.status).toBe(400);
    expect(mine.body.errors).toEqual([{ path: 'new_bus_id', message: m.ownVehicle('vehicle') }]);
    for (const id of [foreign.body.data.id, gone, 2_147_483_000]) {
      const res = await ask(asker, { new_bus_id: id });
      expect(res.status, `vehicle ${id}`).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'new_bus_id', message: m.vehicleUnknown('vehicle') }]);
    }
    expect(await requestCount(asker.id)).toBe(0);
  });

  it('refuses bad input, naming the field, and stores nothing', async () => {
    const wanted = await vehicle('VR-BAD');
    const asker = await driver('Soren', 'Vale', null);
    const future = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const cases: [object | TForm, string][] = [
      [{}, 'new_bus_id'],
      [{ new_bus_id: 'twelve' }, 'new_bus_id'],
      [{ new_bus_id: 0 }, 'new_bus_id'],
      [{ new_bus_id: wanted, note: 'x'.repeat(1001) }, 'note'],
      [{ new_bus_id: wanted, at: 'yesterday' }, 'at'],
      [{ new_bus_id: wanted, at: future }, 'at'],
      [form([{ name: 'note', value: 'no vehicle' }]), 'new_bus_id'],
      [
        form([
          { name: 'new_bus_id', value: String(wanted) },
          { name: 'colour', value: 'red' },
        ]),
        'colour',
      ],
      [
        form([
          { name: 'new_bus_id', value: String(wanted) },
          { name: 'picture', file: PNG },
        ]),
        'picture',
      ],
    ];
    const before = { photos: await photoCount(), files: storedFiles() };
    for (const [body, field] of cases) {
      const res = await ask(asker, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.responseCode).toBe(0);
      expect(res.body.errors?.[0]?.path, JSON.stringify(res.body)).toBe(field);
    }
    expect(await requestCount(asker.id)).toBe(0);
    expect({ photos: await photoCount(), files: storedFiles() }).toEqual(before);
  });

  it('refuses pictures too large, not images or too many, storing nothing', async () => {
    const wanted = await vehicle('VR-UPLOAD');
    const asker = await driver('Tamsin', 'Oakes', null);
    const field = { name: 'new_bus_id', value: String(wanted) };
    const tooLarge = Buffer.concat([JPEG, Buffer.alloc(RECORD_PHOTO_MAX_BYTES + 1 - JPEG.length)]);
    const cases: [TFormPart[], string][] = [
      [[field, { name: 'photos', file: tooLarge }], MESSAGES.files.tooLarge(8)],
      [
        [field, { name: 'photos', file: PNG }, { name: 'photos', file: PDF, filename: 'x.jpg' }],
        MESSAGES.files.notImage,
      ],
      [
        [field, ...Array.from({ length: 6 }, () => ({ name: 'photos', file: PNG }))],
        MESSAGES.files.tooMany(5),
      ],
    ];
    const before = { photos: await photoCount(), files: storedFiles() };
    for (const [parts, message] of cases) {
      const res = await ask(asker, form(parts));
      expect(res.status, res.body.responseMessage).toBe(400);
      expect(res.body.responseMessage).toBe(message);
      expect(res.body.errors?.[0]?.path).toBe('photos');
    }
    expect(await requestCount(asker.id)).toBe(0);
    expect({ photos: await photoCount(), files: storedFiles() }).toEqual(before);
  });

  it('is for drivers only', async () => {
    const res = await call(t, delivery, 'POST', ASK, { new_bus_id: 1 });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/v1/driver/vehicles', () => {
  it("lists the tenant's live vehicles, whether each is taken, and the driver's own", async () => {
    const own = await vehicle('VR-LIST-OWN');
    const free = await vehicle('VR-LIST-FREE');
    const taken = await vehicle('VR-LIST-TAKEN');
    const gone = await vehicle('VR-LIST-GONE');
    await decide('/api/bus/archive', { id: gone });
    await driver('Ulla', 'Brandt', taken);
    const me = await driver('Vance', 'Corley', own);
    const res = await app(me.auth, 'GET', CHOICES);
    expect(res.status).toBe(200);
    const { own: mine, vehicles, pending_request_id } = res.body.data;
    expect(mine).toMatchObject({ id: own, reference: 'VR-LIST-OWN', taken: '1', mine: true });
    expect(pending_request_id).toBeNull();
    const byId = new Map(vehicles.map((v: Body) => [v.id, v]));
    expect(byId.get(free)).toMatchObject({ taken: '0', mine: false });
    expect(byId.get(taken)).toMatchObject({ taken: '1', mine: false });
    expect(byId.has(gone)).toBe(false);
    // Only the tenant's: the namat tenant's references are not there.
    expect(vehicles.some((v: Body) => v.reference.startsWith('NMT-'))).toBe(false);
    expect(
      vehicles.every(
        (v: Body) =>
          Object.keys(v).sort().join() === 'brand,id,in_maintenance,mine,model,reference,taken,year',
      ),
    ).toBe(true);
  });
});

describe('POST /api/bus-request/get-bus-requests', () => {
  it("answers the pending cards and a page of old requests, newest first, with the demo's history", async () => {
    const res = await call(t, delivery, 'POST', `${LIST}?tenant_id=${DEMO.delivery.tenantId}`);
    expect(res.status).toBe(200);
    const { pending, old, pagination } = res.body.data;
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r: Body) => r.status === '0' && r.decided_date === null)).toBe(true);
    expect(old.length).toBeGreaterThan(0);
    expect(old.length).toBeLessThanOrEqual(10);
    expect(pagination).toMatchObject({ page: 1, page_size: 10 });
    expect(pagination.total_items).toBeGreaterThanOrEqual(old.length);
    // The demo's simulated admin approved by accept and by swap, and declined.
    const outcomes = new Set(old.map((r: Body) => `${r.status}:${r.resolution}`));
    for (const outcome of ['1:accept', '1:swap', '2:null']) expect(outcomes).toContain(outcome);
    expect(old.every((r: Body) => r.decided_by !== null && r.decided_date >= r.creation_date)).toBe(true);
    expect(old.some((r: Body) => r.pictures.length > 0)).toBe(true);
    const dates = pending.map((r: Body) => r.creation_date);
    expect(dates).toEqual([...dates].sort().reverse());
    // Every decision came before the next request: each waiting driver still has the vehicle they
    // asked with, and the last approved request's driver has what it gave them.
    for (const r of pending) expect(r.driver.bus?.id ?? null).toBe(r.oldBus?.id ?? null);
    const lastApproved = old.find((r: Body) => r.status === '1');
    expect(lastApproved.driver.bus.id).toBe(lastApproved.newBus.id);

    const second = await call(t, delivery, 'POST', LIST, { page: 2, page_size: 2 });
    expect(second.body.data.pagination).toEqual({
      page: 2,
      page_size: 2,
      total_items: pagination.total_items,
    });
    expect(second.body.data.old.map((r: Body) => r.id)).toEqual(old.slice(2, 4).map((r: Body) => r.id));
  });

  it("shows another tenant nothing of this one's requests", async () => {
    const mine = await call(t, delivery, 'POST', LIST);
    const theirs = await call(t, namat, 'POST', LIST);
    const ids = new Set([...mine.body.data.pending, ...mine.body.data.old].map((r: Body) => r.id));
    expect([...theirs.body.data.pending, ...theirs.body.data.old].some((r: Body) => ids.has(r.id))).toBe(
      false,
    );
    const foreign = await call(t, namat, 'POST', `${LIST}?tenant_id=${DEMO.delivery.tenantId}`);
    expect(foreign.status).toBe(403);
  });

  it('refuses a bad page', async () => {
    for (const body of [{ page: 0 }, { page_size: 500 }, { page: 'two' }]) {
      expect((await call(t, delivery, 'POST', LIST, body)).status).toBe(400);
    }
  });
});

describe('deciding a request', () => {
  it('accepts a request for a free vehicle: the driver gets it, the old one is freed', async () => {
    const [own, free] = [await vehicle('VR-ACC-OWN'), await vehicle('VR-ACC-FREE')];
    const asker = await driver('Wren', 'Halvorsen', own);
    const id = await asked(asker, free);
    let res!: Awaited<ReturnType<typeof decide>>;
    const events = await t.eventsDuring(async () => {
      res = await decide(ACCEPT, { id });
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    expect(res.body.responseMessage).toBe(m.accepted);
    expect(res.body.data).toMatchObject({
      id,
      status: '1',
      resolution: 'accept',
      decided_by: { fname: 'Layla', lname: 'Haddad' },
      oldBus: { id: own, drivers: [] },
      newBus: { id: free, drivers: [{ id: asker.id }] },
    });
    expect(res.body.data.decided_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await busOf(asker.id)).toBe(free);
    expect(eventsOf(events)).toEqual([
      ['vehicle_request.updated', [id]],
      ['driver.updated', [asker.id]],
      ['vehicle.updated', [own, free].sort((a, b) => a - b)],
    ]);
    // It has left the cards for the old requests.
    const list = await call(t, delivery, 'POST', LIST);
    expect(list.body.data.pending.some((r: Body) => r.id === id)).toBe(false);
    expect(list.body.data.old[0].id).toBe(id);
    // The driver's app hears the decision, as its own.
    const change = events.find((e) => e.type === 'vehicle_request.updated')!;
    const stored = {
      id: 1,
      tenantId: change.tenant_id,
      type: change.type,
      ids: change.ids,
      actor: change.actor,
      at: change.at,
    };
    const lookup = createDriverLookup(t.database.db);
    const audience = (driverId: number) => ({
      kind: 'driver' as const,
      tenantId: DEMO.delivery.tenantId,
      driverId,
    });
    expect(await showsChange(audience(asker.id), stored, lookup)).toBe(true);
    const bystander = await driver('Xavi', 'Lund', null);
    expect(await showsChange(audience(bystander.id), stored, lookup)).toBe(false);
  });

  it('refuses to accept a taken vehicle naming its driver, then Force Accept leaves that driver without one', async () => {
    const [own, taken] = [await vehicle('VR-FORCE-OWN'), await vehicle('VR-FORCE-TAKEN')];
    const holder = await driver('Yara', 'Penhallow', taken);
    const asker = await driver('Zane', 'Ostrander', own);
    const id = await asked(asker, taken);
    const refused = await decide(ACCEPT, { id });
    expect(refused.status).toBe(409);
    expect(refused.body.responseMessage).toBe(m.taken('Vehicle', 'VR-FORCE-TAKEN', 'Yara Penhallow'));
    expect(refused.body.responseMessage).toMatch(/Swap or Force Accept/);
    expect([await busOf(asker.id), await busOf(holder.id)]).toEqual([own, taken]);
    expect((await listed(id)).status).toBe('0');

    let forced!: Awaited<ReturnType<typeof decide>>;
    const events = await t.eventsDuring(async () => {
      forced = await decide(ACCEPT, { id, force: true });
    });
    expect(forced.status, forced.body.responseMessage).toBe(200);
    expect(forced.body.responseMessage).toBe(m.forced('Yara Penhallow', 'vehicle'));
    expect(forced.body.data).toMatchObject({
      status: '1',
      resolution: 'force',
      newBus: { drivers: [{ id: asker.id }] },
    });
    expect([await busOf(asker.id), await busOf(holder.id)]).toEqual([taken, null]);
    expect(eventsOf(events)).toContainEqual(['driver.updated', [asker.id, holder.id].sort((a, b) => a - b)]);
  });

  it('swaps: the two drivers exchange vehicles', async () => {
    const [own, taken] = [await vehicle('VR-SWAP-OWN'), await vehicle('VR-SWAP-TAKEN')];
    const holder = await driver('Abel', 'Fairweather', taken);
    const asker = await driver('Bryn', 'Castellan', own);
    const id = await asked(asker, taken);
    const res = await decide(SWAP, { id });
    expect(res.status, res.body.responseMessage).toBe(200);
    expect(res.body.responseMessage).toBe(m.swapped('vehicles'));
    expect(res.body.data).toMatchObject({
      status: '1',
      resolution: 'swap',
      oldBus: { id: own, drivers: [{ id: holder.id }] },
      newBus: { id: taken, drivers: [{ id: asker.id }] },
    });
    expect([await busOf(asker.id), await busOf(holder.id)]).toEqual([taken, own]);
  });

  it('refuses a swap when nobody else has the vehicle, or the driver has none to give', async () => {
    const free = await vehicle('VR-NOSWAP-FREE');
    const asker = await driver('Cato', 'Redgrave', await vehicle('VR-NOSWAP-OWN'));
    const id = await asked(asker, free);
    const nobody = await decide(SWAP, { id });
    expect(nobody.status).toBe(409);
    expect(nobody.body.responseMessage).toBe(m.nothingToSwap('Vehicle', 'VR-NOSWAP-FREE'));

    const taken = await vehicle('VR-NOSWAP-TAKEN');
    await driver('Dara', 'Whitlock', taken);
    const empty = await driver('Esme', 'Thorne', null);
    const other = await asked(empty, taken);
    const nothing = await decide(SWAP, { id: other });
    expect(nothing.status).toBe(409);
    expect(nothing.body.responseMessage).toBe(m.nothingToGive('Esme Thorne', 'vehicle'));
    expect((await listed(other)).status).toBe('0');
  });

  it('declines: nothing moves; a second decision is told where the request stands', async () => {
    const [own, wanted] = [await vehicle('VR-DEC-OWN'), await vehicle('VR-DEC-WANT')];
    const asker = await driver('Finn', 'Gallow', own);
    const id = await asked(asker, wanted);
    let res!: Awaited<ReturnType<typeof decide>>;
    const events = await t.eventsDuring(async () => {
      res = await decide(DECLINE, { id });
    });
    expect(res.status).toBe(200);
    expect(res.body.responseMessage).toBe(m.declined);
    expect(res.body.data).toMatchObject({ status: '2', resolution: null, decided_by: { lname: 'Haddad' } });
    expect(await busOf(asker.id)).toBe(own);
    expect(eventsOf(events)).toEqual([['vehicle_request.updated', [id]]]);

    for (const [url, body] of [
      [ACCEPT, { id }],
      [ACCEPT, { id, force: true }],
      [SWAP, { id }],
      [DECLINE, { id }],
    ] as const) {
      const again = await decide(url, body);
      expect(again.status, url).toBe(409);
      expect(again.body.responseMessage).toMatch(
        /^This request is no longer pending: it was declined on .* \(UTC\) by Layla Haddad\.$/,
      );
    }
    // The driver may ask again once nothing is pending.
    expect((await ask(asker, { new_bus_id: wanted })).status).toBe(200);
  });

  it('lets one of two decisions at once win; the other is refused and changes nothing', async () => {
    const [own, free] = [await vehicle('VR-RACE-OWN'), await vehicle('VR-RACE-FREE')];
    const asker = await driver('Gwen', 'Harrow', own);
    const id = await asked(asker, free);
    const answers = await Promise.all([decide(ACCEPT, { id }), decide(DECLINE, { id })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await listed(id)).status).toBe(winner.body.data.status);
    expect(await busOf(asker.id)).toBe(winner.body.data.status === '1' ? free : own);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.responseMessage).toMatch(/^This request is no longer pending/);
  });

  it("answers another tenant's request exactly as one that does not exist, and changes nothing", async () => {
    const [own, free] = [await vehicle('VR-ISO-OWN'), await vehicle('VR-ISO-FREE')];
    const asker = await driver('Hale', 'Inverness', own);
    const id = await asked(asker, free);
    for (const [url, body] of [
      [ACCEPT, { id }],
      [SWAP, { id }],
      [DECLINE, { id }],
      [IMAGES, { action_id: id }],
    ] as const) {
      const foreign = await decide(url, body, namat);
      const missing = await decide(
        url,
        'action_id' in body ? { action_id: 2_147_483_000 } : { id: 2_147_483_000 },
        namat,
      );
      expect(foreign.status, url).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    }
    expect((await listed(id)).status).toBe('0');
    expect(await busOf(asker.id)).toBe(own);
  });

  it('refuses an archived driver or vehicle clearly; such a request can still be declined', async () => {
    const wanted = await vehicle('VR-ARCH-WANT');
    const leaving = await driver('Ivo', 'Jarrow', null);
    const id = await asked(leaving, wanted);
    expect((await decide('/api/driver/archive', { id: leaving.id })).status).toBe(200);
    const card = await listed(id);
    expect(card.driver.archived).toBe(true);
    const refused = await decide(ACCEPT, { id });
    expect(refused.status).toBe(409);
    expect(refused.body.responseMessage).toBe(m.driverArchived('Ivo Jarrow'));
    expect((await decide(DECLINE, { id })).status).toBe(200);

    const gone = await vehicle('VR-ARCH-GONE');
    const asker = await driver('Jude', 'Kellan', null);
    const other = await asked(asker, gone);
    expect((await decide('/api/bus/archive', { id: gone })).status).toBe(200);
    expect((await listed(other)).newBus.archived).toBe(true);
    for (const [url, body] of [
      [ACCEPT, { id: other }],
      [ACCEPT, { id: other, force: true }],
      [SWAP, { id: other }],
    ] as const) {
      const res = await decide(url, body);
      expect(res.status, url).toBe(409);
      expect(res.body.responseMessage).toBe(m.busArchived('Vehicle', 'VR-ARCH-GONE'));
    }
    expect(await busOf(asker.id)).toBeNull();
  });

  it('refuses bad input', async () => {
    for (const [url, body] of [
      [ACCEPT, {}],
      [ACCEPT, { id: 0 }],
      [ACCEPT, { id: 'one' }],
      [ACCEPT, { id: 1, force: 'yes' }],
      [SWAP, { id: -3 }],
      [DECLINE, { id: 1.5 }],
      [IMAGES, { id: 1 }],
      [IMAGES, { action_id: 'x' }],
    ] as const) {
      const res = await decide(url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.responseCode).toBe(0);
    }
  });

  it('is for tenant admins only', async () => {
    const someone = await driver('Kit', 'Lorne', null);
    const res = await t.app.inject({
      method: 'POST',
      url: ACCEPT,
      headers: { authorization: someone.auth },
      payload: { id: 1 },
    });
    expect([401, 403]).toContain(res.statusCode);
  });
});

describe('POST /api/bus-request/get-images', () => {
  it("answers a request's pictures, none for a request without", async () => {
    const asker = await driver('Lior', 'Maddox', null);
    const id = await asked(asker, await vehicle('VR-IMG'));
    const res = await decide(IMAGES, { action_id: id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});
