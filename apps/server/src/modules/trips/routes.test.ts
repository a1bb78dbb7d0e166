import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accidents, fines, tripDestinations, trips } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { pdfText } from '../../test/pdf-text.ts';

let t: TestApp;
let delivery: string;
let namat: string;

interface Refs {
  drivers: { id: number; fname: string; lname: string }[];
  warehouse: number;
  type: number;
  destinations: { id: number; name: string }[];
}
let own: Refs;
let other: Refs;

async function refsOf(cookie: string): Promise<Refs> {
  const drivers = (await call(t, cookie, 'GET', '/api/driver/get-drivers')).body.data;
  const warehouses = (await call(t, cookie, 'GET', '/api/warehouse/get-warehouse')).body.data;
  const types = (await call(t, cookie, 'GET', '/api/type/get-types')).body.data;
  const destinations = (await call(t, cookie, 'GET', '/api/destination/get-destinations')).body.data;
  return { drivers, warehouse: warehouses[0].id, type: types[0].id, destinations };
}

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  own = await refsOf(delivery);
  other = await refsOf(namat);
});
afterAll(() => t.close());

/** A trip of three stops with tasks, starting at `start` (UTC). */
const newTrip = (start = '2030-05-10 06:00:00', driver = own.drivers[0]!.id) => ({
  driver_id: driver,
  warehouse_id: own.warehouse,
  type: own.type,
  start_date: start,
  note: 'Fragile goods: keep upright',
  departure_time_range: 15,
  destinations: [
    {
      destination_id: own.destinations[0]!.id,
      destination_name: own.destinations[0]!.name,
      driving_time: 30,
      staying_time: 10,
      driving_time_range: 5,
      staying_time_range: 5,
      tasks: [
        { description: 'Deliver 3 parcels', order_id: 'ORD-1001', client_approval: true, priority: 0 },
        { description: 'Collect signature', manager_approval: 1, priority: 1 },
      ],
    },
    {
      destination_id: own.destinations[1]!.id,
      destination_name: own.destinations[1]!.name,
      driving_time: '25',
      staying_time: '15',
      tasks: [{ description: 'Pick up returns', priority: 0 }],
    },
    {
      destination_name: 'Gate 4, Al Maktoum Airport Cargo',
      destination_lat: 24.8962,
      destination_lon: 55.1614,
      driving_time: 20,
      staying_time: '',
      tasks: [],
    },
  ],
});

const addTrip = async (payload: object = newTrip()) => {
  const res = await call(t, delivery, 'POST', '/api/trip/add-trip', payload);
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data;
};

