// `npm run bench:routes`: the route solver on Solomon's 56 VRPTW instances (../shared/bench/solomon,
// conventions in its README) and on a generated day of 1,000 stops and 50 vehicles around Dubai.
// Every plan is judged by the independent checker, never by the solver's own figures.
//
//   npm run bench:routes                       # everything, seed 1
//   npm run bench:routes -- --only 'R1|RC2'    # instances whose name matches
//   npm run bench:routes -- --iterations 100000 --seed 2 --skip-dubai
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  checkRoutes,
  matrix,
  parseSolomon,
  solomonCheckInstance,
  solomonProblem,
  solve,
} from '@fleet/routing';
import { seeded } from '@fleet/sim';
import type { TCheckInstance, TRoutingProblem } from '@fleet/routing';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: '.' },
    seed: { type: 'string', default: '1' },
    iterations: { type: 'string', default: '80000' },
    'time-limit': { type: 'string', default: '10000' },
    'dubai-iterations': { type: 'string', default: '150000' },
    'dubai-time-limit': { type: 'string', default: '25000' },
    'skip-dubai': { type: 'boolean', default: false },
    'skip-solomon': { type: 'boolean', default: false },
  },
});
const seed = Number(args.seed);
const folder = new URL('../../shared/bench/solomon/', import.meta.url);

