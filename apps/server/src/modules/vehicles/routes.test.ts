import ExcelJS from 'exceljs';
import { LOAD_CAPACITY_MESSAGES } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, multipartFile, type TestApp } from '../../test/app.ts';

let t: TestApp;
let delivery: string;
let namat: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(() => t.close());

const vehicle = { reference: 'DXB-1001', brand: 'Toyota', model: 'Hiace', year: 2022 };

describe('POST /api/bus/add', () => {
  it('adds a vehicle that then appears first in the list, Not Assigned', async () => {
    const added = await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, mileage: 12000 });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      responseCode: 1,
      responseMessage: 'Vehicle added successfully.',
      data: { ...vehicle, mileage: 12000, load_capacity: null, taken: '0', drivers: [] },
    });
    const list = await call(t, delivery, 'GET', '/api/bus/get-buses');
    expect(list.body.data[0]).toMatchObject({ reference: 'DXB-1001' });
  });

  it('refuses missing fields and a long reference with the spec messages, writing nothing', async () => {
    const before = (await call(t, delivery, 'GET', '/api/bus/get-buses')).body.data.length;
    const empty = await call(t, delivery, 'POST', '/api/bus/add', {
      reference: '',
      brand: 'x',
      model: 'y',
      year: 2020,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.responseMessage).toBe('Field is required');
    const long = await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: 'R'.repeat(50) });
    expect(long.body.responseMessage).toBe('Reference must be less than 50 characters');
    const year = await call(t, delivery, 'POST', '/api/bus/add', {
      ...vehicle,
      reference: 'Y-1',
      year: 'soon',
    });
    expect(year.status).toBe(400);
    expect((await call(t, delivery, 'GET', '/api/bus/get-buses')).body.data.length).toBe(before);
  });

  it('refuses a second live vehicle with the same reference, in any letter case', async () => {
    const dup = await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: 'dxb-1001' });
    expect(dup.status).toBe(409);
    expect(dup.body.responseMessage).toBe('A vehicle with this reference already exists.');
  });
});

describe('load_capacity (beyond the spec)', () => {
  const byReference = async (reference: string) =>
    (await call(t, delivery, 'GET', `/api/bus/get-buses?reference=${reference}`)).body.data[0];

  it('is stored on add and answered in every row; a number as text and an empty one are read as a form sends them', async () => {
    const added = await call(t, delivery, 'POST', '/api/bus/add', {
      ...vehicle,
      reference: 'LOAD-1',
      load_capacity: 1500.5,
    });
    expect(added.status).toBe(200);
    expect(added.body.data.load_capacity).toBe(1500.5);
    expect(await byReference('LOAD-1')).toMatchObject({ reference: 'LOAD-1', load_capacity: 1500.5 });
    const text = await call(t, delivery, 'POST', '/api/bus/add', {
      ...vehicle,
      reference: 'LOAD-2',
      load_capacity: '750',
    });
    expect(text.body.data.load_capacity).toBe(750);
    const empty = await call(t, delivery, 'POST', '/api/bus/add', {
      ...vehicle,
      reference: 'LOAD-3',
      load_capacity: '',
    });
    expect(empty.body.data.load_capacity).toBeNull();
    const none = await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: 'LOAD-4' });
    expect(none.body.data.load_capacity).toBeNull();
  });

  it('is changed by a save, kept by a save that leaves it out, and cleared by null', async () => {
    const { id } = (
      await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: 'LOAD-S', load_capacity: 900 })
    ).body.data;
    const save = (extra: object) =>
      call(t, delivery, 'POST', '/api/bus/save', { ...vehicle, id, reference: 'LOAD-S', ...extra });
    const changed = await save({ load_capacity: 1200 });
    expect(changed.status).toBe(200);
    expect(changed.body.data.load_capacity).toBe(1200);
    expect((await save({})).body.data.load_capacity).toBe(1200);
    expect((await byReference('LOAD-S')).load_capacity).toBe(1200);
    expect((await save({ load_capacity: null })).body.data.load_capacity).toBeNull();
    expect((await byReference('LOAD-S')).load_capacity).toBeNull();
  });

  it.each([0, -1, '-1', 'abc', '0', 1_000_001])(
    'refuses %j with a clear message, changing nothing',
    async (bad) => {
      const before = (await call(t, delivery, 'GET', '/api/bus/get-buses')).body.data.length;
      const message = bad === 1_000_001 ? LOAD_CAPACITY_MESSAGES.tooLarge : LOAD_CAPACITY_MESSAGES.invalid;
      const add = await call(t, delivery, 'POST', '/api/bus/add', {
        ...vehicle,
        reference: 'LOAD-BAD',
        load_capacity: bad,
      });
      expect(add.status).toBe(400);
      expect(add.body.responseMessage).toBe(message);
      expect((await call(t, delivery, 'GET', '/api/bus/get-buses')).body.data.length).toBe(before);

      const kept = await byReference('LOAD-1');
      const save = await call(t, delivery, 'POST', '/api/bus/save', {
        ...vehicle,
        id: kept.id,
        reference: 'LOAD-1',
        brand: 'Changed',
        load_capacity: bad,
      });
      expect(save.status).toBe(400);
      expect(save.body.responseMessage).toBe(message);
      expect(await byReference('LOAD-1')).toEqual(kept);
    },
  );
});