describe('POST /api/trip/add-trip', () => {
  it('adds a trip with ordered stops, tasks and computed arrival times', async () => {
    const res = await call(t, delivery, 'POST', '/api/trip/add-trip', newTrip());
    expect(res.status).toBe(200);
    expect(res.body.responseMessage).toBe('Trip added successfully');
    const trip = res.body.data;
    expect(trip).toMatchObject({
      driver: { id: own.drivers[0]!.id },
      warehouse_id: own.warehouse,
      type: { id: own.type },
      type0: { id: own.type },
      start_date: '2030-05-10 06:00:00',
      started_date: null,
      ended_date: null,
      flag: 0,
      status: 0,
      note: 'Fragile goods: keep upright',
      departure_time_range: 15,
      expected_length: 100,
      schedule_id: null,
      fines: [],
      accidents: [],
    });
    expect(trip.destinations.map((d: { destination_name: string }) => d.destination_name)).toEqual([
      own.destinations[0]!.name,
      own.destinations[1]!.name,
      'Gate 4, Al Maktoum Airport Cargo',
    ]);
    const [first, second, third] = trip.destinations;
    expect(first).toMatchObject({
      driving_time: 30,
      staying_time: 10,
      driving_time_range: 5,
      expected_arrival_date: '2030-05-10 06:30:00',
      expected_departure_date: '2030-05-10 06:40:00',
    });
    expect(first.tasks).toMatchObject([
      {
        description: 'Deliver 3 parcels',
        order_id: 'ORD-1001',
        client_approval: true,
        manager_approval: false,
      },
      { description: 'Collect signature', client_approval: false, manager_approval: true, priority: 1 },
    ]);
    expect(first.tasks[0].task_id).toBe(first.tasks[0].id);
    expect(second).toMatchObject({ expected_arrival_date: '2030-05-10 07:05:00', driving_time: 25 });
    // No staying time at the last stop: its arrival cannot be computed.
    expect(third).toMatchObject({
      destination_id: null,
      destination_lat: 24.8962,
      staying_time: null,
      expected_arrival_date: null,
      tasks: [],
    });
  });

  it('accepts what a clone sends back: the copied trip with its ids and type object', async () => {
    const original = await addTrip();
    const clone = await call(t, delivery, 'POST', '/api/trip/add-trip', {
      ...original,
      start_date: '2030-05-11 06:00:00',
    });
    expect(clone.status).toBe(200);
    expect(clone.body.data.id).not.toBe(original.id);
    expect(clone.body.data.type).toEqual(original.type);
    const ids = (trip: { destinations: { id: number; tasks: { id: number }[] }[] }) =>
      trip.destinations.flatMap((d) => [d.id, ...d.tasks.map((task) => task.id)]);
    expect(ids(clone.body.data).some((id) => ids(original).includes(id))).toBe(false);
    expect(clone.body.data.destinations.map((d: { tasks: unknown[] }) => d.tasks.length)).toEqual([2, 1, 0]);
    // The original is untouched.
    const again = await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id: original.id });
    expect(ids(again.body.data)).toEqual(ids(original));
  });

  it("answers the spec's messages for missing fields, nameless stops, pending tasks and bad times", async () => {
    const empty = await call(t, delivery, 'POST', '/api/trip/add-trip', {});
    expect(empty.status).toBe(400);
    expect(empty.body.responseMessage).toBe('Field is required');
    expect(empty.body.errors?.map((e) => e.path)).toEqual(
      expect.arrayContaining(['driver_id', 'warehouse_id', 'type', 'start_date', 'destinations']),
    );
    const trip = newTrip();
    const cases: [object, string][] = [
      [
        { destinations: [{ ...trip.destinations[0], destination_name: ' ' }] },
        'Fill the Destination correctly',
      ],
      [
        { destinations: [{ ...trip.destinations[0], tasks: [{ description: '' }] }] },
        'Cannot save destination with pending tasks. Please review the tasks.',
      ],
      [
        { destinations: [{ ...trip.destinations[0], staying_time: -5 }] },
        'Please enter a non-negative number',
      ],
      [
        { destinations: [{ ...trip.destinations[0], driving_time: 'soon' }] },
        'Please enter a non-negative number',
      ],
      [{ departure_time_range: -1 }, 'Please enter a non-negative number'],
      [{ start_date: '2030-02-30 06:00:00' }, 'Give a date and time as YYYY-MM-DD HH:mm:ss (UTC)'],
      [{ destinations: [] }, 'Add at least one Destination'],
      [{ destinations: [{ destination_name: 'Somewhere', tasks: [] }] }, 'Fill the Destination correctly'],
    ];
    for (const [change, message] of cases) {
      const res = await call(t, delivery, 'POST', '/api/trip/add-trip', { ...trip, ...change });
      expect(res.status, message).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
  });

  it("refuses archived drivers and another tenant's driver, origin, type or destination, writing nothing", async () => {
    const before = await t.database.db.$count(trips);
    const driver = own.drivers.at(-1)!.id;
    expect((await call(t, delivery, 'POST', '/api/driver/archive', { id: driver })).status).toBe(200);
    const trip = newTrip();
    const cases: [object, string][] = [
      [{ driver_id: driver }, 'The chosen driver does not exist or has been deleted.'],
      [{ driver_id: other.drivers[0]!.id }, 'The chosen driver does not exist or has been deleted.'],
      [{ warehouse_id: other.warehouse }, 'The chosen origin does not exist.'],
      [{ type: other.type }, 'The chosen type does not exist.'],
      [
        { destinations: [{ ...trip.destinations[0], destination_id: other.destinations[0]!.id }] },
        'A chosen destination does not exist.',
      ],
    ];
    for (const [change, message] of cases) {
      const res = await call(t, delivery, 'POST', '/api/trip/add-trip', { ...trip, ...change });
      expect(res.status, message).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
    expect(await t.database.db.$count(trips)).toBe(before);
    own.drivers = own.drivers.slice(0, -1);
  });
});

