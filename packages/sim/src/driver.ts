import { setTimeout as delay } from 'node:timers/promises';
import type { TDriverAppTrip } from '@fleet/contract';
import { SimHttpError, type TDriverApi, type TFleetClient, type TSimFix } from './client.ts';
import type { TClock } from './clock.ts';
import { mixSeed, seeded } from './random.ts';
import {
  isRoadReport,
  ROAD_STREAM,
  roadReports,
  sendRoadReport,
  withRoadReports,
  type TRoadBehaviour,
  type TRoadReport,
} from './road-reports.ts';
import { tripScript, type TBehaviour, type TDriverPlace, type TStep } from './trip-run.ts';

/*
 * A simulated driver: plays a trip's script (trip-run.ts) against a clock, sending the phone's fixes
 * through the chosen protocol and pressing the driver app's buttons. Nothing the server answers
 * stops the simulation: a refused action is logged, the trip read again, and the run continues
 * from the trip's state as the server has it (the geofence may have started the trip or arrived at
 * the stop first; an admin may have ended it).
 */

/** How the phone reports positions: the driver app's batches, or a tracker app, one fix a request. */
export type TProtocol = 'app' | 'osmand' | 'owntracks';
export const PROTOCOLS: readonly TProtocol[] = ['app', 'osmand', 'owntracks'];

/**
 * Which of the driver app's buttons the driver presses:
 * - `all`: every one (start, arrive, depart, skip, complete, end) — the driver app's way;
 * - `tasks`: only what positions cannot show (completing tasks, skipping a stop, ending the trip);
 *   start, arrivals and departures are left to the server's geofence following the tracker. When
 *   one of them has not happened by the time a later button needs it, the driver presses it after
 *   all, as a real one would, and a warning is logged;
 * - `none`: positions only, as a tracker without the app (its trips are never ended).
 */
export type TAppActions = 'all' | 'tasks' | 'none';

/** A pino-shaped logger (the server passes its own). */
export interface TSimLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export const silentLogger: TSimLogger = { info() {}, warn() {}, error() {} };

/** One line a message, for the CLI. */
export const consoleLogger = (level: 'info' | 'warn' = 'info'): TSimLogger => {
  // An error logged as `err` is shown by its message (JSON would show an Error as {}).
  const shown = ({ err, ...rest }: Record<string, unknown>) =>
    err instanceof Error ? { ...rest, error: err.message } : err === undefined ? rest : { ...rest, err };
  const line = (label: string, details: Record<string, unknown>, message: string) =>
    `${new Date().toISOString()} ${label} ${message} ${JSON.stringify(shown(details))}`;
  return {
    info: (d, m) => level === 'info' && console.log(line('info ', d, m)),
    warn: (d, m) => console.warn(line('warn ', d, m)),
    error: (d, m) => console.error(line('error', d, m)),
  };
};

export interface TSimulatedDriverOptions {
  /** For the tracker protocols. */
  client: TFleetClient;
  /** The driver's app session; null for a tracker without the app. */
  api: TDriverApi | null;
  /** The Tracker ID set on the driver (osmand, owntracks). */
  deviceId?: string | null;
  /**
   * Reads the driver's Tracker ID as it is now: when the server refuses the tracker's fixes (an
   * admin gave the driver a new phone, say), the driver reports with the new one. Without it, or
   * with no Tracker ID left, a driver with the app carries on through the app, one without stops.
   */
  currentDeviceId?: () => Promise<string | null>;
  protocol: TProtocol;
  /** Default: `all` with the app protocol, `tasks` with a tracker and a session, else `none`. */
  appActions?: TAppActions;
  clock: TClock;
  /** Each trip's run draws from mixSeed(seed, trip id, attempt). */
  seed: number;
  signal?: AbortSignal;
  logger?: TSimLogger;
  behaviour?: Partial<TBehaviour>;
  /** Chances of a refuel and an accident on a trip (road-reports.ts); `DEFAULT_ROAD_BEHAVIOUR` otherwise. */
  roadBehaviour?: Partial<TRoadBehaviour>;
  /** Seconds between fixes while moving (default 5) and while parked (default 30). */
  fixEverySeconds?: number;
  parkedEverySeconds?: number;
  /**
   * The app sends its fixes at least this often (seconds of the clock) or every `batchMax` fixes:
   * by default every 10 s or 50 fixes live, every 10 minutes or 500 fixes on a virtual clock.
   */
  batchEverySeconds?: number;
  batchMax?: number;
  /** Names the driver in the logs. */
  name?: string;
}

