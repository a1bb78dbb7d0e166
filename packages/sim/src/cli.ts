import { parseArgs } from 'node:util';
import { parseUtcDateTime } from '@fleet/contract';
import { fetchTransport, fleetClient, type TDriverApi, type TFleetClient } from './client.ts';
import { realClock, virtualClock } from './clock.ts';
import { consoleLogger, PROTOCOLS, type TProtocol } from './driver.ts';
import { runFleet, type TFleetDriver } from './fleet.ts';
import { loadFleet } from './load.ts';

/*
 * `npm run sim -- …`: simulated drivers against a running server. Drive mode runs the drivers'
 * trips as real drivers would; `--load` only sends positions, for benchmarks, and prints a summary.
 */

const USAGE = `Usage: npm run sim -- [options]

Simulated drivers against a running fleet console: by default they run their trips of today as
real drivers would (driver app buttons, task photos, positions); with --load they only send
positions and a latency summary is printed.

  --url URL              the server (default http://localhost:3000)
  --protocol P           how positions are sent: app | osmand | owntracks (default app)
  --drivers N            how many drivers (default: all found)
  --interval S           seconds between fixes while moving; with --load, of each driver (default 5)
  --seed K               the same seed makes the same run (default 1)
  --duration S           stop after S seconds (default: until Ctrl+C; with --load, 60)
  --password P           the drivers' app password (default driver-demo-pass)
  --emails a@x,b@y       these drivers (app protocol), instead of the admin's list
  --admin-email E        the tenant admin whose drivers are simulated (default admin@example.com)
  --admin-password P     (default admin-demo-pass)
  --since "YYYY-MM-DD HH:mm"
                         replay from this UTC time on a virtual clock, then go on live; --duration
                         then counts simulated time
  --load                 benchmark load: positions only
  --quiet                warnings and errors only
  --help

Trackers (osmand, owntracks) report for the admin's drivers that have a tracker set up, each
given a new Tracker ID for the run (Tracker IDs are secrets shown only when they are made): a
phone set up with a driver's earlier ID must be set up again. While a driver is signed in to the
driver app, the server ignores a tracker's fixes unless the tenant lets trackers run trips then
(setting tracker_trips_while_signed_in). Trackers leave start, arrivals and departures to the
server's geofence and use the app for tasks, skips and the end.

Examples:
  npm run sim -- --drivers 5
  npm run sim -- --protocol osmand --drivers 20 --interval 10 --seed 7
  npm run sim -- --emails ali@example.com --since "2026-03-02 04:00" --duration 43200
  npm run sim -- --load --protocol osmand --drivers 500 --interval 5 --duration 120
`;

class UsageError extends Error {}

