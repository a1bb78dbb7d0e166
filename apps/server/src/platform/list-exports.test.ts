import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type TestApp } from '../test/app.ts';

/*
 * The lists' `.xlsx` exports (fines, refuels, accidents, users, students, exceptions): each file
 * holds the rows the list call answers for the same filter, in the list's order, headed in the
 * tenant's terms with dates in its time zone; another tenant's rows never; a bad filter is a 400.
 */

let t: TestApp;
let delivery: string;
let school: string;
let namat: string;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  [delivery, school, namat, superAdmin] = await Promise.all([
    t.login(DEMO.delivery.email, DEMO.delivery.password),
    t.login(DEMO.school.email, DEMO.school.password),
    t.login(DEMO.namat.email, DEMO.namat.password),
    t.login(DEMO.super.email, DEMO.super.password),
  ]);
});
afterAll(() => t.close());

/** The export's answer read back: status, headers of the sheet, its rows (as cell values). */
async function workbook(cookie: string, url: string) {
  const res = await t.app.inject({ url, headers: { cookie } });
  if (res.statusCode !== 200)
    return { status: res.statusCode, body: res.json(), headers: [] as string[], rows: [] as unknown[][] };
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
  const sheet = book.worksheets[0]!;
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  const rows: unknown[][] = [];
  for (let n = 2; n <= sheet.rowCount; n++) rows.push(values(n));
  return {
    status: 200,
    body: null,
    headers: values(1) as string[],
    rows,
    fileName: res.headers['content-disposition'],
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RANGE = { fdate: day(-35), tdate: day(0) };
const inDubai = (utc: string) =>
  DateTime.fromSQL(utc, { zone: 'utc' }).setZone('Asia/Dubai').toFormat('yyyy-MM-dd HH:mm');
const person = (p: { fname: string; lname: string } | null) => (p ? `${p.fname} ${p.lname}` : 'N/A');

interface TRecordList {
  name: string;
  list: string;
  exportUrl: string;
  dateKey: string;
  /** The console's search of the list, as the page filters the answer. */
  matches: (
    row: Record<string, unknown> & { driver: { fname: string; lname: string } | null },
    search: string,
  ) => boolean;
}
const has = (text: string | null | undefined, search: string) =>
  (text ?? '').toLowerCase().includes(search.toLowerCase());
const RECORD_LISTS: TRecordList[] = [
  {
    name: 'fines',
    list: '/api/fine/get-fines',
    exportUrl: '/api/v1/fines/export',
    dateKey: 'issued_date',
    matches: (f, s) => has(`${f.driver ? person(f.driver) : ''} ${f.description as string}`, s),
  },
  {
    name: 'refuels',
    list: '/api/diesel-tank/get-diesel-tanks',
    exportUrl: '/api/v1/refuels/export',
    dateKey: 'created_date',
    matches: (r, s) => has(person(r.driver), s),
  },
  {
    name: 'accidents',
    list: '/api/accident/get-accidents',
    exportUrl: '/api/v1/accidents/export',
    dateKey: 'created_date',
    matches: (a, s) =>
      [person(a.driver), a.location as string, a.description as string].some((x) => has(x, s)),
  },
];

describe.each(RECORD_LISTS)('GET $exportUrl', ({ name, list, exportUrl, dateKey, matches }) => {
  const query = (q: Record<string, string>) => `${exportUrl}?${new URLSearchParams(q)}`;

  it(`holds the ${name} the list shows for the range and search, newest first, dates in the tenant's zone`, async () => {
    const listed = (await call(t, delivery, 'POST', list, RANGE)).body.data as (Record<string, unknown> & {
      id: number;
      driver: { fname: string; lname: string } | null;
    })[];
    const file = await workbook(delivery, query(RANGE));
    expect(file.status).toBe(200);
    expect(file.headers).toContain('Driver name');
    const dateColumn = file.headers.indexOf('Date (Asia/Dubai)');
    expect(dateColumn).toBeGreaterThan(0);
    expect(file.rows.map((r) => r[0])).toEqual(listed.map((r) => r.id));
    for (const [i, row] of listed.entries()) {
      expect(file.rows[i]![1]).toBe(person(row.driver));
      expect(file.rows[i]![dateColumn]).toBe(inDubai(row[dateKey] as string));
    }
    // The console's search, applied on the server as the page applies it to the list.
    const named = listed[0]?.driver?.fname ?? 'zzz-nobody';
    const searched = await workbook(delivery, query({ ...RANGE, search: named.toUpperCase() }));
    expect(searched.rows.map((r) => r[0])).toEqual(listed.filter((r) => matches(r, named)).map((r) => r.id));
  });

  it(`never holds another tenant's ${name}`, async () => {
    const own = (await call(t, namat, 'POST', list, RANGE)).body.data as { id: number }[];
    const theirs = (await call(t, delivery, 'POST', list, RANGE)).body.data as { id: number }[];
    const file = await workbook(namat, query(RANGE));
    const ids = file.rows.map((r) => r[0]);
    expect(ids).toEqual(own.map((r) => r.id));
    for (const row of theirs) expect(ids).not.toContain(row.id);
  });

  it('refuses a bad filter with a 400 naming it, before any file', async () => {
    const reversed = await workbook(delivery, query({ fdate: day(0), tdate: day(-3) }));
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ responseCode: 0, errors: [{ path: 'tdate' }] });
    const tooLong = await workbook(delivery, query({ fdate: '2024-01-01', tdate: '2025-12-31' }));
    expect(tooLong.status).toBe(400);
    expect((await workbook(delivery, query({ fdate: 'soon' }))).status).toBe(400);
    expect((await workbook(delivery, query({ search: 'x'.repeat(101) }))).status).toBe(400);
  });
});

