import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_EXACT_COUNT } from '@fleet/contract';
import { anyId } from '../../db/id-lists.ts';
import { tripDestinations } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { rowsOf } from '../../test/tenant-data.ts';
import { loadTrips, searchedRefs, tripListQueries, type TTripFilter } from './queries.ts';

/*
 * The trips lists at a size where a plan or a statement shape matters: tens of thousands of trips of
 * one tenant (and more of another), made by SQL, on whichever database the run uses (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). Trips are planned from BULK_END back, one every 25 minutes, so
 * the figures do not depend on the day the test runs.
 */

const TENANT = DEMO.delivery.tenantId;
const OTHER = DEMO.namat.tenantId;
const BULK = 40_000;
const OTHER_BULK = 20_000;
const BULK_END = '2024-01-01T00:00:00Z';
const day = (iso: string) => new Date(iso);

let t: TestApp;
let cookie: string;
let bulkIds: number[];
let driverId: number;

/** `count` trips of the tenant, each with two stops of one task, planned every 25 minutes before BULK_END. */
async function seedTrips(tenantId: number, count: number, note: string) {
  const db = t.database.db;
  await db.execute(sql`
    insert into trips (tenant_id, driver_id, warehouse_id, type_id, start_date, note, created_date)
    select ${tenantId},
      (select id from drivers where tenant_id = ${tenantId} order by id offset (g % 3) limit 1),
      (select id from warehouses where tenant_id = ${tenantId} order by id limit 1),
      (select id from trip_types where tenant_id = ${tenantId} order by id limit 1),
      ${BULK_END}::timestamptz - g * interval '25 minutes', ${note},
      ${BULK_END}::timestamptz - g * interval '25 minutes' - interval '1 day'
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into trip_destinations (tenant_id, trip_id, position, destination_name, driving_time, staying_time)
    select ${tenantId}, t.id, p, 'Stop ' || p || ' of ' || t.id, 20, 5
    from trips t cross join generate_series(0, 1) p where t.tenant_id = ${tenantId} and t.note = ${note}`);
  await db.execute(sql`
    insert into tasks (tenant_id, trip_destination_id, description)
    select ${tenantId}, d.id, 'Deliver at ' || d.destination_name
    from trip_destinations d join trips t on t.id = d.trip_id
    where t.tenant_id = ${tenantId} and t.note = ${note}`);
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  await seedTrips(TENANT, BULK, 'bulk');
  await seedTrips(OTHER, OTHER_BULK, 'bulk of another tenant');
  await t.database.db.execute(sql`vacuum analyze trips`);
  await t.database.db.execute(sql`vacuum analyze trip_destinations`);
  await t.database.db.execute(sql`vacuum analyze tasks`);
  const rows = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select id from trips where tenant_id = ${TENANT} and note = 'bulk' order by id desc`,
  );
  bulkIds = rows.map((r) => Number(r.id));
  const [driver] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select id from drivers where tenant_id = ${TENANT} order by id limit 1`,
  );
  driverId = Number(driver!.id);
}, 300_000);
afterAll(() => t.close());

