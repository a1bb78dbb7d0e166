// `npm run bench:import`: what one spreadsheet upload costs the server. Builds the app in-process on
// an in-memory database (as the tests do), signs in as the demo delivery admin, and for a 2,000-row
// .xlsx and .csv and each hostile file the tests use, calls the import preview (and, for the good
// files, the import itself) while measuring: time to answer, peak RSS growth, the longest event-loop
// delay, and the latency of health calls made one after another during the call. Prints a table and
// rewrites its own section of docs/benchmarks.md. Exits 1 when a target is missed.
//
// Environment: BENCH_RUNS (runs per file, median kept; default 3).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createTestApp, DEMO, removeScriptDemo, multipartFile } from '../apps/server/src/test/app.ts';
import {
  DRIVER_HEADER,
  blankRowsXlsx,
  bombXlsx,
  driversCsv,
  driversXlsx,
  manyRowsXlsx,
  markupFloodXlsx,
  rowXml,
  wideCsv,
  workbook,
} from '../apps/server/src/test/spreadsheets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/**
 * Other users must not notice an upload: reading and checking never hold the event loop long and
 * health answers fast. Writing 2,000 drivers is one INSERT, which the embedded database runs on the
 * server's own thread, so the import calls get a looser bound, still well under a second.
 */
const TARGETS = { read: { loopMs: 100, healthMs: 250 }, write: { loopMs: 500, healthMs: 500 } };
const MB = 1024 * 1024;
const HEADER = DRIVER_HEADER.join(',');

interface Case {
  name: string;
  /** A fresh file per run: the good files get new e-mails so each import writes 2,000 drivers. */
  file: (run: number) => Promise<Buffer> | string;
  url: string;
  status: number;
  /** The import call, which writes the rows (the preview and every refused file write nothing). */
  writes?: boolean;
}

const preview = '/api/v1/drivers/import/preview';
const CASES: Case[] = [
  { name: '2,000-row .xlsx, preview', file: (r) => driversXlsx(2000, `px${r}-`), url: preview, status: 200 },
  { name: '2,000-row .csv, preview', file: (r) => driversCsv(2000, `pc${r}-`), url: preview, status: 200 },
  {
    name: '2,000-row .xlsx, import',
    file: (r) => driversXlsx(2000, `ix${r}-`),
    url: '/api/v1/drivers/import',
    status: 200,
    writes: true,
  },
  {
    name: '2,000-row .csv, import',
    file: (r) => driversCsv(2000, `ic${r}-`),
    url: '/api/v1/drivers/import',
    status: 200,
    writes: true,
  },
  { name: '.xlsx of 100,000 rows', file: () => manyRowsXlsx(100_000), url: preview, status: 400 },
  { name: '.xlsx, one 300 MB cell (298 kB zip bomb)', file: () => bombXlsx(), url: preview, status: 400 },
  {
    name: '.xlsx, one 300 MB shared string',
    file: () => bombXlsx({ inSharedStrings: true }),
    url: preview,
    status: 400,
  },
  {
    name: '.xlsx, 300 MB cell, size stated as 30 MB',
    file: () => bombXlsx({ declaredSize: 30 * MB }),
    url: preview,
    status: 400,
  },
  {
    name: '.xlsx, 31 MB of tags (most work allowed)',
    file: () => markupFloodXlsx(31 * MB),
    url: preview,
    status: 400,
  },
  { name: '.xlsx of a million blank rows', file: () => blankRowsXlsx(1_000_000), url: preview, status: 400 },
  { name: '.csv, 5,000 columns × 20,000 rows', file: () => wideCsv(5000, 20_000), url: preview, status: 400 },
  {
    name: '.csv of a million blank rows',
    file: () => `${HEADER}\n${' , \n'.repeat(1_000_000)}`,
    url: preview,
    status: 400,
  },
  {
    name: '.csv, a 4 MB cell',
    file: () => `${HEADER}\nNoor,Haddad,${'Q'.repeat(4 * MB)}`,
    url: preview,
    status: 400,
  },
  {
    name: '.csv, a line of 4 million commas',
    file: () => `${HEADER}\nNoor${','.repeat(4 * MB)}`,
    url: preview,
    status: 400,
  },
  {
    name: '.xlsx, a 10,000-character cell',
    file: () => workbook(rowXml(1, DRIVER_HEADER) + rowXml(2, ['Noor', 'Haddad', 'Q'.repeat(10_000)])),
    url: preview,
    status: 400,
  },
  {
    name: '.csv, a NUL in a cell',
    file: () => `${HEADER}\nNoor,Ha\u0000ddad,noor@desert.example`,
    url: preview,
    status: 400,
  },
];

