import { parseUtcDateTime, type TDriverAppTrip } from '@fleet/contract';
import { fleetClient, type TTransport } from './client.ts';
import type { TClock } from './clock.ts';
import {
  SimulatedDriver,
  silentLogger,
  type TAppActions,
  type TProtocol,
  type TSimLogger,
} from './driver.ts';
import { mixSeed, textSeed } from './random.ts';
import type { TRoadBehaviour } from './road-reports.ts';
import type { TBehaviour } from './trip-run.ts';

/*
 * A fleet of simulated drivers, each on its own: signs in to the driver app, reads its trips of
 * today, runs the one in progress first, then each planned trip in order, taken up shortly before
 * its departure window opens (planned start minus the departure range), and waits for the next.
 * Everything it does comes from the trips the server answers.
 */

export interface TFleetDriver {
  email: string;
  password: string;
  /** The Tracker ID set on the driver, for the osmand and owntracks protocols. */
  deviceId?: string | null;
  /** Reads the driver's Tracker ID as it is now, when the server refuses the one the tracker has. */
  currentDeviceId?: () => Promise<string | null>;
}

export interface TFleetOptions {
  transport: TTransport;
  drivers: readonly TFleetDriver[];
  protocol: TProtocol;
  seed: number;
  /** Each driver runs on `clock.fork()`: a virtual clock gives each its own timeline. */
  clock: TClock;
  signal?: AbortSignal;
  logger?: TSimLogger;
  /** Clock minutes after which no trip is begun (one running is finished); no end when left out. */
  horizonMinutes?: number;
  /** See TAppActions; by default the protocol's. */
  appActions?: TAppActions;
  behaviour?: Partial<TBehaviour>;
  /** Chances of a refuel and an accident on a trip; `DEFAULT_ROAD_BEHAVIOUR` otherwise. */
  roadBehaviour?: Partial<TRoadBehaviour>;
  fixEverySeconds?: number;
  parkedEverySeconds?: number;
  batchEverySeconds?: number;
  /** A trip not started this many minutes after its planned start is left alone (default 120). */
  lateLimitMinutes?: number;
  /**
   * Minutes between looks at the trips while none is due (default 5: an admin may add one). While
   * a virtual clock replays the past, the trips only change by the driver's doing: every 6 hours.
   */
  pollMinutes?: number;
}

