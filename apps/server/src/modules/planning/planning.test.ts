import { DEFAULT_SETTINGS, PLANNING_MESSAGES, type TPlanningProposal } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmAddresses, crmCustomers, crmItems } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';

/*
 * Plan a day through the API: the day's confirmed orders as stops, a proposal that keeps every
 * window, shift, capacity and locked stop, and a confirmation that creates exactly the trips shown.
 */

let t: TestApp;
let delivery: string;
let school: string;
const api = async (...args: Parameters<typeof call>) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read each answer's own shape
  (await call(...args)) as { status: number; body: any };

/** A day well past the demo's orders, on the tenants' clock. */
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_SETTINGS.time_zone }).format(
  new Date(Date.now() + 60 * 86_400_000),
);
const EMPTY_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_SETTINGS.time_zone }).format(
  new Date(Date.now() + 61 * 86_400_000),
);

/** Places around Dubai for the orders, a few kilometres apart. */
const PLACES = [
  { label: 'Jumeirah', lat: 25.21, lon: 55.25 },
  { label: 'Business Bay', lat: 25.185, lon: 55.28 },
  { label: 'Al Quoz', lat: 25.13, lon: 55.22 },
  { label: 'Deira', lat: 25.27, lon: 55.31 },
  { label: 'Marina', lat: 25.08, lon: 55.14 },
  { label: 'Mirdif', lat: 25.22, lon: 55.42 },
  { label: 'Karama', lat: 25.245, lon: 55.305 },
  { label: 'Barsha', lat: 25.11, lon: 55.2 },
];

