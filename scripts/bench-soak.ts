// `npm run bench:soak`: does the server hold up for a long stretch of an ordinary busy day? For the
// embedded database and for PostgreSQL (a database of its own on BENCH_DATABASE_URL, default the local
// test server, created and dropped), the server runs as a child process (scripts/bench-ingest-server.ts:
// the app as main.ts builds it, with SOAK_DRIVERS drivers holding a tracker id) and this process is
// the load, for SOAK_MINUTES:
//
//   drivers    each reports an OsmAnd fix every SOAK_INTERVAL_S seconds (@fleet/sim's loadFleet,
//              open loop, spread evenly)
//   consoles   50 tenant admins' consoles keep `GET /api/v1/events` open and read its frames, and
//              page the trips and drivers lists as the console asks for them, a page every 1–3 s
//
// and the server's resident memory is sampled from /proc every 5 s, and read after a full collection
// each minute (the memory it keeps; see keptMemory). Targets: no exit of the server, no 5xx answer,
// kept resident memory growing less than 10 % from the end of the warm-up (the first minute) to the
// end, and the lists' p99 in the last minute within 1.5× of the first. Prints the
// figures and, once every database has run, rewrites its section of docs/benchmarks.md; exits 1
// when a target is missed.
//
// Environment: SOAK_MINUTES (default 10), SOAK_DRIVERS (default 1000), SOAK_INTERVAL_S (default 5),
// SOAK_CONSOLES (default 50), SOAK_DATABASE (pglite, postgres or both, the default),
// BENCH_DATABASE_URL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setMaxListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { toUtcString } from '@fleet/contract';
import { fetchTransport, loadFleet, type TLoadResult } from '@fleet/sim';
import {
  freshPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../apps/server/src/test/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const DRIVERS = Number(process.env.SOAK_DRIVERS ?? 1000);
const INTERVAL_S = Number(process.env.SOAK_INTERVAL_S ?? 5);
const CONSOLES = Number(process.env.SOAK_CONSOLES ?? 50);
const DATABASES = process.env.SOAK_DATABASE ?? 'both';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION_MS = MINUTES * 60_000;
// The warm-up and the first and last windows are a minute each; a short run gets a third of itself.
const WINDOW_MS = Math.min(60_000, DURATION_MS / 3);
const SAMPLE_MS = 5_000;
const TARGETS = { memoryGrowth: 0.1, p99Ratio: 1.5 };
const SOAK_INTRO = `The script starts the server as a child process (the app as \`main.ts\` builds it, with the
simulated drivers made at start), on a fresh embedded database and on a fresh PostgreSQL database, and
loads it for ten minutes as a busy day would: 1,000 drivers each reporting an OsmAnd fix every 5 s
(@fleet/sim's load generator, 200 fixes a second), and 50 tenant admins' consoles, each keeping the
event stream open and reading its frames while paging the trips and drivers lists (a page every 1–3 s).
The server's resident memory is read from \`/proc\` every 5 s, and each minute after a full
collection (the server runs one on the benchmark's signal): the memory it keeps. Targets: the server
never exits, no 5xx answer (a fix answered 503 with Retry-After because more reports were being
taken than \`TRACKER_MAX_PENDING\` is the server shedding load, counted apart: the phone sends it
again), the kept resident memory grows less than 10 % from the end of the first
minute (the warm-up) to the end, and the lists' p99 in the last minute stays within 1.5× of the first
minute's. Sampled at random points of the collector's cycle, resident memory swings by half (320–520 MB
on PostgreSQL in one run), which says when the collector ran, not what the server holds. The load runs on
the same machine. The section below is rewritten by each complete run.`;

type TDatabase = 'embedded' | 'PostgreSQL';

interface TListCall {
  at: number;
  ms: number;
}

interface TFailures {
  serverErrors: number;
  /**
   * Fixes answered 503 with Retry-After because more reports were being taken than the server
   * bounds (TRACKER_MAX_PENDING): not an error but the server shedding load; the phones send them again.
   */
  shed: number;
  /** Refusals other than 5xx, network errors, and streams the server ended. */
  other: number;
  firstServerError?: string;
}

interface TSoakResult {
  db: TDatabase;
  /** Exits of the server during the run, with their codes. */
  exits: string[];
  shutdownCode: number | null;
  failures: TFailures;
  fixes: TLoadResult;
  frames: number;
  positionFrames: number;
  listCalls: number;
  /** Resident memory and V8 heap after a full collection: at the end of the warm-up, and at the end. */
  keptWarm: TKept;
  keptEnd: TKept;
  /** The same each minute, for the trend. */
  kept: TKept[];
  rssMaxMb: number;
  rssMinMb: number;
  firstP50: number;
  firstP99: number;
  lastP50: number;
  lastP99: number;
  seconds: number;
}

interface TKept {
  at: number;
  rssMb: number;
  heapMb: number;
}

/**
 * The memory the server keeps: it runs a full collection on SIGUSR2 (scripts/bench-ingest-server.ts,
 * started with --expose-gc) and prints its figures. Resident memory sampled at random points of the
 * collector's cycle swings by half (a run measured 320–520 MB on PostgreSQL), so the growth target
 * is judged on these.
 */
async function keptMemory(server: ServerProcess, at: number): Promise<TKept | null> {
  const stdout = server.child.stdout!;
  const line = new Promise<string | null>((resolve) => {
    let text = '';
    const timer = setTimeout(() => done(null), 30_000);
    function done(value: string | null) {
      clearTimeout(timer);
      stdout.off('data', onData);
      resolve(value);
    }
    function onData(chunk: Buffer) {
      text += chunk.toString();
      const match = /bench-memory (\{.*\})/.exec(text);
      if (match) done(match[1]!);
    }
    stdout.on('data', onData);
  });
  if (!server.child.kill('SIGUSR2')) return null;
  const json = await line;
  if (!json) return null;
  const m = JSON.parse(json) as { rss: number; heapUsed: number };
  return { at, rssMb: m.rss / 2 ** 20, heapMb: m.heapUsed / 2 ** 20 };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** The resident memory of the process `pid`, in MB (null once it has ended). */
function residentMb(pid: number): number | null {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('fleet_session='));
  if (res.status !== 200 || !cookie) throw new Error(`signing in as ${email} answered ${res.status}`);
  return cookie;
}

/**
 * Each console's session cookie: its own admin's (8 in 10 of the delivery tenant, whose drivers move),
 * as every person's streams are capped (STREAMS_PER_PRINCIPAL): one admin per console, as in an office.
 */
async function consoleCookies(
  base: string,
  admins: { email: string; password: string }[],
): Promise<string[]> {
  const cookies: string[] = [];
  for (const admin of admins) cookies.push(await signIn(base, admin.email, admin.password));
  return cookies;
}

function countStatus(status: number, what: string, failures: TFailures) {
  if (status >= 500) {
    failures.serverErrors++;
    failures.firstServerError ??= `${what} → ${status}`;
  } else if (status < 200 || status > 299) failures.other++;
}

/** A console's event stream, read until `signal` ends the run; reopened (and counted) if the server ends it. */
async function watchStream(
  base: string,
  cookie: string,
  signal: AbortSignal,
  tally: { frames: number; positionFrames: number },
  failures: TFailures,
) {
  const decoder = new TextDecoder();
  while (!signal.aborted) {
    try {
      const res = await fetch(`${base}/api/v1/events`, {
        headers: { accept: 'text/event-stream', cookie },
        signal,
      });
      countStatus(res.status, 'GET /api/v1/events', failures);
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel();
        await delay(1000, undefined, { signal }).catch(() => {});
        continue;
      }
      let buffer = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        // One split a chunk: slicing the buffer frame by frame costs the square of a long replay.
        const frames = (buffer + decoder.decode(chunk, { stream: true })).split('\n\n');
        buffer = frames.pop() ?? '';
        for (const frame of frames) {
          if (!frame.includes('event: ')) continue; // keep-alive comments and retry hints
          tally.frames++;
          if (frame.startsWith('event: positions')) tally.positionFrames++;
        }
      }
      if (!signal.aborted) {
        // The server ended the stream: the console comes back after the retry it was told (3–7 s).
        failures.other++;
        await delay(3000 + Math.random() * 4000, undefined, { signal }).catch(() => {});
      }
    } catch {
      if (!signal.aborted) {
        failures.other++;
        await delay(1000, undefined, { signal }).catch(() => {});
      }
    }
  }
}

