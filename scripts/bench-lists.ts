// `npm run bench:lists`: how the trips lists and exports answer as a tenant's trips grow. Builds the
// app in-process (as the tests do: a fresh database on the PostgreSQL server of BENCH_DATABASE_URL, or
// in-memory PGlite without it), listens on a loopback port, signs in as the demo delivery admin, then
// for each size of BENCH_SIZES (default 10,000 and 100,000 trips of that tenant, each with three stops
// of one task; plus as many again across BENCH_OTHER_TENANTS other tenants, made for the run) makes
// the trips by SQL, spread over the two years back from today (denser as the size grows), and:
// - sends each call of the lists BENCH_REQUESTS times over BENCH_CONNECTIONS concurrent connections
//   (from a worker thread, so the server's event loop is its own): p50, p99 and requests/s;
// - runs the direct export of the newest days that hold at most 20,000 trips BENCH_EXPORTS times
//   one after another, and the background export of 30 days: time, and the memory held.
// Prints Markdown tables for docs/benchmarks.md, with the ratio of the largest size to the smallest.
// 1,000,000 takes minutes to make (PostgreSQL only).
//
// Then the reports (issue 26): a tenant made for the run with BENCH_REPORT_DRIVERS drivers (default
// 100) and BENCH_REPORT_TRIPS trips (default 100,000) in the last 30 days, all started and ended (a
// driver's trips now and then overlap, which working time merges), with accidents, fines and
// refuels, a task per trip (one in five with an accepted manager's approval) and an exception per
// ten trips; each report and analytics call of those 30 days is sent BENCH_REQUESTS times over
// BENCH_REPORT_CONNECTIONS connections (default 1: an admin's screen asking). BENCH_SIZES=0 runs
// the reports alone.
//
// Then the CRM's orders (issue 28): for each size of BENCH_ORDER_SIZES (default 10,000 and 100,000;
// 1,000,000 on PostgreSQL) orders of the demo delivery tenant (its CRM switched on) over BENCH_ORDER_CUSTOMERS
// customers (default 2,000, one address each), requested over the two years back from today, in every
// status, plus as many again across the other tenants; each list call the Orders screen sends is measured
// as the trips' are. BENCH_ORDER_SIZES=0 leaves them out.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { EXPORT_LIMIT } from '@fleet/contract';
import { countTripsForExport } from '../apps/server/src/modules/trips/export.ts';
import type { TTenantContext } from '../apps/server/src/platform/context.ts';
import { addAdmin } from '../apps/server/src/modules/admins/service.ts';
import { systemContext } from '../apps/server/src/platform/context.ts';
import { createTestApp, DEMO, removeScriptDemo } from '../apps/server/src/test/app.ts';
import { rowsOf } from '../apps/server/src/test/tenant-data.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number).filter(Boolean);
const REPORT_DRIVERS = Number(process.env.BENCH_REPORT_DRIVERS ?? 100);
const REPORT_TRIPS = Number(process.env.BENCH_REPORT_TRIPS ?? 100_000);
/** A report is one admin's screen asking (every 10 s), not a crowd paging: one connection by default. */
const REPORT_CONNECTIONS = Number(process.env.BENCH_REPORT_CONNECTIONS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 3);
const OTHER_TENANTS = Number(process.env.BENCH_OTHER_TENANTS ?? 20);
const TENANT = DEMO.delivery.tenantId;
const ORDER_SIZES = (process.env.BENCH_ORDER_SIZES ?? '10000,100000').split(',').map(Number).filter(Boolean);
const ORDER_CUSTOMERS = Number(process.env.BENCH_ORDER_CUSTOMERS ?? 2000);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
const db = t.database.db;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** The other tenants the table also holds trips of, made for the run (no drivers: their trips name none). */
const others = await rowsOf<{ id: number }>(
  db,
  sql`insert into tenants (name, type) select 'Bench tenant ' || g, 'delivery'
      from generate_series(1, ${OTHER_TENANTS}) g returning id`,
);
const OTHERS = others.map((r) => Number(r.id));
const [firstDriver] = await rowsOf<{ id: number; lname: string }>(
  db,
  sql`select id, lname from drivers where tenant_id = ${TENANT} and archived = false order by id limit 1`,
);
if (!firstDriver) throw new Error('the demo has no driver');

