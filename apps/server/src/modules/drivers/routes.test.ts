import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { findSession } from '../../platform/sessions.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';

let t: TestApp;
let delivery: string;
let namat: string;
let busId: number;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  busId = (
    await call(t, delivery, 'POST', '/api/bus/add', {
      reference: 'DRV-BUS',
      brand: 'Ford',
      model: 'Transit',
      year: 2021,
    })
  ).body.data.id;
});
afterAll(() => t.close());

const driver = (over: Record<string, unknown> = {}) => ({
  fname: 'Yusuf',
  lname: 'Karim',
  email: `yusuf.${Math.round(Math.random() * 1e9)}@desert.example`,
  password: 'lemon-tree-42',
  bus_id: null,
  hourly_rate: 42.5,
  language: 'ar',
  ...over,
});

describe('POST /api/driver/add-driver', () => {
  it('adds a driver with a vehicle; the vehicle shows as assigned', async () => {
    const res = await call(
      t,
      delivery,
      'POST',
      '/api/driver/add-driver',
      driver({ bus_id: busId, email: 'yusuf@desert.example' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      fname: 'Yusuf',
      email: 'yusuf@desert.example',
      bus: { id: busId, reference: 'DRV-BUS' },
      hourly_rate: 42.5,
      language: 'ar',
      archived: 0,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    const bus = (await call(t, delivery, 'GET', '/api/bus/get-buses?reference=DRV-BUS')).body.data[0];
    expect(bus).toMatchObject({ taken: '1', drivers: [{ fname: 'Yusuf', lname: 'Karim' }] });
  });

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const count = async () => (await call(t, delivery, 'GET', '/api/driver/get-drivers')).body.data.length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ fname: '' }, 'Field is required'],
      [{ lname: 'L'.repeat(51) }, 'Must be less than 50 characters'],
      [{ email: 'not-mail' }, 'E-mail must be valid'],
      [{ password: '' }, 'Password is required'],
      [{ password: 'abcdefg' }, 'Use at least 8 characters'],
      [{ password: 'p'.repeat(129) }, 'Use at most 128 characters'],
      [{ password: 'Password1' }, 'This password is too common. Choose another one.'],
      [{ hourly_rate: -1 }, 'Hourly rate must be a number of at least 0.00'],
    ];
    for (const [over, message] of cases) {
      const res = await call(t, delivery, 'POST', '/api/driver/add-driver', driver(over));
      expect(res.status, message).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it("refuses a taken e-mail, another tenant's vehicle and an unknown language", async () => {
    const dup = await call(
      t,
      delivery,
      'POST',
      '/api/driver/add-driver',
      driver({ email: 'YUSUF@desert.example' }),
    );
    expect(dup.status).toBe(409);
    const foreignBus = await call(t, namat, 'POST', '/api/driver/add-driver', driver({ bus_id: busId }));
    expect(foreignBus.status).toBe(400);
    expect(foreignBus.body.responseMessage).toBe('The chosen vehicle does not exist.');
    const lang = await call(t, delivery, 'POST', '/api/driver/add-driver', driver({ language: 'xx' }));
    expect(lang.body.responseMessage).toBe('The chosen language does not exist.');
  });
});

describe('GET /api/driver/get-drivers', () => {
  it('searches by name with a limit and never lists another tenant', async () => {
    await call(t, delivery, 'POST', '/api/driver/add-driver', driver({ fname: 'Amina', lname: 'Rahman' }));
    const found = await call(t, delivery, 'GET', '/api/driver/get-drivers?name=amina%20rah&limit=4');
    expect(found.body.data.map((d: { fname: string }) => d.fname)).toEqual(['Amina']);
    expect((await call(t, namat, 'GET', '/api/driver/get-drivers?name=amina')).body.data).toEqual([]);
    expect(
      (await call(t, delivery, 'GET', `/api/driver/get-drivers?tenant_id=${DEMO.namat.tenantId}`)).status,
    ).toBe(403);
  });

  it('answers one page with page and page_size, the total in X-Total-Count; without them, every driver', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: delivery } });
    const all = (await call(t, delivery, 'GET', '/api/driver/get-drivers')).body.data as { id: number }[];
    expect(all.length).toBeGreaterThan(12);
    const first = await get('/api/driver/get-drivers?page=1&page_size=5');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(all.length));
    expect(first.json().data.map((d: { id: number }) => d.id)).toEqual(all.slice(0, 5).map((d) => d.id));
    const third = await get('/api/driver/get-drivers?page=3&page_size=5');
    expect(third.json().data.map((d: { id: number }) => d.id)).toEqual(all.slice(10, 15).map((d) => d.id));
    const searched = await get('/api/driver/get-drivers?name=amina%20rah&page=1&page_size=5');
    expect(searched.headers['x-total-count']).toBe('1');
    expect((await get('/api/driver/get-drivers')).headers['x-total-count']).toBeUndefined();
    const bad = await call(t, delivery, 'GET', '/api/driver/get-drivers?page=0&page_size=500');
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/driver/save-web', () => {
  it('updates a driver; an empty password keeps the old one', async () => {
    const { data } = (await call(t, delivery, 'POST', '/api/driver/add-driver', driver())).body;
    const saved = await call(t, delivery, 'POST', '/api/driver/save-web', {
      ...driver({ email: data.email, fname: 'Yousef' }),
      id: data.id,
      password: null,
    });
    expect(saved.body).toMatchObject({ responseCode: 1, data: { fname: 'Yousef' } });
    const short = await call(t, delivery, 'POST', '/api/driver/save-web', {
      ...driver(),
      id: data.id,
      password: 'ab',
    });
    expect(short.body.responseMessage).toBe('Use at least 8 characters');
    const common = await call(t, delivery, 'POST', '/api/driver/save-web', {
      ...driver({ email: data.email }),
      id: data.id,
      password: 'qwertyuiop',
    });
    expect(common.status).toBe(400);
    expect(common.body.responseMessage).toBe('This password is too common. Choose another one.');
    expect(common.body.errors).toEqual([
      { path: 'password', message: 'This password is too common. Choose another one.' },
    ]);
    const foreign = await call(t, namat, 'POST', '/api/driver/save-web', {
      ...driver(),
      id: data.id,
      password: null,
    });
    expect(foreign.status).toBe(404);
  });
});