interface Measure {
  ms: number;
  rssMb: number;
  loopMs: number;
  healthCalls: number;
  healthMaxMs: number;
  uploadKb: number;
  answer: string;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * One upload over real HTTP (the server listens on a loopback port), with health calls one after
 * another until it is answered. In-process inject would not do: a health call answered entirely in
 * microtasks never lets the upload's turn come, which no real client can do to a server.
 */
async function measure(base: string, cookie: string, url: string, file: Buffer | string): Promise<Measure> {
  const { payload, headers } = multipartFile(file, 'drivers.bin');
  gc();
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 2);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = performance.now();
  let done = false;
  const call = fetch(base + url, { method: 'POST', body: payload, headers: { ...headers, cookie } }).then(
    async (res) => {
      const body = (await res.json()) as { responseMessage: string };
      done = true;
      const answer = body.responseMessage ? `${res.status} ${body.responseMessage}` : String(res.status);
      return { answer, ms: performance.now() - started };
    },
  );
  const health: number[] = [];
  while (!done) {
    const asked = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    health.push(performance.now() - asked);
  }
  const { answer, ms } = await call;
  loop.disable();
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  return {
    ms,
    rssMb: (rssPeak - rssBefore) / MB,
    loopMs: loop.max / 1e6,
    healthCalls: health.length,
    healthMaxMs: Math.max(0, ...health),
    uploadKb: Buffer.byteLength(file) / 1024,
    answer,
  };
}

function machine() {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    // not a git checkout
  }
  return [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit \`${commit}\`, on ${cpus.length} × ${cpus[0]?.model.trim()},`,
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, embedded database in memory,`,
    `median of ${RUNS} run${RUNS > 1 ? 's' : ''} per file.`,
  ].join('\n');
}

type Row = { name: string; writes: boolean; runs: Measure[] };

const cell = (row: Row) => {
  const pick = (key: keyof Omit<Measure, 'answer'>) => median(row.runs.map((m) => m[key]));
  return {
    upload: pick('uploadKb'),
    ms: pick('ms'),
    rss: pick('rssMb'),
    loop: pick('loopMs'),
    healthCalls: pick('healthCalls'),
    healthMax: pick('healthMaxMs'),
    answer: row.runs[0]?.answer ?? '',
  };
};

function table(rows: Row[]) {
  const head =
    '| file | upload (kB) | answer (ms) | peak RSS growth (MB) | longest event-loop delay (ms) | health calls during it | slowest health (ms) | answer |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---|';
  const lines = rows.map((row) => {
    const c = cell(row);
    return `| ${row.name} | ${c.upload.toFixed(0)} | ${c.ms.toFixed(0)} | ${c.rss.toFixed(0)} | ${c.loop.toFixed(0)} | ${c.healthCalls} | ${c.healthMax.toFixed(0)} | ${c.answer} |`;
  });
  return [head, rule, ...lines].join('\n');
}

const misses = (row: Row) => {
  const c = cell(row);
  const target = row.writes ? TARGETS.write : TARGETS.read;
  return [
    ...(c.loop > target.loopMs ? [`event loop held ${c.loop.toFixed(0)} ms`] : []),
    ...(c.healthMax > target.healthMs ? [`health took ${c.healthMax.toFixed(0)} ms`] : []),
  ];
};

function writeDoc(rows: Row[], wrongAnswers: string[]) {
  const file = path.join(root, 'docs/benchmarks.md');
  const start = '<!-- bench:import:start -->';
  const end = '<!-- bench:import:end -->';
  const missed = rows.flatMap((r) => misses(r).map((m) => `${r.name}: ${m}`)).concat(wrongAnswers);
  const section = [
    start,
    machine(),
    '',
    table(rows),
    '',
    missed.length ? `Targets missed: ${missed.join('; ')}.` : 'Every target is met.',
    end,
  ].join('\n');
  const doc = fs.readFileSync(file, 'utf8');
  if (!doc.includes(start)) throw new Error(`docs/benchmarks.md has no ${start} marker`);
  fs.writeFileSync(
    file,
    doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => section),
  );
}

const t = await createTestApp();
try {
  const cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  // Warm-up: the first call compiles the reader and the checks; real servers are past that.
  await measure(base, cookie, preview, driversCsv(50, 'warm'));
  await measure(base, cookie, preview, await driversXlsx(50, 'warm'));
  const rows: Row[] = [];
  const wrongAnswers: string[] = [];
  for (const c of CASES) {
    process.stdout.write(`measuring ${c.name}…\n`);
    const runs: Measure[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measure(base, cookie, c.url, await c.file(run)));
    const status = Number(runs[0]?.answer.slice(0, 3));
    if (status !== c.status)
      wrongAnswers.push(`${c.name}: answered ${runs[0]?.answer}, expected ${c.status}`);
    rows.push({ name: c.name, writes: c.writes ?? false, runs });
  }
  console.log(`\n${table(rows)}\n`);
  writeDoc(rows, wrongAnswers);
  const missed = rows.filter((r) => misses(r).length > 0);
  console.log(
    missed.length || wrongAnswers.length
      ? `\nTargets missed: ${[...missed.map((r) => r.name), ...wrongAnswers].join(', ')}.`
      : '\nEvery target is met.',
  );
  console.log('Figures written to docs/benchmarks.md.');
  process.exitCode = missed.length || wrongAnswers.length ? 1 : 0;
} finally {
  await t.close();
  await removeScriptDemo();
}