/** How a trip's run ended: played to the end, stopped by the signal, or given up after refusals. */
export type TRunOutcome = 'done' | 'stopped' | 'abandoned';

/** Re-planned runs of one trip before it is given up. */
const MAX_REPLANS = 3;
/** How long the geofence may take to follow a tracker's fixes (real time: the server's own pace). */
const FOLLOW_WAIT_MS = 100;
const FOLLOW_TRIES = 30;
/**
 * The app's batches: live, a batch at least every 10 s; in a replay every 10 minutes of simulated
 * time (the fixes carry their times, and fewer requests replay a month in minutes).
 */
const BATCH = { live: { seconds: 10, max: 50 }, replay: { seconds: 600, max: 500 } };

type TAction = Exclude<TStep, { kind: 'fix' }>;

/** Whether the trip shows the action done already (by positions, an admin, or an earlier retry). */
function actionDone(step: TAction, trip: TDriverAppTrip): boolean {
  const stop = 'stopId' in step ? trip.stops.find((s) => s.id === step.stopId) : undefined;
  switch (step.kind) {
    case 'start':
      return trip.state !== 'planned';
    case 'end':
      return trip.state === 'ended';
    case 'arrive':
      return stop?.state === 'arrived' || stop?.state === 'departed';
    case 'depart':
      return stop?.state === 'departed';
    case 'skip':
      return stop?.state === 'skipped';
    case 'complete':
      return (
        stop?.tasks.some(
          (t) => t.id === step.taskId && (t.status !== 'pending' || t.completed_date !== null),
        ) ?? false
      );
  }
}

export class SimulatedDriver {
  /** Where the driver is; the next trip's script begins here. */
  place: TDriverPlace | null = null;
  private readonly o: TSimulatedDriverOptions;
  private readonly log: TSimLogger;
  private actions: TAppActions;
  private protocol: TProtocol;
  private deviceId: string | null;
  private batch: TSimFix[] = [];
  /** Fixes that failed in a row (server or network): only the first of a run is logged. */
  private failedFixes = 0;

  constructor(options: TSimulatedDriverOptions) {
    this.o = options;
    this.log = options.logger ?? silentLogger;
    this.protocol = options.protocol;
    this.deviceId = options.deviceId ?? null;
    this.actions =
      options.appActions ?? (options.protocol === 'app' ? 'all' : options.api ? 'tasks' : 'none');
    if (options.protocol !== 'app' && !options.deviceId) {
      this.log.error(this.who, `no Tracker ID: no fixes are sent by ${options.protocol}`);
    }
  }

  private get who() {
    return { driver: this.o.name ?? this.o.api?.session.driver.email ?? this.o.deviceId };
  }

  /**
   * Runs `trip` from its current state to its end (or the signal). A refused action re-reads the
   * trip and, unless the action turns out done already, plans the rest again from there.
   */
  async runTrip(trip: TDriverAppTrip): Promise<TRunOutcome> {
    let current = trip;
    for (let attempt = 0; attempt <= MAX_REPLANS; attempt++) {
      if (current.state === 'ended' || current.state === 'cancelled') return 'done';
      const script = tripScript({
        trip: current,
        now: this.o.clock.now(),
        position: this.place?.position ?? null,
        ...(this.place ? { battery: this.place.battery } : {}),
        random: seeded(mixSeed(this.o.seed, trip.id, attempt)),
        behaviour: this.o.behaviour ?? {},
        fixEverySeconds: this.o.fixEverySeconds ?? 5,
        parkedEverySeconds: this.o.parkedEverySeconds ?? 30,
      });
      this.log.info({ ...this.who, trip: trip.id, steps: script.steps.length, attempt }, 'running a trip');
      const reports = roadReports({
        script,
        stopNames: new Map(current.stops.map((s) => [s.id, s.name])),
        originName: current.origin?.title ?? null,
        random: seeded(mixSeed(this.o.seed, trip.id, attempt, ROAD_STREAM)),
        behaviour: this.o.roadBehaviour ?? {},
      });
      const played = await this.play(withRoadReports(script.steps, reports), trip.id);
      await this.flush();
      if (played === 'stopped') return 'stopped';
      if (played === 'done') {
        this.place = script.finish;
        return 'done';
      }
      current = played;
    }
    this.log.error({ ...this.who, trip: trip.id }, 'trip given up after repeated refusals');
    return 'abandoned';
  }

