import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/app.ts';

let t: TestApp;
let delivery: string;
let namat: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const asMap = (data: { key: string; value: string }[]) =>
  Object.fromEntries(data.map((s) => [s.key, s.value]));

describe('GET /api/tenant-settings/get-settings', () => {
  it("answers the tenant's own terms, units and map location", async () => {
    const res = await get(`/api/tenant-settings/get-settings?tenant_id=${DEMO.namat.tenantId}`, namat);
    expect(res.statusCode).toBe(200);
    expect(res.json().responseCode).toBe(1);
    expect(asMap(res.json().data)).toMatchObject({
      driver_term: 'Staff',
      trip_term: 'Task',
      currency: 'Euro',
      lat: '25.276987',
      lon: '55.17128',
    });
  });

  it("uses the caller's tenant when tenant_id is left out", async () => {
    const res = await get('/api/tenant-settings/get-settings', delivery);
    expect(asMap(res.json().data)).toMatchObject({ warehouse_term: 'Warehouse', currency: 'UAE Dirham' });
  });

  it("refuses another tenant's id with 403 and reveals none of its settings", async () => {
    const res = await get(`/api/tenant-settings/get-settings?tenant_id=${DEMO.namat.tenantId}`, delivery);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      responseCode: 0,
      responseMessage: 'You do not have access to this tenant.',
      data: null,
    });
  });

  it('lets the super admin read any tenant, and answers 404 for a tenant that does not exist', async () => {
    const res = await get(`/api/tenant-settings/get-settings?tenant_id=${DEMO.school.tenantId}`, superAdmin);
    expect(asMap(res.json().data)).toMatchObject({ bus_term: 'Bus', destination_term: 'Stop' });
    expect((await get('/api/tenant-settings/get-settings?tenant_id=9999', superAdmin)).statusCode).toBe(404);
    const bad = await get('/api/tenant-settings/get-settings?tenant_id=abc', superAdmin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().responseMessage).toBe('tenant_id must be a positive whole number');
  });

  it('also answers the POST form with tenant_id in the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tenant-settings/get-settings',
      headers: { cookie: namat },
      payload: { tenant_id: DEMO.namat.tenantId },
    });
    expect(asMap(res.json().data).driver_term).toBe('Staff');
  });
});

describe('GET /api/settings/*', () => {
  it('lists the default settings with the spec defaults', async () => {
    const res = await get('/api/settings/get-default-settings', delivery);
    expect(asMap(res.json().data)).toMatchObject({
      trip_term: 'Trip',
      driver_term: 'Driver',
      destination_term: 'Destination',
      warehouse_term: 'Origin',
      bus_term: 'Vehicle',
      currency: 'Euro',
    });
  });

  it('lists currencies, distance and volume units with name and symbol', async () => {
    const currencies = (await get('/api/settings/get-currencies', delivery)).json().data;
    expect(currencies).toContainEqual({ id: expect.any(Number), name: 'Euro', symbol: '€' });
    const space = (await get('/api/settings/get-space-units', delivery)).json().data;
    expect(space.map((u: { name: string }) => u.name)).toEqual(['Meters', 'Kilometers', 'Miles', 'Feet']);
    const volume = (await get('/api/settings/get-volume-units', superAdmin)).json().data;
    expect(volume).toContainEqual({ id: expect.any(Number), name: 'Liters', symbol: 'L' });
  });

  it('lists the tenant types, including school_bus and namat', async () => {
    const types = (await get('/api/settings/get-tenant-types', superAdmin)).json().data;
    expect(types.map((x: { value: string }) => x.value)).toEqual(
      expect.arrayContaining(['school_bus', 'namat', 'delivery']),
    );
  });
});
