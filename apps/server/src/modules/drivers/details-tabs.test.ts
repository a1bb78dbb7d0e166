import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accidents,
  dieselTanks,
  driverLocations,
  fines,
  students,
  tasks,
  tripDestinations,
  trips,
  tripTypes,
  warehouses,
} from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';

let t: TestApp;
let delivery: string;
let namat: string;
let driverId: number;
/** The trips this file adds. */
let ownTripIds: number[];
const tenantId = DEMO.delivery.tenantId;

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  // A driver of this file's own: the demo's drivers have fines, refuels and accidents of their own.
  driverId = (
    await call(t, delivery, 'POST', '/api/driver/add-driver', {
      fname: 'Tariq',
      lname: 'Tabs',
      email: 'tariq.tabs@desert.example',
      password: 'lemon-tree-42',
      bus_id: null,
      hourly_rate: 0,
      language: null,
    })
  ).body.data.id;
  const db = t.database.db;
  const [wh] = await db
    .insert(warehouses)
    .values({ tenantId, title: 'Jebel Ali Hub', lat: 25.0, lon: 55.1 })
    .returning();
  const [type] = await db
    .insert(tripTypes)
    .values({ tenantId, title: 'Parcel round', timeStop: 20 })
    .returning();
  const [trip] = await db
    .insert(trips)
    .values({
      tenantId,
      driverId,
      warehouseId: wh!.id,
      typeId: type!.id,
      startDate: new Date('2026-03-10T06:00:00Z'),
      startedDate: new Date('2026-03-10T06:05:00Z'),
      endedDate: new Date('2026-03-10T09:00:00Z'),
      note: 'Fragile parcels',
    })
    .returning();
  const [later] = await db
    .insert(trips)
    .values({ tenantId, driverId, startDate: new Date('2026-03-12T06:00:00Z') })
    .returning();
  ownTripIds = [trip!.id, later!.id];
  const [stop] = await db
    .insert(tripDestinations)
    .values({ tenantId, tripId: trip!.id, position: 0, destinationName: 'Dubai Mall' })
    .returning();
  await db.insert(tasks).values({ tenantId, tripDestinationId: stop!.id, description: 'Deliver order 118' });
  await db.insert(accidents).values({
    tenantId,
    driverId,
    tripId: trip!.id,
    location: 'Sheikh Zayed Rd',
    description: 'Scratched mirror',
  });
  await db.insert(fines).values(
    Array.from({ length: 12 }, (_, i) => ({
      tenantId,
      driverId,
      amount: 100 + i,
      description: `Speeding ${i}`,
      issuedDate: new Date(Date.UTC(2026, 2, 1 + i)),
      status: i % 3,
    })),
  );
  await db.insert(dieselTanks).values({ tenantId, driverId, volume: 61.456, amount: 178.2 });
  await db.insert(students).values({
    tenantId,
    driverId,
    fname: 'Lina',
    lname: 'Haddad',
    stopName: 'Al Barsha 1',
    stopLat: 25.11,
    stopLon: 55.2,
  });
  await db.insert(driverLocations).values([
    {
      tenantId,
      driverId,
      lat: 25.2,
      lon: 55.27,
      recordedAt: new Date('2026-03-10T06:10:00Z'),
      source: 'app',
    },
    {
      tenantId,
      driverId,
      lat: 25.21,
      lon: 55.28,
      recordedAt: new Date('2026-03-10T06:11:00Z'),
      source: 'app',
    },
    { tenantId, driverId, lat: 25.3, lon: 55.3, recordedAt: new Date('2026-03-11T06:11:00Z'), source: 'app' },
  ]);
});
afterAll(() => t.close());

