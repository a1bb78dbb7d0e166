// `npm run bench:ingest`: how many positions the server takes, acknowledged only after they are
// committed, and how fast it acknowledges them. For the embedded database and for PostgreSQL (a
// database of its own on BENCH_DATABASE_URL, default the local test server, created and dropped),
// the server runs as a child process (scripts/bench-ingest-server.ts: the app as main.ts builds it)
// and this process is the load generator, over keep-alive HTTP (undici), on the same two cores:
//
//   batch API   POST /api/v1/driver/positions, 50 fixes a request, as many requests as it takes
//   OsmAnd      GET /api/osmand, one fix a request (Traccar Client's way), as many as it takes
//   steady      OsmAnd at a steady 2,000 fixes a second, open loop: latency counts from when each
//               request was due, so a slow server cannot hide its backlog
//
// each first with the group commit, then, on a fresh database, with the naive baseline: one INSERT
// and commit per position, the same data. Prints a table and rewrites its section of
// docs/benchmarks.md; exits 1 when a target is missed.
//
// Environment: BENCH_SECONDS (per measured run, default 10), BENCH_DATABASE_URL, BENCH_DRIVERS
// (default 1000), BENCH_CONCURRENCY (connections for the closed-loop runs, default 64),
// BENCH_PROFILE=1 (a CPU profile of each server, summarised), BENCH_ONLY (runs whose
// "database, writes, path" contains it, e.g. "PostgreSQL, group commit, OsmAnd"; the document is
// then left alone).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import {
  freshPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../apps/server/src/test/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const BATCH = 50;
const STEADY_RATE = 2000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROFILE = process.env.BENCH_PROFILE === '1';
const ONLY = process.env.BENCH_ONLY;
const wanted = (label: string) => !ONLY || label.includes(ONLY);
const TARGETS = {
  batchPg: 20_000,
  osmandPg: 5_000,
  osmandEmbedded: 2_000,
  steadyP99Ms: 100,
};

type TDb = 'embedded' | 'PostgreSQL';
type TWrite = 'group commit' | 'naive';
type TPath = 'batch API' | 'OsmAnd' | 'OsmAnd, steady 2,000/s';
interface Result {
  db: TDb;
  write: TWrite;
  path: TPath;
  requests: number;
  positionsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** The server process's CPU (user + system) over the run, in cores. */
  serverCpu: number;
  /** PostgreSQL's processes' CPU over the run, in cores. */
  postgresCpu: number;
  /** This load generator's CPU over the run, in cores. */
  loadCpu: number;
  /** The whole machine's busy CPU over the run, in cores: the above, and anything else running. */
  machineCpu: number;
  profile?: string;
}