const percent = (value: number) => `${(100 * value).toFixed(2)} %`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function benchSolomon() {
  const reference = new Map(
    readFileSync(new URL('reference.csv', folder), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map(([name, , vehicles, , distance]) => [
        name!,
        { vehicles: Number(vehicles), distance: Number(distance) },
      ]),
  );
  const only = new RegExp(args.only);
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.vrptw') && only.test(file))
    .sort();
  console.log(`Solomon VRPTW, ${files.length} instances, seed ${seed}, ${args.iterations} iterations each`);
  console.log('instance  vehicles  distance  reference      gap   time (ms)  valid');
  const rows: { gap: number; ms: number; valid: boolean }[] = [];
  for (const file of files) {
    const instance = parseSolomon(readFileSync(new URL(file, folder), 'utf8'));
    const plan = solve(solomonProblem(instance), {
      seed,
      iterations: Number(args.iterations),
      timeLimitMs: Number(args['time-limit']),
    });
    // The checker works in tenths from the coordinates (distance and time floor(10 · euclid)).
    const check = checkRoutes(solomonCheckInstance(instance), plan.routes);
    const best = reference.get(instance.name)!;
    const distance = check.distance / 10;
    const gap = (distance - best.distance) / best.distance;
    rows.push({ gap, ms: plan.elapsedMs, valid: check.valid });
    console.log(
      [
        instance.name.padEnd(8),
        `${plan.routes.length}/${instance.vehicles}`.padStart(8),
        distance.toFixed(1).padStart(9),
        best.distance.toFixed(1).padStart(10),
        percent(gap).padStart(8),
        plan.elapsedMs.toFixed(0).padStart(11),
        check.valid ? '  yes' : `  NO: ${check.problems.slice(0, 3).join('; ')}`,
      ].join('  '),
    );
  }
  const gaps = rows.map((row) => row.gap);
  const times = rows.map((row) => row.ms);
  console.log(
    `\nvalid ${rows.filter((row) => row.valid).length}/${rows.length} · gap mean ${percent(
      gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length,
    )}, worst ${percent(Math.max(...gaps))} · time median ${median(times).toFixed(0)} ms, max ${Math.max(
      ...times,
    ).toFixed(0)} ms`,
  );
  console.log('targets: 56/56 valid · mean gap ≤ 1.5 %, worst ≤ 5 % · median ≤ 1,000 ms\n');
}

/** Metres between two points, rounded down: the Dubai day's distance convention (the checker's too). */
function metres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const radians = Math.PI / 180;
  const sinLat = Math.sin(((b.lat - a.lat) * radians) / 2);
  const sinLon = Math.sin(((b.lon - a.lon) * radians) / 2);
  const h = sinLat * sinLat + Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * sinLon * sinLon;
  return Math.floor(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
}

/**
 * A delivery day around Dubai: 1,000 stops, most in neighbourhoods (Deira, Bur Dubai, Business Bay,
 * Al Barsha, the Marina, Mirdif, International City, Jebel Ali), some anywhere in the city; a
 * warehouse in Al Quoz; 50 vans of 150 parcels, 08:00–20:00; 1–10 parcels and 5–15 minutes a stop;
 * four stops in ten any time, three in a two-hour slot, three in a morning or afternoon. Times are
 * straight lines at 40 km/h (the exceptions engine's typical speed), in whole seconds.
 */
function dubaiDay(daySeed: number) {
  const { next: random, int } = seeded(daySeed);
  const neighbourhoods = [
    [25.271, 55.307],
    [25.254, 55.297],
    [25.186, 55.27],
    [25.112, 55.2],
    [25.08, 55.14],
    [25.217, 55.425],
    [25.165, 55.405],
    [25.011, 55.11],
  ] as const;
  const day = { open: 8 * 3600, close: 20 * 3600 };
  const points = [{ lat: 25.135, lon: 55.225 }];
  const demand = [0];
  const serviceTime = [0];
  const windowStart = [day.open];
  const windowEnd = [day.close];
  for (let i = 0; i < 1_000; i++) {
    if (random() < 0.8) {
      const [lat, lon] = neighbourhoods[int(0, neighbourhoods.length - 1)]!;
      const spread = 0.02 * Math.sqrt(-2 * Math.log(1 - random()));
      const angle = 2 * Math.PI * random();
      points.push({ lat: lat + spread * Math.sin(angle), lon: lon + spread * Math.cos(angle) });
    } else points.push({ lat: 24.98 + 0.32 * random(), lon: 55.05 + 0.4 * random() });
    demand.push(int(1, 10));
    serviceTime.push(int(5, 15) * 60);
    const kind = random();
    if (kind < 0.4) {
      windowStart.push(day.open);
      windowEnd.push(day.close - 3600);
    } else if (kind < 0.7) {
      const slot = day.open + 2 * 3600 * int(0, 4);
      windowStart.push(slot);
      windowEnd.push(slot + 2 * 3600);
    } else {
      const afternoon = random() < 0.5;
      windowStart.push(afternoon ? day.open + 5 * 3600 : day.open);
      windowEnd.push(afternoon ? day.close - 3600 : day.open + 5 * 3600);
    }
  }
  const speed = 40 / 3.6;
  const seconds = (metresAway: number) => Math.floor(metresAway / speed);
  return { points, demand, serviceTime, windowStart, windowEnd, capacity: 150, vehicles: 50, seconds };
}

function benchDubai() {
  const began = performance.now();
  const day = dubaiDay(seed);
  const size = day.points.length;
  const problem: TRoutingProblem = {
    distance: matrix(size, (i, j) => metres(day.points[i]!, day.points[j]!)),
    time: matrix(size, (i, j) => day.seconds(metres(day.points[i]!, day.points[j]!))),
    demand: day.demand,
    serviceTime: day.serviceTime,
    windowStart: day.windowStart,
    windowEnd: day.windowEnd,
    capacity: day.capacity,
    vehicles: day.vehicles,
  };
  const built = performance.now() - began;
  const plan = solve(problem, {
    seed,
    iterations: Number(args['dubai-iterations']),
    timeLimitMs: Number(args['dubai-time-limit']),
  });
  const total = performance.now() - began;
  const instance: TCheckInstance = {
    ...day,
    distance: (i, j) => metres(day.points[i]!, day.points[j]!),
    time: (i, j) => day.seconds(metres(day.points[i]!, day.points[j]!)),
  };
  const check = checkRoutes(
    instance,
    plan.routes,
    plan.unassigned.map((u) => u.node),
  );
  const served = plan.routes.reduce((sum, route) => sum + route.length, 0);
  console.log(`Dubai day, seed ${seed}: 1,000 stops, 50 vans of 150, 08:00–20:00, 40 km/h straight lines`);
  console.log(
    `vans ${plan.routes.length}/50 · stops served ${served}, left out ${plan.unassigned.length} · ${(
      check.distance / 1000
    ).toFixed(
      1,
    )} km · ${plan.iterations} iterations${plan.stoppedByTime ? ' (stopped by the time limit)' : ''}`,
  );
  console.log(
    `time ${(total / 1000).toFixed(1)} s (matrices ${(built / 1000).toFixed(1)} s, search ${(
      plan.elapsedMs / 1000
    ).toFixed(
      1,
    )} s) · valid ${check.valid && plan.unassigned.length === 0 ? 'yes' : `NO: ${check.problems.slice(0, 3).join('; ')}`}`,
  );
  console.log('target: every stop planned validly within 30 s');
}

if (!args['skip-solomon']) benchSolomon();
if (!args['skip-dubai']) benchDubai();
