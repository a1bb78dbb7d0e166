import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../../db/schema/index.ts';
import type { TChangeEvent } from '@fleet/contract';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { materialiseSchedules } from './service.ts';

let t: TestApp;
let delivery: string;
let namat: string;
let drivers: { id: number }[];
let warehouse: number;
let type: number;
let destinations: { id: number; name: string }[];
let otherDriver: number;

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  drivers = (await call(t, delivery, 'GET', '/api/driver/get-drivers')).body.data;
  warehouse = (await call(t, delivery, 'GET', '/api/warehouse/get-warehouse')).body.data[0].id;
  type = (await call(t, delivery, 'GET', '/api/type/get-types')).body.data[0].id;
  destinations = (await call(t, delivery, 'GET', '/api/destination/get-destinations')).body.data;
  otherDriver = (await call(t, namat, 'GET', '/api/driver/get-drivers')).body.data[0].id;
});
afterAll(() => t.close());

/** The job publishes on the app's bus (main.ts); here its events join those the test app heard. */
const publish = (event: TChangeEvent) => {
  t.events.push(event);
};

const DAY = 86_400_000;
/** Tomorrow (UTC) at the given hour, as the API writes dates. */
const tomorrowAt = (hour: number) => {
  const d = new Date(Date.now() + DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};

const schedule = (over: object = {}) => ({
  driver_id: drivers[0]!.id,
  warehouse_id: warehouse,
  type,
  start_date: tomorrowAt(6),
  end_date: '',
  repeat_type: 'weekly',
  repeat_interval: 1,
  days_of_week: '1,3',
  time_zone: 'UTC',
  departure_time_range: 10,
  note: 'Morning round',
  destinations: [
    {
      destination_id: destinations[0]!.id,
      destination_name: destinations[0]!.name,
      driving_time: 20,
      staying_time: 10,
      tasks: [{ description: 'Drop the newspapers', priority: 0, client_approval: true }],
    },
    {
      destination_id: destinations[1]!.id,
      destination_name: destinations[1]!.name,
      driving_time: 15,
      staying_time: 5,
      tasks: [],
    },
  ],
  ...over,
});

const addSchedule = async (over: object = {}) => {
  const res = await call(t, delivery, 'POST', '/api/trip-schedule/add-trip-schedule', schedule(over));
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data;
};

/** The live trips the schedule made, as the trips list shows them. */
async function tripsOf(scheduleId: number) {
  const rows = await t.database.db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.scheduleId, scheduleId), eq(trips.archived, false)));
  const details = [];
  for (const { id } of rows) {
    details.push((await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id })).body.data);
  }
  return details.sort((a, b) => a.start_date.localeCompare(b.start_date));
}

const weekDay = (utc: string) => ((new Date(`${utc.replace(' ', 'T')}Z`).getUTCDay() + 6) % 7) + 1;