/** The last 30 days as the trips list sends them: UTC bounds. */
function lastThirtyDays() {
  const now = new Date();
  const from = new Date(now.getTime() - 30 * 86_400_000);
  from.setUTCHours(0, 0, 0, 0);
  now.setUTCHours(23, 59, 59, 0);
  return { fdate: toUtcString(from), tdate: toUtcString(now) };
}

/** A console paging the trips and drivers lists, a page every 1–3 s, until `signal` ends the run. */
async function browseLists(
  base: string,
  cookie: string,
  signal: AbortSignal,
  calls: TListCall[],
  failures: TFailures,
) {
  const range = lastThirtyDays();
  for (let turn = 0; !signal.aborted; turn++) {
    await delay(1000 + Math.random() * 2000, undefined, { signal }).catch(() => {});
    if (signal.aborted) return;
    const page = 1 + (turn % 5);
    const trips = turn % 2 === 0;
    const what = trips ? 'POST /api/trip/get-all-trips' : 'GET /api/driver/get-drivers';
    const started = performance.now();
    try {
      const res = trips
        ? await fetch(`${base}/api/trip/get-all-trips?page=${page}&page_size=10`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify(range),
          })
        : await fetch(`${base}/api/driver/get-drivers?page=${page}&page_size=25`, { headers: { cookie } });
      await res.arrayBuffer();
      countStatus(res.status, what, failures);
      if (res.status === 200) calls.push({ at: started, ms: performance.now() - started });
    } catch {
      failures.other++;
    }
  }
}

