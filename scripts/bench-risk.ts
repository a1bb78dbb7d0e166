// `npm run bench:risk`: the vehicle risk model (decision 0036) on a generated fleet: 500 vehicles
// with two years of service history each, drawn by the simulator's hidden hazard. Measures building
// the training samples from the records, training with its time-ordered validation on a worker
// thread (time and the process's peak memory), and predicting every vehicle of the fleet for a day;
// reports the held-out AUC against the interval-only baseline.
//
//   npm run bench:risk                        # 500 vehicles, seed 1
//   npm run bench:risk -- --vehicles 100 --seed 2
import { parseArgs } from 'node:util';
import { DEFAULT_MAINTENANCE_TYPES } from '@fleet/contract';
import { predictRisk, trainRiskInWorker } from '@fleet/risk';
import { mixSeed, seeded, simulateServiceHistory } from '@fleet/sim';
import { dayNumber, odometerTimeline } from '../apps/server/src/modules/maintenance/timeline.ts';
import type { TFleetFacts, TVehicleFacts } from '../apps/server/src/modules/maintenance/service.ts';
import { featuresAt, riskDataset } from '../apps/server/src/modules/vehicle-risk/features.ts';

const { values: args } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
  },
});
const count = Number(args.vehicles);
const seed = Number(args.seed);

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
let records = 0;
for (let i = 0; i < count; i++) {
  const year = 2016 + ((i * 3) % 9);
  const mileage = (2027 - year) * (22_000 + ((i * 7919) % 30_000));
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