let addresses: number[];
let drivers: number[];
let warehouse: number;
let type: number;
let orderIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  school = await t.login(DEMO.school.email, DEMO.school.password);
  const { db } = t.database;
  const tenantId = DEMO.delivery.tenantId;
  const [customer] = await db
    .insert(crmCustomers)
    .values({ tenantId, kind: 'company', name: 'Planner Pets' })
    .returning({ id: crmCustomers.id });
  addresses = (
    await db
      .insert(crmAddresses)
      .values(PLACES.map((p) => ({ tenantId, customerId: customer!.id, address: p.label, ...p })))
      .returning({ id: crmAddresses.id })
  ).map((a) => a.id);
  const [sack] = await db
    .insert(crmItems)
    .values({ tenantId, sku: 'PLAN-20', name: 'Feed sack 20 kg', unit: 'sack', unitPrice: 50, weight: 20 })
    .returning({ id: crmItems.id });

  // One order per place; a second at Jumeirah whose window meets the first's (one stop, the tighter
  // window), and a second at Al Quoz whose window is apart (a stop of its own).
  const orders: { place: number; window: [string, string] | null; sacks: number }[] = [
    { place: 0, window: ['09:00', '11:00'], sacks: 1 },
    { place: 1, window: null, sacks: 1 },
    { place: 2, window: ['13:00', '15:00'], sacks: 3 },
    { place: 3, window: null, sacks: 1 },
    { place: 4, window: ['10:00', '12:00'], sacks: 1 },
    { place: 5, window: null, sacks: 1 },
    { place: 6, window: ['08:00', '10:00'], sacks: 1 },
    { place: 7, window: null, sacks: 1 },
    { place: 0, window: ['09:30', '12:00'], sacks: 1 },
    { place: 2, window: ['08:00', '09:00'], sacks: 1 },
  ];
  orderIds = [];
  for (const { place, window, sacks } of orders) {
    const res = await api(t, delivery, 'POST', '/api/v1/crm/orders', {
      customer_id: customer!.id,
      address_id: addresses[place],
      requested_date: DAY,
      window_start: window?.[0] ?? null,
      window_end: window?.[1] ?? null,
      status: 'confirmed',
      lines: [{ item_id: sack!.id, quantity: sacks }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    orderIds.push(res.body.data.id);
  }

  drivers = [];
  for (const name of ['Aisha', 'Bilal']) {
    const res = await api(t, delivery, 'POST', '/api/driver/add-driver', {
      fname: name,
      lname: 'Planner',
      email: `${name.toLowerCase()}.planner@crm.example`,
      password: 'long-enough-pass-1',
      hourly_rate: 10,
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    drivers.push(res.body.data.id);
  }
  warehouse = (await api(t, delivery, 'GET', '/api/warehouse/get-warehouse')).body.data[0].id;
  type = (await api(t, delivery, 'GET', '/api/type/get-types')).body.data[0].id;
});
afterAll(() => t.close());

const shifts = () => [
  { driver_id: drivers[0], start_time: '07:00', end_time: '17:00', capacity: 60 },
  { driver_id: drivers[1], start_time: '08:00', end_time: '16:00', capacity: null },
];

async function propose(over: Record<string, unknown> = {}) {
  return api(t, delivery, 'POST', '/api/v1/planning/propose', {
    date: DAY,
    warehouse_id: warehouse,
    drivers: shifts(),
    ...over,
  });
}

describe('plan a day', () => {
  it("lists the day's orders as stops: orders to one address share one while their windows meet", async () => {
    const res = await api(t, delivery, 'GET', `/api/v1/planning/day?date=${DAY}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { stops, drivers: listed } = res.body.data;
    expect(stops).toHaveLength(PLACES.length + 1);
    expect(stops.find((s: { stop_id: number }) => s.stop_id === orderIds[0])).toMatchObject({
      address_id: addresses[0],
      name: 'Planner Pets — Jumeirah',
      order_ids: [orderIds[0], orderIds[8]],
      window_start: '09:30',
      window_end: '11:00',
      load: 40,
      service_minutes: 10,
    });
    const alQuoz = stops.filter((s: { address_id: number }) => s.address_id === addresses[2]);
    expect(alQuoz.map((s: { order_ids: number[]; load: number }) => [s.order_ids, s.load])).toEqual([
      [[orderIds[2]], 60],
      [[orderIds[9]], 20],
    ]);
    expect(listed.map((d: { driver_id: number }) => d.driver_id)).toEqual(expect.arrayContaining(drivers));
  });

  it('proposes routes within every window, shift and capacity, keeping a locked stop, the same each time', async () => {
    // Mirdif's stop, named by its order.
    const locks = [{ stop_id: orderIds[5], driver_id: drivers[0] }];
    const res = await propose({ locks });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const proposal: TPlanningProposal = res.body.data;
    const windowOf = new Map(proposal.stops.map((s) => [s.stop_id, s]));
    const planned = proposal.routes.flatMap((r) => r.visits.map((v) => v.stop_id));
    const left = proposal.unassigned.map((u) => u.stop_id);
    expect([...planned, ...left].sort((a, b) => a - b)).toEqual(
      proposal.stops.map((s) => s.stop_id).sort((a, b) => a - b),
    );
    expect(left).toEqual([]);
    expect(proposal.routes[0]!.visits.map((v) => v.stop_id)).toContain(orderIds[5]);
    for (const [i, route] of proposal.routes.entries()) {
      const shift = shifts()[i]!;
      expect(route.driver_id).toBe(shift.driver_id);
      if (shift.capacity) expect(route.load).toBeLessThanOrEqual(shift.capacity);
      if (!route.visits.length) continue;
      expect(route.start_time >= shift.start_time).toBe(true);
      expect(route.return_time <= shift.end_time).toBe(true);
      for (const visit of route.visits) {
        const stop = windowOf.get(visit.stop_id)!;
        if (stop.window_start) expect(visit.arrival >= stop.window_start).toBe(true);
        if (stop.window_end) expect(visit.arrival <= stop.window_end).toBe(true);
        expect(visit.driving_minutes).toBeGreaterThan(0);
      }
    }
    expect(proposal.estimate).toBe('Driving times are estimated from straight-line distances at 40 km/h.');
    expect((await propose({ locks })).body.data).toEqual(proposal);
  });

  it('leaves out what no chosen vehicle can carry, with why', async () => {
    const res = await propose({
      drivers: [{ driver_id: drivers[0], start_time: '07:00', end_time: '17:00', capacity: 50 }],
    });
    expect(res.status).toBe(200);
    // Al Quoz's order weighs 60.
    expect(res.body.data.unassigned).toContainEqual({
      stop_id: orderIds[2],
      reason: PLANNING_MESSAGES.overCapacity,
    });
  });

  it('refuses bad input with the field and its message', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ drivers: [] }, 400, PLANNING_MESSAGES.noDrivers],
      [
        { drivers: [{ driver_id: drivers[0], start_time: '17:00', end_time: '07:00' }] },
        400,
        PLANNING_MESSAGES.shiftOrder,
      ],
      [
        { drivers: [{ driver_id: drivers[0], start_time: '7am', end_time: '17:00' }] },
        400,
        PLANNING_MESSAGES.timeInvalid,
      ],
      [{ drivers: [...shifts(), shifts()[0]] }, 400, PLANNING_MESSAGES.driverTwice],
      [{ locks: [{ stop_id: orderIds[0], driver_id: 999_999 }] }, 400, PLANNING_MESSAGES.lockUnknownDriver],
      [
        { drivers: [{ driver_id: 999_999, start_time: '07:00', end_time: '17:00' }] },
        400,
        PLANNING_MESSAGES.driverUnknown,
      ],
      [{ locks: [{ stop_id: 999_999, driver_id: drivers[0] }] }, 400, PLANNING_MESSAGES.lockUnknownStop],
      [{ date: EMPTY_DAY }, 400, PLANNING_MESSAGES.noStops],
      [{ date: '2026-01-05' }, 400, PLANNING_MESSAGES.pastDay],
      [{ date: '2026-02-30' }, 400, 'Please enter a valid date (YYYY-MM-DD)'],
    ];
    for (const [over, status, message] of cases) {
      const res = await propose(over);
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect(JSON.stringify(res.body), JSON.stringify(over)).toContain(message);
    }
  });

  it('refuses a second plan of the same admin while the first is worked out', async () => {
    const [a, b] = await Promise.all([propose(), propose()]);
    expect([a.status, b.status].sort()).toEqual([200, 429]);
    expect((a.status === 429 ? a : b).body.message).toBe(PLANNING_MESSAGES.busy);
  });

  it('is shut to a tenant without CRM, and never plans another tenant’s drivers', async () => {
    expect((await api(t, school, 'GET', `/api/v1/planning/day?date=${DAY}`)).status).toBe(403);
    expect((await api(t, school, 'POST', '/api/v1/planning/propose', {})).status).toBe(403);
    const schoolDriver = (await api(t, school, 'GET', '/api/driver/get-drivers')).body.data[0].id;
    const res = await propose({
      drivers: [{ driver_id: schoolDriver, start_time: '07:00', end_time: '17:00' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PLANNING_MESSAGES.driverUnknown);
  });

  it('creates exactly the trips shown, then refuses the same plan again and creates nothing', async () => {
    const proposal: TPlanningProposal = (await propose()).body.data;
    const routes = proposal.routes
      .filter((r) => r.visits.length)
      .map((r) => ({
        driver_id: r.driver_id,
        start_time: r.start_time,
        visits: r.visits.map((v) => ({ stop_id: v.stop_id, driving_minutes: v.driving_minutes })),
      }));
    const confirm = { date: DAY, warehouse_id: warehouse, type_id: type, routes };
    const res = await api(t, delivery, 'POST', '/api/v1/planning/confirm', confirm);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.trips).toHaveLength(routes.length);
    const stopsById = new Map(proposal.stops.map((s) => [s.stop_id, s]));

    for (const [i, made] of (res.body.data.trips as { trip_id: number; driver_id: number }[]).entries()) {
      const route = proposal.routes.find((r) => r.driver_id === routes[i]!.driver_id)!;
      expect(made.driver_id).toBe(route.driver_id);
      const trip = (await api(t, delivery, 'POST', '/api/trip/get-trip-details', { id: made.trip_id })).body
        .data;
      expect(trip.driver_id).toBe(route.driver_id);
      expect(trip.start_date).toContain(DAY.slice(0, 4));
      // Stops in the order shown, each with its orders as tasks, arriving when the plan said.
      expect(trip.destinations.map((d: { destination_name: string }) => d.destination_name)).toEqual(
        route.visits.map((v) => stopsById.get(v.stop_id)!.name),
      );
      expect(
        trip.destinations.map((d: { tasks: { order_id: string }[] }) => d.tasks.map((k) => k.order_id)),
      ).toEqual(route.visits.map((v) => stopsById.get(v.stop_id)!.references));
      expect(trip.destinations.map((d: { driving_time: number }) => d.driving_time)).toEqual(
        route.visits.map((v) => v.driving_minutes),
      );
    }
    for (const id of orderIds) {
      const order = (await api(t, delivery, 'GET', `/api/v1/crm/orders/${id}`)).body.data;
      expect(order.status).toBe('planned');
    }
    expect((await api(t, delivery, 'GET', `/api/v1/planning/day?date=${DAY}`)).body.data.stops).toEqual([]);

    const again = await api(t, delivery, 'POST', '/api/v1/planning/confirm', confirm);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PLANNING_MESSAGES.changed);
  });

  it('refuses a stop on two routes', async () => {
    const visit = { stop_id: orderIds[0], driving_minutes: 10 };
    const res = await api(t, delivery, 'POST', '/api/v1/planning/confirm', {
      date: DAY,
      warehouse_id: warehouse,
      type_id: type,
      routes: [
        { driver_id: drivers[0], start_time: '08:00', visits: [visit] },
        { driver_id: drivers[1], start_time: '08:00', visits: [visit] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PLANNING_MESSAGES.stopTwice);
  });
});
