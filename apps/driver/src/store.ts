import type { TDriverAppTrip, TNotification, TPositionFixInput } from '@fleet/contract';
import { ApiError, api, driverApi, OfflineError } from './api.ts';
import { openLive } from './live.ts';
import {
  flushOutbox,
  idbStore,
  newKey,
  type OutboxStore,
  type PhotoFile,
  type SendRequest,
} from './outbox.ts';
import { clearSession, type StoredSession } from './session.ts';
import { actionPath, isDone, isRunning, withPending, type TripAction } from './trip-state.ts';

/*
 * The signed-in driver's day, outside React: the trips (the server's, with the actions still on the
 * device applied on top), the outbox and its waiting count, the network, location sharing, and the
 * live stream. Screens read a snapshot with useSyncExternalStore and call its methods.
 */

export interface Refusal {
  id: number;
  message: string;
}

export interface Sharing {
  /** Fixes are being recorded now. */
  on: boolean;
  /** The driver asked to share while on duty, with no trip running too. */
  onDuty: boolean;
  /** When the last fix was taken (ms), and sent. */
  lastFixAt: number | null;
  lastSentAt: number | null;
  problem: 'denied' | 'unavailable' | null;
}

export interface DayState {
  trips: TDriverAppTrip[] | null;
  loading: boolean;
  loadError: string | null;
  online: boolean;
  waiting: number;
  refusals: Refusal[];
  sharing: Sharing;
  sessionEnded: boolean;
  /** Counts the changes the server told of the driver's vehicle change requests (a screen refetches on it). */
  requestsChanged: number;
  /** The driver's messages from the office, newest first (null until first loaded). */
  messages: TNotification[] | null;
  /** The messages not opened yet. */
  unread: number;
  /** The calls of the reports still on the phone (a vehicle change request waiting to be sent, say). */
  waitingReports: string[];
}