  /** Plays steps in time; answers the trip as the server has it when an action was refused. */
  private async play(
    steps: readonly (TStep | TRoadReport)[],
    tripId: number,
  ): Promise<'done' | 'stopped' | TDriverAppTrip> {
    const { clock, signal } = this.o;
    for (const step of steps) {
      if (!(await clock.sleepUntil(step.at)) || signal?.aborted) return 'stopped';
      if (isRoadReport(step)) {
        await this.sendReport(step);
        continue;
      }
      if (step.kind === 'fix') {
        await this.report(step.fix);
        continue;
      }
      if (!this.presses(step)) continue;
      const refused = await this.act(step, tripId);
      if (refused) return refused;
    }
    return 'done';
  }

  private presses(step: TAction): boolean {
    if (this.actions === 'none' || !this.o.api) return false;
    if (this.actions === 'tasks') return !['start', 'arrive', 'depart'].includes(step.kind);
    return true;
  }

  /** The time to send with an action: only a replay says when; live, the server's now is right. */
  private at(step: { at: number }) {
    return this.o.clock.virtual ? step.at : undefined;
  }

  /** Presses the button of `step`; null when done (or harmlessly refused), else the trip to re-plan from. */
  private async act(step: TAction, tripId: number): Promise<TDriverAppTrip | null> {
    const api = this.o.api!;
    const details = { ...this.who, step: step.kind, ...('stopId' in step ? { stop: step.stopId } : {}) };
    try {
      if (this.actions === 'tasks') await this.catchUp(step, tripId);
      const at = this.at(step);
      switch (step.kind) {
        case 'start':
          await api.start(step.tripId, at);
          break;
        case 'end':
          await api.end(step.tripId, at);
          break;
        case 'arrive':
          await api.arrive(step.stopId, at);
          break;
        case 'depart':
          await api.depart(step.stopId, at);
          break;
        case 'skip':
          await api.skip(step.stopId, step.reason, at);
          break;
        case 'complete':
          await api.completeTask(step.taskId, {
            note: step.note,
            ...(at === undefined ? {} : { at }),
            photos: step.photos,
          });
          break;
      }
      this.log.info(details, `${step.kind} done`);
      return null;
    } catch (error) {
      if (!(error instanceof SimHttpError) || error.status >= 500 || error.status === 401) {
        // The server or the network failed: the action is lost, the run goes on.
        this.log.error({ ...details, err: error }, `${step.kind} failed`);
        return null;
      }
      const trip = await this.readTrip(tripId);
      if (trip && actionDone(step, trip)) {
        this.log.info({ ...details, reason: error.serverMessage }, `${step.kind} was done already`);
        return null;
      }
      this.log.warn({ ...details, err: error }, `${step.kind} refused; planning from the trip's state`);
      return trip;
    }
  }

  /**
   * With `tasks`, the geofence starts the trip and arrives and departs: wait for it briefly, then
   * press what it has not done that this step needs (a tracker that lost its fix, a stop parked
   * just outside the radius).
   */
  private async catchUp(step: TAction, tripId: number): Promise<void> {
    const api = this.o.api!;
    const needs = (trip: TDriverAppTrip) => {
      if (trip.state === 'planned') return true;
      if (step.kind === 'complete') return trip.stops.find((s) => s.id === step.stopId)?.state === 'pending';
      if (step.kind === 'end') return trip.stops.some((s) => s.state === 'pending' || s.state === 'arrived');
      return false;
    };
    let trip = await api.trip(tripId);
    for (let i = 0; i < FOLLOW_TRIES && needs(trip); i++) {
      await delay(FOLLOW_WAIT_MS);
      trip = await api.trip(tripId);
    }
    if (!needs(trip)) return;
    const at = this.at(step);
    this.log.warn(
      { ...this.who, trip: tripId, step: step.kind },
      'positions did not move the trip; pressing',
    );
    if (trip.state === 'planned') trip = await api.start(tripId, at);
    if (step.kind === 'complete' && trip.stops.find((s) => s.id === step.stopId)?.state === 'pending') {
      const here = trip.stops.find((s) => s.state === 'arrived');
      if (here) await api.depart(here.id, at);
      await api.arrive(step.stopId, at);
    }
    if (step.kind === 'end') {
      for (const stop of trip.stops) {
        if (stop.state === 'arrived') await api.depart(stop.id, at);
      }
    }
  }