describe('GET|POST /api/bus/get-buses', () => {
  it('searches by reference with a limit, as the vehicle picker does', async () => {
    for (let i = 0; i < 6; i++) {
      await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: `PICK-${i}` });
    }
    const picked = await call(t, delivery, 'POST', '/api/bus/get-buses?reference=pick&limit=4', { type: 1 });
    expect(picked.body.data).toHaveLength(4);
    expect(picked.body.data.every((v: { reference: string }) => v.reference.startsWith('PICK-'))).toBe(true);
  });

  it('answers only the available vehicles for type 1: live and held by no live driver', async () => {
    const add = async (reference: string) =>
      (await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference })).body.data.id as number;
    const held = await add('AVAIL-HELD');
    await add('AVAIL-FREE');
    const released = await add('AVAIL-RELEASED');
    const archived = await add('AVAIL-ARCHIVED');
    const driverWith = async (busId: number) =>
      (
        await call(t, delivery, 'POST', '/api/driver/add-driver', {
          fname: 'Avail',
          lname: `Driver ${busId}`,
          email: `avail.${busId}@desert.example`,
          password: 'lemon-tree-42',
          bus_id: busId,
          hourly_rate: 10,
          language: 'ar',
        })
      ).body.data.id as number;
    await driverWith(held);
    // A vehicle whose driver was archived is free again.
    expect(
      (await call(t, delivery, 'POST', '/api/driver/archive', { id: await driverWith(released) })).status,
    ).toBe(200);
    await call(t, delivery, 'POST', '/api/bus/archive', { id: archived });

    const references = (res: { body: { data: { reference: string }[] } }) =>
      res.body.data.map((v) => v.reference).sort();
    const available = await call(t, delivery, 'POST', '/api/bus/get-buses?reference=avail', { type: 1 });
    expect(available.status).toBe(200);
    expect(references(available)).toEqual(['AVAIL-FREE', 'AVAIL-RELEASED']);
    expect(available.body.data.every((v: { taken: string }) => v.taken === '0')).toBe(true);
    // As the picker asks: the string form and a limit.
    const picker = await call(t, delivery, 'POST', '/api/bus/get-buses?reference=avail&limit=1', {
      type: '1',
    });
    expect(references(picker)).toEqual(['AVAIL-RELEASED']);
    // type 0, no type and the GET answer every live vehicle, the held one included.
    const every = ['AVAIL-FREE', 'AVAIL-HELD', 'AVAIL-RELEASED'];
    expect(
      references(await call(t, delivery, 'POST', '/api/bus/get-buses?reference=avail', { type: 0 })),
    ).toEqual(every);
    expect(references(await call(t, delivery, 'POST', '/api/bus/get-buses?reference=avail', {}))).toEqual(
      every,
    );
    expect(references(await call(t, delivery, 'GET', '/api/bus/get-buses?reference=avail'))).toEqual(every);
  });

  it('refuses a type other than 0 or 1 with a clear message', async () => {
    const res = await call(t, delivery, 'POST', '/api/bus/get-buses', { type: 'free' });
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toContain(
      'type must be 1 (available vehicles only) or 0 (every vehicle)',
    );
  });

  it("never shows another tenant's vehicles", async () => {
    const other = await call(t, namat, 'GET', '/api/bus/get-buses?reference=PICK');
    expect(other.body.data).toEqual([]);
  });
});

