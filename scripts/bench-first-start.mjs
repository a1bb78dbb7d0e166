// `npm run bench:first-start`: what a new user of `npm start` waits for. Starts the built server (run
// `npm run build` first) as `npm start` does, on an empty embedded database in a temporary folder, and
// measures from the process's start: the first answer of /api/health; a signed-in console (the demo
// delivery admin signing in through the sign-in page in headless Chromium); the dashboard loaded (its
// trips table and map drawn); and the demo's history ready (/api/health/ready), with the slowest health
// answer and the dashboard's load time meanwhile. BENCH_RUNS starts (default 3), the median kept;
// prints a Markdown table for docs/benchmarks.md. Exits 1 when the console is not signed in within 15 s.
//
// Environment: BENCH_PORT (default 3350), BENCH_RUNS, CHROMIUM_PATH (default /usr/bin/chromium),
// DEMO_HISTORY_DAYS (default 30), SIMULATE (default true, as `npm start`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3350);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const BASE = `http://localhost:${PORT}`;
const TARGET_SIGNED_IN_S = 15;
const main = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(main)) {
  console.error(`${main} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => Math.round(ms / 100) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function oneStart(browser) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-first-start-'));
  const began = Date.now();
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    env: {
      SIMULATE: 'true',
      DEMO_HISTORY_DAYS: '30',
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      const res = await fetch(`${BASE}/api/health`).catch(() => null);
      if (res?.ok) break;
      if (child.exitCode !== null) throw new Error('the server exited before answering');
      await sleep(100);
    }
    const health = Date.now() - began;

    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('admin-demo-pass');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /Good morning/ }).waitFor({ timeout: 120_000 });
    const signedIn = Date.now() - began;

    const dashboardBegan = Date.now();
    await page.goto(`${BASE}/dashboard`);
    await page.getByRole('heading', { name: "Today's trips per driver" }).waitFor({ timeout: 120_000 });
    await page.locator('.maplibregl-canvas').waitFor({ timeout: 120_000 });
    const dashboard = Date.now() - began;
    const dashboardLoad = Date.now() - dashboardBegan;

    let slowestHealth = 0;
    for (;;) {
      const asked = Date.now();
      const res = await fetch(`${BASE}/api/health/ready`);
      slowestHealth = Math.max(slowestHealth, Date.now() - asked);
      if (res.status === 200) break;
      await sleep(500);
    }
    const ready = Date.now() - began;
    await page.context().close();
    return { health, signedIn, dashboard, dashboardLoad, ready, slowestHealth };
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const runs = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const run = await oneStart(browser);
    runs.push(run);
    console.error(`start ${i + 1}: ${JSON.stringify(run)}`);
  }
} finally {
  await browser.close();
}
const m = (key) => seconds(median(runs.map((r) => r[key])));
console.log(`| From \`npm start\`'s server process start (median of ${RUNS}, empty embedded database) | Time |
|---|---:|
| \`/api/health\` answers | ${m('health')} s |
| Console signed in (sign-in page, demo admin, Overview shown) | ${m('signedIn')} s |
| Dashboard loaded (trips table and map drawn) | ${m('dashboard')} s (the page itself: ${m('dashboardLoad')} s) |
| Demo history ready (\`/api/health/ready\` 200; the live simulation starts) | ${m('ready')} s |
| Slowest \`/api/health\` answer while the history is replayed | ${median(runs.map((r) => r.slowestHealth))} ms |`);
process.exit(median(runs.map((r) => r.signedIn)) <= TARGET_SIGNED_IN_S * 1000 ? 0 : 1);