/** The largest trip id so far: the stops and tasks made next are those of the trips made after it. */
const lastTripId = async () =>
  Number((await rowsOf<{ id: number }>(db, sql`select coalesce(max(id), 0) as id from trips`))[0]!.id);

/**
 * Trips of the tenant numbered from `from` (exclusive) to `to`, spread evenly over the two years
 * back from now (each size's trips are two years of a fleet: a million is ~1,370 a day, 41,000 in 30
 * days), each with three stops of one task; the drivers, origins and types of the tenant in turn.
 */
async function makeTrips(from: number, to: number) {
  if (to <= from) return;
  const before = await lastTripId();
  await db.execute(sql`
    insert into trips (tenant_id, driver_id, warehouse_id, type_id, start_date, note, created_date)
    with refs as (
      select array(select id from drivers where tenant_id = ${TENANT} and archived = false order by id) d,
        array(select id from warehouses where tenant_id = ${TENANT} order by id) w,
        array(select id from trip_types where tenant_id = ${TENANT} order by id) y
    )
    select ${TENANT}, d[1 + g % cardinality(d)], w[1 + g % cardinality(w)], y[1 + g % cardinality(y)],
      now() - ((g - ${from})::float8 / ${to - from}) * interval '730 days', 'bench',
      now() - ((g - ${from})::float8 / ${to - from}) * interval '730 days' - interval '1 day'
    from refs, generate_series(${to}, ${from + 1}, -1) g`);
  await db.execute(sql`
    insert into trip_destinations (tenant_id, trip_id, position, destination_name, driving_time, staying_time)
    select t.tenant_id, t.id, p, 'Stop ' || p, 20, 5
    from trips t cross join generate_series(0, 2) p
    where t.id > ${before} and t.tenant_id = ${TENANT}`);
  await db.execute(sql`
    insert into tasks (tenant_id, trip_destination_id, description)
    select d.tenant_id, d.id, 'Deliver' from trip_destinations d join trips t on t.id = d.trip_id
    where t.id > ${before} and t.tenant_id = ${TENANT}`);
}

/** `count` trips across the other tenants, over the same two years in no particular order, one stop each. */
async function makeOtherTrips(count: number) {
  if (count <= 0) return;
  const before = await lastTripId();
  await db.execute(sql`
    insert into trips (tenant_id, start_date, note, created_date)
    select (${sql.param(OTHERS)}::int[])[1 + g % ${OTHERS.length}],
      now() - ((g::bigint * 7919) % ${count})::float8 / ${count} * interval '730 days', 'bench',
      now() - ((g::bigint * 7919) % ${count})::float8 / ${count} * interval '730 days' - interval '1 day'
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into trip_destinations (tenant_id, trip_id, position, destination_name, driving_time, staying_time)
    select t.tenant_id, t.id, 0, 'Stop', 20, 5 from trips t where t.id > ${before}`);
}

/**
 * The reports' tenant: REPORT_DRIVERS drivers and REPORT_TRIPS trips over the last 30 days, each
 * driver's trips one every 30 days × drivers / trips (43 min at the defaults), each 30 to 60 min
 * long (so some overlap the next), planned at their start; an accident, a fine and two refuels per
 * driver and day. Signs in as an admin made for it; answers the cookie and a driver's id.
 */