describe('POST /api/bus/save and /api/bus/archive', () => {
  it("updates a vehicle, and refuses another tenant's vehicle as not found", async () => {
    const { data } = (await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: 'EDIT-1' }))
      .body;
    const saved = await call(t, delivery, 'POST', '/api/bus/save', {
      ...vehicle,
      id: data.id,
      reference: 'EDIT-2',
    });
    expect(saved.body.data.reference).toBe('EDIT-2');
    const foreign = await call(t, namat, 'POST', '/api/bus/save', {
      ...vehicle,
      id: data.id,
      reference: 'HACK',
    });
    expect(foreign.status).toBe(404);
    expect((await call(t, namat, 'POST', '/api/bus/archive', { id: data.id })).status).toBe(404);
  });

  it('archives a vehicle: gone from the list, its reference free again', async () => {
    const { data } = (await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: 'GONE-1' }))
      .body;
    expect((await call(t, delivery, 'POST', '/api/bus/archive', { id: data.id })).body.responseCode).toBe(1);
    const list = await call(t, delivery, 'GET', '/api/bus/get-buses?reference=GONE');
    expect(list.body.data).toEqual([]);
    expect(
      (await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: 'GONE-1' })).status,
    ).toBe(200);
    expect((await call(t, delivery, 'POST', '/api/bus/archive', { id: 'abc' })).status).toBe(400);
  });
});

describe('vehicle changes', () => {
  const eventsOf = async (work: () => Promise<unknown>) =>
    (await t.eventsDuring(work)).map((e) => [e.type, e.ids, e.tenant_id, e.actor.kind]);

  it('announce vehicle.created, vehicle.updated and vehicle.archived; refused writes announce nothing', async () => {
    let id = 0;
    const events = await eventsOf(async () => {
      id = (await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: 'EVT-V1' })).body.data
        .id;
      await call(t, delivery, 'POST', '/api/bus/save', { ...vehicle, id, reference: 'EVT-V2' });
      await call(t, delivery, 'POST', '/api/bus/archive', { id });
      await call(t, delivery, 'POST', '/api/bus/archive', { id });
      await call(t, namat, 'POST', '/api/bus/save', { ...vehicle, id, reference: 'EVT-V3' });
    });
    const tenant = DEMO.delivery.tenantId;
    expect(events).toEqual([
      ['vehicle.created', [id], tenant, 'tenant_admin'],
      ['vehicle.updated', [id], tenant, 'tenant_admin'],
      ['vehicle.archived', [id], tenant, 'tenant_admin'],
    ]);
  });

  it('archiving a vehicle takes it from its drivers and announces their change too', async () => {
    const { id } = (await call(t, delivery, 'POST', '/api/bus/add', { ...vehicle, reference: 'EVT-HELD' }))
      .body.data;
    const holder = await call(t, delivery, 'POST', '/api/driver/add-driver', {
      fname: 'Held',
      lname: 'Vehicle',
      email: 'held.vehicle@desert.example',
      password: 'lemon-tree-42',
      bus_id: id,
      hourly_rate: 20,
      language: null,
    });
    expect(holder.body.data.bus).toEqual({ id, reference: 'EVT-HELD' });
    const events = await eventsOf(() => call(t, delivery, 'POST', '/api/bus/archive', { id }));
    const tenant = DEMO.delivery.tenantId;
    expect(events).toEqual([
      ['vehicle.archived', [id], tenant, 'tenant_admin'],
      ['driver.updated', [holder.body.data.id], tenant, 'tenant_admin'],
    ]);
    const after = (await call(t, delivery, 'GET', '/api/driver/get-drivers?name=Held')).body.data[0];
    expect(after).toMatchObject({ bus_id: null, bus: null });
  });
});