export interface TFleetDriverResult {
  email: string;
  /** Trips run to their end (as far as the server let them). */
  trips: number;
  abandoned: number;
  /** Why the driver did not run at all (sign-in refused). */
  error?: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PAST_POLL = 6 * 60 * MINUTE;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day of `ms` on the wall clock of `timeZone`, YYYY-MM-DD (the trips call's days). */
export function dayIn(timeZone: string, ms: number): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // Making a formatter costs far more than using one: a replay asks thousands of times.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(ms);
}

/**
 * A driver takes up a trip this long before its window opens: time to drive to its origin when
 * the last trip ended elsewhere (the script waits at the origin otherwise).
 */
const PREPARE_MS = 45 * MINUTE;

const startOf = (trip: TDriverAppTrip) =>
  trip.start_date ? parseUtcDateTime(trip.start_date)?.getTime() : null;
/** When the driver takes the trip up: the planned start minus the departure range, minus PREPARE_MS. */
const takenUpAt = (trip: TDriverAppTrip) => {
  const start = startOf(trip);
  return start == null ? null : start - (trip.departure_time_range ?? 0) * MINUTE - PREPARE_MS;
};

/**
 * The trip to run now: the one in progress, else the first planned one whose window opens within
 * PREPARE_MS and that is not more than `lateLimit` past its planned start.
 */
export function dueTrip(
  trips: readonly TDriverAppTrip[],
  now: number,
  lateLimitMs: number,
  done: ReadonlySet<number>,
): TDriverAppTrip | null {
  const open = trips.filter((t) => !done.has(t.id));
  const running = open.find((t) => t.state === 'in_progress');
  if (running) return running;
  return (
    open
      .filter((t) => t.state === 'planned')
      .filter((t) => (takenUpAt(t) ?? Infinity) <= now && now - (startOf(t) ?? 0) <= lateLimitMs)
      .sort((a, b) => (startOf(a) ?? 0) - (startOf(b) ?? 0))[0] ?? null
  );
}

/** When the next planned trip is taken up, after `now`; null when none is planned. */
function nextWindow(trips: readonly TDriverAppTrip[], now: number, done: ReadonlySet<number>): number | null {
  const opens = trips
    .filter((t) => t.state === 'planned' && !done.has(t.id))
    .map(takenUpAt)
    .filter((w): w is number => w !== null && w > now);
  return opens.length ? Math.min(...opens) : null;
}

/** Runs every driver until the signal aborts (or, with a horizon, until each has finished). */
export async function runFleet(options: TFleetOptions): Promise<TFleetDriverResult[]> {
  const log = options.logger ?? silentLogger;
  // One driver's unexpected failure ends that driver's run, not the fleet's.
  return Promise.all(
    options.drivers.map((driver) =>
      runDriver(options, driver).catch((error: unknown): TFleetDriverResult => {
        log.error({ driver: driver.email, err: error }, 'the simulated driver stopped');
        return { email: driver.email, trips: 0, abandoned: 0, error: String(error) };
      }),
    ),
  );
}

async function runDriver(options: TFleetOptions, who: TFleetDriver): Promise<TFleetDriverResult> {
  const log = options.logger ?? silentLogger;
  const clock = options.clock.fork();
  // The clock's own end (a replay up to now) stops the driver as the fleet's signal does.
  const signals = [...new Set([clock.signal, options.signal])].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const client = fleetClient(options.transport);
  const result: TFleetDriverResult = { email: who.email, trips: 0, abandoned: 0 };
  let api;
  try {
    api = await client.driverLogin(who.email, who.password);
  } catch (error) {
    log.error({ driver: who.email, err: error }, 'sign-in refused');
    return { ...result, error: String(error) };
  }
  const driver = new SimulatedDriver({
    client,
    api,
    deviceId: who.deviceId ?? null,
    ...(who.currentDeviceId ? { currentDeviceId: who.currentDeviceId } : {}),
    protocol: options.protocol,
    clock,
    seed: mixSeed(options.seed, textSeed(who.email)),
    logger: log,
    name: who.email,
    ...(signal ? { signal } : {}),
    ...(options.appActions ? { appActions: options.appActions } : {}),
    ...(options.behaviour ? { behaviour: options.behaviour } : {}),
    ...(options.roadBehaviour ? { roadBehaviour: options.roadBehaviour } : {}),
    ...(options.fixEverySeconds ? { fixEverySeconds: options.fixEverySeconds } : {}),
    ...(options.parkedEverySeconds ? { parkedEverySeconds: options.parkedEverySeconds } : {}),
    ...(options.batchEverySeconds ? { batchEverySeconds: options.batchEverySeconds } : {}),
  });
  const timeZone = api.session.driver.time_zone;
  const lateLimit = (options.lateLimitMinutes ?? 120) * MINUTE;
  const poll = (options.pollMinutes ?? 5) * MINUTE;
  const until =
    options.horizonMinutes === undefined ? Infinity : clock.now() + options.horizonMinutes * MINUTE;
  // Trips this run has finished with (run, or given up): never taken up twice.
  const done = new Set<number>();

  while (!signal?.aborted) {
    const now = clock.now();
    let trips: TDriverAppTrip[];
    // Replaying the past, nobody adds trips behind the driver's back: it reads a week ahead and
    // sleeps straight to its next trip, instead of looking every few hours.
    const replaying = clock.virtual && now < Date.now() - PAST_POLL;
    try {
      // Today and tomorrow on the tenant's wall clock (a horizon may run past midnight).
      trips = await api.trips(dayIn(timeZone, now), dayIn(timeZone, now + (replaying ? 7 * DAY : DAY)));
    } catch (error) {
      log.error({ driver: who.email, err: error }, 'reading the trips failed');
      if (now >= until || !(await clock.sleepUntil(Math.min(now + poll, until)))) break;
      continue;
    }
    // Past the horizon only a trip already running is finished.
    const due = dueTrip(
      now >= until ? trips.filter((t) => t.state === 'in_progress') : trips,
      now,
      lateLimit,
      done,
    );
    if (due) {
      const outcome = await driver.runTrip(due);
      // Stopped: the signal, or a virtual clock's end (the trip stays as far as it got).
      if (outcome === 'stopped') break;
      done.add(due.id);
      if (outcome === 'done') result.trips++;
      if (outcome === 'abandoned') result.abandoned++;
      continue;
    }
    if (now >= until) break;
    const next = nextWindow(trips, now, done);
    const look = now + (replaying ? Math.max(poll, PAST_POLL) : poll);
    if (!(await clock.sleepUntil(Math.min(next ?? Infinity, look, until)))) break;
  }
  return result;
}