interface FixtureDriver {
  id: number;
  deviceId: string;
  token: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** CPU seconds the process `pid` has used (user + system). */
function processCpu(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}
/** CPU seconds all PostgreSQL server processes have used. */
function postgresCpu(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += processCpu(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
/** Busy and total CPU seconds of the machine. */
function machineCpu(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const idle = n[3]! + n[4]!;
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

/** Each driver's fixes one second apart, from two hours ago: never a duplicate, always in range. */
function clock(drivers: FixtureDriver[]) {
  const base = Math.floor(Date.now() / 1000) - 2 * 3600;
  const next = new Map(drivers.map((d) => [d.id, base]));
  let turn = 0;
  return {
    driver: () => drivers[turn++ % drivers.length]!,
    seconds(driver: FixtureDriver, count: number) {
      const first = next.get(driver.id)!;
      next.set(driver.id, first + count);
      return Array.from({ length: count }, (_, i) => first + i);
    },
  };
}
type TClock = ReturnType<typeof clock>;

interface TRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  positions: number;
}

function osmandRequest(c: TClock): TRequest {
  const driver = c.driver();
  const [s] = c.seconds(driver, 1);
  const lat = (25 + Math.random() * 0.3).toFixed(6);
  const lon = (55 + Math.random() * 0.3).toFixed(6);
  return {
    method: 'GET',
    path: `/api/osmand?id=${driver.deviceId}&lat=${lat}&lon=${lon}&timestamp=${s}&speed=22.5&bearing=91&altitude=5&accuracy=6&batt=80`,
    positions: 1,
  };
}

function batchRequest(c: TClock): TRequest {
  const driver = c.driver();
  const positions = c.seconds(driver, BATCH).map((s) => ({
    lat: 25 + Math.random() * 0.3,
    lon: 55 + Math.random() * 0.3,
    recorded_at: new Date(s * 1000).toISOString(),
    speed: 40,
    course: 180,
    accuracy: 5,
    battery: 80,
  }));
  return {
    method: 'POST',
    path: '/api/v1/driver/positions',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${driver.token}` },
    body: JSON.stringify({ positions }),
    positions: BATCH,
  };
}

interface Tally {
  latencies: number[];
  positions: number;
  requests: number;
  failed: number;
}

async function send(pool: Pool, request: TRequest, since: number, tally: Tally): Promise<void> {
  try {
    const res = await pool.request({
      method: request.method,
      path: request.path,
      headers: request.headers,
      body: request.body,
    });
    await res.body.dump();
    tally.requests++;
    if (res.statusCode === 200) {
      tally.positions += request.positions;
      tally.latencies.push(performance.now() - since);
    } else tally.failed++;
  } catch {
    tally.failed++;
  }
}

/** As many requests as `connections` clients can make, each waiting for its answer. */
async function closedLoop(pool: Pool, connections: number, ms: number, make: () => TRequest): Promise<Tally> {
  const tally: Tally = { latencies: [], positions: 0, requests: 0, failed: 0 };
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await send(pool, make(), performance.now(), tally);
    }),
  );
  return tally;
}

/** Requests sent at `rate` a second whatever the answers; latency counts from when each was due. */
async function openLoop(pool: Pool, rate: number, ms: number, make: () => TRequest): Promise<Tally> {
  const tally: Tally = { latencies: [], positions: 0, requests: 0, failed: 0 };
  const start = performance.now();
  const total = Math.round((rate * ms) / 1000);
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(pool, make(), due, tally));
  }
  await Promise.all(inFlight);
  return tally;
}

async function measure(
  server: ServerProcess,
  pool: Pool,
  run: (ms: number) => Promise<Tally>,
): Promise<Omit<Result, 'db' | 'write' | 'path'>> {
  await run(WARMUP_SECONDS * 1000);
  const pid = server.child.pid!;
  const cpu0 = processCpu(pid);
  const pg0 = postgresCpu();
  const load0 = process.cpuUsage();
  const m0 = machineCpu();
  const t0 = performance.now();
  const tally = await run(SECONDS * 1000);
  const elapsed = (performance.now() - t0) / 1000;
  const m1 = machineCpu();
  const load = process.cpuUsage(load0);
  const sorted = tally.latencies.sort((a, b) => a - b);
  void pool;
  return {
    requests: tally.requests,
    positionsPerSecond: tally.positions / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    failed: tally.failed,
    serverCpu: (processCpu(pid) - cpu0) / elapsed,
    postgresCpu: (postgresCpu() - pg0) / elapsed,
    loadCpu: (load.user + load.system) / 1e6 / elapsed,
    machineCpu: (m1.busy - m0.busy) / elapsed,
  };
}

async function benchServer(db: TDb, write: TWrite): Promise<Result[]> {
  const fixtureFile = path.join(os.tmpdir(), `bench-ingest-${process.pid}.json`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  const pg = db === 'PostgreSQL' ? await freshPostgresDatabase(PG_URL) : null;
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-profile-'));
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      BENCH_FIXTURE: fixtureFile,
      BENCH_DRIVERS: String(DRIVERS),
      BENCH_WRITE: write === 'naive' ? 'naive' : 'group',
      LOG_LEVEL: 'warn',
    },
    {
      entry: path.join(root, 'scripts/bench-ingest-server.ts'),
      nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    },
  );
  const results: Result[] = [];
  try {
    const drivers = JSON.parse(fs.readFileSync(fixtureFile, 'utf8')) as FixtureDriver[];
    const c = clock(drivers);
    const pool = new Pool(server.url, { connections: CONCURRENCY, keepAliveTimeout: 60_000, pipelining: 1 });
    const runs: [TPath, (ms: number) => Promise<Tally>][] = [
      ['batch API', (ms) => closedLoop(pool, Math.min(CONCURRENCY, 16), ms, () => batchRequest(c))],
      ['OsmAnd', (ms) => closedLoop(pool, CONCURRENCY, ms, () => osmandRequest(c))],
      ...(write === 'group commit'
        ? ([
            ['OsmAnd, steady 2,000/s', (ms) => openLoop(pool, STEADY_RATE, ms, () => osmandRequest(c))],
          ] as const)
        : []),
    ];
    for (const [name, run] of runs) {
      if (!wanted(`${db}, ${write}, ${name}`)) continue;
      process.stdout.write(`${db}, ${write}, ${name}… `);
      const result = { db, write, path: name, ...(await measure(server, pool, run)) };
      process.stdout.write(
        `${Math.round(result.positionsPerSecond)} positions/s, p99 ${result.p99.toFixed(1)} ms\n`,
      );
      results.push(result);
    }
    await pool.close();
  } finally {
    await server.stop('SIGTERM');
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(fixtureFile, { force: true });
  }
  if (PROFILE) {
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (file) {
      const summary = summariseProfile(path.join(profileDir, file));
      console.log(`server CPU profile (${db}, ${write}), self time by function:\n${summary}`);
      for (const r of results) r.profile = path.join(profileDir, file);
    }
  }
  return results;
}

/** Where a frame's code comes from: an npm package, a file of this repository, or the runtime. */
function origin(url: string): string {
  if (url.includes('node_modules/')) {
    const parts = url.split('node_modules/').at(-1)!.split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return url.replace(`file://${root}/`, '') || '(native)';
}

/**
 * A CPU profile in two views: self time by function, and the share of samples whose stack passes
 * through each package or source file (inclusive: a query's time counts for its caller's module too).
 */
function summariseProfile(file: string): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
    samples: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = byId.get(id)!.callFrame;
    const key = `${origin(frame.url)} ${frame.functionName || '(anonymous)'}`;
    self.set(key, (self.get(key) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const where = origin(byId.get(at)!.callFrame.url);
      if (where !== '(native)') seen.add(where);
    }
    for (const where of seen) inclusive.set(where, (inclusive.get(where) ?? 0) + 1);
  }
  const total = profile.samples.length;
  const top = (counts: Map<string, number>, n: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, count]) => `  ${((100 * count) / total).toFixed(1).padStart(5)}%  ${key}`)
      .join('\n');
  return `self time:\n${top(self, 12)}\nstacks passing through:\n${top(inclusive, 25)}`;
}

// ---------- Report ----------

const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

function table(results: Result[]): string {
  const lines = [
    '| database | writes | path | requests | positions/s acknowledged | p50 ack (ms) | p99 ack (ms) | failed | CPU (cores): server | PostgreSQL | load generator | machine |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.db} | ${r.write} | ${r.path} | ${fmt(r.requests)} | ${fmt(r.positionsPerSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.failed} | ${r.serverCpu.toFixed(2)} | ${r.postgresCpu.toFixed(2)} | ${r.loadCpu.toFixed(2)} | ${r.machineCpu.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

function misses(results: Result[]): string[] {
  const find = (db: TDb, p: TPath) =>
    results.find((r) => r.db === db && r.write === 'group commit' && r.path === p);
  const out: string[] = [];
  const check = (
    label: string,
    r: Result | undefined,
    ok: (r: Result) => boolean,
    what: (r: Result) => string,
  ) => {
    if (r && !ok(r)) out.push(`${label}: ${what(r)}`);
  };
  const rate = (r: Result) => `${fmt(r.positionsPerSecond)}/s`;
  check(
    'batch API on PostgreSQL ≥ 20,000/s',
    find('PostgreSQL', 'batch API'),
    (r) => r.positionsPerSecond >= TARGETS.batchPg,
    rate,
  );
  check(
    'OsmAnd on PostgreSQL ≥ 5,000/s',
    find('PostgreSQL', 'OsmAnd'),
    (r) => r.positionsPerSecond >= TARGETS.osmandPg,
    rate,
  );
  check(
    'OsmAnd embedded ≥ 2,000/s',
    find('embedded', 'OsmAnd'),
    (r) => r.positionsPerSecond >= TARGETS.osmandEmbedded,
    rate,
  );
  for (const db of ['embedded', 'PostgreSQL'] as const) {
    check(
      `p99 ≤ 100 ms at 2,000/s (${db})`,
      find(db, 'OsmAnd, steady 2,000/s'),
      (r) => r.p99 <= TARGETS.steadyP99Ms && r.positionsPerSecond >= STEADY_RATE * 0.95,
      (r) => `p99 ${ms(r.p99)} ms at ${rate(r)}`,
    );
  }
  return out;
}

function machine(): string {
  const cpus = os.cpus();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  let postgres = 'PostgreSQL';
  try {
    postgres = execFileSync('psql', [PG_URL, '-Atc', 'show server_version'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim()
      .replace(/^/, 'PostgreSQL ')
      .split(' (')[0]!;
  } catch {
    // psql is optional: the version is only reported
  }
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    `Run ${when} UTC at commit \`${commit}\`, on ${cpus.length} × ${cpus[0]?.model.trim()},`,
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${postgres} on the same machine;`,
    `${DRIVERS} drivers, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up, ${CONCURRENCY} keep-alive connections`,
    `(16 for the batches of ${BATCH}); the server and the load generator share the machine.`,
  ].join('\n');
}

function writeDoc(section: string) {
  const file = path.join(root, 'docs/benchmarks.md');
  const start = '<!-- bench:ingest:start -->';
  const end = '<!-- bench:ingest:end -->';
  const doc = fs.readFileSync(file, 'utf8');
  if (!doc.includes(start)) throw new Error(`docs/benchmarks.md has no ${start} marker`);
  fs.writeFileSync(
    file,
    doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => `${start}\n${section}\n${end}`),
  );
}

const results: Result[] = [];
for (const db of ['embedded', 'PostgreSQL'] as const) {
  for (const write of ['group commit', 'naive'] as const) {
    if (!ONLY || ['batch API', 'OsmAnd'].some((p) => wanted(`${db}, ${write}, ${p}`)))
      results.push(...(await benchServer(db, write)));
  }
}
const missed = misses(results);
const section = [
  machine(),
  '',
  table(results),
  '',
  missed.length ? `Targets missed: ${missed.join('; ')}.` : 'Every target is met.',
].join('\n');
console.log(`\n${section}\n`);
if (ONLY) console.log('A partial run (BENCH_ONLY): docs/benchmarks.md is left as it was.');
else {
  writeDoc(section);
  console.log('Figures written to docs/benchmarks.md.');
}
process.exitCode = missed.length ? 1 : 0;