describe('GET /api/v1/vehicles/export', () => {
  it('answers a real .xlsx of every vehicle matching the search', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/vehicles/export?search=PICK',
      headers: { cookie: delivery },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Reference', 'Brand', 'Status']));
    expect(sheet.rowCount).toBe(1 + 6);
  });

  it("has a Load capacity column holding each vehicle's, empty where none is recorded", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/vehicles/export?search=LOAD-',
      headers: { cookie: delivery },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    const headers = sheet.getRow(1).values as unknown[];
    const column = headers.indexOf('Load capacity');
    const referenceColumn = headers.indexOf('Reference');
    expect(column).toBeGreaterThan(0);
    const cells = new Map<unknown, unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1) cells.set(row.getCell(referenceColumn).value, row.getCell(column).value);
    });
    expect(cells.get('LOAD-1')).toBe(1500.5);
    expect(cells.get('LOAD-2')).toBe(750);
    expect(cells.get('LOAD-4') ?? null).toBeNull();
  });
});

describe('POST /api/v1/vehicles/import', () => {
  const upload = (url: string, csv: string) => {
    const { payload, headers } = multipartFile(csv, 'vehicles.csv');
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: delivery } });
  };

  it('reads an optional Load capacity column, empty cells as none', async () => {
    const csv =
      'Reference,Brand,Model,Year,Mileage,Load capacity\nCAP-1,Kia,K5,2020,,2500\nCAP-2,Kia,K5,2021,,';
    const res = await upload('/api/v1/vehicles/import', csv);
    expect(res.json().data).toEqual({ imported: 2 });
    const rows = (await call(t, delivery, 'GET', '/api/bus/get-buses?reference=CAP-')).body.data;
    const capacities = Object.fromEntries(
      rows.map((v: { reference: string; load_capacity: number | null }) => [v.reference, v.load_capacity]),
    );
    expect(capacities).toEqual({ 'CAP-1': 2500, 'CAP-2': null });
    // A file without the column still imports, with no load capacity.
    const without = await upload('/api/v1/vehicles/import', 'Reference,Brand,Model,Year\nCAP-3,Kia,K5,2022');
    expect(without.json().data).toEqual({ imported: 1 });
  });

  it('refuses a bad load capacity naming the row and the column, importing nothing', async () => {
    const before = (await call(t, delivery, 'GET', '/api/bus/get-buses')).body.data.length;
    const csv =
      'Reference,Brand,Model,Year,Load capacity\nCAP-OK,Kia,K5,2020,10\nCAP-X,Kia,K5,2020,heavy\nCAP-Y,Kia,K5,2020,0';
    const preview = (await upload('/api/v1/vehicles/import/preview', csv)).json().data;
    expect(preview).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    const res = await upload('/api/v1/vehicles/import', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'row 3', message: `Load capacity: ${LOAD_CAPACITY_MESSAGES.invalid}` },
      { path: 'row 4', message: `Load capacity: ${LOAD_CAPACITY_MESSAGES.invalid}` },
    ]);
    expect((await call(t, delivery, 'GET', '/api/bus/get-buses')).body.data.length).toBe(before);
  });
});