describe('driver details tabs', () => {
  it('POST /api/trip/get-driver-all-trips answers the trips in the range with status, stops and tasks', async () => {
    const res = await call(t, delivery, 'POST', '/api/trip/get-driver-all-trips', {
      driver_id: driverId,
      fdate: '2026-03-01',
      tdate: '2026-03-10',
    });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      status: 2,
      start_date: '2026-03-10 06:00:00',
      note: 'Fragile parcels',
      warehouse: { title: 'Jebel Ali Hub' },
      type0: { title: 'Parcel round' },
      destinations: [{ destination_name: 'Dubai Mall', tasks: [{ description: 'Deliver order 118' }] }],
    });
    const all = await call(t, delivery, 'POST', '/api/trip/get-driver-all-trips', {
      driver_id: driverId,
      tdate: '2026-12-31',
    });
    const own = all.body.data.filter((x: { id: number }) => ownTripIds.includes(x.id));
    expect(own.map((x: { status: number }) => x.status)).toEqual([0, 2]);
    const bad = await call(t, delivery, 'POST', '/api/trip/get-driver-all-trips', {
      driver_id: driverId,
      fdate: '2026-02-31',
    });
    expect(bad.status).toBe(400);
  });

  it('POST /api/trip/get-driver-all-trips?page=&page_size= answers one page, newest first, the total in X-Total-Count', async () => {
    const body = { driver_id: driverId, tdate: '2026-12-31' };
    const all = (await call(t, delivery, 'POST', '/api/trip/get-driver-all-trips', body)).body.data as {
      id: number;
    }[];
    expect(all.length).toBeGreaterThan(1);
    const page = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/trip/get-driver-all-trips?page=${n}&page_size=1`,
        headers: { cookie: delivery },
        payload: body,
      });
    const first = await page(1);
    expect(first.headers['x-total-count']).toBe(String(all.length));
    expect(first.json().data.map((x: { id: number }) => x.id)).toEqual([all[0]!.id]);
    expect((await page(2)).json().data.map((x: { id: number }) => x.id)).toEqual([all[1]!.id]);
    expect((await page(all.length + 1)).json().data).toEqual([]);
  });

  it('POST /api/fine/get-driver-fines pages on the server, 10 by default', async () => {
    const first = await call(t, delivery, 'POST', '/api/fine/get-driver-fines', { did: driverId });
    expect(first.body.data.fines).toHaveLength(10);
    expect(first.body.data.pagination).toEqual({ page: 1, page_size: 10, total_items: 12 });
    const second = await call(t, delivery, 'POST', '/api/fine/get-driver-fines?page=2&page_size=10', {
      did: driverId,
    });
    expect(second.body.data.fines).toHaveLength(2);
    expect(first.body.data.fines[0]).toMatchObject({ amount: 111, description: 'Speeding 11', status: 2 });
  });

  it('answers accidents, fuel, students and one day of positions', async () => {
    const acc = await call(t, delivery, 'POST', '/api/accident/get-driver-accidents', {
      driver_id: driverId,
    });
    expect(acc.body.data[0]).toMatchObject({ location: 'Sheikh Zayed Rd', description: 'Scratched mirror' });
    const fuel = await call(t, delivery, 'POST', '/api/diesel-tank/get-driver-diesel-tanks', {
      driver_id: driverId,
    });
    expect(fuel.body.data[0]).toMatchObject({ volume: 61.456, amount: 178.2 });
    const kids = await call(t, delivery, 'GET', `/api/driver/get-driver-students?id=${driverId}`);
    expect(kids.body.data).toEqual([
      {
        id: expect.any(Number),
        fname: 'Lina',
        lname: 'Haddad',
        stop_name: 'Al Barsha 1',
        stop_lat: 25.11,
        stop_lon: 55.2,
        // Written here straight into the table, the pupil has no stop destination.
        destination: null,
      },
    ]);
    const day = await call(t, delivery, 'POST', '/api/driver/get-driver-locations-for-today', {
      id: driverId,
      date: '2026-03-10',
    });
    expect(day.body.data.locations.map((l: { date_and_time: string }) => l.date_and_time)).toEqual([
      '2026-03-10 06:10:00',
      '2026-03-10 06:11:00',
    ]);
  });

  it('answers empty lists for a driver with no records yet', async () => {
    // A new driver: the demo's drivers all ran trips in the simulated history.
    const other = (
      await call(t, delivery, 'POST', '/api/driver/add-driver', {
        fname: 'Nora',
        lname: 'Records',
        email: 'nora.records@desert.example',
        password: 'lemon-tree-42',
        bus_id: null,
        hourly_rate: 0,
        language: null,
      })
    ).body.data.id;
    expect(
      (await call(t, delivery, 'POST', '/api/accident/get-driver-accidents', { driver_id: other })).body.data,
    ).toEqual([]);
    expect(
      (await call(t, delivery, 'POST', '/api/driver/get-driver-locations-for-today', { id: other })).body.data
        .locations,
    ).toEqual([]);
  });

  it("refuses another tenant's driver as not found on every tab", async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/api/trip/get-driver-all-trips', { driver_id: driverId }],
      ['POST', '/api/accident/get-driver-accidents', { driver_id: driverId }],
      ['POST', '/api/fine/get-driver-fines', { did: driverId }],
      ['POST', '/api/diesel-tank/get-driver-diesel-tanks', { driver_id: driverId }],
      ['GET', `/api/driver/get-driver-students?id=${driverId}`, undefined],
      ['POST', '/api/driver/get-driver-locations-for-today', { id: driverId }],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(t, namat, method as 'GET' | 'POST', url, body);
      expect(res.status, url).toBe(404);
    }
  });
});