/** UTC `YYYY-MM-DD HH:mm:ss`, as the API takes action times. */
export const utcOf = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The times the device gives what it records, in the order the driver did it. An action's time is
 * whole seconds (the API's), rounded up, and never before anything recorded earlier; a fix keeps
 * its own time to the millisecond unless that falls before what was recorded just before it, when
 * it takes the next millisecond. So the server, which also follows the fixes (arrivals and
 * departures from positions), sees everything in the order it happened: a fix taken just before a
 * press is never after it, one taken just after never before it.
 */
export class Clock {
  private last = 0;
  action(now = Date.now()): number {
    this.last = Math.ceil(Math.max(now, this.last) / 1000) * 1000;
    return this.last;
  }
  fix(taken: number): number {
    this.last = Math.max(taken, this.last + 1);
    return this.last;
  }
}

const TRIPS_CACHE = 'fleet-driver-trips';
/** How often waiting fixes are sent while sharing: they go in batches. */
const FIX_SEND_MS = 10_000;
/** A new fix is kept at most this often. */
const FIX_EVERY_MS = 5_000;
/** ...or sooner when the vehicle moved this far (metres). */
const FIX_EVERY_M = 25;
const RETRY_MS = 10_000;

/** Metres between two points (equirectangular: exact enough for a few hundred metres). */
function metresBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const x = (lon2 - lon1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return Math.hypot(x, y) * 6_371_000;
}

export class DriverDay {
  private state: DayState;
  private listeners = new Set<() => void>();
  private serverTrips: TDriverAppTrip[] | null = null;
  private pending: { action: TripAction; at: string }[] = [];
  private flushing: Promise<void> | null = null;
  private again = false;
  private timers: ReturnType<typeof setInterval>[] = [];
  private watchId: number | null = null;
  private stopLive: (() => void) | null = null;
  private refusalId = 0;
  private clock = new Clock();
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;
  readonly store: OutboxStore;

  constructor(
    readonly session: StoredSession,
    store?: OutboxStore,
  ) {
    this.store = store ?? idbStore(`${session.driver.tenant.id}-${session.driver.id}`);
    let cached: TDriverAppTrip[] | null = null;
    try {
      const raw = localStorage.getItem(`${TRIPS_CACHE}-${session.driver.id}`);
      cached = raw ? (JSON.parse(raw) as TDriverAppTrip[]) : null;
    } catch {
      cached = null;
    }
    this.serverTrips = cached;
    this.state = {
      trips: cached,
      loading: cached === null,
      loadError: null,
      online: navigator.onLine,
      waiting: 0,
      refusals: [],
      sharing: {
        on: false,
        onDuty: localStorage.getItem('fleet-driver-on-duty') === '1',
        lastFixAt: null,
        lastSentAt: null,
        problem: null,
      },
      sessionEnded: false,
      requestsChanged: 0,
      messages: null,
      unread: 0,
      waitingReports: [],
    };
  }

  // ---- the snapshot React reads ----

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = () => this.state;
  private set(patch: Partial<DayState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
  private setSharing(patch: Partial<Sharing>) {
    this.set({ sharing: { ...this.state.sharing, ...patch } });
  }

  // ---- life ----

  start() {
    const online = () => {
      this.set({ online: true });
      void this.flush();
      void this.loadTrips();
    };
    const offline = () => this.set({ online: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    this.timers.push(setInterval(() => void this.flush(), FIX_SEND_MS));
    this.stopLive = openLive({
      token: this.session.token,
      onChange: (type) => {
        if (/^(trip|stop|task|approval)\./.test(type)) this.reloadSoon();
        if (type.startsWith('vehicle_request.'))
          this.set({ requestsChanged: this.state.requestsChanged + 1 });
        if (type.startsWith('notification.')) void this.loadMessages();
      },
      onResync: () => {
        this.reloadSoon();
        this.set({ requestsChanged: this.state.requestsChanged + 1 });
        void this.loadMessages();
      },
    });
    void this.loadMessages();
    void this.refreshPending().then(() => this.flush());
    void this.loadTrips();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      for (const timer of this.timers) clearInterval(timer);
      if (this.reloadTimer) clearTimeout(this.reloadTimer);
      this.stopWatching();
      this.stopLive?.();
    };
  }

  private reloadSoon() {
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => void this.loadTrips(), 300);
  }

  // ---- messages ----

  /** Fetches the driver's messages (kept as they were when the network is down). */
  async loadMessages() {
    try {
      this.setMessages(await driverApi.messages(this.session.token));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) this.endSession();
    }
  }

  /** Puts one message as the server now has it in place of the one shown. */
  updateMessage(message: TNotification) {
    const messages = this.state.messages ?? [];
    this.setMessages(messages.map((m) => (m.id === message.id ? message : m)));
  }

  /**
   * Marks a message seen, or acknowledges it: shown at once, then kept in the outbox with the time
   * it was done and sent in its turn, so a message read without a network is recorded when it returns.
   */
  async markMessage(message: TNotification, how: 'seen' | 'feedback') {
    const at = utcOf(this.clock.action());
    this.updateMessage({
      ...message,
      seen_at: message.seen_at ?? at,
      feedback: how === 'feedback' ? 1 : message.feedback,
    });
    await this.report(`v1/driver/notifications/${message.id}/${how}`, {}, []);
  }

  private setMessages(messages: TNotification[]) {
    this.set({ messages, unread: messages.filter((m) => m.seen_at === null).length });
  }

  // ---- trips ----

  async loadTrips() {
    if (this.state.trips === null) this.set({ loading: true });
    try {
      const trips = await driverApi.trips(this.session.token);
      this.serverTrips = trips;
      localStorage.setItem(`${TRIPS_CACHE}-${this.session.driver.id}`, JSON.stringify(trips));
      this.set({ loading: false, loadError: null, online: true });
      this.showTrips();
    } catch (error) {
      if (error instanceof OfflineError) this.set({ loading: false, online: false });
      else if (error instanceof ApiError && error.status === 401) this.endSession();
      else this.set({ loading: false, loadError: error instanceof Error ? error.message : String(error) });
    }
  }

  private showTrips() {
    const trips = this.serverTrips ? withPending(this.serverTrips, this.pending) : null;
    this.set({ trips });
    this.updateSharing(trips);
  }

  private async refreshPending() {
    const entries = await this.store.list();
    this.pending = entries.flatMap((e) => (e.kind === 'action' ? [{ action: e.action, at: e.at }] : []));
    this.set({
      waiting: entries.length,
      waitingReports: entries.flatMap((e) => (e.kind === 'report' ? [e.path] : [])),
    });
    this.showTrips();
  }

  /** Does an action: kept on the device first, shown at once, then sent in its turn. */
  async act(action: TripAction, extra: { note?: string; photos?: PhotoFile[] } = {}) {
    const at = utcOf(this.clock.action());
    await this.store.add({ kind: 'action', key: newKey(), action, at, ...extra });
    await this.refreshPending();
    // Kept and shown: the driver goes on while it is sent (or waits for the network).
    void this.flush();
  }

  /**
   * Sends a report from the road (a refuel, an accident, a vehicle change request) through the
   * outbox: kept on the device first with the time it was made, then sent in its turn with its photos.
   */
  async report(path: string, fields: Record<string, string>, photos: PhotoFile[]) {
    const at = utcOf(this.clock.action());
    await this.store.add({ kind: 'report', key: newKey(), path, fields, at, photos });
    await this.refreshPending();
    void this.flush();
  }

  // ---- the outbox ----

  private send = (request: SendRequest) =>
    api<unknown>(request.path, {
      method: 'POST',
      token: this.session.token,
      idempotencyKey: request.key,
      ...('form' in request ? { form: request.form } : { body: request.body }),
    });

  /** Sends what waits; one run at a time (a call during a run makes one more run after it). */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        const hadFixes = (await this.store.list()).some((e) => e.kind === 'fix');
        const result = await flushOutbox(this.store, this.send, actionPath);
        for (const answer of result.trips) this.replaceTrip(answer as TDriverAppTrip);
        if (result.refused.length) {
          // A refused action leaves the server's trip as it was: show the server's. The driver is
          // told only of what did not happen: an arrival the server already made from the GPS
          // fixes sent just before the button's press is done, not refused.
          await this.loadTrips();
          const unmet = result.refused.filter(({ entry }) => {
            if (entry.kind !== 'action') return true;
            const trip = this.serverTrips?.find((t) => t.id === entry.action.tripId);
            return !trip || !isDone(trip, entry.action);
          });
          if (unmet.length) {
            this.set({
              refusals: [
                ...this.state.refusals,
                ...unmet.map((r) => ({ id: (this.refusalId += 1), message: r.message })),
              ],
            });
          }
        }
        if (result.stopped === 'offline') this.set({ online: false });
        else if (result.stopped === 'unauthorized') this.endSession();
        else if (result.sent > 0 || result.refused.length > 0) {
          // Only an answer says the network is back: an empty outbox sent nothing and knows nothing.
          this.set({ online: true });
          if (hadFixes && result.sent > 0) this.setSharing({ lastSentAt: Date.now() });
        }
        await this.refreshPending();
        if (result.stopped === 'offline' || result.stopped === 'busy') {
          setTimeout(() => void this.flush(), RETRY_MS);
          break;
        }
      } while (this.again);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private replaceTrip(trip: TDriverAppTrip) {
    if (!trip || typeof trip !== 'object' || !('id' in trip) || !this.serverTrips) return;
    this.serverTrips = this.serverTrips.map((t) => (t.id === trip.id ? trip : t));
  }

  dismissRefusal(id: number) {
    this.set({ refusals: this.state.refusals.filter((r) => r.id !== id) });
  }

  private endSession() {
    this.stopWatching();
    this.set({ sessionEnded: true });
  }

  // ---- location ----

  setOnDuty(onDuty: boolean) {
    localStorage.setItem('fleet-driver-on-duty', onDuty ? '1' : '0');
    this.setSharing({ onDuty });
    this.updateSharing(this.state.trips);
  }

  private updateSharing(trips: TDriverAppTrip[] | null) {
    const share = this.state.sharing.onDuty || Boolean(trips?.some(isRunning));
    if (share && this.watchId === null) this.startWatching();
    else if (!share && this.watchId !== null) this.stopWatching();
  }

  private lastKept: { at: number; lat: number; lon: number } | null = null;

  private startWatching() {
    if (!('geolocation' in navigator)) {
      this.setSharing({ problem: 'unavailable' });
      return;
    }
    this.watchId = navigator.geolocation.watchPosition(
      (position) => void this.addFix(position),
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          this.setSharing({ on: false, problem: 'denied' });
          this.stopWatching();
        }
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 60_000 },
    );
    this.setSharing({ on: true, problem: null });
  }

  private stopWatching() {
    if (this.watchId !== null) navigator.geolocation.clearWatch(this.watchId);
    this.watchId = null;
    if (this.state.sharing.on) this.setSharing({ on: false });
  }

  private async addFix(position: GeolocationPosition) {
    const { latitude, longitude, speed, heading, accuracy, altitude } = position.coords;
    // Phones report about once a second: a fix is kept every few seconds, or sooner once the
    // vehicle has moved on (a turn, a stop reached).
    const last = this.lastKept;
    const moved = last ? metresBetween(last.lat, last.lon, latitude, longitude) : Infinity;
    if (last && position.timestamp - last.at < FIX_EVERY_MS && moved < FIX_EVERY_M) return;
    this.lastKept = { at: position.timestamp, lat: latitude, lon: longitude };
    const fix: TPositionFixInput = {
      lat: latitude,
      lon: longitude,
      recorded_at: new Date(this.clock.fix(position.timestamp)).toISOString(),
      // m/s from the browser, km/h for the API.
      speed: speed === null || Number.isNaN(speed) ? null : Math.round(speed * 3.6 * 10) / 10,
      course: heading === null || Number.isNaN(heading) ? null : heading,
      accuracy: accuracy ?? null,
      altitude: altitude ?? null,
    };
    await this.store.add({ kind: 'fix', key: newKey(), fix });
    this.setSharing({ lastFixAt: position.timestamp });
    this.set({ waiting: this.state.waiting + 1 });
  }

  /** Signs out: the token ends on the server when it can be told; the outbox stays for the next sign-in. */
  async signOut() {
    this.stopWatching();
    this.stopLive?.();
    try {
      await driverApi.logout(this.session.token);
    } catch {
      // offline: the token ends by itself at its expiry
    }
    localStorage.removeItem(`${TRIPS_CACHE}-${this.session.driver.id}`);
    clearSession();
  }
}
