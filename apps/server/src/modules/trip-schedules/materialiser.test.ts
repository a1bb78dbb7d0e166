import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../../db/schema/index.ts';
import type { TChangeEvent } from '@fleet/contract';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { materialiseSchedules } from './service.ts';

let t: TestApp;
let delivery: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
});
afterAll(() => t.close());

/** The job publishes on the app's bus (main.ts); here its events join those the test app heard. */
const publish = (event: TChangeEvent) => {
  t.events.push(event);
};

async function londonSchedule() {
  const driver = (await call(t, delivery, 'GET', '/api/driver/get-drivers')).body.data[0].id;
  const warehouse = (await call(t, delivery, 'GET', '/api/warehouse/get-warehouse')).body.data[0].id;
  const type = (await call(t, delivery, 'GET', '/api/type/get-types')).body.data[0].id;
  // Mondays and Fridays, 08:00 London time, from Monday 24 March 2031 (clocks go forward on the 30th).
  const res = await call(t, delivery, 'POST', '/api/trip-schedule/add-trip-schedule', {
    driver_id: driver,
    warehouse_id: warehouse,
    type,
    start_date: '2031-03-24 08:00:00',
    repeat_type: 'weekly',
    days_of_week: [1, 5],
    time_zone: 'Europe/London',
    destinations: [{ destination_name: 'Canary Wharf', destination_lat: 51.505, destination_lon: -0.0235 }],
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data.id as number;
}

const startsOf = async (scheduleId: number) =>
  (
    await t.database.db
      .select({ start: trips.startDate })
      .from(trips)
      .where(and(eq(trips.scheduleId, scheduleId), eq(trips.archived, false)))
  )
    .map((r) => r.start!.toISOString())
    .sort();

describe('materialising scheduled trips', () => {
  it('makes the next 14 days of trips once, however often and from however many runs it is called', async () => {
    const id = await londonSchedule();
    expect(await startsOf(id)).toEqual([]); // far in the future: nothing due yet
    const now = new Date('2031-03-23T12:00:00Z');
    const first = await materialiseSchedules(t.database.db, publish, now);
    expect(first.created).toBeGreaterThanOrEqual(4);
    expect(await startsOf(id)).toEqual([
      '2031-03-24T08:00:00.000Z',
      '2031-03-28T08:00:00.000Z',
      '2031-03-31T07:00:00.000Z', // 08:00 BST
      '2031-04-04T07:00:00.000Z',
    ]);
    const again = await Promise.all([
      materialiseSchedules(t.database.db, publish, now),
      materialiseSchedules(t.database.db, publish, now),
    ]);
    expect(again.map((r) => r.created)).toEqual([0, 0]);
    // A day later the horizon has moved on by one occurrence.
    await materialiseSchedules(t.database.db, publish, new Date('2031-03-24T12:00:00Z'));
    expect((await startsOf(id)).at(-1)).toBe('2031-04-07T07:00:00.000Z');
    expect(await startsOf(id)).toHaveLength(5);
  });

  it('keeps a trip an admin deleted deleted: the occurrence stays taken', async () => {
    const id = await londonSchedule();
    const now = new Date('2031-03-23T12:00:00Z');
    await materialiseSchedules(t.database.db, publish, now);
    const [one] = await t.database.db
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.scheduleId, id), eq(trips.archived, false)))
      .limit(1);
    expect((await call(t, delivery, 'POST', '/api/trip/archive', { id: one!.id })).status).toBe(200);
    await materialiseSchedules(t.database.db, publish, now);
    expect(await startsOf(id)).toHaveLength(3);
  });

  it("announces the trips it makes in their tenant as the materialiser's", async () => {
    const id = await londonSchedule();
    const from = t.events.length;
    await materialiseSchedules(t.database.db, publish, new Date('2031-03-23T12:00:00Z'));
    const made = (
      await t.database.db
        .select({ id: trips.id })
        .from(trips)
        .where(and(eq(trips.scheduleId, id), eq(trips.archived, false)))
    ).map((r) => r.id);
    expect(made).toHaveLength(4);
    const announced = t.events.slice(from).filter((e) => e.ids.some((x) => made.includes(x)));
    expect(announced.map((e) => [e.type, e.tenant_id, e.actor])).toEqual([
      ['trip.created', DEMO.delivery.tenantId, { kind: 'system', id: null }],
    ]);
    expect([...announced[0]!.ids].sort()).toEqual([...made].sort());
  });

  it('is backed by a unique key: the database refuses a second trip for one occurrence', async () => {
    const id = await londonSchedule();
    const occurrence = new Date('2031-03-24T08:00:00Z');
    const row = {
      tenantId: DEMO.delivery.tenantId,
      scheduleId: id,
      occurrenceStart: occurrence,
      startDate: occurrence,
    };
    await t.database.db.insert(trips).values(row);
    await expect(t.database.db.insert(trips).values(row)).rejects.toThrow();
  });
});
