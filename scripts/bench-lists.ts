// `npm run bench:lists`: how the trips lists answer as a tenant's trips grow. Builds the app in-process
// (as the tests do: a fresh database on the PostgreSQL server of BENCH_DATABASE_URL, or in-memory
// PGlite without it), listens on a loopback port, signs in as the demo delivery admin, then for each
// size of BENCH_SIZES (default 10,000 and 100,000 trips of that tenant, plus as many again across the
// other demo tenants) makes the trips by SQL, one every 10.5 minutes back from today, and sends each
// call of the lists BENCH_REQUESTS times over BENCH_CONNECTIONS concurrent connections. Prints p50 and
// p99 per call and size as a Markdown table. Do not run 1M on a shared machine.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, DEMO } from '../apps/server/src/test/app.ts';
import { rowsOf } from '../apps/server/src/test/tenant-data.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TENANT = DEMO.delivery.tenantId;
const OTHERS = [DEMO.school.tenantId, DEMO.namat.tenantId];

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
const db = t.database.db;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const [firstDriver] = await rowsOf<{ id: number; lname: string }>(
  db,
  sql`select id, lname from drivers where tenant_id = ${TENANT} and archived = false order by id limit 1`,
);
if (!firstDriver) throw new Error('the demo has no driver');

/** Trips of `tenantId` numbered from `from` (exclusive) to `to`, planned 10.5 minutes apart back from now. */
async function makeTrips(tenantId: number, from: number, to: number) {
  if (to <= from) return;
  await db.execute(sql`
    insert into trips (tenant_id, driver_id, warehouse_id, type_id, start_date, note, created_date)
    select ${tenantId},
      (select id from drivers d where d.tenant_id = ${tenantId} order by id offset (g % 20) limit 1),
      (select id from warehouses w where w.tenant_id = ${tenantId} order by id offset (g % 3) limit 1),
      (select id from trip_types y where y.tenant_id = ${tenantId} order by id offset (g % 2) limit 1),
      now() - g * interval '630 seconds', 'bench', now() - g * interval '630 seconds' - interval '1 day'
    from generate_series(${to}, ${from + 1}, -1) g`);
  await db.execute(sql`
    insert into trip_destinations (tenant_id, trip_id, position, destination_name, driving_time, staying_time)
    select t.tenant_id, t.id, p, 'Stop ' || p, 20, 5
    from trips t cross join generate_series(0, 2) p
    where t.tenant_id = ${tenantId} and t.note = 'bench'
      and not exists (select 1 from trip_destinations d where d.trip_id = t.id)`);
  await db.execute(sql`
    insert into tasks (tenant_id, trip_destination_id, description)
    select d.tenant_id, d.id, 'Deliver' from trip_destinations d
    where d.tenant_id = ${tenantId} and not exists (select 1 from tasks k where k.trip_destination_id = d.id)`);
}

interface TCall {
  name: string;
  path: string;
  body: object;
}
const calls = (): TCall[] => [
  {
    name: 'get-all-trips, first page, 30 days',
    path: 'trip/get-all-trips?page=1&page_size=10',
    body: { fdate: day(-30), tdate: day(0) },
  },
  {
    name: 'same, page 500, two years',
    path: 'trip/get-all-trips?page=500&page_size=10',
    body: { fdate: day(-730), tdate: day(0) },
  },
  {
    name: 'same with a search text, 30 days',
    path: 'trip/get-all-trips?page=1&page_size=10',
    body: { fdate: day(-30), tdate: day(0), search: firstDriver.lname },
  },
  {
    name: 'get-driver-all-trips, 2 years, page 1',
    path: 'trip/get-driver-all-trips?page=1&page_size=10',
    body: { driver_id: firstDriver.id, fdate: day(-730) },
  },
  {
    name: 'get-driver-all-trips, 2 years, unpaged',
    path: 'trip/get-driver-all-trips',
    body: { driver_id: firstDriver.id, fdate: day(-730) },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(call: TCall) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const started = performance.now();
      const res = await fetch(`${base}/api/${call.path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(call.body),
      });
      await res.arrayBuffer();
      if (res.status !== 200) failures += 1;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}

const rows: string[] = [];
let made = 0;
for (const size of SIZES) {
  const started = performance.now();
  await makeTrips(TENANT, made, size);
  // As many again across the other tenants, so the tenant's trips are not the whole table.
  for (const other of OTHERS) {
    await makeTrips(other, Math.floor(made / OTHERS.length), Math.floor(size / OTHERS.length));
  }
  made = size;
  await db.execute(sql`vacuum analyze trips`);
  await db.execute(sql`vacuum analyze trip_destinations`);
  await db.execute(sql`vacuum analyze tasks`);
  console.error(
    `${size.toLocaleString('en-US')} trips made in ${Math.round(performance.now() - started)} ms`,
  );
  for (const call of calls()) {
    await measure(call); // a warm-up round, not counted
    const { p50, p99, failures } = await measure(call);
    rows.push(
      `| ${call.name} | ${size.toLocaleString('en-US')} | ${p50.toFixed(0)} ms | ${p99.toFixed(0)} ms |${failures ? ` ${failures} failed` : ''}`,
    );
    console.error(rows.at(-1));
  }
}

console.log(
  `Database: ${t.database.driver}; ${CONNECTIONS} connections, ${REQUESTS} requests per call and size.\n`,
);
console.log('| call | trips of the tenant | p50 | p99 |');
console.log('|---|---:|---:|---:|');
for (const row of rows) console.log(row);
await t.close();
