import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  password: 'secret1',
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
      [{ password: 'abc' }, 'Minimum 4 characters'],
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
    expect(short.body.responseMessage).toBe('Minimum 4 characters');
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

describe('GET /api/v1/drivers/export', () => {
  it('answers a real .xlsx with every matching driver', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/drivers/export?search=amina',
      headers: { cookie: delivery },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
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
