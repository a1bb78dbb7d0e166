import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accidents,
  dieselTanks,
  drivers,
  tenantSettings,
  trips,
  workedDaysKept,
} from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { newDriver } from '../../test/driver-reports.ts';
import { pdfText } from '../../test/pdf-text.ts';

/*
 * Working-time reports as the console reads them. The reconciliation test computes each driver's
 * minutes, trips, accidents, litres and pay straight from the trip, accident and refuel rows (in
 * JavaScript, with luxon for the tenant's days: not through the report's SQL) and requires the
 * summary, the finance day rows and the workbook to agree, for every demo tenant; and the analytics
 * rows (trips completed, worked time, pay) too.
 */

let t: TestApp;
const cookies: Record<'delivery' | 'school' | 'namat', string> = { delivery: '', school: '', namat: '' };
const ZONE = 'Asia/Dubai'; // the demo tenants' time zone (the default)

const SUMMARY = '/api/driver/get-drivers-working-hours';
const BY_ID = '/api/driver/get-drivers-working-hours-by-id';
const ANALYTICS = '/api/analytics/get-drivers-with-';

beforeAll(async () => {
  t = await createTestApp();
  cookies.delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  cookies.school = await t.login(DEMO.school.email, DEMO.school.password);
  cookies.namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(() => t.close());

interface TExpected {
  minutes: number;
  days: Map<string, number>;
  trips: number;
  /** Trips completed in the period (ended in it, not cancelled): the analytics' trip_count. */
  completed: number;
  accidents: number;
  liters: number;
  amount: number;
  rate: number;
}

/** Each driver's figures of the tenant's days fdate..tdate, from the rows themselves. */
async function expectedFigures(
  tenantId: number,
  fdate: string,
  tdate: string,
): Promise<Map<number, TExpected>> {
  const lo = DateTime.fromISO(fdate, { zone: ZONE }).toMillis();
  const hi = DateTime.fromISO(tdate, { zone: ZONE }).plus({ days: 1 }).toMillis();
  const db = t.database.db;
  const [tripRows, accidentRows, refuelRows, driverRows] = await Promise.all([
    db.select().from(trips).where(eq(trips.tenantId, tenantId)),
    db.select().from(accidents).where(eq(accidents.tenantId, tenantId)),
    db.select().from(dieselTanks).where(eq(dieselTanks.tenantId, tenantId)),
    db.select().from(drivers).where(eq(drivers.tenantId, tenantId)),
  ]);
  const out = new Map<number, TExpected>();
  const of = (id: number) => {
    let e = out.get(id);
    if (!e) {
      const rate = driverRows.find((d) => d.id === id)!.hourlyRate;
      e = { minutes: 0, days: new Map(), trips: 0, completed: 0, accidents: 0, liters: 0, amount: 0, rate };
      out.set(id, e);
    }
    return e;
  };
  const inRange = (d: Date) => d.getTime() >= lo && d.getTime() < hi;
  // Worked intervals: started and ended, live, clipped, merged per driver, cut at local midnights.
  const intervals = new Map<number, [number, number][]>();
  for (const r of tripRows) {
    if (r.archived || r.driverId === null) continue;
    if (inRange(r.plannedDate)) of(r.driverId).trips++;
    if (r.endedDate && !r.cancelled && inRange(r.endedDate)) of(r.driverId).completed++;
    if (!r.startedDate || !r.endedDate) continue;
    const s = Math.max(r.startedDate.getTime(), lo);
    const e = Math.min(r.endedDate.getTime(), hi);
    if (e <= s) continue;
    const list = intervals.get(r.driverId) ?? [];
    list.push([s, e]);
    intervals.set(r.driverId, list);
  }
  for (const [driverId, list] of intervals) {
    list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const merged: [number, number][] = [];
    for (const [s, e] of list) {
      const last = merged.at(-1);
      if (last && s <= last[1]) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    const seconds = new Map<string, number>();
    for (const [s, e] of merged) {
      let day = DateTime.fromMillis(s, { zone: ZONE }).startOf('day');
      while (day.toMillis() < e) {
        const next = day.plus({ days: 1 });
        const part = Math.min(e, next.toMillis()) - Math.max(s, day.toMillis());
        if (part > 0) seconds.set(day.toISODate()!, (seconds.get(day.toISODate()!) ?? 0) + part / 1000);
        day = next;
      }
    }
    const e = of(driverId);
    for (const [day, secs] of seconds) {
      const minutes = Math.round(secs / 60);
      if (minutes > 0) e.days.set(day, minutes);
      e.minutes += minutes;
    }
  }
  for (const a of accidentRows)
    if (!a.archived && a.driverId !== null && inRange(a.createdDate)) of(a.driverId).accidents++;
  for (const f of refuelRows) {
    if (f.archived || f.driverId === null || !inRange(f.createdDate)) continue;
    of(f.driverId).liters += f.volume;
    of(f.driverId).amount += Math.round(f.amount * 100);
  }
  for (const e of out.values()) e.amount /= 100;
  return out;
}

const today = () => DateTime.now().setZone(ZONE);

describe('working time reconciles with the trip, accident and refuel rows', () => {
  for (const tenant of ['delivery', 'school', 'namat'] as const) {
    it(`${tenant}: the summary, each driver's days and the workbook agree with the rows over the demo's 30 days`, async () => {
      const tdate = today().toISODate()!;
      const fdate = today().minus({ days: 30 }).toISODate()!;
      const expected = await expectedFigures(DEMO[tenant].tenantId, fdate, tdate);
      const res = await call(t, cookies[tenant], 'POST', SUMMARY, { fdate, tdate });
      expect(res.status, res.body.responseMessage).toBe(200);
      const rows = res.body.data as {
        driver_id: number;
        driver: { hourly_rate: number };
        TotalWorkingHours: number;
        totalTrips: number;
        totalAccidents: number;
        totalLiters: number;
        TotalDieselAmount: number;
        totalAmmount: number;
      }[];
      // The demo gives every tenant worked time, trips and refuels in the period.
      expect(rows.reduce((n, r) => n + r.TotalWorkingHours, 0)).toBeGreaterThan(0);
      expect(rows.reduce((n, r) => n + r.totalTrips, 0)).toBeGreaterThan(0);
      for (const [driverId, e] of expected) {
        const row = rows.find((r) => r.driver_id === driverId);
        expect(row, `driver ${driverId}`).toBeDefined();
        expect(row).toMatchObject({
          TotalWorkingHours: e.minutes,
          totalTrips: e.trips,
          totalAccidents: e.accidents,
          TotalDieselAmount: e.amount,
          // Whole cents: minutes × rate in cents / 60, half up.
          totalAmmount: Math.round((e.minutes * Math.round(e.rate * 100)) / 60) / 100,
        });
        expect(row!.totalLiters).toBeCloseTo(e.liters, 2);
      }
      for (const row of rows) {
        if (!expected.has(row.driver_id)) expect(row.TotalWorkingHours + row.totalTrips).toBe(0);
      }
      // The finance rows of each driver who worked: the same days and minutes.
      const worked = [...expected].filter(([, e]) => e.minutes > 0).slice(0, 4);
      expect(worked.length).toBeGreaterThan(0);
      for (const [driverId, e] of worked) {
        const days = await call(t, cookies[tenant], 'POST', BY_ID, { fdate, tdate, id: driverId });
        expect(days.status).toBe(200);
        const got = days.body.data as {
          date: string;
          TotalWorkingHours: number;
          StartingDate: string;
          EndingDate: string;
        }[];
        expect(new Map(got.map((d) => [d.date, d.TotalWorkingHours]))).toEqual(e.days);
        for (const d of got) expect(d.EndingDate > d.StartingDate).toBe(true);
      }
      // The workbook holds the same figures.
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/working-hours/export?fdate=${fdate}&tdate=${tdate}`,
        headers: { cookie: cookies[tenant] },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('Driver summary.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(rows.length + 1);
      const minutesInBook = sheet.getColumn(5).values.slice(2).map(Number);
      const payInBook = sheet.getColumn(10).values.slice(2).map(Number);
      expect(minutesInBook).toEqual(rows.map((r) => r.TotalWorkingHours));
      expect(payInBook).toEqual(rows.map((r) => r.totalAmmount));
      // The analytics rankings: the same minutes and pay, and the trips completed.
      const ranking = async (name: string) => {
        const res = await call(
          t,
          cookies[tenant],
          'GET',
          `${ANALYTICS}${name}?fdate=${fdate}&ldate=${tdate}`,
        );
        expect(res.status, res.body.responseMessage).toBe(200);
        return res.body.data as { id: number; trip_count: number; total_time: string; total_rate: number }[];
      };
      const clock = (m: number) =>
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
      const byHours = await ranking('most-working-hours');
      const byTrips = await ranking('most-trips');
      const workedAny = [...expected].filter(([, e]) => e.minutes > 0);
      const completed = [...expected].filter(([, e]) => e.completed > 0);
      expect(completed.length).toBeGreaterThan(0);
      expect(byHours.map((r) => r.id).sort()).toEqual(workedAny.map(([id]) => id).sort());
      expect(byTrips.map((r) => r.id).sort()).toEqual(completed.map(([id]) => id).sort());
      for (const [driverId, e] of expected) {
        const expectedRow = {
          trip_count: e.completed,
          total_time: clock(e.minutes),
          total_rate: Math.round((e.minutes * Math.round(e.rate * 100)) / 60) / 100,
        };
        for (const row of [byHours, byTrips].flatMap((list) => list.filter((r) => r.id === driverId)))
          expect(row, `driver ${driverId}`).toMatchObject(expectedRow);
      }
      const minutesInOrder = byHours.map((r) => expected.get(r.id)!.minutes);
      expect(minutesInOrder).toEqual([...minutesInOrder].sort((a, b) => b - a));
      expect(byTrips.map((r) => r.trip_count)).toEqual(
        byTrips.map((r) => r.trip_count).sort((a, b) => b - a),
      );
    });
  }
});

describe('the definition of working time', () => {
  let driver: { id: number };
  const at = (iso: string) => new Date(iso);
  beforeAll(async () => {
    driver = await newDriver(t, cookies.delivery, { fname: 'Hana', lname: 'Clockwell' });
    await t.database.db.update(drivers).set({ hourlyRate: 42.5 }).where(eq(drivers.id, driver.id));
    const base = { tenantId: DEMO.delivery.tenantId, driverId: driver.id };
    await t.database.db.insert(trips).values([
      // 23:00 to 01:00 in Dubai: an hour on the 10th, an hour on the 11th.
      {
        ...base,
        startDate: at('2025-01-10T19:00:00Z'),
        startedDate: at('2025-01-10T19:00:00Z'),
        endedDate: at('2025-01-10T21:00:00Z'),
      },
      // Overlaps the first by 30 min: only 30 more minutes.
      {
        ...base,
        startDate: at('2025-01-10T20:30:00Z'),
        startedDate: at('2025-01-10T20:30:00Z'),
        endedDate: at('2025-01-10T21:30:00Z'),
      },
      // No end: planned and counted as a trip, never worked time.
      { ...base, startDate: at('2025-01-12T06:00:00Z'), startedDate: at('2025-01-12T06:00:00Z') },
      // Archived: nothing.
      {
        ...base,
        startDate: at('2025-01-12T08:00:00Z'),
        startedDate: at('2025-01-12T08:00:00Z'),
        endedDate: at('2025-01-12T10:00:00Z'),
        archived: true,
      },
      // Started before the period (the 9th), ended in it: only its part in the period.
      {
        ...base,
        startDate: at('2025-01-09T19:00:00Z'),
        startedDate: at('2025-01-09T19:30:00Z'),
        endedDate: at('2025-01-09T20:15:00Z'),
      },
    ]);
  });

  it("splits a trip over the tenant's midnight, counts overlaps once, and leaves out trips without an end", async () => {
    const range = { fdate: '2025-01-10', tdate: '2025-01-12' };
    const days = await call(t, cookies.delivery, 'POST', BY_ID, { ...range, id: driver.id });
    expect(days.status).toBe(200);
    expect(days.body.data).toEqual([
      // 00:00-00:15 of the trip begun the day before the period, and 23:00-00:00 of the first.
      {
        date: '2025-01-10',
        StartingDate: '2025-01-09 20:00:00',
        EndingDate: '2025-01-10 20:00:00',
        TotalWorkingHours: 75,
      },
      // 00:00-01:30: the first trip's last hour and the overlapping one's end, once.
      {
        date: '2025-01-11',
        StartingDate: '2025-01-10 20:00:00',
        EndingDate: '2025-01-10 21:30:00',
        TotalWorkingHours: 90,
      },
    ]);
    const summary = await call(t, cookies.delivery, 'POST', SUMMARY, range);
    const row = summary.body.data.find((r: { driver_id: number }) => r.driver_id === driver.id);
    expect(row).toMatchObject({
      fullname: 'Hana Clockwell',
      TotalWorkingHours: 75 + 90,
      totalTrips: 3,
      totalAmmount: 116.88, // 165 min at 42.50 an hour: 116.875, half up
      currency: 'UAE Dirham', // the demo fleet's currency setting
    });
  });
});

describe('kept working days (decision 0034)', () => {
  const at = (iso: string) => new Date(iso);
  const tenantId = DEMO.delivery.tenantId;

  /** The driver's worked minutes by day, as the Finance screen reads them. */
  async function daysOf(driverId: number, fdate: string, tdate: string): Promise<[string, number][]> {
    const answer = await call(t, cookies.delivery, 'POST', BY_ID, { fdate, tdate, id: driverId });
    expect(answer.status).toBe(200);
    return (answer.body.data as { date: string; TotalWorkingHours: number }[]).map((d) => [
      d.date,
      d.TotalWorkingHours,
    ]);
  }

  it('keeps old days, and forgets those a changed, added, archived or deleted trip touches', async () => {
    const driver = await newDriver(t, cookies.delivery, { fname: 'Kai', lname: 'Keptson' });
    const base = { tenantId, driverId: driver.id };
    const db = t.database.db;
    const [first] = await db
      .insert(trips)
      .values({
        ...base,
        startDate: at('2025-02-03T05:00:00Z'),
        startedDate: at('2025-02-03T05:00:00Z'),
        endedDate: at('2025-02-03T06:00:00Z'),
      })
      .returning();
    expect(await daysOf(driver.id, '2025-02-01', '2025-02-28')).toEqual([['2025-02-03', 60]]);
    const kept = await db
      .select()
      .from(workedDaysKept)
      .where(and(eq(workedDaysKept.tenantId, tenantId), eq(workedDaysKept.day, '2025-02-03')));
    expect(kept).toEqual([{ tenantId, day: '2025-02-03', timeZone: ZONE }]);

    // An admin corrects the end of the trip: half an hour more that day.
    await db
      .update(trips)
      .set({ endedDate: at('2025-02-03T06:30:00Z') })
      .where(eq(trips.id, first!.id));
    expect(await daysOf(driver.id, '2025-02-01', '2025-02-28')).toEqual([['2025-02-03', 90]]);

    // A trip recorded later on another kept day.
    const [second] = await db
      .insert(trips)
      .values({
        ...base,
        startDate: at('2025-02-10T08:00:00Z'),
        startedDate: at('2025-02-10T08:00:00Z'),
        endedDate: at('2025-02-10T09:00:00Z'),
      })
      .returning();
    expect(await daysOf(driver.id, '2025-02-01', '2025-02-28')).toEqual([
      ['2025-02-03', 90],
      ['2025-02-10', 60],
    ]);

    // Archived, then deleted: no worked time left, in the summary either.
    await db.update(trips).set({ archived: true }).where(eq(trips.id, first!.id));
    expect(await daysOf(driver.id, '2025-02-01', '2025-02-28')).toEqual([['2025-02-10', 60]]);
    await db.delete(trips).where(eq(trips.id, second!.id));
    expect(await daysOf(driver.id, '2025-02-01', '2025-02-28')).toEqual([]);
    const summary = await call(t, cookies.delivery, 'POST', SUMMARY, {
      fdate: '2025-02-01',
      tdate: '2025-02-28',
    });
    expect(
      summary.body.data.find((r: { driver_id: number }) => r.driver_id === driver.id)?.TotalWorkingHours,
    ).toBe(0);
  });

  it("cuts kept days again at the midnights of the tenant's new time zone", async () => {
    const driver = await newDriver(t, cookies.delivery, { fname: 'Zara', lname: 'Zoneshift' });
    const db = t.database.db;
    // 22:00 to 02:00 UTC: 02:00 to 06:00 in Dubai, one day; two days on the UTC clock.
    await db.insert(trips).values({
      tenantId,
      driverId: driver.id,
      startDate: at('2025-03-05T22:00:00Z'),
      startedDate: at('2025-03-05T22:00:00Z'),
      endedDate: at('2025-03-06T02:00:00Z'),
    });
    expect(await daysOf(driver.id, '2025-03-01', '2025-03-31')).toEqual([['2025-03-06', 240]]);
    const zone = and(eq(tenantSettings.tenantId, tenantId), eq(tenantSettings.key, 'time_zone'));
    const [before] = await db.select().from(tenantSettings).where(zone);
    await db
      .insert(tenantSettings)
      .values({ tenantId, key: 'time_zone', value: 'UTC' })
      .onConflictDoUpdate({ target: [tenantSettings.tenantId, tenantSettings.key], set: { value: 'UTC' } });
    try {
      expect(await daysOf(driver.id, '2025-03-01', '2025-03-31')).toEqual([
        ['2025-03-05', 120],
        ['2025-03-06', 120],
      ]);
    } finally {
      if (before) await db.update(tenantSettings).set({ value: before.value }).where(zone);
      else await db.delete(tenantSettings).where(zone);
    }
    expect(await daysOf(driver.id, '2025-03-01', '2025-03-31')).toEqual([['2025-03-06', 240]]);
  });
});

describe('refusals', () => {
  it('answers 400 for a bad or too long range, with the field named', async () => {
    for (const body of [
      {},
      { fdate: '2025-02-30', tdate: '2025-03-01' },
      { fdate: '2025-03-02', tdate: '2025-03-01' },
      { fdate: '2024-01-01', tdate: '2025-06-01' },
      { fdate: '1999-01-01', tdate: '1999-01-02' },
      { fdate: '2025-01-01 10:00:00', tdate: '2025-01-02' },
    ]) {
      const res = await call(t, cookies.delivery, 'POST', SUMMARY, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.responseMessage).not.toMatch(/select|stack/i);
    }
    const noId = await call(t, cookies.delivery, 'POST', BY_ID, { fdate: '2025-01-01', tdate: '2025-01-02' });
    expect(noId.status).toBe(400);
  });

  it("answers another tenant's driver as one that does not exist, and lists only the tenant's drivers", async () => {
    const [foreign] = await t.database.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.tenantId, DEMO.namat.tenantId), eq(drivers.archived, false)))
      .limit(1);
    const range = { fdate: '2025-01-01', tdate: '2025-01-31' };
    const theirs = await call(t, cookies.delivery, 'POST', BY_ID, { ...range, id: foreign!.id });
    const none = await call(t, cookies.delivery, 'POST', BY_ID, { ...range, id: 999_999 });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(none.body);
    const summary = await call(t, cookies.delivery, 'POST', SUMMARY, range);
    const own = new Set(
      (
        await t.database.db
          .select({ id: drivers.id })
          .from(drivers)
          .where(eq(drivers.tenantId, DEMO.delivery.tenantId))
      ).map((d) => d.id),
    );
    for (const r of summary.body.data as { driver_id: number }[]) expect(own.has(r.driver_id)).toBe(true);
  });

  it("answers the tenant's finance address as set on the settings page", async () => {
    const before = await call(t, cookies.school, 'POST', '/api/settings/finance-email');
    expect(before.body.data).toBeNull();
    const saved = await call(t, cookies.school, 'POST', '/api/tenant-settings/save-all', {
      data: [{ key: 'finance_email', value: 'payroll@brightstart.example' }],
    });
    expect(saved.status, saved.body.responseMessage).toBe(200);
    const after = await call(t, cookies.school, 'POST', '/api/settings/finance-email');
    expect(after.body.data).toBe('payroll@brightstart.example');
    const bad = await call(t, cookies.school, 'POST', '/api/tenant-settings/save-all', {
      data: [{ key: 'finance_email', value: 'not an address' }],
    });
    expect(bad.status).toBe(400);
    const other = await call(t, cookies.delivery, 'POST', '/api/settings/finance-email');
    expect(other.body.data).toBeNull();
  });
});

/** The e-mails in the outbox (tests set up no SMTP), newest last. */
const outbox = () => {
  const dir = t.config.mail.outboxDir;
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .sort()
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    : [];
};

/** The one attachment of an .eml, decoded from its base64, and the name its headers give. */
function attachment(eml: string, name: string): Buffer {
  const at = eml.indexOf('Content-Disposition: attachment');
  expect(at, 'an attachment').toBeGreaterThan(0);
  const part = eml.slice(at);
  const end = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
  // A long or spaced name is folded (RFC 2231): compare it with the parts joined.
  const given = [...headers.matchAll(/filename(?:\*\d*\*?)?="?([^";]+)"?/g)].map((m) => m[1]).join('');
  expect(decodeURIComponent(given.replace(/^utf-8''/i, ''))).toBe(name);
  const body = part.slice(end).trimStart();
  return Buffer.from(body.slice(0, body.indexOf('--')).replace(/\s+/g, ''), 'base64');
}

describe('finance summaries e-mailed as PDF or Excel', () => {
  const SEND_ONE = '/api/driver/send-driver-finance-summary';
  const SEND_ALL = '/api/driver/send-all-driver-finance-summary';
  const tdate = () => today().toISODate()!;
  const fdate = () => today().minus({ days: 30 }).toISODate()!;

  it("sends one driver's summary as a real PDF and as a real workbook whose figures match the rows", async () => {
    const expected = await expectedFigures(DEMO.delivery.tenantId, fdate(), tdate());
    const [driverId, e] = [...expected].find(([, x]) => x.minutes > 0)!;
    // Written in Arabic: the PDF shows the name shaped and right to left, and reads it back in order.
    await t.database.db
      .update(drivers)
      .set({ fname: 'مريم', lname: 'الهاشمي' })
      .where(eq(drivers.id, driverId));
    const before = outbox().length;
    const pdf = await call(t, cookies.delivery, 'POST', SEND_ONE, {
      driver: driverId,
      fdate: fdate(),
      tdate: tdate(),
      email: 'payroll@example.com',
      confirm_outside: true,
      type: 1,
      file: '[{"forged": true}]',
      totalMinutes: 1,
    });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect(pdf.body.responseCode).toBe(1);
    expect(pdf.body.responseMessage).toContain('File sent successfully');
    expect(pdf.body.data.via).toBe('outbox');
    const mails = outbox();
    expect(mails).toHaveLength(before + 1);
    const file = attachment(mails.at(-1)!, pdf.body.data.file_name);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(file)).replace(/\s+/g, ' ');
    const pay = (Math.round((e.minutes * Math.round(e.rate * 100)) / 60) / 100).toFixed(2);
    expect(text).toContain('Desert Express');
    expect(text).toContain('Driver: مريم الهاشمي (');
    expect(text).toContain(`Pay: ${pay} UAE Dirham`);
    expect(text).toContain(`${e.minutes} min`);
    for (const day of e.days.keys()) expect(text).toContain(day);

    const form = new URLSearchParams({
      driver: String(driverId),
      fdate: fdate(),
      tdate: tdate(),
      email: 'payroll@example.com',
      confirm_outside: 'true',
      type: '2',
    });
    const xlsx = await t.app.inject({
      method: 'POST',
      url: SEND_ONE,
      headers: { cookie: cookies.delivery, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment(outbox().at(-1)!, xlsx.json().data.file_name) as unknown as ArrayBuffer);
    expect(book.worksheets).toHaveLength(1);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    const dayRows = rows.filter(
      (r) => typeof r[1] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r[1] as string),
    );
    expect(new Map(dayRows.map((r) => [r[1], r[4]]))).toEqual(e.days);
    expect(rows.find((r) => r[1] === 'Pay')?.[4]).toBe(Number(pay));
  });

  it("sends every driver's summary in one workbook, a sheet per driver, or answers 2 when nobody worked", async () => {
    const expected = await expectedFigures(DEMO.namat.tenantId, fdate(), tdate());
    const worked = [...expected].filter(([, e]) => e.minutes > 0);
    const res = await call(t, cookies.namat, 'POST', SEND_ALL, {
      fdate: fdate(),
      tdate: tdate(),
      email: 'namat@example.com', // the tenant's admin: no confirmation needed
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.responseCode).toBe(1);
    expect(res.body.responseMessage).toContain('Summary sent successfully!');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment(outbox().at(-1)!, res.body.data.file_name) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)[0]).toBe('Summary');
    expect(book.worksheets).toHaveLength(worked.length + 1);
    const summary = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    const total = summary.find((r) => r[1] === 'Total')!;
    expect(total[3]).toBe(worked.reduce((n, [, e]) => n + e.minutes, 0));

    const none = await call(t, cookies.namat, 'POST', SEND_ALL, {
      fdate: '2001-01-01',
      tdate: '2001-01-31',
      email: 'namat@example.com',
    });
    expect(none.body).toEqual({
      responseCode: 2,
      responseMessage: expect.stringMatching(/^No data for the selected .+ \/ date range\.$/),
      data: null,
    });
    const pdf = await call(t, cookies.namat, 'POST', SEND_ALL, {
      fdate: fdate(),
      tdate: tdate(),
      email: 'namat@example.com',
      selected_Drivers: worked.slice(0, 2).map(([id]) => id),
      type: 1,
    });
    expect(pdf.body.responseCode).toBe(1);
    const text = await pdfText(attachment(outbox().at(-1)!, pdf.body.data.file_name));
    expect(text).toContain('Total');
  });

  it("refuses an outside address unconfirmed, another tenant's drivers, and bad input, sending nothing", async () => {
    const before = outbox().length;
    const [foreign] = await t.database.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.tenantId, DEMO.school.tenantId))
      .limit(1);
    const base = { fdate: fdate(), tdate: tdate(), email: 'someone@elsewhere.example' };
    const outside = await call(t, cookies.namat, 'POST', SEND_ALL, base);
    expect(outside.status).toBe(409);
    const theirs = await call(t, cookies.namat, 'POST', SEND_ALL, {
      ...base,
      confirm_outside: true,
      selected_Drivers: [foreign!.id],
    });
    expect(theirs.status).toBe(404);
    const theirOne = await call(t, cookies.namat, 'POST', SEND_ONE, {
      ...base,
      confirm_outside: true,
      driver: foreign!.id,
    });
    expect(theirOne.status).toBe(404);
    for (const body of [
      { ...base, email: 'nope' },
      { ...base, type: 3, driver: 1 },
      { ...base, selected_Drivers: 'all' },
      { ...base, fdate: '2025-13-01' },
    ]) {
      const res = await call(t, cookies.namat, 'POST', 'type' in body ? SEND_ONE : SEND_ALL, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(outbox()).toHaveLength(before);
  });
});
