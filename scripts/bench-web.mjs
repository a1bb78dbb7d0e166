// `npm run bench:web`: how light and fast the public site and the console are. Starts the built
// server (run `npm run build` first) on a fresh embedded database, then for every public page measures
// the JavaScript it loads (gzip bytes) and runs Lighthouse (mobile, simulated slow 4G) in headless
// Chromium for performance, accessibility, best practices and SEO; then signs in to the console as the
// demo delivery admin and measures the JavaScript each console page loads on a cold cache, and the
// driver app's first load (/driver, on a phone). Prints the tables and writes the figures into
// docs/benchmarks.md. A customer's tracking page (/track/{token}, a link made for a demo order) is
// measured with the public pages. Exits 1 when a target is missed.
//
// Environment: BENCH_ONLY=console or BENCH_ONLY=driver (only that app's weight and its section of the
// doc: no Lighthouse), BENCH_FILES=1 (also list each console page's files with their gzip size),
// BENCH_PORT (default 3340), BENCH_RUNS (Lighthouse runs per page, median kept; default 3),
// CHROMIUM_PATH (default /usr/bin/chromium), WEB_DIST_DIR (another web build).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3340);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE = `http://localhost:${PORT}`;
const TARGETS = {
  homeJsKb: 100,
  trackingJsKb: 60,
  consoleInitialJsKb: 250,
  driverInitialJsKb: 150,
  performance: 95,
  accessibility: 95,
  'best-practices': 95,
  seo: 95,
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const STATIC_PAGES = [
  '/',
  '/features',
  '/use-cases',
  '/about-us',
  '/contact',
  '/terms-conditions',
  '/privacy-policy',
  '/cookie-policy',
  '/blog',
  '/api-catalog',
];

const webDist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
for (const built of [
  path.join(root, 'apps/server/dist/main.js'),
  path.join(webDist, 'ssr/entry-server.js'),
  path.join(root, 'apps/driver/dist/index.html'),
]) {
  if (!fs.existsSync(built)) {
    console.error(`${built} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-'));
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
      // The pages are measured, not the field side: one day of simulated history, no live simulation.
      DEMO_HISTORY_DAYS: '1',
      SIMULATE: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 360; i += 1) {
    try {
      // Ready: the demo's history is prepared, so every console page loads as it will for an admin.
      if ((await fetch(`${BASE}/api/health/ready`)).ok) return stop;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error('the server did not start within 180 s');
}

/** The public pages, one blog post (the newest published one) and a customer's tracking page. */
async function publicPages() {
  const blogs = await (await fetch(`${BASE}/api/content/blogs?pagination[pageSize]=1`)).json();
  const slug = blogs.data[0]?.slug;
  const tracking = await trackingPage();
  return [...STATIC_PAGES, ...(slug ? [`/blog/${slug}`] : []), ...(tracking ? [tracking] : [])];
}

/** The `Cookie` header of the demo delivery admin's session. */
async function adminCookie() {
  const res = await fetch(`${BASE}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CONSOLE_ADMIN),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The tracking page of one of the demo delivery tenant's planned orders (or a delivered one), its
 * link made as the order screen makes it; undefined when the demo has none.
 */
async function trackingPage() {
  const cookie = await adminCookie();
  for (const status of ['planned', 'in_progress', 'delivered']) {
    const list = await (
      await fetch(`${BASE}/api/v1/crm/orders?status=${status}&page_size=1`, { headers: { cookie } })
    ).json();
    const order = list.data?.[0];
    if (!order) continue;
    const made = await (
      await fetch(`${BASE}/api/v1/crm/orders/${order.id}/tracking`, { method: 'POST', headers: { cookie } })
    ).json();
    if (made.data?.url) return new URL(made.data.url).pathname;
  }
  return undefined;
}

/** gzip bytes of the page's scripts as sent to a browser accepting only gzip (content-length is the compressed size). */
async function gzipBytes(urls) {
  let total = 0;
  for (const url of urls) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const length = Number(res.headers.get('content-length'));
    total += Number.isFinite(length) && length > 0 ? length : (await res.arrayBuffer()).byteLength;
  }
  return total;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(chrome, page) {
  const runs = [];
  // A run Lighthouse could not finish (a protocol timeout on a busy machine) is run again, twice at most.
  for (let i = 0, retries = 0; i < RUNS; i += 1) {
    const { lhr } = await lighthouse(`${BASE}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (lhr.runtimeError && retries < 2) {
      console.log(`  ${page}: ${lhr.runtimeError.code}, running again`);
      retries += 1;
      i -= 1;
      continue;
    }
    runs.push(lhr);
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(runs.map((lhr) => Math.round((lhr.categories[c].score ?? 0) * 100)))]),
  );
  const last = runs.at(-1);
  const scripts = (last.audits['network-requests'].details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const failed = CATEGORIES.flatMap((c) =>
    Object.values(last.audits)
      .filter((audit) => last.categories[c].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
      .filter((audit) => audit.score !== null && audit.score < 0.9)
      .map((audit) => `${c}: ${audit.title}`),
  );
  return {
    page,
    jsFiles: scripts.length,
    jsGzipKb: (await gzipBytes(scripts.map((s) => s.url))) / 1024,
    jsBrotliKb: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0) / 1024,
    lcpMs: Math.round(median(runs.map((lhr) => lhr.audits['largest-contentful-paint'].numericValue))),
    tbtMs: Math.round(median(runs.map((lhr) => lhr.audits['total-blocking-time'].numericValue))),
    ...scores,
    failed: [...new Set(failed)],
  };
}

// ---- The console ----

/** The console pages measured; the first is the one a signed-in admin lands on (the initial load). */
const CONSOLE_PAGES = ['/overview', '/dashboard', '/map', '/approvals', '/trips', '/drivers', '/analytics'];
const CONSOLE_ADMIN = { email: 'admin@example.com', password: 'admin-demo-pass' };

/**
 * Signs in through the login page, then opens each console page in a fresh context holding only the
 * session cookie (cold cache) and adds up the gzip bytes of every script it loads until the network
 * is idle: what the page costs a returning admin on a new browser.
 */
async function measureConsole() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const signIn = await browser.newContext();
    const page = await signIn.newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill(CONSOLE_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(CONSOLE_ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/overview');
    const cookies = await signIn.cookies();
    await signIn.close();

    const rows = [];
    for (const path of CONSOLE_PAGES) {
      process.stdout.write(`measuring console ${path}…\n`);
      const context = await browser.newContext();
      await context.addCookies(cookies);
      const tab = await context.newPage();
      const scripts = new Set();
      tab.on('response', (res) => {
        // The server's files only: the map's worker starts from a blob: URL of code already counted.
        if (res.request().resourceType() === 'script' && res.url().startsWith(BASE)) scripts.add(res.url());
      });
      await tab.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
      // The page's own chunk comes after the session check, which can leave the network quiet for a
      // moment: wait for the page's heading, then for quiet again, so the whole page is counted.
      await tab
        .locator('h1')
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(() => undefined);
      await tab.waitForLoadState('networkidle');
      rows.push({ page: path, jsFiles: scripts.size, jsGzipKb: (await gzipBytes([...scripts])) / 1024 });
      if (process.env.BENCH_FILES === '1') {
        // Each file of the page, largest first: where a page's weight is.
        const sizes = await Promise.all([...scripts].map(async (url) => [url, await gzipBytes([url])]));
        for (const [url, bytes] of sizes.sort((x, y) => y[1] - x[1]))
          process.stdout.write(`  ${(bytes / 1024).toFixed(1).padStart(6)} kB  ${new URL(url).pathname}\n`);
      }
      await context.close();
    }
    return rows;
  } finally {
    await browser.close();
  }
}

// ---- The driver app ----

/**
 * The driver app's first load on a phone with a cold cache: the sign-in screen at /driver/, then
 * the day (Today) once a demo driver has signed in, each script counted once (gzip bytes). The
 * stop map (MapLibre) loads only when a trip is opened and is reported apart.
 */
async function measureDriverApp() {
  const cookie = await adminCookie();
  const drivers = await (await fetch(`${BASE}/api/driver/get-drivers`, { headers: { cookie } })).json();
  const list = Array.isArray(drivers.data) ? drivers.data : (drivers.data?.drivers ?? []);
  const email = list.find((d) => d.email)?.email;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
    });
    const tab = await context.newPage();
    const scripts = new Set();
    tab.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.url().startsWith(BASE)) scripts.add(res.url());
    });
    process.stdout.write('measuring driver app /driver/…\n');
    await tab.goto(`${BASE}/driver/`, { waitUntil: 'networkidle' });
    const signIn = [...scripts];
    let today = signIn;
    if (email) {
      await tab.getByLabel('E-mail').fill(email);
      await tab.getByLabel('Password').fill('driver-demo-pass');
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
      await tab.waitForLoadState('networkidle');
      today = [...scripts];
    }
    const map = fs
      .readdirSync(path.join(root, 'apps/driver/dist/assets'))
      .filter((name) => /^StopMap-.*\.js$/.test(name))
      .map((name) => `${BASE}/driver/assets/${name}`);
    return [
      { page: '/driver/ (sign-in)', jsFiles: signIn.length, jsGzipKb: (await gzipBytes(signIn)) / 1024 },
      {
        page: '/driver/ (signed in: Today)',
        jsFiles: today.length,
        jsGzipKb: (await gzipBytes(today)) / 1024,
      },
      {
        page: 'stop map, when a trip opens',
        jsFiles: map.length,
        jsGzipKb: (await gzipBytes(map)) / 1024,
        lazy: true,
      },
    ];
  } finally {
    await browser.close();
  }
}

const driverMisses = (rows) =>
  rows
    .filter((r) => !r.lazy && r.jsGzipKb > TARGETS.driverInitialJsKb)
    .map((r) => `driver app first load ${r.jsGzipKb.toFixed(1)} kB on \`${r.page}\``);

function driverTable(rows) {
  return [
    '| driver app (phone, cold cache) | JS files | JS gzip (kB) |',
    '|---|---:|---:|',
    ...rows.map((r) => `| ${r.page} | ${r.jsFiles} | ${r.jsGzipKb.toFixed(1)} |`),
  ].join('\n');
}

function writeDriverDoc(rows) {
  writeSection('web-driver', [
    `${runLine()}.`,
    '',
    driverTable(rows),
    '',
    `Target: ≤ ${TARGETS.driverInitialJsKb} kB gzip on the first load (the stop map loads apart). ${verdict(driverMisses(rows))}`,
  ]);
}

const consoleMisses = (rows) =>
  rows[0].jsGzipKb > TARGETS.consoleInitialJsKb
    ? [`console initial JS ${rows[0].jsGzipKb.toFixed(1)} kB on \`${rows[0].page}\``]
    : [];

function consoleTable(rows) {
  return [
    '| console page (signed in, cold cache) | JS files | JS gzip (kB) |',
    '|---|---:|---:|',
    ...rows.map((r) => `| \`${r.page}\` | ${r.jsFiles} | ${r.jsGzipKb.toFixed(1)} |`),
  ].join('\n');
}

const misses = (row) => [
  ...(row.page === '/' && row.jsGzipKb > TARGETS.homeJsKb ? [`JS ${row.jsGzipKb.toFixed(1)} kB`] : []),
  ...(row.page.startsWith('/track/') && row.jsGzipKb > TARGETS.trackingJsKb
    ? [`JS ${row.jsGzipKb.toFixed(1)} kB`]
    : []),
  // A tracking page is one customer's, never to be found by a search engine (`noindex` on purpose):
  // search engine optimisation is no target of it.
  ...CATEGORIES.filter((c) => !(c === 'seo' && row.page.startsWith('/track/')))
    .filter((c) => row[c] < TARGETS[c])
    .map((c) => `${c} ${row[c]}`),
];

/** A page as the tables name it: a tracking link's token is the run's own, not worth recording. */
const shown = (page) => (page.startsWith('/track/') ? '/track/{token}' : page);

function table(rows) {
  const head =
    '| page | JS files | JS gzip (kB) | JS as sent, brotli (kB) | LCP (ms) | TBT (ms) | performance | accessibility | best practices | SEO |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map(
    (r) =>
      `| \`${shown(r.page)}\` | ${r.jsFiles} | ${r.jsGzipKb.toFixed(1)} | ${r.jsBrotliKb.toFixed(1)} | ${r.lcpMs} | ${r.tbtMs} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} |`,
  );
  return [head, rule, ...lines].join('\n');
}

/** When, at which commit and on what machine: the first line of every recorded run. */
function runLine() {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    // not a git checkout
  }
  return `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit \`${commit}\`, on ${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
}

function machine(chromeVersion) {
  return [
    `${runLine()}, ${chromeVersion}, Lighthouse ${lighthouseVersion()},`,
    `median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page.`,
  ].join('\n');
}

function lighthouseVersion() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'));
  return pkg.version;
}

/** Replaces the section between `<!-- bench:{name}:start -->` and its end marker (or appends it). */
function writeSection(name, lines) {
  const file = path.join(root, 'docs/benchmarks.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = [start, ...lines, end].join('\n');
  const doc = fs.readFileSync(file, 'utf8');
  const next = doc.includes(start)
    ? doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => section)
    : `${doc.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, next);
}

const verdict = (missed) =>
  missed.length ? `Targets missed: ${missed.join('; ')}.` : 'Every target is met.';

function writePublicDoc(rows, chromeVersion) {
  const missed = rows.flatMap((r) => misses(r).map((m) => `\`${shown(r.page)}\`: ${m}`));
  writeSection('web', [machine(chromeVersion), '', table(rows), '', verdict(missed)]);
}

/** The console's figures have their own section, so `BENCH_ONLY=console` records them without Lighthouse. */
function writeConsoleDoc(consoleRows) {
  writeSection('web-console', [
    `${runLine()}.`,
    '',
    consoleTable(consoleRows),
    '',
    verdict(consoleMisses(consoleRows)),
  ]);
}

const stopServer = await startServer();
if (process.env.BENCH_ONLY === 'driver') {
  let missed = ['the driver app could not be measured'];
  try {
    const rows = await measureDriverApp();
    console.log(`\n${driverTable(rows)}\n`);
    missed = driverMisses(rows);
    writeDriverDoc(rows);
    console.log(missed.length ? `Target missed: ${missed.join(', ')}.` : 'Target met.');
  } finally {
    stopServer();
  }
  process.exit(missed.length ? 1 : 0);
}
if (process.env.BENCH_ONLY === 'console') {
  let missed = ['the console could not be measured'];
  try {
    const consoleRows = await measureConsole();
    console.log(`\n${consoleTable(consoleRows)}\n`);
    missed = consoleMisses(consoleRows);
    writeConsoleDoc(consoleRows);
    console.log(missed.length ? `Target missed: ${missed.join(', ')}.` : 'Target met.');
  } finally {
    stopServer();
  }
  process.exit(missed.length ? 1 : 0);
}
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const chromeVersion = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()).Browser;
  const rows = [];
  for (const page of await publicPages()) {
    process.stdout.write(`measuring ${page}…\n`);
    rows.push(await measure(chrome, page));
  }
  const consoleRows = await measureConsole();
  const driverRows = await measureDriverApp();
  console.log(`\n${table(rows)}\n\n${consoleTable(consoleRows)}\n\n${driverTable(driverRows)}\n`);
  for (const row of rows)
    if (row.failed.length) console.log(`${row.page} — audits below 0.9: ${row.failed.join('; ')}`);
  writePublicDoc(rows, chromeVersion);
  writeConsoleDoc(consoleRows);
  writeDriverDoc(driverRows);
  const missed = [
    ...rows.filter((r) => misses(r).length > 0).map((r) => r.page),
    ...consoleMisses(consoleRows),
    ...driverMisses(driverRows),
  ];
  console.log(
    missed.length
      ? `\nTargets missed: ${missed.join(', ')}.`
      : "\nEvery target is met (≤ 100 kB gzip JS on /, ≤ 60 kB on a tracking page, every score ≥ 95, ≤ 250 kB gzip JS on the console's first page, ≤ 150 kB on the driver app's).",
  );
  console.log('Figures written to docs/benchmarks.md.');
  process.exitCode = missed.length ? 1 : 0;
} finally {
  await chrome.kill();
  stopServer();
}