async function soak(db: TDatabase): Promise<TSoakResult> {
  const fixtureFile = path.join(os.tmpdir(), `bench-soak-${process.pid}.json`);
  const adminsFile = path.join(os.tmpdir(), `bench-soak-admins-${process.pid}.json`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-soak-'));
  const pg = db === 'PostgreSQL' ? await freshPostgresDatabase(PG_URL) : null;
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        ...(pg ? { DATABASE_URL: pg.url } : {}),
        BENCH_FIXTURE: fixtureFile,
        BENCH_DRIVERS: String(DRIVERS),
        BENCH_CONSOLE_ADMINS: String(CONSOLES),
        BENCH_ADMINS_FIXTURE: adminsFile,
      },
      { entry: path.join(root, 'scripts/bench-ingest-server.ts'), nodeArgs: ['--expose-gc'] },
    );
    const pid = server.child.pid!;
    const deviceIds = (JSON.parse(fs.readFileSync(fixtureFile, 'utf8')) as { deviceId: string }[]).map(
      (d) => d.deviceId,
    );
    const cookies = await consoleCookies(
      server.url,
      JSON.parse(fs.readFileSync(adminsFile, 'utf8')) as { email: string; password: string }[],
    );

    const run = new AbortController();
    // Every console and timer of the load listens on this one signal.
    setMaxListeners(0, run.signal);
    const exits: string[] = [];
    void server.exited.then((code) => {
      if (run.signal.aborted) return;
      exits.push(String(code ?? server!.child.signalCode));
      run.abort();
    });
    const failures: TFailures = { serverErrors: 0, shed: 0, other: 0 };
    const stream = { frames: 0, positionFrames: 0 };
    const calls: TListCall[] = [];
    const started = performance.now();

    const rss: { at: number; mb: number }[] = [];
    const sampler = setInterval(() => {
      const mb = residentMb(pid);
      if (mb !== null) rss.push({ at: performance.now() - started, mb });
    }, SAMPLE_MS);
    const kept: TKept[] = [];
    const keeper = setInterval(() => {
      void keptMemory(server!, performance.now() - started).then((k) => k && kept.push(k));
    }, WINDOW_MS);
    const progress = setInterval(() => {
      const last = rss.at(-1);
      console.log(
        `${db}: ${Math.round((performance.now() - started) / 1000)} s, RSS ${last?.mb.toFixed(0) ?? '?'} MB, ` +
          `${calls.length} list pages, ${stream.frames} frames, ${failures.serverErrors} 5xx, ${failures.other} other failures`,
      );
    }, 60_000);

    const consoles = cookies.flatMap((cookie) => [
      watchStream(server!.url, cookie, run.signal, stream, failures),
      browseLists(server!.url, cookie, run.signal, calls, failures),
    ]);
    const fixes = await loadFleet({
      transport: fetchTransport(server.url),
      protocol: 'osmand',
      deviceIds,
      intervalSeconds: INTERVAL_S,
      durationSeconds: DURATION_MS / 1000,
      signal: run.signal,
    });
    const seconds = (performance.now() - started) / 1000;
    const endMb = residentMb(pid);
    if (endMb !== null) rss.push({ at: performance.now() - started, mb: endMb });
    clearInterval(sampler);
    clearInterval(keeper);
    const keptEnd = exits.length ? null : await keptMemory(server, performance.now() - started);
    if (keptEnd) kept.push(keptEnd);
    clearInterval(progress);
    run.abort();
    await Promise.all(consoles);

    for (const [status, { count, message }] of Object.entries(fixes.errors)) {
      if (status === '503' && message.includes('send this one again')) failures.shed += count;
      else if (Number(status) >= 500) {
        failures.serverErrors += count;
        failures.firstServerError ??= message;
      } else failures.other += count;
    }
    await server.stop('SIGTERM');
    const shutdownCode = await server.exited;

    const window = (from: number, to: number) =>
      calls
        .filter((c) => c.at - started >= from && c.at - started < to)
        .map((c) => c.ms)
        .sort((a, b) => a - b);
    const first = window(0, WINDOW_MS);
    const last = window(seconds * 1000 - WINDOW_MS, Infinity);
    return {
      db,
      exits,
      shutdownCode,
      failures,
      fixes,
      frames: stream.frames,
      positionFrames: stream.positionFrames,
      listCalls: calls.length,
      keptWarm: kept[0] ?? NAN_KEPT,
      keptEnd: kept.at(-1) ?? NAN_KEPT,
      kept,
      rssMaxMb: Math.max(...rss.map((s) => s.mb)),
      rssMinMb: Math.min(...rss.filter((s) => s.at >= WINDOW_MS).map((s) => s.mb)),
      firstP50: percentile(first, 50),
      firstP99: percentile(first, 99),
      lastP50: percentile(last, 50),
      lastP99: percentile(last, 99),
      seconds,
    };
  } finally {
    await server?.stop('SIGTERM');
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(fixtureFile, { force: true });
    fs.rmSync(adminsFile, { force: true });
  }
}