  /** A refuel or an accident reported through the app; a refusal is logged and the run goes on. */
  private async sendReport(report: TRoadReport): Promise<void> {
    if (!this.o.api || this.actions === 'none') return;
    try {
      await sendRoadReport(this.o.api, report, this.at(report));
      this.log.info({ ...this.who, report: report.kind }, `${report.kind} reported`);
    } catch (error) {
      this.log.warn({ ...this.who, report: report.kind, err: error }, `${report.kind} refused`);
    }
  }

  private async readTrip(tripId: number): Promise<TDriverAppTrip | null> {
    if (!this.o.api) return null;
    try {
      return await this.o.api.trip(tripId);
    } catch (error) {
      this.log.error({ ...this.who, trip: tripId, err: error }, 'reading the trip failed');
      return null;
    }
  }

  // ---------- Positions ----------

  private async report(fix: TSimFix): Promise<void> {
    this.place = { position: { lat: fix.lat, lon: fix.lon }, at: fix.at, battery: fix.battery ?? 100 };
    const { client } = this.o;
    const { protocol, deviceId } = this;
    if (protocol === 'app') {
      this.batch.push(fix);
      const first = this.batch[0]!;
      const batch = this.o.clock.virtual ? BATCH.replay : BATCH.live;
      const every = (this.o.batchEverySeconds ?? batch.seconds) * 1000;
      if (fix.at - first.at >= every || this.batch.length >= (this.o.batchMax ?? batch.max))
        await this.flush();
      return;
    }
    if (!deviceId) return;
    try {
      await (protocol === 'osmand' ? client.osmand(deviceId, fix) : client.owntracks(deviceId, fix));
      if (this.failedFixes > 0)
        this.log.info({ ...this.who, protocol, failed: this.failedFixes }, 'fixes are accepted again');
      this.failedFixes = 0;
    } catch (error) {
      if (this.o.signal?.aborted) return;
      if (
        error instanceof SimHttpError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      ) {
        await this.trackerRefused(error);
        return;
      }
      // The server or the network failed: the fix is lost, the tracker goes on.
      if (this.failedFixes++ === 0) this.log.warn({ ...this.who, protocol, err: error }, 'a fix failed');
    }
  }

  /**
   * The server refused the tracker's fix (its Tracker ID is no longer the driver's, most likely):
   * logged once, then the driver reports with its Tracker ID as it is now, or through the app.
   */
  private async trackerRefused(error: SimHttpError): Promise<void> {
    const refused = this.deviceId;
    let current: string | null = null;
    try {
      current = (await this.o.currentDeviceId?.()) ?? null;
    } catch (readError) {
      this.log.warn({ ...this.who, err: readError }, "reading the driver's Tracker ID failed");
    }
    if (current && current !== refused) {
      this.log.info(
        { ...this.who, protocol: this.protocol, err: error },
        'the Tracker ID changed: the tracker reports with the new one',
      );
      this.deviceId = current;
      return;
    }
    this.deviceId = null;
    if (this.o.api) {
      // The phone still has the app: positions and every button go through it from now on.
      this.protocol = 'app';
      this.actions = 'all';
      this.log.warn(
        { ...this.who, protocol: 'app', err: error },
        "the tracker's fixes are refused: the driver reports through the app from now on",
      );
    } else {
      this.log.warn({ ...this.who, err: error }, "the tracker's fixes are refused: it stops reporting");
    }
  }

  /**
   * Sends the app's pending fixes. Not before each button: a button is the driver's word, and the
   * geofence following fixes sent first would record the arrival itself and refuse the button.
   */
  async flush(): Promise<void> {
    if (this.batch.length === 0 || !this.o.api) return;
    const fixes = this.batch;
    this.batch = [];
    try {
      await this.o.api.positions(fixes);
    } catch (error) {
      const refused = error instanceof SimHttpError && error.status < 500;
      this.log.warn(
        { ...this.who, fixes: fixes.length, err: error },
        refused ? 'a batch of fixes was refused' : 'a batch of fixes failed (the server or the network)',
      );
    }
  }
}
