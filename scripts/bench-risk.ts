// `npm run bench:risk`: the vehicle risk model (decision 0036) on a generated fleet: 500 vehicles
// with two years of service history each, drawn by the simulator's hidden hazard. Measures building
// the training samples from the records, training with its time-ordered validation on a worker
// thread (time and the process's peak memory), and predicting every vehicle of the fleet for a day;
// reports the held-out AUC against the interval-only baseline.
//
// Then through the database: the same fleet written to a demo tenant of an app built as the tests
// build it (in-memory PGlite, or the PostgreSQL server of BENCH_DATABASE_URL), with two years of
// GPS-counted days a vehicle, trained once; the maintenance list and the risk dashboard, the calls
// the screens repeat every 10 s, are each sent BENCH_REQUESTS times (default 20): p50 and max.
//
//   npm run bench:risk                        # 500 vehicles, seed 1
//   npm run bench:risk -- --vehicles 100 --seed 2
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DEFAULT_MAINTENANCE_TYPES } from '@fleet/contract';
import { predictRisk, trainRiskInWorker } from '@fleet/risk';
import { mixSeed, seeded, simulateServiceHistory } from '@fleet/sim';
import { dayNumber, odometerTimeline } from '../apps/server/src/modules/maintenance/timeline.ts';
import type { TFleetFacts, TVehicleFacts } from '../apps/server/src/modules/maintenance/service.ts';
import { featuresAt, riskDataset } from '../apps/server/src/modules/vehicle-risk/features.ts';
import { trainFleetRisk } from '../apps/server/src/modules/vehicle-risk/service.ts';
import { systemContext } from '../apps/server/src/platform/context.ts';
import { createTestApp, DEMO, removeScriptDemo } from '../apps/server/src/test/app.ts';
import { rowsOf } from '../apps/server/src/test/tenant-data.ts';

const { values: args } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
  },
});
const count = Number(args.vehicles);
const seed = Number(args.seed);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);

const today = new Date().toISOString().slice(0, 10);
const from = new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
const to = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const types = DEFAULT_MAINTENANCE_TYPES.map((t, i) => ({
  id: i + 1,
  name: t.name,
  intervalDistance: t.interval_distance,
  intervalDays: t.interval_days,
  unplanned: t.unplanned,
}));

const startRss = process.memoryUsage().rss;
let peakRss = startRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const ms = (since: number) => `${(performance.now() - since).toFixed(0)} ms`;

let started = performance.now();
const vehicles: TVehicleFacts[] = [];
/** Each vehicle's recorded mileage and distance a day, for the database phase. */
const driven: { mileage: number; perDay: number }[] = [];
let records = 0;
for (let i = 0; i < count; i++) {
  const year = 2016 + ((i * 3) % 9);
  const mileage = (2027 - year) * (22_000 + ((i * 7919) % 30_000));
  driven.push({ mileage, perDay: (22_000 + ((i * 7919) % 30_000)) / 365 });
  const events = simulateServiceHistory({ year, mileage, from, to, types }, seeded(mixSeed(seed, i)));
  records += events.length;
  const services = events
    .map((e, k) => ({
      id: k,
      typeId: types.find((t) => t.name === e.type)!.id,
      date: e.day,
      odometer: e.odometer,
      unplanned: e.type === 'Breakdown repair',
      cost: e.cost,
      typeName: e.type,
      note: e.note,
    }))
    .reverse();
  vehicles.push({
    id: i + 1,
    reference: `BENCH-${i + 1}`,
    year,
    services,
    timeline: odometerTimeline({
      mileage,
      mileageDay: today,
      counted: [],
      noted: services.map((s) => ({ day: s.date, odometer: s.odometer })),
    }),
  });
}
console.log(
  `Fleet: ${count} vehicles, ${records} service records over two years (simulated in ${ms(started)})`,
);

const facts: TFleetFacts = {
  today,
  todayNumber: dayNumber(today),
  timeZone: 'UTC',
  currency: 'AED',
  types: [],
  planned: types.filter((t) => !t.unplanned),
  vehicles,
};
started = performance.now();
const dataset = riskDataset(facts);
const samplesMs = performance.now() - started;
console.log(`Samples: ${dataset.samples.length} vehicle-months built in ${samplesMs.toFixed(0)} ms`);