describe('GET /api/v1/admins/export', () => {
  it("holds the tenant's users the list shows, matching the search, and never a password", async () => {
    const listed = (await call(t, delivery, 'GET', '/api/admin/get-admins')).body.data as {
      id: number;
      email: string;
    }[];
    const file = await workbook(delivery, '/api/v1/admins/export');
    expect(file.headers).toEqual(['ID', 'First name', 'Last name', 'E-mail', 'Added (Asia/Dubai)']);
    expect(file.rows.map((r) => r[0])).toEqual(listed.map((a) => a.id));
    const one = await workbook(
      delivery,
      `/api/v1/admins/export?search=${encodeURIComponent(DEMO.delivery.email)}`,
    );
    expect(one.rows.map((r) => r[3])).toEqual([DEMO.delivery.email]);
  });

  it("answers the super admin the named tenant's users, and refuses a tenant admin another tenant's", async () => {
    const namatAdmins = (await call(t, namat, 'GET', '/api/admin/get-admins')).body.data as { id: number }[];
    const file = await workbook(superAdmin, `/api/v1/admins/export?tenant_id=${DEMO.namat.tenantId}`);
    expect(file.rows.map((r) => r[0])).toEqual(namatAdmins.map((a) => a.id));
    expect((await workbook(delivery, `/api/v1/admins/export?tenant_id=${DEMO.namat.tenantId}`)).status).toBe(
      403,
    );
  });
});

describe('GET /api/v1/school-bus/students/export', () => {
  it('holds the students the list shows for the search, with driver, stop and guardians', async () => {
    const listed = (
      await t.app.inject({ url: '/api/v1/school-bus/students', headers: { cookie: school } })
    ).json().data as { id: number; lname: string; guardians: { email: string }[] }[];
    expect(listed.length).toBeGreaterThan(0);
    const file = await workbook(school, '/api/v1/school-bus/students/export');
    expect(file.headers.slice(0, 4)).toEqual(['ID', 'First name', 'Last name', 'Driver']);
    expect(file.rows.map((r) => r[0])).toEqual(listed.map((s) => s.id));
    expect(String(file.rows[0]![7])).toContain(listed[0]!.guardians[0]!.email);
    const search = listed[0]!.lname;
    const searched = (
      await t.app.inject({
        url: `/api/v1/school-bus/students?search=${encodeURIComponent(search)}`,
        headers: { cookie: school },
      })
    ).json().data as { id: number }[];
    const file2 = await workbook(
      school,
      `/api/v1/school-bus/students/export?search=${encodeURIComponent(search)}`,
    );
    expect(file2.rows.map((r) => r[0])).toEqual(searched.map((s) => s.id));
  });

  it('refuses tenants that keep no students, in the list call’s envelope', async () => {
    const res = await workbook(delivery, '/api/v1/school-bus/students/export');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false });
  });
});

describe('GET /api/v1/exceptions/export', () => {
  it('holds the exceptions the list shows for the type and driver name, newest first', async () => {
    const page = (
      await t.app.inject({ url: '/api/v1/exceptions?page_size=100', headers: { cookie: delivery } })
    ).json();
    const file = await workbook(delivery, '/api/v1/exceptions/export');
    expect(file.rows.length).toBe(page.pagination.total);
    expect(file.rows.slice(0, page.data.length).map((r) => r[0])).toEqual(
      page.data.map((e: { id: number }) => e.id),
    );
    expect(file.headers).toContain('Time (Asia/Dubai)');
    const first = page.data[0] as { type: string; driver: { fname: string } };
    const filtered = (
      await t.app.inject({
        url: `/api/v1/exceptions?page_size=100&type=${first.type}&driver_name=${encodeURIComponent(first.driver.fname)}`,
        headers: { cookie: delivery },
      })
    ).json();
    const file2 = await workbook(
      delivery,
      `/api/v1/exceptions/export?type=${first.type}&driver_name=${encodeURIComponent(first.driver.fname)}`,
    );
    expect(file2.rows.map((r) => r[0])).toEqual(filtered.data.map((e: { id: number }) => e.id));
    const theirs = await workbook(namat, '/api/v1/exceptions/export');
    for (const id of file.rows.map((r) => r[0])) expect(theirs.rows.map((r) => r[0])).not.toContain(id);
    const bad = await workbook(delivery, '/api/v1/exceptions/export?type=speeding');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false });
  });
});