describe('POST /api/trip/get-trip-details', () => {
  it("answers one trip, and 404 for an unknown id or another tenant's trip", async () => {
    const trip = await addTrip();
    const res = await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id: trip.id });
    expect(res.body.data).toEqual(trip);
    expect((await call(t, namat, 'POST', '/api/trip/get-trip-details', { id: trip.id })).status).toBe(404);
    expect((await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id: 999_999 })).status).toBe(404);
    const bad = await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toBe('id must be a positive whole number');
  });
});

describe('POST /api/trip/save', () => {
  it('updates the trip, keeping the stops and tasks it names by id', async () => {
    const trip = await addTrip();
    const [first, second] = trip.destinations;
    const arrived = new Date('2030-05-10T06:31:00Z');
    await t.database.db
      .update(tripDestinations)
      .set({ arrivedDate: arrived })
      .where(eq(tripDestinations.id, first.id));
    const res = await call(t, delivery, 'POST', '/api/trip/save', {
      ...trip,
      driver_id: own.drivers[1]!.id,
      start_date: '2030-05-12 07:00:00',
      note: '',
      destinations: [
        { ...second, tasks: [] },
        {
          ...first,
          staying_time: 20,
          tasks: [
            { ...first.tasks[1], description: 'Collect two signatures', priority: 0 },
            { description: 'Photo of the dock', priority: 1 },
          ],
        },
      ],
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    expect(res.body.responseMessage).toBe('Trip updated successfully.');
    const saved = res.body.data;
    expect(saved).toMatchObject({
      driver_id: own.drivers[1]!.id,
      start_date: '2030-05-12 07:00:00',
      note: null,
    });
    expect(saved.destinations.map((d: { id: number }) => d.id)).toEqual([second.id, first.id]);
    expect(saved.destinations[0].tasks).toEqual([]);
    expect(saved.destinations[1]).toMatchObject({ staying_time: 20, arrived_date: '2030-05-10 06:31:00' });
    expect(
      saved.destinations[1].tasks.map((x: { id: number; description: string }) => x.description),
    ).toEqual(['Collect two signatures', 'Photo of the dock']);
    expect(saved.destinations[1].tasks[0].id).toBe(first.tasks[1].id);
  });

  it("refuses another trip's stop ids, another tenant's trip and an unknown trip", async () => {
    const a = await addTrip();
    const b = await addTrip();
    const foreignStop = await call(t, delivery, 'POST', '/api/trip/save', {
      ...a,
      destinations: [b.destinations[0]],
    });
    expect(foreignStop.status).toBe(400);
    expect(foreignStop.body.responseMessage).toBe('A stop being edited does not belong to this trip.');
    const foreignTask = await call(t, delivery, 'POST', '/api/trip/save', {
      ...a,
      destinations: [{ ...a.destinations[0], tasks: [b.destinations[0].tasks[0]] }],
    });
    expect(foreignTask.body.responseMessage).toBe('A task being edited does not belong to this trip.');
    const otherTenant = await call(t, namat, 'POST', '/api/trip/save', {
      ...a,
      driver_id: other.drivers[0]!.id,
      warehouse_id: other.warehouse,
      type: other.type,
      destinations: [{ destination_name: 'X', destination_lat: 1, destination_lon: 1 }],
    });
    expect(otherTenant.status).toBe(404);
    expect((await call(t, delivery, 'POST', '/api/trip/save', { ...a, id: 999_999 })).status).toBe(404);
    const unchanged = await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id: a.id });
    expect(unchanged.body.data).toEqual(a);
  });
});