started = performance.now();
const trained = await trainRiskInWorker(dataset);
const trainingMs = performance.now() - started;
if (trained.kind !== 'trained') throw new Error(`not trained: ${JSON.stringify(trained)}`);
console.log(
  `Training (worker thread, ${trained.folds} folds + the served model): ${trainingMs.toFixed(0)} ms; ` +
    `held-out AUC ${trained.auc.toFixed(3)} (interval-only baseline ${trained.baselineAuc?.toFixed(3)}), ` +
    `Brier ${trained.brier.toFixed(4)}, ${trained.positives} repairs in ${trained.samples} samples`,
);

started = performance.now();
let predicted = 0;
for (const vehicle of vehicles) {
  const at = featuresAt(facts.planned, vehicle, facts.todayNumber);
  if (!at) continue;
  predictRisk(trained, at.features);
  predicted++;
}
const predictMs = performance.now() - started;
clearInterval(sampler);
console.log(
  `Prediction: ${predicted} vehicles in ${predictMs.toFixed(1)} ms (${((1000 * predictMs) / predicted).toFixed(0)} µs a vehicle)`,
);
console.log(
  `Peak memory of the process: ${(peakRss / 1024 / 1024).toFixed(0)} MB RSS (${(startRss / 1024 / 1024).toFixed(0)} MB at start)`,
);

// ---------- Through the database ----------

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;
const TENANT = DEMO.delivery.tenantId;
const t = await createTestApp();
const db = t.database.db;
started = performance.now();
// The fleet replaces the demo tenant's own vehicles in the lists (archived, so they are not counted).
await db.execute(sql`update vehicles set archived = true where tenant_id = ${TENANT}`);
const typeIds = new Map(
  (
    await rowsOf<{ id: number; name: string }>(
      db,
      sql`select id, name from maintenance_types where tenant_id = ${TENANT}`,
    )
  ).map((r) => [r.name, Number(r.id)]),
);
const oneYearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
for (const [i, vehicle] of vehicles.entries()) {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into vehicles (tenant_id, reference, brand, model, year, mileage, mileage_at)
        values (${TENANT}, ${vehicle.reference}, 'Bench', 'Van', ${vehicle.year}, ${driven[i]!.mileage}, ${oneYearAgo})
        returning id`,
  );
  const id = Number(row!.id);
  for (const s of vehicle.services) {
    const typeId = typeIds.get(s.typeName);
    if (typeId === undefined) throw new Error(`the demo tenant has no maintenance type ${s.typeName}`);
    await db.execute(
      sql`insert into maintenances (tenant_id, bus_id, type_id, date, note, cost, completed_by, odometer)
          values (${TENANT}, ${id}, ${typeId}, ${s.date}, ${s.note}, ${s.cost}, 'Bench workshop', ${s.odometer})`,
    );
  }
  // Two years of GPS-counted days, the distance a day varying with the day.
  await db.execute(
    sql`insert into vehicle_distance_days (tenant_id, vehicle_id, day, km)
        select ${TENANT}, ${id}, d::date, ${driven[i]!.perDay} * (0.6 + 0.8 * ((${id} * 31 + extract(doy from d)::int) % 100) / 100.0)
        from generate_series(current_date - 730, current_date - 1, interval '1 day') d`,
  );
}
const [{ n: distanceRows } = { n: 0 }] = await rowsOf<{ n: number }>(
  db,
  sql`select count(*)::int as n from vehicle_distance_days where tenant_id = ${TENANT}`,
);
console.log(
  `\nDatabase (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${count} vehicles, ${records} service records and ${distanceRows} counted days written in ${ms(started)}`,
);
started = performance.now();
const outcome = await trainFleetRisk(systemContext(db, () => {}, 'bench', TENANT));
console.log(
  `Training from the database (facts, samples, worker, stored predictions): ${outcome} in ${ms(started)}`,
);

const cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
const timings = async (url: string) => {
  const times: number[] = [];
  for (let k = 0; k < REQUESTS; k++) {
    const began = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    times.push(performance.now() - began);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
};
console.log(`\n| Call (${count} vehicles, ${REQUESTS} requests one after another) | p50 | max |`);
console.log('| --- | ---: | ---: |');
for (const url of ['/api/v1/vehicles/maintenances', '/api/v1/vehicles/risk']) {
  const { p50, max } = await timings(url);
  console.log(`| \`GET ${url}\` | ${p50.toFixed(0)} ms | ${max.toFixed(0)} ms |`);
}
await t.close();
await removeScriptDemo();