async function makeReportTenant() {
  const [tenant] = await rowsOf<{ id: number }>(
    db,
    sql`insert into tenants (name, type) values ('Bench reports tenant', 'delivery') returning id`,
  );
  const tenantId = Number(tenant!.id);
  const driverIds = (
    await rowsOf<{ id: number }>(
      db,
      sql`insert into drivers (tenant_id, fname, lname, email, password_hash, hourly_rate)
          select ${tenantId}, 'Bench', 'Driver ' || g, 'bench-report-' || g || '@reports.example', '-', 10 + g % 15
          from generate_series(1, ${REPORT_DRIVERS}) g returning id`,
    )
  ).map((r) => Number(r.id));
  const ids = sql.param(driverIds);
  const every = (30 * 86_400) / Math.ceil(REPORT_TRIPS / REPORT_DRIVERS); // seconds between a driver's trips
  await db.execute(sql`
    insert into trips (tenant_id, driver_id, start_date, started_date, ended_date, note, created_date)
    select ${tenantId}, (${ids}::int[])[1 + g % ${REPORT_DRIVERS}], s, s,
      s + (30 + 5 * (g % 7)) * interval '1 minute', 'bench', s - interval '1 day'
    from generate_series(0, ${REPORT_TRIPS - 1}) g,
      lateral (select now() - interval '30 days' + (g / ${REPORT_DRIVERS}) * ${every} * interval '1 second' as s) x`);
  // A stop of one task per trip; one task in five asked and given a manager's approval at the trip's
  // end, and one trip in ten late to start (an exception), as the analytics count them.
  await db.execute(sql`
    insert into trip_destinations (tenant_id, trip_id, position, destination_name, driving_time, staying_time)
    select tenant_id, id, 0, 'Stop', 20, 5 from trips where tenant_id = ${tenantId}`);
  await db.execute(sql`
    insert into tasks (tenant_id, trip_destination_id, description, status, completed_date,
      completed_by_driver_id, manager_approval, manager_approval_status, manager_decided_date)
    select d.tenant_id, d.id, 'Deliver', 'completed', t.ended_date, t.driver_id,
      t.id % 5 = 0, case when t.id % 5 = 0 then 'accepted' end, case when t.id % 5 = 0 then t.ended_date end
    from trip_destinations d join trips t on t.id = d.trip_id where t.tenant_id = ${tenantId}`);
  await db.execute(sql`
    insert into exceptions (tenant_id, trip_id, driver_id, type, occurred_at, message)
    select tenant_id, id, driver_id, 'late_start', started_date, 'Started late'
    from trips where tenant_id = ${tenantId} and id % 10 = 0`);
  await db.execute(sql`
    insert into accidents (tenant_id, driver_id, description, created_date)
    select ${tenantId}, d, 'bench', now() - g * interval '1 day' from unnest(${ids}::int[]) d, generate_series(0, 29) g`);
  await db.execute(sql`
    insert into fines (tenant_id, driver_id, amount, description, issued_date)
    select ${tenantId}, d, 50, 'bench', now() - g * interval '1 day' from unnest(${ids}::int[]) d, generate_series(0, 29) g`);
  await db.execute(sql`
    insert into diesel_tanks (tenant_id, driver_id, volume, amount, created_date)
    select ${tenantId}, d, 40, 60, now() - g * interval '12 hours' from unnest(${ids}::int[]) d, generate_series(0, 59) g`);
  for (const table of [
    'trips',
    'trip_destinations',
    'tasks',
    'exceptions',
    'drivers',
    'accidents',
    'fines',
    'diesel_tanks',
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  const email = `bench-report-admin-${process.pid}@reports.example`;
  const password = `reports ${randomBytes(12).toString('hex')}`;
  await addAdmin(
    systemContext(db, () => {}, 'lists benchmark', tenantId),
    { email, fname: 'Bench', lname: 'Admin' },
    password,
  );
  return { cookie: await t.login(email, password), driverId: driverIds[0]! };
}

/**
 * The report calls of the last 30 days, as the Driver Summary, Finance, Driver Trips and Analytics
 * screens send them.
 */
const reportCalls = (driverId: number): TCall[] => [
  ...[
    'most-trips',
    'most-working-hours',
    'fewest-incidents',
    'most-approval-accepted',
    'most-exceptions',
  ].map((ranking) => ({
    name: `analytics get-drivers-with-${ranking}`,
    path: `analytics/get-drivers-with-${ranking}?fdate=${day(-30)}&ldate=${day(0)}`,
  })),
  {
    name: 'get-drivers-working-hours, every driver',
    path: 'driver/get-drivers-working-hours',
    body: { fdate: day(-30), tdate: day(0) },
  },
  {
    name: "get-drivers-working-hours-by-id, a driver's days",
    path: 'driver/get-drivers-working-hours-by-id',
    body: { id: driverId, fdate: day(-30), tdate: day(0) },
  },
  {
    name: "get-driver-all-trips, a driver's 30 days, page 1",
    path: 'trip/get-driver-all-trips?page=1&page_size=10',
    body: { driver_id: driverId, fdate: day(-30), tdate: day(0) },
  },
];

interface TCall {
  name: string;
  path: string;
  /** POST's JSON body; none for a GET. */
  body?: object;
  /** Fewer requests than the others (a call the console no longer makes). */
  share?: number;
}
const twoYears = () => ({ fdate: day(-730), tdate: day(0) });
const calls = (page500Cursor: string): TCall[] => [
  {
    name: 'get-all-trips, first page, 30 days',
    path: 'trip/get-all-trips?page=1&page_size=10',
    body: { fdate: day(-30), tdate: day(0) },
  },
  {
    name: 'same, page 500 by number, two years',
    path: 'trip/get-all-trips?page=500&page_size=10',
    body: twoYears(),
  },
  {
    name: 'same, page 500 by cursor, two years',
    path: `trip/get-all-trips?page=500&page_size=10&cursor=${encodeURIComponent(page500Cursor)}`,
    body: twoYears(),
  },
  {
    name: 'same with a search text, 30 days',
    path: 'trip/get-all-trips?page=1&page_size=10',
    body: { fdate: day(-30), tdate: day(0), search: firstDriver.lname },
  },
  {
    // A page every size fills: at 10,000 trips the searched driver has about 400 in two years, so
    // page 500 would be an empty page there, and its ratio to the full page at 1M meaningless.
    name: 'same with a search text, page 30 by number, two years',
    path: 'trip/get-all-trips?page=30&page_size=10',
    body: { ...twoYears(), search: firstDriver.lname },
  },
  {
    name: 'get-driver-all-trips, 2 years, page 1',
    path: 'trip/get-driver-all-trips?page=1&page_size=10',
    body: { driver_id: firstDriver.id, fdate: day(-730) },
  },
  {
    name: 'get-driver-all-trips, 2 years, unpaged (newest 2,000 at most)',
    path: 'trip/get-driver-all-trips',
    body: { driver_id: firstDriver.id, fdate: day(-730) },
    share: 0.25,
  },
];

/**
 * The orders' customers: ORDER_CUSTOMERS of the tenant ('Bench customer N', one address each) and one
 * of each other tenant; answers the last bench customer (a name no other extends, for the search).
 */
async function makeOrderCustomers() {
  await db.execute(sql`
    insert into crm_customers (tenant_id, kind, name)
    select ${TENANT}, 'company', 'Bench customer ' || g from generate_series(1, ${ORDER_CUSTOMERS}) g`);
  await db.execute(sql`
    insert into crm_customers (tenant_id, kind, name)
    select t, 'person', 'Bench customer of ' || t from unnest(${sql.param(OTHERS)}::int[]) t`);
  await db.execute(sql`
    insert into crm_addresses (tenant_id, customer_id, label, address, lat, lon)
    select tenant_id, id, 'Main', name || ' street', 25.2 + (id % 100) * 0.001, 55.27 + (id % 70) * 0.001
    from crm_customers where name like 'Bench customer %'`);
  const [last] = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, name from crm_customers where tenant_id = ${TENANT} and name = ${`Bench customer ${ORDER_CUSTOMERS}`}`,
  );
  return { id: Number(last!.id), name: last!.name };
}

const ORDER_STATUSES = ['draft', 'confirmed', 'planned', 'in_progress', 'delivered', 'failed', 'cancelled'];

/**
 * Orders numbered from `from` (exclusive) to `to` of the tenant, requested over the two years back
 * from today (the newest made last), on the bench customers in turn, in the statuses in turn (most
 * delivered, as a fleet's past is); and as many again across the other tenants.
 */
async function makeOrders(from: number, to: number) {
  if (to <= from) return;
  const statuses = sql.param(ORDER_STATUSES);
  for (const [tenants, each] of [
    [[TENANT], true],
    [OTHERS, false],
  ] as const) {
    await db.execute(sql`
      insert into crm_orders (tenant_id, customer_id, address_id, requested_date, status, total, line_count, created_date)
      with refs as (
        select array_agg(c.id order by c.id) c, array_agg(a.id order by c.id) a, array_agg(c.tenant_id order by c.id) t
        from crm_customers c join crm_addresses a on a.customer_id = c.id
        where c.tenant_id = any(${sql.param([...tenants])}::int[]) and c.name like 'Bench customer %'
      )
      select t[1 + g % cardinality(c)], c[1 + g % cardinality(c)], a[1 + g % cardinality(c)],
        (now() - ((${to} - g)::float8 / ${to - from}) * interval '730 days')::date,
        case when g % 10 < 6 then 'delivered' else (${statuses}::text[])[1 + g % 7] end,
        10 + g % 90, 1,
        now() - ((${to} - g)::float8 / ${to - from}) * interval '730 days'
      from refs, generate_series(${from + 1}::int, ${to}::int) g`);
    if (!each) break;
  }
}

/** The calls of the Orders screen, as the console sends them. */
const orderCalls = (customer: { id: number; name: string }, page200Cursor: string): TCall[] => [
  { name: 'crm/orders, first page', path: 'v1/crm/orders?page=1&page_size=25' },
  {
    // Page 200 of 25: the smallest size fills 400 pages.
    name: 'same, page 200 by cursor',
    path: `v1/crm/orders?page=200&page_size=25&cursor=${encodeURIComponent(page200Cursor)}`,
  },
  { name: 'same, status confirmed', path: 'v1/crm/orders?page=1&page_size=25&status=confirmed' },
  { name: "same, a customer's orders", path: `v1/crm/orders?page=1&page_size=25&customer_id=${customer.id}` },
  {
    name: 'same, the last 30 days requested',
    path: `v1/crm/orders?page=1&page_size=25&fdate=${day(-30)}&tdate=${day(0)}`,
  },
  {
    name: "same, searching a customer's name",
    path: `v1/crm/orders?page=1&page_size=25&search=${encodeURIComponent(customer.name)}`,
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const post = (path: string, body: object) =>
  fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * The load, sent from a worker thread: the clients of a real server are other machines, so the
 * server's event loop here does only the server's work (the worker still shares the two cores).
 */
const LOAD = `
const { parentPort, workerData: w } = require('node:worker_threads');
(async () => {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const connection = async () => {
    while (next < w.total) {
      next += 1;
      const started = performance.now();
      const res = await fetch(
        w.url,
        w.body === null
          ? { headers: { cookie: w.cookie } }
          : { method: 'POST', headers: { cookie: w.cookie, 'content-type': 'application/json' }, body: w.body },
      );
      await res.arrayBuffer();
      if (res.status !== 200) failures += 1;
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: w.connections }, connection));
  parentPort.postMessage({ latencies, failures, seconds: (performance.now() - started) / 1000 });
})();
`;

async function measure(call: TCall, as = cookie, connections = CONNECTIONS) {
  const total = Math.max(connections, Math.round(REQUESTS * (call.share ?? 1)));
  const load = new Worker(LOAD, {
    eval: true,
    workerData: {
      url: `${base}/api/${call.path}`,
      cookie: as,
      body: call.body ? JSON.stringify(call.body) : null,
      total,
      connections,
    },
  });
  const { latencies, failures, seconds } = await new Promise<{
    latencies: number[];
    failures: number;
    seconds: number;
  }>((resolve, reject) => {
    load.once('message', resolve);
    load.once('error', reject);
  });
  await load.terminate();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rate: total / seconds, failures };
}

/**
 * The memory `work` holds: the live heap and buffers, sampled after a forced collection every 100 ms
 * (garbage waiting for a collection is not held, and the process's resident size moves with the
 * collector's whims and the load before). Its peak above the start, and what is still held after.
 * The collections slow `work`, so its time is measured in runs of its own.
 */
async function heldDuring<T>(work: () => Promise<T>) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:lists does)');
  const live = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const baseline = live();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, live())), 100);
  const result = await work();
  clearInterval(sampler);
  peak = Math.max(peak, live());
  return { result, held: (peak - baseline) / 2 ** 20, kept: (live() - baseline) / 2 ** 20 };
}

/** The rows a downloaded `.xlsx` holds (its header row left out), to show what was measured. */
async function rowsIn(file: ArrayBuffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file);
  return Math.max(0, (book.worksheets[0]?.rowCount ?? 1) - 1);
}

const exportUrl = (days: number) => `${base}/api/v1/trips/export?fdate=${day(-days)}&tdate=${day(0)}`;

/**
 * The direct export (`GET v1/trips/export`), EXPORTS times one after another, of the newest whole days
 * that hold at most its limit of 20,000 trips (30 days while they do); and what it answers for 30
 * days when they hold more (the documented refusal, before any row is read).
 */
async function measureDirectExport() {
  const thirty = await fetch(exportUrl(30), { headers: { cookie } });
  const refusal = thirty.status === 200 ? null : { status: thirty.status, body: await thirty.text() };
  if (!refusal) await thirty.arrayBuffer();
  // The newest whole days within the limit, counted as the export counts them.
  const ctx = { db, tenantId: TENANT, actor: null, publish: () => {} } as unknown as TTenantContext;
  let days = 30;
  while (refusal && days > 1) {
    days -= 1;
    if ((await countTripsForExport(ctx, { fdate: day(-days), tdate: day(0) })) <= EXPORT_LIMIT) break;
  }
  const times: number[] = [];
  let file = new ArrayBuffer(0);
  let status = 0;
  const download = async () => {
    const res = await fetch(exportUrl(days), { headers: { cookie } });
    file = await res.arrayBuffer();
    status = res.status;
  };
  for (let i = 0; i < EXPORTS; i++) {
    const started = performance.now();
    await download();
    times.push(performance.now() - started);
  }
  const memory = await heldDuring(download);
  return {
    days,
    refusal,
    status,
    rows: status === 200 ? await rowsIn(file) : 0,
    median: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!,
    bytes: file.byteLength,
    held: memory.held,
    kept: memory.kept,
  };
}

/** The background export of the last 30 days: started, followed as the console does, then downloaded. */
async function measureBackgroundExport() {
  const run = async () => {
    const start = await post('v1/exports', { kind: 'trips', fdate: day(-30), tdate: day(0) });
    let job = ((await start.json()) as { data: { id: number; status: string; file_url: string | null } })
      .data;
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const res = await fetch(`${base}/api/v1/exports/${job.id}`, { headers: { cookie } });
      job = ((await res.json()) as { data: typeof job }).data;
    }
    return job;
  };
  const started = performance.now();
  const job = await run();
  const seconds = (performance.now() - started) / 1000;
  const memory = await heldDuring(run);
  const file = job.file_url
    ? await (await fetch(new URL(job.file_url, base), { headers: { cookie } })).arrayBuffer()
    : new ArrayBuffer(0);
  return {
    status: job.status,
    rows: file.byteLength ? await rowsIn(file) : 0,
    seconds,
    bytes: file.byteLength,
    held: memory.held,
    kept: memory.kept,
  };
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/**
 * Measures `call` at one size of the table (after a warm-up round, not counted): its row of the
 * table, and its p50 and p99 kept by call and size for the ratio of the largest size to the smallest.
 */
async function measureAtSize(
  call: TCall,
  size: number,
  table: string[],
  bySize: Map<string, Map<number, { p50: number; p99: number }>>,
) {
  await measure(call);
  const { p50, p99, rate, failures } = await measure(call);
  if (!bySize.has(call.name)) bySize.set(call.name, new Map());
  bySize.get(call.name)!.set(size, { p50, p99 });
  table.push(
    `| ${call.name} | ${fmt(size)} | ${fmt(p50)} ms | ${fmt(p99)} ms | ${rate.toFixed(1)} |${failures ? ` ${failures} failed` : ''}`,
  );
  console.error(table.at(-1));
}
const rows: string[] = [];
const exportRows: string[] = [];
const backgroundRows: string[] = [];
const refusals: string[] = [];
const p50s = new Map<string, Map<number, { p50: number; p99: number }>>();
let made = 0;
for (const size of SIZES) {
  const started = performance.now();
  await makeTrips(made, size);
  // As many again across the other tenants, so the tenant's trips are not the whole table.
  await makeOtherTrips(size - made);
  made = size;
  await db.execute(sql`vacuum analyze trips`);
  await db.execute(sql`vacuum analyze trip_destinations`);
  await db.execute(sql`vacuum analyze tasks`);
  console.error(`${fmt(size)} trips (and as many of others) made in ${fmt(performance.now() - started)} ms`);
  const page499 = (await (await post('trip/get-all-trips?page=499&page_size=10', twoYears())).json()) as {
    data: { pagination: { next_cursor: string } };
  };
  for (const call of calls(page499.data.pagination.next_cursor)) await measureAtSize(call, size, rows, p50s);
  const ex = await measureDirectExport();
  if (ex.refusal) refusals.push(`${fmt(size)}: 30 days answered ${ex.refusal.status} ${ex.refusal.body}`);
  exportRows.push(
    `| ${fmt(size)} | ${ex.days} | ${ex.status} | ${fmt(ex.rows)} | ${(ex.median / 1000).toFixed(2)} s | ${(ex.bytes / 2 ** 20).toFixed(1)} MB | ${fmt(ex.held)} MB | ${fmt(ex.kept)} MB |`,
  );
  console.error(exportRows.at(-1));
  const bg = await measureBackgroundExport();
  backgroundRows.push(
    `| ${fmt(size)} | ${bg.status} | ${fmt(bg.rows)} | ${bg.seconds.toFixed(2)} s | ${(bg.bytes / 2 ** 20).toFixed(1)} MB | ${fmt(bg.held)} MB | ${fmt(bg.kept)} MB |`,
  );
  console.error(backgroundRows.at(-1));
}

const orderRows: string[] = [];
const orderP50s = new Map<string, Map<number, { p50: number; p99: number }>>();
if (ORDER_SIZES.length) {
  await db.execute(sql`update tenants set is_enabled_crm = true where id = ${TENANT}`);
  const customer = await makeOrderCustomers();
  let orders = 0;
  for (const size of ORDER_SIZES) {
    const started = performance.now();
    await makeOrders(orders, size);
    orders = size;
    await db.execute(sql`vacuum analyze crm_orders`);
    console.error(
      `${fmt(size)} orders (and as many of others) made in ${fmt(performance.now() - started)} ms`,
    );
    const page199 = (await (
      await fetch(`${base}/api/v1/crm/orders?page=199&page_size=25`, { headers: { cookie } })
    ).json()) as { pagination: { next_cursor: string } };
    for (const call of orderCalls(customer, page199.pagination.next_cursor))
      await measureAtSize(call, size, orderRows, orderP50s);
  }
}

const reportRows: string[] = [];
if (REPORT_TRIPS > 0) {
  const started = performance.now();
  const reports = await makeReportTenant();
  console.error(
    `${fmt(REPORT_TRIPS)} trips of ${REPORT_DRIVERS} drivers in 30 days made in ${fmt(performance.now() - started)} ms`,
  );
  // The first report of the period computes every day from the trips and keeps those four days past
  // (decision 0034); the calls after it read the kept days and compute the last days only.
  const coldStarted = performance.now();
  const cold = await fetch(`${base}/api/driver/get-drivers-working-hours`, {
    method: 'POST',
    headers: { cookie: reports.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ fdate: day(-30), tdate: day(0) }),
  });
  await cold.arrayBuffer();
  reportRows.push(
    `| get-drivers-working-hours, every driver, first call (no day kept yet) | ${fmt(performance.now() - coldStarted)} ms once | | |${cold.ok ? '' : ` status ${cold.status}`}`,
  );
  console.error(reportRows.at(-1));
  for (const call of reportCalls(reports.driverId)) {
    await measure(call, reports.cookie, REPORT_CONNECTIONS); // a warm-up round, not counted
    const { p50, p99, rate, failures } = await measure(call, reports.cookie, REPORT_CONNECTIONS);
    reportRows.push(
      `| ${call.name} | ${fmt(p50)} ms | ${fmt(p99)} ms | ${rate.toFixed(1)} |${failures ? ` ${failures} failed` : ''}`,
    );
    console.error(reportRows.at(-1));
  }
}

console.log(
  `Database: ${t.database.driver}; ${CONNECTIONS} connections, ${REQUESTS} requests per call and size; export ${EXPORTS} times in a row.\n`,
);
if (reportRows.length) {
  console.log(
    `| report call, 30 days of ${REPORT_DRIVERS} drivers and ${fmt(REPORT_TRIPS)} trips | p50 | p99 | requests/s |`,
  );
  console.log('|---|---:|---:|---:|');
  for (const row of reportRows) console.log(row);
  console.log('');
}
if (SIZES.length) {
  console.log('| call | trips of the tenant | p50 | p99 | requests/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  const [smallest, largest] = [SIZES[0]!, SIZES.at(-1)!];
  console.log(`\n| call | p50 ${fmt(largest)} / ${fmt(smallest)} | p99 at ${fmt(largest)} |`);
  console.log('|---|---:|---:|');
  for (const [name, bySize] of p50s) {
    const [low, high] = [bySize.get(smallest)!, bySize.get(largest)!];
    console.log(`| ${name} | ${(high.p50 / low.p50).toFixed(2)} | ${fmt(high.p99)} ms |`);
  }
  console.log(
    '\n| trips of the tenant | days exported | status | rows | median time | file | memory held at peak | held after |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of exportRows) console.log(row);
  for (const line of refusals) console.log(`\nDirect export over the limit, ${line}`);
  console.log(
    '\n| trips of the tenant | background export, 30 days | rows | time to the file | file | memory held at peak | held after |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  for (const row of backgroundRows) console.log(row);
}
if (orderRows.length) {
  console.log('\n| CRM orders call | orders of the tenant | p50 | p99 | requests/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of orderRows) console.log(row);
  const [smallest, largest] = [ORDER_SIZES[0]!, ORDER_SIZES.at(-1)!];
  console.log(`\n| CRM orders call | p50 ${fmt(largest)} / ${fmt(smallest)} | p99 at ${fmt(largest)} |`);
  console.log('|---|---:|---:|');
  for (const [name, bySize] of orderP50s) {
    const [low, high] = [bySize.get(smallest)!, bySize.get(largest)!];
    console.log(`| ${name} | ${(high.p50 / low.p50).toFixed(2)} | ${fmt(high.p99)} ms |`);
  }
}
// The load's keep-alive connections would hold the server's close open.
t.app.server.closeAllConnections();
await t.close();
await removeScriptDemo();