describe('ids of a list bound as one array', () => {
  it('loads more than 70,000 trips, stops and tasks by id in one statement each, each trip with its own', async () => {
    // 40,000 trips and 30,001 ids nobody has: 70,001 ids, then 80,000 stop ids, then 80,000 task ids.
    const missing = Array.from({ length: 30_001 }, (_, i) => 2_000_000_000 - i);
    const ids = [...bulkIds, ...missing];
    expect(ids.length).toBeGreaterThan(70_000);
    const loaded = await loadTrips(t.database.db, TENANT, ids);
    expect(loaded).toHaveLength(BULK);
    expect(loaded.map((r) => r.trip.id)).toEqual(bulkIds);
    const sample = loaded[12_345]!;
    expect(sample.stops.map((s) => [s.tripId, s.position, s.destinationName])).toEqual([
      [sample.trip.id, 0, `Stop 0 of ${sample.trip.id}`],
      [sample.trip.id, 1, `Stop 1 of ${sample.trip.id}`],
    ]);
    expect(sample.stops[1]!.tasks.map((k) => k.description)).toEqual([
      `Deliver at Stop 1 of ${sample.trip.id}`,
    ]);
  });

  it('finds none of another tenant whatever the length of the list', async () => {
    const others = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from trips where tenant_id = ${OTHER} and note = 'bulk of another tenant'`,
    );
    const ids = [...others.map((r) => Number(r.id)), ...bulkIds.slice(0, 50_001 - others.length)];
    expect(ids.length).toBeGreaterThan(50_000);
    const loaded = await loadTrips(t.database.db, TENANT, ids);
    expect(loaded.every((r) => r.trip.tenantId === TENANT)).toBe(true);
    const stops = await t.database.db
      .select({ id: tripDestinations.id })
      .from(tripDestinations)
      .where(
        sql`${tripDestinations.tenantId} = ${TENANT} and ${anyId(
          tripDestinations.tripId,
          others.map((r) => Number(r.id)),
        )}`,
      );
    expect(stops).toEqual([]);
  });
});

/** The nodes of a JSON plan, depth first. */
function planNodes(node: Record<string, unknown>): Record<string, unknown>[] {
  const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [node, ...children.flatMap(planNodes)];
}

interface TScan {
  node: string;
  table: string | undefined;
  index: string | undefined;
  cond: string;
}

/** Every node of the plan the database picks for `query`. */
async function planOf(query: SQLWrapper): Promise<Record<string, unknown>[]> {
  const [row] = await rowsOf<Record<string, unknown>>(t.database.db, sql`explain (format json) ${query}`);
  const raw = Object.values(row!)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
  return planNodes(plan[0]!.Plan);
}

/** The scans of the plan the database picks for `query`: what each reads, through which index, on what. */
async function scansOf(query: SQLWrapper): Promise<TScan[]> {
  return (await planOf(query))
    .filter((n) => String(n['Node Type']).includes('Scan'))
    .map((n) => ({
      node: String(n['Node Type']),
      table: n['Relation Name'] as string | undefined,
      index: n['Index Name'] as string | undefined,
      cond: String(n['Index Cond'] ?? ''),
    }));
}

/** Whether the plan reads `table` only through an index that starts from the tenant (no whole-table walk). */
function readsByTenantIndex(scans: TScan[], table: string) {
  const own = scans.filter((s) => s.table === table || s.index?.startsWith(`${table}_`));
  return {
    whole: own.filter((s) => s.node === 'Seq Scan' || (s.index && !s.cond.includes('tenant_id'))),
    indexed: own.filter((s) => s.index && s.cond.includes('tenant_id')).length > 0,
  };
}

describe('trips list plans at 60,000 trips', () => {
  const lastMonth: TTripFilter = { from: day('2023-12-01T00:00:00Z'), to: day('2024-01-01T00:00:00Z') };
  const twoYears: TTripFilter = { from: day('2022-01-01T00:00:00Z'), to: day('2024-01-01T00:00:00Z') };

  const cases: [string, () => Promise<SQLWrapper[]>][] = [
    [
      'first page and count of the last 30 days',
      async () => {
        const q = tripListQueries(t.database.db, TENANT, lastMonth, undefined, { limit: 10, offset: 0 });
        return [q.ids, q.count];
      },
    ],
    [
      'page 500 of the last 30 days',
      async () => [
        tripListQueries(t.database.db, TENANT, lastMonth, undefined, { limit: 10, offset: 4_990 }).ids,
      ],
    ],
    [
      'page 500 of two years',
      async () => [
        tripListQueries(t.database.db, TENANT, twoYears, undefined, { limit: 11, offset: 4_990 }).ids,
      ],
    ],
    [
      'a page after a cursor deep in two years',
      async () => [
        tripListQueries(t.database.db, TENANT, twoYears, undefined, {
          limit: 11,
          cursor: { dir: 'after', key: { at: '2022-06-01 00:00:00+00', id: bulkIds[30_000]! } },
        }).ids,
      ],
    ],
    [
      'a page before a cursor deep in two years',
      async () => [
        tripListQueries(t.database.db, TENANT, twoYears, undefined, {
          limit: 11,
          cursor: { dir: 'before', key: { at: '2022-06-01 00:00:00+00', id: bulkIds[30_000]! } },
        }).ids,
      ],
    ],
    [
      'a search of the last 30 days',
      async () => {
        const refs = await searchedRefs(t.database.db, TENANT, 'a');
        const q = tripListQueries(t.database.db, TENANT, lastMonth, refs, { limit: 10, offset: 0 });
        return [q.ids, q.count];
      },
    ],
    [
      "one driver's trips of two years",
      async () => [tripListQueries(t.database.db, TENANT, { ...twoYears, driverId }, undefined).ids],
    ],
    [
      "one driver's newest trips (the fine dialog's picker)",
      async () => [tripListQueries(t.database.db, TENANT, { driverId }, undefined, { limit: 50 }).ids],
    ],
  ];

  it.each(cases)('%s reads trips through a tenant index, never the whole table', async (_name, queries) => {
    for (const query of await queries()) {
      const { whole, indexed } = readsByTenantIndex(await scansOf(query), 'trips');
      expect(whole).toEqual([]);
      expect(indexed).toBe(true);
    }
  });

  // A page deep in the list (by offset or by cursor) is the next entries of the planned-time index,
  // read in its order from the index alone: no Sort of the range, no heap, whatever the depth.
  it.each([
    ['page 500 of two years', { limit: 11, offset: 4_990 }],
    ['page 3,000 of two years', { limit: 11, offset: 29_990 }],
    [
      'a cursor page deep in two years',
      { limit: 11, cursor: { dir: 'after', key: { at: '2022-06-01 00:00:00+00', id: 1 } } },
    ],
    [
      'a cursor page going back',
      { limit: 11, cursor: { dir: 'before', key: { at: '2022-06-01 00:00:00+00', id: 1 } } },
    ],
  ] as const)('%s reads its ids from the index alone, in its order, without a sort', async (_name, page) => {
    const query = tripListQueries(t.database.db, TENANT, twoYears, undefined, page).ids;
    const nodes = await planOf(query);
    const types = nodes.map((n) => String(n['Node Type']));
    expect(types).not.toContain('Sort');
    expect(types).not.toContain('Incremental Sort');
    expect(types).not.toContain('Seq Scan');
    const scans = nodes.filter((n) => String(n['Node Type']).includes('Scan'));
    expect(scans.map((n) => [n['Node Type'], n['Relation Name']])).toEqual([['Index Only Scan', 'trips']]);
    expect(String(scans[0]!['Index Cond'])).toContain('tenant_id');
  });

  it("reads a list's stops and tasks through their indexes", async () => {
    const someTrips = bulkIds.slice(0, 100);
    const scans = await scansOf(
      t.database.db
        .select({ id: tripDestinations.id })
        .from(tripDestinations)
        .where(
          sql`${tripDestinations.tenantId} = ${TENANT} and ${anyId(tripDestinations.tripId, someTrips)}`,
        ),
    );
    expect(readsByTenantIndex(scans, 'trip_destinations')).toEqual({ whole: [], indexed: true });
  });
});

describe('POST /api/trip/get-all-trips at scale', () => {
  const list = (body: object, page = 1) =>
    call(t, cookie, 'POST', `/api/trip/get-all-trips?page=${page}&page_size=10`, body);

  it('counts exactly up to the bound, newest planned first', async () => {
    const res = await list({ fdate: '2023-12-01', tdate: '2023-12-31' });
    expect(res.status).toBe(200);
    // One trip every 25 minutes over 31 days.
    expect(res.body.data.pagination).toEqual({
      page: 1,
      page_size: 10,
      total_items: Math.floor((31 * 24 * 60) / 25),
      total_exact: true,
      next_cursor: expect.any(String),
      prev_cursor: null,
    });
    const starts = res.body.data.trips.map((r: { start_date: string }) => r.start_date);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(starts[0]).toBe('2023-12-31 23:35:00');
  });

  it('says past the bound that the count is an estimate, never below the bound', async () => {
    const res = await list({ fdate: '2022-06-01', tdate: '2023-12-31' });
    expect(res.status).toBe(200);
    expect(res.body.data.pagination.total_exact).toBe(false);
    expect(res.body.data.pagination.total_items).toBeGreaterThan(LIST_EXACT_COUNT);
  });

  it('answers a deep page with the same trips as the ids in order', async () => {
    const res = await list({ fdate: '2023-01-01', tdate: '2023-12-31' }, 500);
    expect(res.status).toBe(200);
    const ids = res.body.data.trips.map((r: { id: number }) => r.id);
    expect(ids).toHaveLength(10);
    const whole = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from trips where tenant_id = ${TENANT} and archived = false
          and coalesce(start_date, created_date) >= '2023-01-01' and coalesce(start_date, created_date) < '2024-01-01'
          order by coalesce(start_date, created_date) desc, id desc offset 4990 limit 10`,
    );
    expect(ids).toEqual(whole.map((r) => Number(r.id)));
  });

  it('searches by the driver, origin or type it names and nothing else', async () => {
    const [driver] = await rowsOf<{ fname: string; lname: string }>(
      t.database.db,
      sql`select fname, lname from drivers where id = ${driverId}`,
    );
    const res = await list({
      fdate: '2023-12-01',
      tdate: '2023-12-31',
      search: `${driver!.fname} ${driver!.lname}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.trips.length).toBeGreaterThan(0);
    expect(res.body.data.trips.every((r: { driver_id: number }) => r.driver_id === driverId)).toBe(true);
    const none = await list({ fdate: '2023-12-01', tdate: '2023-12-31', search: 'nobody is called this' });
    expect(none.body.data.pagination.total_items).toBe(0);
    expect(none.body.data.trips).toEqual([]);
  });
});

describe('POST /api/trip/get-all-trips by cursor', () => {
  const PAGE = 25;
  const range = { fdate: '2023-12-10', tdate: '2023-12-12' };
  type TAnswer = {
    status: number;
    body: { data: { trips: { id: number }[]; pagination: Record<string, unknown> } };
  };
  const list = async (query: string, body: object = range, as = cookie) =>
    (await call(t, as, 'POST', `/api/trip/get-all-trips?page_size=${PAGE}&${query}`, body)) as TAnswer;
  const idsOf = (res: TAnswer) => res.body.data.trips.map((r) => r.id);
  const cursorOf = (res: TAnswer, which: 'next_cursor' | 'prev_cursor') =>
    res.body.data.pagination[which] as string | null;

  /** Trips of the tenant planned at `start` (or, without one, created at `created`). */
  async function addTrips(n: number, start: string | null, created = '2023-12-11 10:00:00.123456+00') {
    await t.database.db.execute(sql`
      insert into trips (tenant_id, driver_id, warehouse_id, type_id, start_date, note, created_date)
      select ${TENANT}, ${driverId},
        (select id from warehouses where tenant_id = ${TENANT} order by id limit 1),
        (select id from trip_types where tenant_id = ${TENANT} order by id limit 1),
        ${start}::timestamptz, 'added', ${created}::timestamptz
      from generate_series(1, ${n})`);
  }

  /** Every page by page number, from the first to the last (short) one. */
  async function byOffset() {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await list(`page=${page}`);
      ids.push(...idsOf(res));
      if (res.body.data.trips.length < PAGE) return ids;
    }
  }

  it('walks the same rows as the pages by number, in order, with none twice or missed while trips are added', async () => {
    // Ties in the order (same planned time), and trips without a start planned by their creation,
    // to the microsecond.
    await addTrips(7, '2023-12-11 12:00:00+00');
    await addTrips(6, null);
    await addTrips(3, null, '2023-12-11 10:00:00.123457+00');
    const expected = await byOffset();
    expect(new Set(expected).size).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(7 * PAGE);

    const seen: number[] = [];
    const first = await list('page=1');
    seen.push(...idsOf(first));
    let cursor = cursorOf(first, 'next_cursor');
    const pages = [first];
    for (let page = 2; cursor; page++) {
      // A trip is planned at the top of the list before each next page: counting rows, the next
      // page would show again the row the previous one ended with.
      await addTrips(1, '2023-12-12 23:59:00+00');
      const res = await list(`page=${page}&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.pagination.page).toBe(page);
      seen.push(...idsOf(res));
      pages.push(res);
      cursor = cursorOf(res, 'next_cursor');
    }
    expect(seen).toEqual(expected);
    expect(pages.at(-1)!.body.data.trips.length).toBeLessThanOrEqual(PAGE);

    // Back from the last page, each previous page is the one seen before it.
    let back = cursorOf(pages.at(-1)!, 'prev_cursor');
    for (let i = pages.length - 2; i >= 1; i--) {
      const res = await list(`page=${i + 1}&cursor=${encodeURIComponent(back!)}`);
      expect(idsOf(res)).toEqual(idsOf(pages[i]!));
      back = cursorOf(res, 'prev_cursor');
    }
    const again = await list(`page=1&cursor=${encodeURIComponent(back!)}`);
    expect(idsOf(again)).toEqual(idsOf(first));
    // Before the first page seen come the trips added since, and nothing before them.
    const top = await list(`page=1&cursor=${encodeURIComponent(cursorOf(again, 'prev_cursor')!)}`);
    expect(idsOf(top)).toHaveLength(pages.length - 1);
    expect(cursorOf(top, 'prev_cursor')).toBeNull();
  });

  it('ends the walk with no next cursor, and a search walks only what it matches', async () => {
    const empty = await list('page=1', { fdate: '2030-01-01', tdate: '2030-01-02' });
    expect(empty.body.data.trips).toEqual([]);
    expect(empty.body.data.pagination).toMatchObject({
      total_items: 0,
      next_cursor: null,
      prev_cursor: null,
    });

    const [driver] = await rowsOf<{ lname: string }>(
      t.database.db,
      sql`select lname from drivers where id = ${driverId}`,
    );
    const search = { ...range, search: driver!.lname };
    const first = await list('page=1', search);
    const second = await list(`page=2&cursor=${encodeURIComponent(cursorOf(first, 'next_cursor')!)}`, search);
    const byNumber = await list('page=2', search);
    expect(idsOf(second)).toEqual(idsOf(byNumber));
    expect(second.body.data.trips.every((r) => (r as { driver_id?: number }).driver_id === driverId)).toBe(
      true,
    );
  });

  it("refuses another tenant's, another server's or a changed cursor with a 400 naming it, and shows no row", async () => {
    const mine = cursorOf(await list('page=1'), 'next_cursor')!;
    const namat = await t.login(DEMO.namat.email, DEMO.namat.password);
    const theirs = cursorOf(
      await list('page=1', { fdate: '2023-12-01', tdate: '2023-12-31' }, namat),
      'next_cursor',
    )!;
    expect(theirs).toBeTruthy();
    const [payload, signature] = mine.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    // The same place, claimed for the other tenant, or moved: the signature no longer matches.
    const forged = (parts: unknown[]) =>
      `${Buffer.from(JSON.stringify(parts)).toString('base64url')}.${signature}`;
    const refused = [
      theirs,
      forged([decoded[0], decoded[1], OTHER, ...decoded.slice(3)]),
      forged([...decoded.slice(0, 5), 1]),
      `${payload}.${signature.slice(0, -2)}AA`,
      `${payload}.`,
      'not a cursor',
      'a'.repeat(400),
    ];
    for (const cursor of refused) {
      const res = await list(`page=2&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(JSON.stringify(res.body)).toContain('cursor');
      expect(res.body.data).toBeNull();
    }
  });
});

describe('POST /api/trip/get-all-trips at the end of a long list', () => {
  const body = { fdate: '2022-06-01', tdate: '2023-12-31' };
  const list = (page: number) =>
    call(t, cookie, 'POST', `/api/trip/get-all-trips?page=${page}&page_size=10`, body);

  it('counts exactly on the last page past the bound, and a page past the end says no more follow', async () => {
    const [row] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from trips where tenant_id = ${TENANT} and archived = false
          and planned_date >= '2022-06-01' and planned_date < '2024-01-01'`,
    );
    const n = Number(row!.n);
    expect(n).toBeGreaterThan(LIST_EXACT_COUNT);
    const last = await list(Math.ceil(n / 10));
    expect(last.body.data.trips.length).toBe(n - (Math.ceil(n / 10) - 1) * 10);
    expect(last.body.data.pagination).toMatchObject({ total_items: n, total_exact: true, next_cursor: null });
    const past = await list(Math.ceil(n / 10) + 50);
    expect(past.body.data.trips).toEqual([]);
    expect(past.body.data.pagination).toMatchObject({
      total_exact: false,
      next_cursor: null,
      prev_cursor: null,
    });
    expect(past.body.data.pagination.total_items).toBeLessThanOrEqual((Math.ceil(n / 10) + 49) * 10);
  });
});