describe('POST /api/trip/get-all-trips', () => {
  it('pages trips planned in the date range, ten by default, newest planned first', async () => {
    for (let i = 0; i < 12; i++)
      await addTrip(newTrip(`2031-01-${String(10 + i).padStart(2, '0')} 08:00:00`));
    const body = { fdate: '2031-01-01', tdate: '2031-01-31' };
    const first = await call(t, delivery, 'POST', '/api/trip/get-all-trips?page=1', body);
    expect(first.body.data.pagination).toEqual({
      page: 1,
      page_size: 10,
      total_items: 12,
      total_exact: true,
      next_cursor: expect.any(String),
      prev_cursor: null,
    });
    const starts = first.body.data.trips.map((x: { start_date: string }) => x.start_date);
    expect(starts).toEqual(Array.from({ length: 10 }, (_, i) => `2031-01-${21 - i} 08:00:00`));
    const second = await call(t, delivery, 'POST', '/api/trip/get-all-trips?page=2&page_size=10', body);
    expect(second.body.data.trips).toHaveLength(2);
    expect(second.body.data.pagination).toMatchObject({ next_cursor: null, prev_cursor: expect.any(String) });
    // The next page by the first page's cursor is the second page.
    const next = await call(
      t,
      delivery,
      'POST',
      `/api/trip/get-all-trips?page=2&cursor=${encodeURIComponent(first.body.data.pagination.next_cursor)}`,
      body,
    );
    expect(next.body.data.trips).toEqual(second.body.data.trips);
    // A date-time bound is exact; a day bound covers the whole day.
    const narrow = await call(t, delivery, 'POST', '/api/trip/get-all-trips', {
      fdate: '2031-01-12 08:00:00',
      tdate: '2031-01-13',
    });
    expect(narrow.body.data.trips.map((x: { start_date: string }) => x.start_date)).toEqual([
      '2031-01-13 08:00:00',
      '2031-01-12 08:00:00',
    ]);
    const search = await call(t, delivery, 'POST', '/api/trip/get-all-trips', {
      ...body,
      search: own.drivers[0]!.lname,
    });
    expect(search.body.data.pagination.total_items).toBe(12);
    expect(
      (await call(t, namat, 'POST', '/api/trip/get-all-trips', body)).body.data.pagination.total_items,
    ).toBe(0);
  });

  it('defaults to the first of the month until tomorrow, and refuses bad dates', async () => {
    // The last second of tomorrow (UTC): the newest planned trip the default range holds, so first.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const trip = await addTrip(newTrip(tomorrow.toISOString().slice(0, 10) + ' 23:59:59'));
    const res = await call(t, delivery, 'POST', '/api/trip/get-all-trips', {});
    expect(res.body.data.trips[0].id).toBe(trip.id);
    const bad = await call(t, delivery, 'POST', '/api/trip/get-all-trips', { fdate: '2031-13-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toBe('Dates must be YYYY-MM-DD or YYYY-MM-DD HH:mm:ss (UTC)');
    const reversed = await call(t, delivery, 'POST', '/api/trip/get-all-trips', {
      fdate: '2031-02-01',
      tdate: '2031-01-01',
    });
    expect(reversed.body.responseMessage).toBe('The end of the date range must not be before its start');
    expect((await call(t, delivery, 'POST', '/api/trip/get-all-trips?page=0', {})).status).toBe(400);
  });
});

describe('POST /api/trip/archive', () => {
  it('archives a trip of the own tenant only; it leaves the lists', async () => {
    const trip = await addTrip(newTrip('2032-03-03 08:00:00'));
    expect((await call(t, namat, 'POST', '/api/trip/archive', { id: trip.id })).status).toBe(404);
    const res = await call(t, delivery, 'POST', '/api/trip/archive', { id: trip.id });
    expect(res.body).toMatchObject({ responseCode: 1, responseMessage: 'Trip deleted successfully.' });
    expect((await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id: trip.id })).status).toBe(404);
    const list = await call(t, delivery, 'POST', '/api/trip/get-all-trips', {
      fdate: '2032-03-03',
      tdate: '2032-03-03',
    });
    expect(list.body.data.trips).toEqual([]);
    expect((await call(t, delivery, 'POST', '/api/trip/archive', { id: trip.id })).status).toBe(404);
  });
});

