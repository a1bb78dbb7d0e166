import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleet/contract';
import {
  accidents,
  drivers,
  exceptions,
  fines,
  tasks,
  tripDestinations,
  trips,
} from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { newDriver } from '../../test/driver-reports.ts';

/*
 * The analytics calls as a client reads them, over a period (March 2025) in which only this file's
 * two drivers have records: their trips, exceptions, accidents, fines and approvals, planted in the
 * delivery tenant. Their figures across the demo's own days are reconciled with the rows in
 * modules/reports/routes.test.ts.
 */

let t: TestApp;
let delivery = '';
let namat = '';
let hana: { id: number };
let omar: { id: number };
const RANGE = 'fdate=2025-03-01&ldate=2025-03-03';
const at = (iso: string) => new Date(iso);
const get = (cookie: string, call_: string, query = RANGE) =>
  call(t, cookie, 'GET', `/api/analytics/get-drivers-with-${call_}?${query}`);

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  hana = await newDriver(t, delivery, { fname: 'Hana', lname: 'Rankwell' });
  omar = await newDriver(t, delivery, { fname: 'Omar', lname: 'Tallyman' });
  const db = t.database.db;
  await db.update(drivers).set({ hourlyRate: 42.5 }).where(eq(drivers.id, hana.id));
  const tenantId = DEMO.delivery.tenantId;
  const trip = (driverId: number, start: string, end: string | null, extra: object = {}) => ({
    tenantId,
    driverId,
    startDate: at(start),
    startedDate: at(start),
    endedDate: end ? at(end) : null,
    ...extra,
  });
  const [h1, , , , o1] = await db
    .insert(trips)
    .values([
      trip(hana.id, '2025-03-01T05:00:00Z', '2025-03-01T07:30:00Z'), // 150 min, completed
      trip(hana.id, '2025-03-02T05:00:00Z', '2025-03-02T06:00:00Z'), // 60 min, completed
      // Cancelled after it ran: worked time (decision 0028), not a completed trip.
      trip(hana.id, '2025-03-02T08:00:00Z', '2025-03-02T08:30:00Z', { cancelled: true }),
      trip(hana.id, '2025-03-03T05:00:00Z', null), // running: neither
      trip(omar.id, '2025-03-01T05:00:00Z', '2025-03-01T05:45:00Z'), // 45 min, completed
      // Ended after the period (Dubai's 4 March): not this period's.
      trip(omar.id, '2025-03-03T21:00:00Z', '2025-03-03T22:00:00Z'),
    ])
    .returning({ id: trips.id });
  const exception = (driverId: number, tripId: number, type: string, extra: object = {}) => ({
    tenantId,
    driverId,
    tripId,
    type,
    occurredAt: at('2025-03-01T06:00:00Z'),
    message: 'planted',
    ...extra,
  });
  await db
    .insert(exceptions)
    .values([
      exception(hana.id, h1!.id, 'started_late'),
      exception(omar.id, o1!.id, 'started_late'),
      exception(omar.id, o1!.id, 'idle_location'),
      exception(omar.id, o1!.id, 'arrival_late', { withdrawnDate: at('2025-03-01T07:00:00Z') }),
    ]);
  await db.insert(accidents).values({ tenantId, driverId: omar.id, createdDate: at('2025-03-02T09:00:00Z') });
  await db.insert(fines).values([
    {
      tenantId,
      driverId: omar.id,
      amount: 50,
      description: 'Speeding',
      issuedDate: at('2025-03-02T10:00:00Z'),
    },
    // Archived: not an incident.
    {
      tenantId,
      driverId: hana.id,
      amount: 50,
      description: 'Withdrawn',
      issuedDate: at('2025-03-02T10:00:00Z'),
      archived: true,
    },
  ]);
  const [stop] = await db
    .insert(tripDestinations)
    .values({ tenantId, tripId: h1!.id, position: 1 })
    .returning({ id: tripDestinations.id });
  const task = (status: string, decided: string) => ({
    tenantId,
    tripDestinationId: stop!.id,
    description: 'Photo of the delivery',
    managerApproval: true,
    managerApprovalStatus: status,
    managerDecidedDate: at(decided),
  });
  await db.insert(tasks).values([
    task('accepted', '2025-03-01T08:00:00Z'),
    task('rejected', '2025-03-01T08:00:00Z'),
    task('accepted', '2025-04-01T08:00:00Z'), // decided after the period
  ]);
});
afterAll(() => t.close());

