import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@fleet/contract';
import { warehouses } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';

let t: TestApp;
let delivery: string;
let namat: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(() => t.close());

describe('origins (warehouse/*)', () => {
  it('adds, searches, updates and archives an origin', async () => {
    const added = await call(t, delivery, 'POST', '/api/warehouse/add', {
      title: 'Hatta Border Hub',
      lat: 25.011,
      lon: 55.061,
    });
    expect(added.body).toMatchObject({
      responseCode: 1,
      data: { title: 'Hatta Border Hub', lat: 25.011, lon: 55.061 },
    });
    const id = added.body.data.id as number;
    const found = await call(t, delivery, 'POST', '/api/warehouse/get-warehouse?title=hatta&limit=5', {});
    expect(found.body.data.map((w: { id: number }) => w.id)).toEqual([id]);
    const saved = await call(t, delivery, 'POST', '/api/warehouse/save', {
      id,
      title: 'Hatta Border Hub 2',
      lat: '25.02',
      lon: '55.07',
    });
    expect(saved.body.data).toMatchObject({ title: 'Hatta Border Hub 2', lat: 25.02 });
    expect(
      (await call(t, namat, 'POST', '/api/warehouse/save', { id, title: 'x', lat: 1, lon: 1 })).status,
    ).toBe(404);
    expect((await call(t, delivery, 'POST', '/api/warehouse/archive', { id })).body.responseCode).toBe(1);
    expect((await call(t, delivery, 'GET', '/api/warehouse/get-warehouse?title=hatta')).body.data).toEqual(
      [],
    );
  });

  it('lists and exports the origins added between two days (date controls), either end open', async () => {
    const addedOn = async (title: string, day: string) => {
      const res = await call(t, delivery, 'POST', '/api/warehouse/add', { title, lat: 25.1, lon: 55.2 });
      const id = res.body.data.id as number;
      await t.database.db
        .update(warehouses)
        .set({ createdDate: new Date(`${day}T12:00:00Z`) })
        .where(eq(warehouses.id, id));
      return id;
    };
    const march = await addedOn('Dated Depot March', '2025-03-10');
    const april = await addedOn('Dated Depot April', '2025-04-20');
    const listed = async (query: string) =>
      (
        await call(t, delivery, 'GET', `/api/warehouse/get-warehouse?title=dated%20depot&${query}`)
      ).body.data.map((w: { id: number }) => w.id);
    expect(await listed('fdate=2025-03-10&tdate=2025-03-10')).toEqual([march]);
    expect(await listed('fdate=2025-03-11')).toEqual([april]);
    expect(await listed('tdate=2025-04-19')).toEqual([march]);
    expect(await listed('')).toEqual([april, march]);

    const reversed = await call(
      t,
      delivery,
      'GET',
      '/api/warehouse/get-warehouse?fdate=2025-04-20&tdate=2025-03-10',
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.responseMessage).toBe(MESSAGES.trips.rangeInvalid);
    const bad = await call(t, delivery, 'GET', '/api/warehouse/get-warehouse?fdate=2025-02-30');
    expect(bad.status).toBe(400);

    const file = await t.app.inject({
      url: '/api/v1/origins/export?search=dated&fdate=2025-04-01',
      headers: { cookie: delivery },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((r, n) => n > 1 && rows.push([r.getCell(1).value, r.getCell(2).value]));
    expect(rows).toEqual([[april, 'Dated Depot April']]);
  });

  it('refuses a missing title and coordinates out of range, writing nothing', async () => {
    const empty = await call(t, delivery, 'POST', '/api/warehouse/add', { title: ' ', lat: 25, lon: 55 });
    expect(empty.body.responseMessage).toBe('Field is required');
    const lat = await call(t, delivery, 'POST', '/api/warehouse/add', { title: 'Xq', lat: 95, lon: 55 });
    expect(lat.body.responseMessage).toBe('Latitude must be a number between -90 and 90');
    const lon = await call(t, delivery, 'POST', '/api/warehouse/add', { title: 'Xq', lat: 25, lon: 'east' });
    expect(lon.status).toBe(400);
    expect((await call(t, delivery, 'GET', '/api/warehouse/get-warehouse?title=Xq')).body.data).toEqual([]);
  });
});

describe('destinations (destination/*)', () => {
  it("adds a destination for the own tenant only, and never lists another tenant's", async () => {
    const added = await call(t, delivery, 'POST', '/api/destination/add', {
      name: 'Dubai Mall, Downtown Dubai',
      tenant_id: DEMO.delivery.tenantId,
      lat: 25.1972,
      lon: 55.2796,
    });
    expect(added.body.data).toMatchObject({
      name: 'Dubai Mall, Downtown Dubai',
      tenant_id: DEMO.delivery.tenantId,
    });
    const other = await call(t, delivery, 'POST', '/api/destination/add', {
      name: 'x',
      tenant_id: DEMO.namat.tenantId,
      lat: 1,
      lon: 1,
    });
    expect(other.status).toBe(403);
    const id = added.body.data.id as number;
    const namatList = (await call(t, namat, 'GET', '/api/destination/get-destinations')).body.data;
    expect(namatList.map((d: { id: number }) => d.id)).not.toContain(id);
    expect(namatList.map((d: { name: string }) => d.name)).not.toContain('x');
    expect(
      (
        await call(t, delivery, 'POST', '/api/destination/save', {
          id,
          name: 'Dubai Mall',
          lat: 25.19,
          lon: 55.27,
        })
      ).body.data.name,
    ).toBe('Dubai Mall');
    expect((await call(t, namat, 'POST', '/api/destination/archive', { id })).status).toBe(404);
    expect((await call(t, delivery, 'POST', '/api/destination/archive', { id })).body.responseMessage).toBe(
      'Destination deleted successfully.',
    );
  });
});

describe('place changes', () => {
  it('announce origin.* and destination.* events naming the place and the admin; refused writes announce nothing', async () => {
    const from = t.events.length;
    const origin = (
      await call(t, delivery, 'POST', '/api/warehouse/add', { title: 'Evt Hub', lat: 25, lon: 55 })
    ).body.data.id as number;
    await call(t, delivery, 'POST', '/api/warehouse/save', {
      id: origin,
      title: 'Evt Hub 2',
      lat: 25,
      lon: 55,
    });
    await call(t, delivery, 'POST', '/api/warehouse/archive', { id: origin });
    await call(t, delivery, 'POST', '/api/warehouse/archive', { id: origin });
    const place = { name: 'Evt Stop', lat: 25.1, lon: 55.1 };
    const destination = (await call(t, delivery, 'POST', '/api/destination/add', place)).body.data
      .id as number;
    await call(t, delivery, 'POST', '/api/destination/save', { ...place, id: destination });
    await call(t, namat, 'POST', '/api/destination/save', { ...place, id: destination });
    await call(t, delivery, 'POST', '/api/destination/archive', { id: destination });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const tenant = DEMO.delivery.tenantId;
    expect(t.events.slice(from).map((e) => [e.type, e.ids, e.tenant_id, e.actor.kind])).toEqual([
      ['origin.created', [origin], tenant, 'tenant_admin'],
      ['origin.updated', [origin], tenant, 'tenant_admin'],
      ['origin.archived', [origin], tenant, 'tenant_admin'],
      ['destination.created', [destination], tenant, 'tenant_admin'],
      ['destination.updated', [destination], tenant, 'tenant_admin'],
      ['destination.archived', [destination], tenant, 'tenant_admin'],
    ]);
  });
});

describe('trip types (type/*)', () => {
  it('adds and updates a trip type with an unauthorised stop time of 1 to 1440 minutes', async () => {
    const added = await call(t, delivery, 'POST', '/api/type/add', {
      title: 'Express parcels',
      time_stop: '15',
    });
    expect(added.body.data).toMatchObject({ title: 'Express parcels', time_stop: 15 });
    const saved = await call(t, delivery, 'POST', '/api/type/save', {
      id: added.body.data.id,
      title: 'Express',
      time_stop: 1440,
    });
    expect(saved.body.data.time_stop).toBe(1440);
    const listed = await call(t, delivery, 'POST', '/api/type/get-types?title=expr&limit=4', {});
    expect(listed.body.data).toHaveLength(1);
  });

  it('refuses a long title and bad stop times with the spec messages', async () => {
    const long = await call(t, delivery, 'POST', '/api/type/add', { title: 'T'.repeat(50), time_stop: 10 });
    expect(long.body.responseMessage).toBe('Title must be less than 50 characters');
    for (const time_stop of ['0', '1441', '1.5', 'ten', -3]) {
      const res = await call(t, delivery, 'POST', '/api/type/add', { title: 'Ok', time_stop });
      expect(res.body.responseMessage, String(time_stop)).toBe('Enter a valid number (1-1440)');
    }
  });
});

describe('exports', () => {
  it('answers the origins and destinations as .xlsx files', async () => {
    for (const url of ['/api/v1/origins/export', '/api/v1/destinations/export']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: delivery } });
      expect(res.headers['content-type'], url).toContain('spreadsheetml');
    }
  });
});