// ---------- Report ----------

const NAN_KEPT: TKept = { at: NaN, rssMb: NaN, heapMb: NaN };
const growth = (r: TSoakResult) => (r.keptEnd.rssMb - r.keptWarm.rssMb) / r.keptWarm.rssMb;
const heapGrowth = (r: TSoakResult) => (r.keptEnd.heapMb - r.keptWarm.heapMb) / r.keptWarm.heapMb;
const pct = (n: number) => (Number.isFinite(n) ? `${(100 * n).toFixed(1)} %` : '–');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');

function misses(r: TSoakResult): string[] {
  const out: string[] = [];
  if (r.exits.length) out.push(`${r.db}: the server exited (${r.exits.join(', ')})`);
  if (r.failures.serverErrors)
    out.push(`${r.db}: ${r.failures.serverErrors} 5xx answers (first: ${r.failures.firstServerError})`);
  if (!(growth(r) < TARGETS.memoryGrowth))
    out.push(`${r.db}: resident memory after a full collection grew ${pct(growth(r))} after the warm-up`);
  if (!(r.lastP99 <= TARGETS.p99Ratio * r.firstP99))
    out.push(
      `${r.db}: lists p99 ${ms(r.lastP99)} ms in the last ${WINDOW_MS / 1000} s against ${ms(r.firstP99)} ms in the first`,
    );
  return out;
}

