import { DEFAULT_SETTINGS } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { rowsOf } from '../../test/tenant-data.ts';

let t: TestApp;
let delivery: string;
let namat: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(() => t.close());

const LIST = '/api/v1/vehicles/maintenances';
const TYPES = '/api/v1/vehicles/maintenances/types';
const history = (vehicleId: number) => `/api/v1/vehicles/${vehicleId}/maintenances`;
/** Today on the demo tenants' clock. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_SETTINGS.time_zone }).format(new Date());

let made = 0;
async function vehicle(cookie = delivery): Promise<{ id: number; reference: string }> {
  const reference = `MNT-${++made}-${Date.now() % 100_000}`;
  const res = await call(t, cookie, 'POST', '/api/bus/add', {
    reference,
    brand: 'Isuzu',
    model: 'NPR',
    year: 2021,
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  return { id: res.body.data.id, reference };
}
async function typeId(name: string, cookie = delivery): Promise<number> {
  const types = (await call(t, cookie, 'GET', TYPES)).body.data as { id: number; name: string }[];
  return types.find((x) => x.name === name)!.id;
}

describe('GET /api/v1/vehicles/maintenances/types', () => {
  it('gives every tenant the default types, breakdown repair without an interval', async () => {
    for (const cookie of [delivery, namat]) {
      const res = await call(t, cookie, 'GET', TYPES);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true });
      expect(res.body.data.map((x: { name: string }) => x.name)).toEqual([
        'Oil change',
        'Tyres',
        'Brakes',
        'Inspection',
        'Breakdown repair',
      ]);
      expect(res.body.data[4]).toMatchObject({
        interval_days: null,
        interval_distance: null,
        unplanned: true,
      });
      expect(res.body.data[0]).toMatchObject({
        interval_days: 180,
        interval_distance: 10000,
        unplanned: false,
      });
    }
    // A tenant made later starts with them too.
    const superCookie = await t.login(DEMO.super.email, DEMO.super.password);
    const added = await call(t, superCookie, 'POST', '/api/tenant/add', {
      name: 'Maintenance Co',
      type: 'delivery',
    });
    expect(added.status, added.body.responseMessage).toBe(200);
    const [row] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from maintenance_types where tenant_id = ${added.body.data.id as number}`,
    );
    expect(row?.n).toBe(5);
  });

  it('lets the admin change an interval; refuses an interval on an unplanned type and another tenant’s type', async () => {
    const oil = await typeId('Oil change');
    const saved = await call(t, delivery, 'POST', `${TYPES}/${oil}`, {
      name: 'Oil change',
      interval_distance: 15000,
      interval_days: 90,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      success: true,
      data: { id: oil, interval_days: 90, interval_distance: 15000 },
    });
    const breakdown = await typeId('Breakdown repair');
    const planned = await call(t, delivery, 'POST', `${TYPES}/${breakdown}`, {
      name: 'Breakdown repair',
      interval_distance: null,
      interval_days: 30,
    });
    expect(planned.status).toBe(400);
    expect(planned.body).toMatchObject({
      success: false,
      message: 'An unplanned maintenance type has no interval',
    });
    const theirs = await call(t, namat, 'POST', `${TYPES}/${oil}`, {
      name: 'Hijacked',
      interval_distance: null,
      interval_days: 1,
    });
    expect(theirs.status).toBe(404);
    expect(await typeId('Oil change')).toBe(oil);
  });
});

describe('POST /api/v1/vehicles/maintenances', () => {
  it('records services; the list shows the last one, its note and the soonest due date', async () => {
    const bus = await vehicle();
    const oil = await typeId('Oil change'); // 90 days since the test above
    const inspection = await typeId('Inspection'); // 365 days
    const first = await call(t, delivery, 'POST', LIST, {
      bus_id: bus.id,
      date: '2026-01-10',
      type: inspection,
      note: 'Annual check',
      cost: '120.5',
      completed_by: 'Gulf Motors',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      data: {
        service_date: '2026-01-10',
        type: 'Inspection',
        note: 'Annual check',
        completed_by: 'Gulf Motors',
        cost: 120.5,
      },
    });
    await call(t, delivery, 'POST', LIST, { bus_id: bus.id, date: '2026-03-01', type: oil, cost: 80 });
    const list = await call(t, delivery, 'GET', LIST);
    expect(list.status).toBe(200);
    const row = list.body.data.find((r: { vehicle_id: number }) => r.vehicle_id === bus.id);
    expect(row).toEqual({
      vehicle_id: bus.id,
      vehicle_reference: bus.reference,
      // Oil change 2026-03-01 + 90 days comes before inspection 2026-01-10 + 365 days.
      predicted_upcoming_maintenance: '2026-05-30',
      predicted_type: 'Oil change',
      overdue: true,
      service_date: '2026-03-01',
      last_note: null,
      // The delivery demo has a model: a vehicle with a service on record is predicted at once.
      malfunction_probability: expect.any(Number),
    });
    const past = await call(t, delivery, 'GET', history(bus.id));
    expect(
      past.body.data.map((h: { service_date: string; type: string }) => [h.service_date, h.type]),
    ).toEqual([
      ['2026-03-01', 'Oil change'],
      ['2026-01-10', 'Inspection'],
    ]);
    // A vehicle never serviced predicts nothing.
    const fresh = await vehicle();
    const freshRow = (await call(t, delivery, 'GET', LIST)).body.data.find(
      (r: { vehicle_id: number }) => r.vehicle_id === fresh.id,
    );
    expect(freshRow).toMatchObject({
      predicted_upcoming_maintenance: null,
      overdue: false,
      service_date: null,
      last_note: null,
      malfunction_probability: null,
    });
  });

  it("refuses bad input with the dialog's messages, and another tenant's vehicle or type, writing nothing", async () => {
    const bus = await vehicle();
    const oil = await typeId('Oil change');
    const theirBus = await vehicle(namat);
    const theirOil = await typeId('Oil change', namat);
    const refused = async (body: object, message: string, cookie = delivery) => {
      const res = await call(t, cookie, 'POST', LIST, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as unknown as { message: string }).message).toBe(message);
    };
    const ok = { bus_id: bus.id, type: oil, date: '2026-02-02' };
    await refused({ ...ok, date: undefined }, 'Please enter a maintenance date');
    await refused({ ...ok, date: '2026-02-30' }, 'Please enter a maintenance date');
    await refused({ ...ok, cost: '10.999' }, 'Enter a valid price (e.g., 10, 10.5, 10.99)');
    await refused({ ...ok, cost: 'ten' }, 'Enter a valid price (e.g., 10, 10.5, 10.99)');
    await refused({ ...ok, bus_id: theirBus.id }, 'Vehicle not found');
    await refused({ ...ok, bus_id: 2_147_483_000 }, 'Vehicle not found');
    await refused({ ...ok, type: theirOil }, 'Maintenance type not found');
    expect((await call(t, delivery, 'GET', history(bus.id))).body.data).toEqual([]);
    // Another tenant's vehicle's history answers as one that does not exist.
    const foreign = await call(t, delivery, 'GET', history(theirBus.id));
    const missing = await call(t, delivery, 'GET', history(2_147_483_000));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe('availability', () => {
  it('leaves a vehicle serviced today out of the available ones, and tells the driver app', async () => {
    const bus = await vehicle();
    const available = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/bus/get-buses?reference=${bus.reference}`,
          headers: { cookie: delivery },
          payload: { type: 1 },
        })
      ).json().data as { id: number }[];
    expect((await available()).map((v) => v.id)).toEqual([bus.id]);
    // A service on another day does not take it out of service today.
    await call(t, delivery, 'POST', LIST, {
      bus_id: bus.id,
      date: '2026-01-01',
      type: await typeId('Tyres'),
    });
    expect((await available()).map((v) => v.id)).toEqual([bus.id]);
    // A driver asks for it before it goes in.
    const asker = await call(t, delivery, 'POST', '/api/driver/add-driver', {
      fname: 'Omar',
      lname: 'Asker',
      email: `omar.asker.${Date.now()}@maintenance.example`,
      password: 'long-enough-pass-1',
      hourly_rate: 20,
      bus_id: null,
    });
    const askerAuth = await t.driverToken(asker.body.data.id);
    const askFor = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/driver/vehicle-requests',
        headers: { authorization: askerAuth },
        payload: { new_bus_id: bus.id, note: 'Mine is at the tyre shop' },
      });
    const asked = await askFor();
    expect(asker.status, asker.body.responseMessage).toBe(200);
    expect(asked.statusCode, asked.body).toBe(200);
    const res = await call(t, delivery, 'POST', LIST, {
      bus_id: bus.id,
      date: today(),
      type: await typeId('Brakes'),
    });
    expect(res.status).toBe(200);
    expect(await available()).toEqual([]);
    // Nobody gets it today: the pending request cannot be accepted, and it cannot be asked for.
    const accept = await call(t, delivery, 'POST', '/api/bus-request/accept-request', {
      id: asked.json().data.id,
    });
    expect(accept.status).toBe(409);
    expect(accept.body.responseMessage).toBe(
      `Vehicle ${bus.reference} is in maintenance today: decline the request, or decide once it is back.`,
    );
    const again = await askFor();
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      {
        path: 'new_bus_id',
        message: `Vehicle ${bus.reference} is in maintenance today: choose another one.`,
      },
    ]);
    const drivers = await call(t, delivery, 'GET', '/api/driver/get-drivers');
    expect(drivers.body.data.find((d: { id: number }) => d.id === asker.body.data.id).bus_id).toBeNull();
    // Every vehicle is still listed without `type` 1.
    const all = await call(t, delivery, 'GET', `/api/bus/get-buses?reference=${bus.reference}`);
    expect(all.body.data.map((v: { id: number }) => v.id)).toEqual([bus.id]);

    // The driver app shows it as unavailable.
    const choices = await t.app.inject({
      method: 'GET',
      url: '/api/v1/driver/vehicles',
      headers: { authorization: askerAuth },
    });
    const listed = (choices.json().data.vehicles as { id: number; in_maintenance: boolean }[]).find(
      (v) => v.id === bus.id,
    );
    expect(listed).toMatchObject({ in_maintenance: true });
  });
});