const figures = (row: Record<string, unknown>) => ({
  fullname: row.fullname,
  trip_count: row.trip_count,
  total_time: row.total_time,
  total_rate: row.total_rate,
  exception_count: row.exception_count,
  incident_count: row.incident_count,
  approval_accepted_count: row.approval_accepted_count,
});
const HANA = {
  fullname: 'Hana Rankwell',
  trip_count: 2,
  total_time: '04:00:00', // 150 + 60 + 30 min
  total_rate: 170, // 240 / 60 × 42.5
  exception_count: 1,
  incident_count: 0,
  approval_accepted_count: 1,
};
const OMAR = {
  fullname: 'Omar Tallyman',
  trip_count: 1,
  total_time: '00:45:00',
  total_rate: 7.5, // 45 / 60 × 10
  exception_count: 2,
  incident_count: 2,
  approval_accepted_count: 0,
};

describe('GET /api/analytics/get-drivers-with-*', () => {
  it('ranks the tenant’s drivers by each call’s figure, with every figure on every row', async () => {
    const expected: Record<string, object[]> = {
      'most-trips': [HANA, OMAR],
      'most-working-hours': [HANA, OMAR],
      'fewest-incidents': [HANA, OMAR],
      'most-approval-accepted': [HANA],
      'most-exceptions': [OMAR, HANA],
    };
    for (const [name, rows] of Object.entries(expected)) {
      const res = await get(delivery, name);
      expect(res.status, name).toBe(200);
      expect(res.body.responseCode).toBe(1);
      expect(res.body.data.map(figures), name).toEqual(rows);
    }
    const [first] = (await get(delivery, 'most-trips')).body.data;
    expect(first).toMatchObject({ id: hana.id, fname: 'Hana', lname: 'Rankwell', total_minutes: 240 });
    expect(typeof first.currency).toBe('string');
  });

  it("reads the tenant's days: a trip ended on Dubai's next day is not the period's", async () => {
    const res = await get(delivery, 'most-trips', 'fdate=2025-03-04&ldate=2025-03-04');
    expect(res.body.data.map(figures)).toEqual([
      {
        ...OMAR,
        trip_count: 1,
        total_time: '01:00:00',
        total_rate: 10,
        exception_count: 0,
        incident_count: 0,
      },
    ]);
  });

  it("shows another tenant none of these drivers, and refuses another tenant's id", async () => {
    for (const name of ['most-trips', 'most-working-hours', 'most-exceptions', 'fewest-incidents']) {
      const res = await get(namat, name);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    }
    const named = await get(namat, 'most-trips', `${RANGE}&tenant_id=${DEMO.delivery.tenantId}`);
    expect(named.status).toBe(403);
  });

  it('refuses bad dates with a clear 400 and no trace of the server', async () => {
    const cases: [string, string][] = [
      ['', 'fdate'],
      ['fdate=2025-03-01', 'ldate'],
      ['fdate=2025-02-30&ldate=2025-03-01', 'fdate'],
      ['fdate=soon&ldate=2025-03-01', 'fdate'],
      ['fdate=2025-03-05&ldate=2025-03-01', 'ldate'],
      ['fdate=2020-01-01&ldate=2025-03-01', 'ldate'],
      ['fdate=2025-01-01&ldate=9999-12-31', 'ldate'],
    ];
    for (const [query, path] of cases) {
      const res = await get(delivery, 'most-working-hours', query);
      expect(res.status, query).toBe(400);
      expect(res.body.responseCode).toBe(0);
      expect(
        res.body.errors?.map((e) => e.path),
        query,
      ).toContain(path);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|select |stack/i);
    }
    const reversed = await get(delivery, 'most-trips', 'fdate=2025-03-05&ldate=2025-03-01');
    expect(reversed.body.responseMessage).toBe(MESSAGES.reports.rangeInvalid);
  });
});