describe('GET /api/trip/report', () => {
  it('refuses a trip that has not ended with the report failure message', async () => {
    const trip = await addTrip();
    const res = await call(t, delivery, 'GET', `/api/trip/report?id=${trip.id}`);
    expect(res.status).toBe(409);
    expect(res.body.responseMessage).toBe('Failed to generate report: the trip has not ended yet');
    const pdf = await t.app.inject({
      url: `/api/v1/trips/${trip.id}/report.pdf`,
      headers: { cookie: delivery },
    });
    expect(pdf.statusCode).toBe(409);
  });

  it('makes a real PDF of an ended trip: stops, tasks, approvals, fines and accidents', async () => {
    const trip = await addTrip();
    const { db } = t.database;
    await db
      .update(trips)
      .set({
        startedDate: new Date('2030-05-10T06:05:00Z'),
        endedDate: new Date('2030-05-10T08:10:00Z'),
        flag: 1,
      })
      .where(eq(trips.id, trip.id));
    await db
      .update(tripDestinations)
      .set({ arrivedDate: new Date('2030-05-10T06:37:00Z'), departedDate: new Date('2030-05-10T06:49:00Z') })
      .where(and(eq(tripDestinations.tripId, trip.id), eq(tripDestinations.position, 0)));
    await db.insert(fines).values({
      tenantId: DEMO.delivery.tenantId,
      driverId: trip.driver_id,
      tripId: trip.id,
      amount: 300,
      description: 'Speeding on Sheikh Zayed Road',
      issuedDate: new Date('2030-05-10T07:00:00Z'),
    });
    await db.insert(accidents).values({
      tenantId: DEMO.delivery.tenantId,
      driverId: trip.driver_id,
      tripId: trip.id,
      location: 'Al Khail Road exit 42',
      description: 'Mirror clipped while parking',
    });

    const res = await call(t, delivery, 'GET', `/api/trip/report?id=${trip.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      responseCode: 200,
      responseMessage: 'Trip report generated successfully',
      data: { url: `/api/v1/trips/${trip.id}/report.pdf` },
    });
    const pdf = await t.app.inject({ url: res.body.data.url, headers: { cookie: delivery } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const stop of trip.destinations) expect(text).toContain(stop.destination_name);
    expect(text.indexOf(trip.destinations[0].destination_name)).toBeLessThan(
      text.indexOf('Gate 4, Al Maktoum Airport Cargo'),
    );
    expect(text).toContain(`${own.drivers[0]!.fname} ${own.drivers[0]!.lname}`);
    expect(text).toContain('Deliver 3 parcels (order ORD-1001)');
    expect(text).toContain('client approval Yes, manager approval No');
    expect(text).toContain('Speeding on Sheikh Zayed Road');
    expect(text).toContain('Al Khail Road exit 42');
    // Times in the tenant's zone (Dubai, UTC+4): planned 06:30Z arrival, actual 06:37Z.
    expect(text).toContain('Planned arrival 2030-05-10 10:30');
    expect(text).toContain('Actual arrival 2030-05-10 10:37');

    expect((await call(t, namat, 'GET', `/api/trip/report?id=${trip.id}`)).status).toBe(404);
    const foreign = await t.app.inject({ url: res.body.data.url, headers: { cookie: namat } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/json');
  });
});

describe('trip pickers', () => {
  it("POST /api/trip/get-all-trips-filtred lists one driver's trips, for the own tenant only", async () => {
    const driver = own.drivers[2]!;
    const trip = await addTrip(newTrip('2030-06-01 06:00:00', driver.id));
    const res = await call(t, delivery, 'POST', '/api/trip/get-all-trips-filtred', { driver_id: driver.id });
    expect(res.body.data.map((x: { id: number }) => x.id)).toContain(trip.id);
    expect(res.body.data.every((x: { driver_id: number }) => x.driver_id === driver.id)).toBe(true);
    expect(
      (await call(t, namat, 'POST', '/api/trip/get-all-trips-filtred', { driver_id: driver.id })).status,
    ).toBe(404);
    expect((await call(t, delivery, 'POST', '/api/trip/get-all-trips-filtred', {})).status).toBe(400);
  });

  it("POST /api/trip/get-trips answers the day's trips, searched by key", async () => {
    const trip = await addTrip(newTrip('2030-07-01 09:00:00'));
    const day = await call(t, delivery, 'POST', '/api/trip/get-trips', { date: '2030-07-01' });
    expect(day.body.data.map((x: { id: number }) => x.id)).toEqual([trip.id]);
    const miss = await call(t, delivery, 'POST', '/api/trip/get-trips', {
      date: '2030-07-01',
      key: 'zzz-nobody',
    });
    expect(miss.body.data).toEqual([]);
    const today = await call(t, delivery, 'POST', '/api/trip/get-trips', {
      tenant_id: DEMO.delivery.tenantId,
    });
    expect(today.status).toBe(200);
    expect((await call(t, namat, 'POST', '/api/trip/get-trips', { date: '2030-07-01' })).body.data).toEqual(
      [],
    );
  });

  it('POST /api/trip/get-driver-all-trips shows the new trip in the driver details tab', async () => {
    const driver = own.drivers[3]!;
    const trip = await addTrip(newTrip('2030-08-01 09:00:00', driver.id));
    const res = await call(t, delivery, 'POST', '/api/trip/get-driver-all-trips', {
      driver_id: driver.id,
      fdate: '2030-08-01',
      tdate: '2030-08-01',
    });
    expect(res.body.data.map((x: { id: number }) => x.id)).toEqual([trip.id]);
  });

  it("POST /api/trip/get-driver-all-trips keeps an archived driver's trips, and 404s a driver of another tenant", async () => {
    const driver = own.drivers.at(-1)!;
    const trip = await addTrip(newTrip('2030-08-02 09:00:00', driver.id));
    expect((await call(t, delivery, 'POST', '/api/driver/archive', { id: driver.id })).status).toBe(200);
    own.drivers = own.drivers.slice(0, -1);
    const res = await call(t, delivery, 'POST', '/api/trip/get-driver-all-trips', {
      driver_id: driver.id,
      fdate: '2030-08-02',
      tdate: '2030-08-02',
    });
    expect(res.status).toBe(200);
    // The Driver trips screen's fields too (spec 002 §3): driver, flag, fines, accidents, stops with their tasks.
    expect(res.body.data).toMatchObject([
      {
        id: trip.id,
        driver: { id: driver.id },
        flag: 0,
        fines: [],
        accidents: [],
        start_date: '2030-08-02 09:00:00',
        started_date: null,
        ended_date: null,
        created_date: trip.created_date,
        status: 0,
        note: 'Fragile goods: keep upright',
        warehouse: { title: trip.warehouse.title },
        type0: { title: trip.type.title },
        destinations: trip.destinations.map(
          (d: { id: number; destination_name: string; tasks: { id: number; description: string }[] }) => ({
            id: d.id,
            destination_name: d.destination_name,
            tasks: d.tasks.map((task) => ({ id: task.id, description: task.description })),
          }),
        ),
      },
    ]);
    const foreign = await call(t, namat, 'POST', '/api/trip/get-driver-all-trips', { driver_id: driver.id });
    expect(foreign.status).toBe(404);
    const unknown = await call(t, delivery, 'POST', '/api/trip/get-driver-all-trips', { driver_id: 999_999 });
    expect(unknown.status).toBe(404);
  });
});

/** What `work` announced: the change events published meanwhile, once their listeners have run. */

describe('trip change events', () => {
  it('announces an added, cloned, saved and archived trip in its tenant, naming the admin who acted', async () => {
    const me = (await call(t, delivery, 'GET', '/api/admin/me')).body.data.id as number;
    const ids: number[] = [];
    const events = await t.eventsDuring(async () => {
      const trip = await addTrip();
      const clone = await addTrip({ ...trip, start_date: '2030-05-11 06:00:00' });
      ids.push(trip.id, clone.id);
      expect((await call(t, delivery, 'POST', '/api/trip/save', { ...trip, note: 'Moved' })).status).toBe(
        200,
      );
      expect((await call(t, delivery, 'POST', '/api/trip/archive', { id: clone.id })).status).toBe(200);
    });
    const [trip, clone] = ids;
    expect(events.map((e) => [e.type, e.ids, e.tenant_id])).toEqual([
      ['trip.created', [trip], DEMO.delivery.tenantId],
      ['trip.created', [clone], DEMO.delivery.tenantId],
      ['trip.updated', [trip], DEMO.delivery.tenantId],
      ['trip.archived', [clone], DEMO.delivery.tenantId],
    ]);
    for (const event of events) expect(event.actor).toEqual({ kind: 'tenant_admin', id: me });
  });

  it('announces nothing for a refused change', async () => {
    const trip = await addTrip();
    const events = await t.eventsDuring(async () => {
      const foreignDriver = { ...newTrip(), driver_id: other.drivers[0]!.id };
      expect((await call(t, delivery, 'POST', '/api/trip/add-trip', foreignDriver)).status).toBe(400);
      expect((await call(t, delivery, 'POST', '/api/trip/save', { ...newTrip(), id: 999_999 })).status).toBe(
        404,
      );
      expect((await call(t, namat, 'POST', '/api/trip/archive', { id: trip.id })).status).toBe(404);
    });
    expect(events).toEqual([]);
  });
});

describe('GET /api/v1/trips/export', () => {
  it('answers a real .xlsx of the trips in the date range', async () => {
    const trip = await addTrip(newTrip('2033-04-04 04:00:00'));
    const res = await t.app.inject({
      url: '/api/v1/trips/export?fdate=2033-04-01&tdate=2033-04-30',
      headers: { cookie: delivery },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(trip.id);
    expect(String(sheet.getRow(2).getCell(10).value)).toContain('Gate 4, Al Maktoum Airport Cargo');
    const other = await t.app.inject({
      url: '/api/v1/trips/export?fdate=2033-04-01&tdate=2033-04-30',
      headers: { cookie: namat },
    });
    const otherBook = new ExcelJS.Workbook();
    await otherBook.xlsx.load(new Uint8Array(other.rawPayload).buffer);
    expect(otherBook.worksheets[0]!.rowCount).toBe(1);
    const bad = await t.app.inject({ url: '/api/v1/trips/export?fdate=soon', headers: { cookie: delivery } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/v1/trips/optimise-order', () => {
  const ORDER = '/api/v1/trips/optimise-order';
  let origin: { id: number; lat: number; lon: number };
  /** A stop `km` kilometres due east of the origin. */
  const east = (km: number, times: Record<string, number | string> = {}) => ({
    lat: origin.lat,
    lon: origin.lon + km / (111.32 * Math.cos((origin.lat * Math.PI) / 180)),
    driving_time: '',
    staying_time: '',
    driving_time_range: '',
    ...times,
  });
  beforeAll(async () => {
    const warehouses = (await call(t, delivery, 'GET', '/api/warehouse/get-warehouse')).body.data;
    origin = warehouses.find((w: { id: number }) => w.id === own.warehouse);
  });

  it('orders stops along one road from the nearest out, with the figures before and after', async () => {
    const res = await call(t, delivery, 'POST', ORDER, {
      warehouse_id: origin.id,
      destinations: [east(6), east(2), east(8), east(4)],
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    const { order, driving_time, before, after, estimate } = res.body.data;
    expect(order).toEqual([1, 3, 0, 2]);
    // 2 km at 40 km/h: 3 minutes a leg.
    expect(driving_time).toEqual([3, 3, 3, 3]);
    expect(before).toEqual({ distance_km: 20, driving_minutes: 30, late_stops: 0 });
    expect(after).toEqual({ distance_km: 8, driving_minutes: 12, late_stops: 0 });
    expect(estimate).toBe('Driving times are estimated from straight-line distances at 40 km/h.');
  });

  it('keeps a promised arrival rather than save distance', async () => {
    // The far stop is promised 6 minutes after the start (and is 5.9 min away); the near one later.
    const far = east(3.9, { driving_time: 6, staying_time: 5, driving_time_range: 0 });
    const near = east(1, { driving_time: 20, staying_time: 5 });
    const res = await call(t, delivery, 'POST', ORDER, {
      warehouse_id: origin.id,
      destinations: [far, near],
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    expect(res.body.data.order).toEqual([0, 1]);
    expect(res.body.data.after.late_stops).toBe(0);
    // Without a promise, or when the admin orders by driving alone, the near stop goes first.
    const free = await call(t, delivery, 'POST', ORDER, {
      warehouse_id: origin.id,
      destinations: [east(3.9), east(1)],
    });
    expect(free.body.data.order).toEqual([1, 0]);
    const driving = await call(t, delivery, 'POST', ORDER, {
      warehouse_id: origin.id,
      destinations: [far, near],
      keep_arrivals: false,
    });
    expect(driving.body.data.order).toEqual([1, 0]);
    // The far stop then misses its promise, and the figures say so.
    expect(driving.body.data.before.late_stops).toBe(0);
    expect(driving.body.data.after.late_stops).toBe(1);
  });

  it('runs one ordering per admin at a time, refusing a second one clearly meanwhile', async () => {
    const body = { warehouse_id: origin.id, destinations: [east(6), east(2), east(8), east(4)] };
    const answers = await Promise.all([
      call(t, delivery, 'POST', ORDER, body),
      call(t, delivery, 'POST', ORDER, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    expect(answers.find((a) => a.status === 429)!.body.responseMessage).toBe(
      'Your previous ordering is still running; try again when it has finished',
    );
    expect((await call(t, delivery, 'POST', ORDER, body)).status).toBe(200);
  });

  it("refuses too few stops, bad coordinates and another tenant's origin, clearly", async () => {
    const one = await call(t, delivery, 'POST', ORDER, { warehouse_id: origin.id, destinations: [east(1)] });
    expect(one.status).toBe(400);
    expect(one.body.responseMessage).toBe('Add at least two destinations to order them');
    const off = await call(t, delivery, 'POST', ORDER, {
      warehouse_id: origin.id,
      destinations: [east(1), { ...east(2), lat: 91 }],
    });
    expect(off.status).toBe(400);
    const foreign = await call(t, delivery, 'POST', ORDER, {
      warehouse_id: other.warehouse,
      destinations: [east(1), east(2)],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.responseMessage).toBe('The chosen origin does not exist.');
    expect(foreign.body.errors).toEqual([
      { path: 'warehouse_id', message: 'The chosen origin does not exist.' },
    ]);
  });
});
