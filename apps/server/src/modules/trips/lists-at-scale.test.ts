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

/** The scans of the plan the database picks for `query`: what each reads, through which index, on what. */
async function scansOf(query: SQLWrapper): Promise<TScan[]> {
  const [row] = await rowsOf<Record<string, unknown>>(t.database.db, sql`explain (format json) ${query}`);
  const raw = Object.values(row!)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
  return planNodes(plan[0]!.Plan)
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

  it('counts exactly up to the bound', async () => {
    const res = await list({ fdate: '2023-12-01', tdate: '2023-12-31' });
    expect(res.status).toBe(200);
    // One trip every 25 minutes over 31 days.
    expect(res.body.data.pagination).toEqual({
      page: 1,
      page_size: 10,
      total_items: Math.floor((31 * 24 * 60) / 25),
      total_exact: true,
    });
    expect(res.body.data.trips.map((r: { id: number }) => r.id)).toEqual(
      res.body.data.trips.map((r: { id: number }) => r.id).sort((a: number, b: number) => b - a),
    );
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
          order by id desc offset 4990 limit 10`,
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