describe('POST /api/trip-schedule/add-trip-schedule', () => {
  it('adds a weekly schedule whose trips fall on the chosen days only, once each', async () => {
    const added = await call(t, delivery, 'POST', '/api/trip-schedule/add-trip-schedule', schedule());
    expect(added.status).toBe(200);
    expect(added.body.responseMessage).toBe('Scheduled trip added successfully.');
    const row = added.body.data;
    expect(row).toMatchObject({
      driver_id: drivers[0]!.id,
      warehouse_id: warehouse,
      type: { id: type },
      start_date: tomorrowAt(6),
      end_date: null,
      repeat_type: 'weekly',
      repeat_interval: 1,
      days_of_week: '1,3',
      time_zone: 'UTC',
      note: 'Morning round',
    });
    expect(row.tripDestinations.map((d: { destination_name: string }) => d.destination_name)).toEqual([
      destinations[0]!.name,
      destinations[1]!.name,
    ]);
    expect(row.tripDestinations[0].tasks[0]).toMatchObject({
      description: 'Drop the newspapers',
      client_approval: true,
    });
    // Two week days in the 14-day horizon: three or four trips.
    expect(row.next_dates.length).toBeGreaterThanOrEqual(3);
    expect(row.next_dates.every((d: string) => [1, 3].includes(weekDay(d)) && d.endsWith(' 06:00:00'))).toBe(
      true,
    );

    const made = await tripsOf(row.id);
    expect(made.map((x) => x.start_date)).toEqual(row.next_dates);
    expect(made[0]).toMatchObject({
      schedule_id: row.id,
      driver_id: drivers[0]!.id,
      note: 'Morning round',
      departure_time_range: 10,
    });
    expect(made[0].destinations.map((d: { destination_name: string }) => d.destination_name)).toEqual([
      destinations[0]!.name,
      destinations[1]!.name,
    ]);
    expect(made[0].destinations[0].tasks[0].description).toBe('Drop the newspapers');

    // The background job, run again (twice at once, as two processes would), makes nothing twice.
    const again = await Promise.all([
      materialiseSchedules(t.database.db, publish),
      materialiseSchedules(t.database.db, publish),
    ]);
    expect(again.map((r) => r.created)).toEqual([0, 0]);
    expect((await tripsOf(row.id)).length).toBe(made.length);

    // The trips appear in the trips list.
    const list = await call(t, delivery, 'POST', '/api/trip/get-all-trips?page_size=100', {
      fdate: made[0].start_date.slice(0, 10),
      tdate: made.at(-1).start_date.slice(0, 10),
    });
    const listed = list.body.data.trips.map((x: { id: number }) => x.id);
    for (const trip of made) expect(listed).toContain(trip.id);
  });

  it("uses the tenant's time zone when none is given, and keeps the wall clock there", async () => {
    const row = await addSchedule({ time_zone: undefined, repeat_type: 'daily', days_of_week: null });
    expect(row.time_zone).toBe('Asia/Dubai');
    expect(row.days_of_week).toBeNull();
    // 06:00 UTC is 10:00 in Dubai, every day.
    expect(row.next_dates.every((d: string) => d.endsWith(' 06:00:00'))).toBe(true);
    expect(row.next_dates.length).toBeGreaterThanOrEqual(13);
  });

  it("answers the spec's messages for bad schedules, writing nothing", async () => {
    const before = await t.database.db.$count(trips);
    const cases: [object, string][] = [
      [{ repeat_type: '' }, 'Field is required'],
      [{ repeat_type: 'yearly' }, 'Choose daily, weekly or monthly'],
      [{ days_of_week: '' }, 'Field is required'],
      [{ days_of_week: '1,8' }, 'Week days are numbers from 1 (Monday) to 7 (Sunday)'],
      [{ repeat_interval: 0 }, 'Repeat every 1 to 365 days, weeks or months'],
      [{ end_date: '2020-01-01 00:00:00' }, 'The end date must be after the start date'],
      [{ time_zone: 'Mars/Olympus' }, 'Unknown time zone'],
      [{ driver_id: '' }, 'Field is required'],
      [{ start_date: 'tomorrow' }, 'Give a date and time as YYYY-MM-DD HH:mm:ss (UTC)'],
      [{ destinations: [{ destination_name: '', tasks: [] }] }, 'Fill the Destination correctly'],
      [
        { destinations: [{ ...schedule().destinations[0], tasks: [{ description: ' ' }] }] },
        'Cannot save destination with pending tasks. Please review the tasks.',
      ],
      [{ driver_id: otherDriver }, 'The chosen driver does not exist or has been deleted.'],
    ];
    for (const [change, message] of cases) {
      const res = await call(t, delivery, 'POST', '/api/trip-schedule/add-trip-schedule', schedule(change));
      expect(res.status, message).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
    expect(await t.database.db.$count(trips)).toBe(before);
  });
});

describe('POST /api/trip-schedule/edit-trip-schedule', () => {
  it('updates its future trips not yet started, archives those no longer due, and leaves started ones', async () => {
    const row = await addSchedule({ repeat_type: 'daily', days_of_week: null });
    const made = await tripsOf(row.id);
    expect(made.length).toBeGreaterThanOrEqual(13);
    const started = made[0];
    await t.database.db
      .update(trips)
      .set({ startedDate: new Date(), flag: 1 })
      .where(eq(trips.id, started.id));

    const res = await call(t, delivery, 'POST', '/api/trip-schedule/edit-trip-schedule', {
      ...schedule({
        repeat_type: 'weekly',
        days_of_week: [2, 4, 6],
        note: 'New round',
        driver_id: drivers[1]!.id,
      }),
      id: row.id,
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    expect(res.body.responseMessage).toBe('Scheduled trip updated successfully.');
    expect(res.body.data).toMatchObject({ repeat_type: 'weekly', days_of_week: '2,4,6', note: 'New round' });

    const now = await tripsOf(row.id);
    const rest = now.filter((x) => x.id !== started.id);
    expect(now.find((x) => x.id === started.id)).toMatchObject({
      note: 'Morning round',
      driver_id: drivers[0]!.id,
    });
    expect(rest.map((x) => x.start_date)).toEqual(
      res.body.data.next_dates.filter((d: string) => d !== started.start_date),
    );
    expect(rest.every((x) => [2, 4, 6].includes(weekDay(x.start_date)))).toBe(true);
    expect(rest.every((x) => x.note === 'New round' && x.driver_id === drivers[1]!.id)).toBe(true);
    // Trips kept for a day still due are the same trips, updated in place.
    const keptIds = made.filter((x) => [2, 4, 6].includes(weekDay(x.start_date))).map((x) => x.id);
    expect(rest.map((x) => x.id).filter((id) => keptIds.includes(id)).length).toBe(
      keptIds.length - (keptIds.includes(started.id) ? 1 : 0),
    );
  });

  it("refuses another tenant's schedule and an unknown one", async () => {
    const row = await addSchedule();
    const foreign = await call(t, namat, 'POST', '/api/trip-schedule/edit-trip-schedule', {
      ...schedule(),
      id: row.id,
    });
    // The namat admin cannot even name the delivery tenant's driver: refused before the schedule is looked at.
    expect(foreign.status).toBe(400);
    const namatRefs = {
      driver_id: otherDriver,
      warehouse_id: (await call(t, namat, 'GET', '/api/warehouse/get-warehouse')).body.data[0].id,
      type: (await call(t, namat, 'GET', '/api/type/get-types')).body.data[0].id,
      destinations: [{ destination_name: 'Site A', destination_lat: 25.1, destination_lon: 55.2 }],
    };
    const asNamat = await call(t, namat, 'POST', '/api/trip-schedule/edit-trip-schedule', {
      ...schedule(namatRefs),
      id: row.id,
    });
    expect(asNamat.status).toBe(404);
    const unknown = await call(t, delivery, 'POST', '/api/trip-schedule/edit-trip-schedule', {
      ...schedule(),
      id: 999_999,
    });
    expect(unknown.status).toBe(404);
    const list = await call(t, delivery, 'GET', '/api/trip-schedule/get-scheduled-trips?page_size=100');
    expect(list.body.data.schedules.find((s: { id: number }) => s.id === row.id)).toMatchObject({
      note: 'Morning round',
    });
  });
});

describe('POST /api/trip-schedule/delete-trip-schedule', () => {
  it('archives the schedule and its future unstarted trips, for the own tenant only', async () => {
    const row = await addSchedule({ repeat_type: 'daily', days_of_week: null });
    const made = await tripsOf(row.id);
    await t.database.db
      .update(trips)
      .set({ startedDate: new Date(), flag: 1 })
      .where(eq(trips.id, made[0].id));

    expect(
      (await call(t, namat, 'POST', `/api/trip-schedule/delete-trip-schedule?id=${row.id}`)).status,
    ).toBe(404);
    const res = await call(t, delivery, 'POST', `/api/trip-schedule/delete-trip-schedule?id=${row.id}`);
    expect(res.body).toMatchObject({
      responseCode: 1,
      responseMessage: 'Scheduled trip deleted successfully.',
    });
    expect((await tripsOf(row.id)).map((x) => x.id)).toEqual([made[0].id]);
    const list = await call(t, delivery, 'GET', '/api/trip-schedule/get-scheduled-trips?page_size=100');
    expect(list.body.data.schedules.map((s: { id: number }) => s.id)).not.toContain(row.id);
    // Nothing comes back on the next pass of the job.
    await materialiseSchedules(t.database.db, publish);
    expect((await tripsOf(row.id)).length).toBe(1);
    expect(
      (await call(t, delivery, 'POST', '/api/trip-schedule/delete-trip-schedule', { id: row.id })).status,
    ).toBe(404);
    const missing = await call(t, delivery, 'POST', '/api/trip-schedule/delete-trip-schedule', {});
    expect(missing.status).toBe(400);
  });
});

/** What `work` announced: the change events published meanwhile, once their listeners have run. */

describe('scheduled trip change events', () => {
  it("announces the schedule as the admin's doing, and the trips it makes, rewrites and archives as the materialiser's", async () => {
    const admin = {
      kind: 'tenant_admin',
      id: (await call(t, delivery, 'GET', '/api/admin/me')).body.data.id,
    };
    const materialiser = { kind: 'system', id: null };
    const tenant = DEMO.delivery.tenantId;
    let id = 0;
    const added = await t.eventsDuring(async () => {
      id = (await addSchedule({ repeat_type: 'daily', days_of_week: null })).id;
    });
    const made = (await tripsOf(id)).map((x) => x.id as number);
    expect(added.map((e) => [e.type, e.tenant_id, e.actor])).toEqual([
      ['schedule.created', tenant, admin],
      ['trip.created', tenant, materialiser],
    ]);
    expect(added[0]!.ids).toEqual([id]);
    expect([...added[1]!.ids].sort()).toEqual([...made].sort());

    // Daily becomes Mondays only: the other days' trips are archived, the Mondays' rewritten in place.
    const edited = await t.eventsDuring(async () => {
      const res = await call(t, delivery, 'POST', '/api/trip-schedule/edit-trip-schedule', {
        ...schedule({ repeat_type: 'weekly', days_of_week: [1], note: 'Mondays' }),
        id,
      });
      expect(res.status, res.body.responseMessage).toBe(200);
    });
    const mondays = (await tripsOf(id)).map((x) => x.id as number);
    expect(mondays.length).toBeGreaterThanOrEqual(1);
    expect(edited.map((e) => [e.type, e.tenant_id, e.actor])).toEqual([
      ['schedule.updated', tenant, admin],
      ['trip.archived', tenant, materialiser],
      ['trip.updated', tenant, materialiser],
    ]);
    expect(edited[0]!.ids).toEqual([id]);
    expect([...edited[1]!.ids].sort()).toEqual(made.filter((x) => !mondays.includes(x)).sort());
    expect([...edited[2]!.ids].sort()).toEqual([...mondays].sort());

    const deleted = await t.eventsDuring(async () => {
      const res = await call(t, delivery, 'POST', '/api/trip-schedule/delete-trip-schedule', { id });
      expect(res.status).toBe(200);
    });
    expect(deleted.map((e) => [e.type, e.ids, e.tenant_id, e.actor])).toEqual([
      ['schedule.archived', [id], tenant, admin],
      ['trip.archived', expect.arrayContaining(mondays), tenant, materialiser],
    ]);
  });

  it('announces nothing for a refused change', async () => {
    const row = await addSchedule();
    const events = await t.eventsDuring(async () => {
      const bad = await call(t, delivery, 'POST', '/api/trip-schedule/add-trip-schedule', {
        ...schedule(),
        driver_id: otherDriver,
      });
      expect(bad.status).toBe(400);
      const unknown = await call(t, delivery, 'POST', '/api/trip-schedule/edit-trip-schedule', {
        ...schedule(),
        id: 999_999,
      });
      expect(unknown.status).toBe(404);
      const foreign = await call(t, namat, 'POST', '/api/trip-schedule/delete-trip-schedule', { id: row.id });
      expect(foreign.status).toBe(404);
    });
    expect(events).toEqual([]);
  });
});

describe('GET /api/trip-schedule/get-scheduled-trips', () => {
  it("pages the tenant's schedules, newest first, and never another tenant's", async () => {
    const a = await addSchedule();
    const b = await addSchedule({ note: 'Second' });
    const res = await call(t, delivery, 'GET', '/api/trip-schedule/get-scheduled-trips?page=1&page_size=2');
    expect(res.body.data.schedules.map((s: { id: number }) => s.id)).toEqual([b.id, a.id]);
    expect(res.body.data.pagination).toMatchObject({ page: 1, page_size: 2 });
    expect(res.body.data.pagination.total_items).toBeGreaterThanOrEqual(2);
    const theirs = await call(t, namat, 'GET', '/api/trip-schedule/get-scheduled-trips?page_size=100');
    expect(theirs.body.data.schedules.map((s: { id: number }) => s.id)).not.toContain(a.id);
    expect((await call(t, delivery, 'GET', '/api/trip-schedule/get-scheduled-trips?page=x')).status).toBe(
      400,
    );
  });

  it('exports the schedules as a real .xlsx', async () => {
    const row = await addSchedule({ note: 'Exported round' });
    const res = await t.app.inject({ url: '/api/v1/trip-schedules/export', headers: { cookie: delivery } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    const ids: unknown[] = [];
    sheet.eachRow((r, n) => n > 1 && ids.push(r.getCell(1).value));
    expect(ids).toContain(row.id);
    const other = await t.app.inject({ url: '/api/v1/trip-schedules/export', headers: { cookie: namat } });
    const otherBook = new ExcelJS.Workbook();
    await otherBook.xlsx.load(new Uint8Array(other.rawPayload).buffer);
    const otherIds: unknown[] = [];
    otherBook.worksheets[0]!.eachRow((r, n) => n > 1 && otherIds.push(r.getCell(1).value));
    expect(otherIds).not.toContain(row.id);
  });
});