describe('POST /api/driver/archive', () => {
  it('archives a driver: gone from the list and from its vehicle', async () => {
    const { data } = (
      await call(t, delivery, 'POST', '/api/driver/add-driver', driver({ fname: 'Leaving', bus_id: busId }))
    ).body;
    expect((await call(t, namat, 'POST', '/api/driver/archive', { id: data.id })).status).toBe(404);
    expect((await call(t, delivery, 'POST', '/api/driver/archive', { id: data.id })).body.responseCode).toBe(
      1,
    );
    const list = (await call(t, delivery, 'GET', '/api/driver/get-drivers?name=Leaving')).body.data;
    expect(list).toEqual([]);
    const bus = (await call(t, delivery, 'GET', '/api/bus/get-buses?reference=DRV-BUS')).body.data[0];
    expect(bus.drivers.map((d: { fname: string }) => d.fname)).not.toContain('Leaving');
  });
});

describe('driver changes', () => {
  /** The events published by `act`, as [type, ids] pairs. */
  /** Whether the driver app's token still opens a session. */
  const signedIn = async (authorization: string) =>
    (await findSession(t.database.db, authorization.replace(/^Bearer /, ''), t.config.session, 'bearer')) !==
    null;

  it('announce driver.created, driver.updated and driver.archived, naming the driver and the admin', async () => {
    let id = 0;
    const events = await t.eventsDuring(async () => {
      const { data } = (await call(t, delivery, 'POST', '/api/driver/add-driver', driver())).body;
      id = data.id;
      await call(t, delivery, 'POST', '/api/driver/save-web', {
        ...driver({ email: data.email }),
        id,
        password: null,
      });
      await call(t, delivery, 'POST', '/api/driver/archive', { id });
      // Refused writes announce nothing.
      await call(t, delivery, 'POST', '/api/driver/archive', { id });
      await call(t, namat, 'POST', '/api/driver/save-web', { ...driver(), id: 1, password: null });
    });
    expect(events.map((e) => [e.type, e.ids, e.tenant_id])).toEqual([
      ['driver.created', [id], DEMO.delivery.tenantId],
      ['driver.updated', [id], DEMO.delivery.tenantId],
      ['driver.archived', [id], DEMO.delivery.tenantId],
    ]);
    expect(events.every((e) => e.actor.kind === 'tenant_admin' && typeof e.actor.id === 'number')).toBe(true);
  });

  it("a new password ends the driver's app sessions; a save without one keeps them", async () => {
    const { data } = (await call(t, delivery, 'POST', '/api/driver/add-driver', driver())).body;
    const token = await t.driverToken(data.id);
    const save = (password: string | null) =>
      call(t, delivery, 'POST', '/api/driver/save-web', {
        ...driver({ email: data.email }),
        id: data.id,
        password,
      });
    expect((await save(null)).status).toBe(200);
    expect(await signedIn(token)).toBe(true);
    expect((await save('a-new-lemon-tree-7')).status).toBe(200);
    expect(await signedIn(token)).toBe(false);
  });

  it("archiving a driver ends the driver's app sessions", async () => {
    const { data } = (await call(t, delivery, 'POST', '/api/driver/add-driver', driver())).body;
    const token = await t.driverToken(data.id);
    const otherId = (await call(t, delivery, 'POST', '/api/driver/add-driver', driver())).body.data.id;
    const other = await t.driverToken(otherId);
    const sessionsOf = async (driverId: number) =>
      (await t.database.db.select().from(sessions).where(eq(sessions.driverId, driverId))).length;
    expect(await sessionsOf(data.id)).toBe(1);
    expect((await call(t, delivery, 'POST', '/api/driver/archive', { id: data.id })).status).toBe(200);
    // Gone at once, not only refused at the token's next use.
    expect(await sessionsOf(data.id)).toBe(0);
    expect(await signedIn(token)).toBe(false);
    expect(await sessionsOf(otherId)).toBe(1);
    expect(await signedIn(other)).toBe(true);
  });
});

describe('GET /api/v1/drivers/export', () => {
  it('answers a real .xlsx with every matching driver', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/drivers/export?search=amina',
      headers: { cookie: delivery },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('Amina');
  });
});

describe('GET /api/language/get-languages', () => {
  it('lists the languages with code and name', async () => {
    const res = await call(t, delivery, 'GET', '/api/language/get-languages');
    expect(res.body.data).toContainEqual({ id: expect.any(Number), code: 'ar', name: 'Arabic' });
  });
});