function table(results: TSoakResult[]): string {
  const lines = [
    `| database | server exits | 5xx | fixes asked to wait (503) | other failures | kept RSS after warm-up (MB) | kept RSS at the end (MB) | growth | kept heap, warm-up → end (MB) | sampled RSS min–max (MB) | list pages | lists p50 / p99, first ${WINDOW_MS / 1000} s (ms) | last ${WINDOW_MS / 1000} s (ms) | fixes acknowledged/s | fix p99 (ms) | stream frames (positions) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.db} | ${r.exits.length} | ${r.failures.serverErrors} | ${fmt(r.failures.shed)} | ${r.failures.other} | ${fmt(r.keptWarm.rssMb)} | ${fmt(r.keptEnd.rssMb)} | ${pct(growth(r))} | ${fmt(r.keptWarm.heapMb)} → ${fmt(r.keptEnd.heapMb)} (${pct(heapGrowth(r))}) | ${fmt(r.rssMinMb)}–${fmt(r.rssMaxMb)} | ${fmt(r.listCalls)} | ${ms(r.firstP50)} / ${ms(r.firstP99)} | ${ms(r.lastP50)} / ${ms(r.lastP99)} | ${fmt(r.fixes.perSecond)} | ${ms(r.fixes.latencyMs.p99)} | ${fmt(r.frames)} (${fmt(r.positionFrames)}) |`,
    );
  }
  return lines.join('\n');
}

function machine(): string {
  const cpus = os.cpus();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    `Run ${when} UTC at commit \`${commit}\`, on ${cpus.length} × ${cpus[0]?.model.trim()},`,
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}; ${MINUTES} min on each database,`,
    `${DRIVERS} drivers each sending an OsmAnd fix every ${INTERVAL_S} s, ${CONSOLES} consoles on the event stream`,
    `paging the trips and drivers lists; warm-up and first and last windows of ${WINDOW_MS / 1000} s; the server,`,
    'PostgreSQL and the load share the machine.',
  ].join('\n');
}

function writeDoc(section: string) {
  const file = path.join(root, 'docs/benchmarks.md');
  const start = '<!-- bench:soak:start -->';
  const end = '<!-- bench:soak:end -->';
  let doc = fs.readFileSync(file, 'utf8');
  const block = `${start}\n${section}\n${end}`;
  if (doc.includes(start)) doc = doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => block);
  else doc = `${doc.trimEnd()}\n\n## Soak: \`npm run bench:soak\`\n\n${SOAK_INTRO}\n\n${block}\n`;
  fs.writeFileSync(file, doc);
}

const databases: TDatabase[] =
  DATABASES === 'pglite'
    ? ['embedded']
    : DATABASES === 'postgres'
      ? ['PostgreSQL']
      : ['embedded', 'PostgreSQL'];
const results: TSoakResult[] = [];
for (const db of databases) {
  console.log(`${db}: ${MINUTES} min, ${DRIVERS} drivers, ${CONSOLES} consoles…`);
  const result = await soak(db);
  if (result.shutdownCode !== 0) console.log(`${db}: the server ended with code ${result.shutdownCode}`);
  results.push(result);
}
const missed = results.flatMap(misses);
const section = [
  machine(),
  '',
  table(results),
  '',
  ...results.map(
    (r) =>
      `${r.db}, kept resident memory / heap each minute (MB): ${r.kept.map((k) => `${fmt(k.rssMb)} / ${fmt(k.heapMb)}`).join(', ')}.`,
  ),
  '',
  missed.length ? `Targets missed: ${missed.join('; ')}.` : 'Every target is met.',
].join('\n');
console.log(`\n${section}\n`);
writeDoc(section);
console.log('Figures written to docs/benchmarks.md.');
process.exitCode = missed.length ? 1 : 0;