function options() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      protocol: { type: 'string', default: 'app' },
      drivers: { type: 'string' },
      interval: { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      duration: { type: 'string' },
      password: { type: 'string', default: 'driver-demo-pass' },
      emails: { type: 'string' },
      'admin-email': { type: 'string', default: 'admin@example.com' },
      'admin-password': { type: 'string', default: 'admin-demo-pass' },
      since: { type: 'string' },
      load: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const whole = (name: string, value: string | undefined, min: number) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number from ${min}`);
    return n;
  };
  if (!(PROTOCOLS as readonly string[]).includes(values.protocol)) {
    throw new UsageError(`--protocol must be one of ${PROTOCOLS.join(', ')}`);
  }
  try {
    new URL(values.url);
  } catch {
    throw new UsageError(`--url is not a URL: ${values.url}`);
  }
  const since = values.since === undefined ? undefined : parseUtcDateTime(values.since);
  if (since === null) throw new UsageError('--since must be a UTC time, YYYY-MM-DD HH:mm');
  if (since && since.getTime() > Date.now()) throw new UsageError('--since must be in the past');
  if (values.load && since) throw new UsageError('--since replays trips; --load sends positions now');
  const emails = values.emails
    ?.split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return {
    ...values,
    protocol: values.protocol as TProtocol,
    drivers: whole('drivers', values.drivers, 1),
    interval: whole('interval', values.interval, 1)!,
    seed: whole('seed', values.seed, 0)!,
    duration: whole('duration', values.duration, 1),
    emails,
    since,
  };
}
type TOptions = ReturnType<typeof options>;

/**
 * The drivers to simulate: the given e-mails, else the admin's drivers. Trackers report for the
 * admin's drivers with a tracker set up, each given a new Tracker ID for the run (ids are shown only
 * when they are made): phones set up with the drivers' earlier ids must be set up again.
 */
async function driversOf(client: TFleetClient, o: TOptions): Promise<TFleetDriver[]> {
  const tracker = o.protocol !== 'app';
  if (o.emails && !tracker) {
    return o.emails.slice(0, o.drivers).map((email) => ({ email, password: o.password }));
  }
  const admin = await client.adminLogin(o['admin-email'], o['admin-password']);
  const rows = (await admin.drivers()).filter(
    (d) => (!tracker || d.tracker !== 'none') && (!o.emails || o.emails.includes(d.email)),
  );
  if (rows.length === 0) {
    throw new Error(
      tracker
        ? `No driver of ${o['admin-email']} has a tracker: set one up on the drivers to use ${o.protocol}.`
        : `${o['admin-email']} has no drivers.`,
    );
  }
  const chosen = rows.slice(0, o.drivers);
  if (!tracker) return chosen.map((d) => ({ email: d.email, password: o.password }));
  const out: TFleetDriver[] = [];
  for (const d of chosen)
    out.push({ email: d.email, password: o.password, deviceId: await admin.setUpTracker(d.id) });
  return out;
}

const pad = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => String(c).padStart(widths[i]!)).join('  ');

async function main(): Promise<number> {
  let o: TOptions;
  try {
    o = options();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (o.help) {
    console.log(USAGE);
    return 0;
  }
  const transport = fetchTransport(o.url);
  const client = fleetClient(transport);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const logger = consoleLogger(o.quiet ? 'warn' : 'info');
  const drivers = await driversOf(client, o);

  if (o.load) {
    const duration = o.duration ?? 60;
    let apis: TDriverApi[] = [];
    if (o.protocol === 'app') {
      apis = await Promise.all(drivers.map((d) => client.driverLogin(d.email, d.password)));
    }
    console.log(
      `Load: ${drivers.length} drivers, ${o.protocol}, a fix every ${o.interval} s for ${duration} s…`,
    );
    const r = await loadFleet({
      transport,
      protocol: o.protocol,
      drivers: apis,
      deviceIds: drivers.map((d) => d.deviceId!).filter(Boolean),
      intervalSeconds: o.interval,
      durationSeconds: duration,
      seed: o.seed,
      signal: controller.signal,
    });
    const widths = [8, 9, 9, 7, 10, 8, 8, 8, 8];
    console.log(
      pad(
        ['devices', 'requests', 'ok', 'failed', 'per second', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
        widths,
      ),
    );
    const ms = (n: number) => n.toFixed(1);
    const { latencyMs: l } = r;
    console.log(
      pad(
        [
          r.devices,
          r.sent,
          r.ok,
          r.failed,
          r.perSecond.toFixed(1),
          ms(l.p50),
          ms(l.p95),
          ms(l.p99),
          ms(l.max),
        ],
        widths,
      ),
    );
    for (const [status, e] of Object.entries(r.errors)) console.log(`  ${status} ×${e.count}: ${e.message}`);
    return r.failed > 0 ? 1 : 0;
  }

  if (!o.since && o.duration) setTimeout(stop, o.duration * 1000).unref();
  const clock = o.since
    ? virtualClock(o.since.getTime(), { signal: controller.signal })
    : realClock(controller.signal);
  console.log(
    `Driving ${drivers.length} drivers (${o.protocol}, seed ${o.seed})${o.since ? ` from ${o.since.toISOString()}` : ''}; Ctrl+C stops.`,
  );
  const results = await runFleet({
    transport,
    drivers,
    protocol: o.protocol,
    seed: o.seed,
    clock,
    signal: controller.signal,
    logger,
    fixEverySeconds: o.interval,
    ...(o.since && o.duration ? { horizonMinutes: o.duration / 60 } : {}),
  });
  const width = Math.max(6, ...results.map((r) => r.email.length));
  console.log(`${'driver'.padEnd(width)}  trips  given up`);
  for (const r of results) {
    console.log(
      `${r.email.padEnd(width)}  ${String(r.trips).padStart(5)}  ${String(r.abandoned).padStart(8)}${r.error ? `  ${r.error}` : ''}`,
    );
  }
  return results.every((r) => !r.error) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
