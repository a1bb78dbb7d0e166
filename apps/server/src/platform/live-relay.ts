import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Db, TUnlisten } from '../db/client.ts';
import {
  changesAfter,
  changesById,
  chunkPayloads,
  EVENTS_CHANNEL,
  fromWire,
  newestChangeId,
  type TStoredChange,
  type TWireChange,
} from './change-log.ts';
import type { PositionFeed, TPositionUpdate } from './events.ts';
import { SESSIONS_ENDED_CHANNEL } from './sessions.ts';

/*
 * The relay between the database and this process's event streams:
 *
 *   service transaction ─ change_events row + pg_notify('fleet_events') ─ COMMIT ──────┐ one
 *   ingest ─ committed ─► PositionFeed ─► ≤ 1/driver/s ─► pg_notify('fleet_positions') ┘ database
 *                                                                                       │ LISTEN
 *   open event streams ◄─ subscribe ◄─ this relay ◄──────────────────────────────────────┘ (each process)
 *   sign-out, new password, archive ─ pg_notify('fleet_sessions_ended') ─ COMMIT ─► the streams of those sessions end
 *
 * Change events are written by the transactions that make the changes (platform/change-log.ts);
 * the relay only listens and hands them on. Every process hears every message, so all of them see
 * change events in one order: the order of their ids, which is commit order. A notification the
 * relay did not hear (it was not listening, or its connection dropped) is read from the table: after
 * a reconnect, and whenever a notification's id is not the next one after the last handed on. A
 * relay that starts (again) begins at the newest id, and a stream that reconnects with Last-Event-ID
 * is replayed from the table whatever the relay heard.
 */

export type TLiveMessage =
  | { kind: 'change'; change: TStoredChange }
  /** Positions of one tenant, at most one a driver. */
  | { kind: 'positions'; tenantId: number; positions: TPositionUpdate[] }
  /** Listening restarted and more was missed than can be replayed: streams should tell clients to resync. */
  | { kind: 'gap' }
  /** These sessions ended (sign-out, a new password, an archive): their streams end now. */
  | { kind: 'sessions_ended'; sessionIds: number[] };

export type TLiveListener = (message: TLiveMessage) => void;

export interface LiveRelay {
  /** Starts listening on the database, and relaying this process's positions. */
  start(): Promise<void>;
  /** Hears every change and position batch of every tenant, in order; answers how to stop. */
  subscribe(listener: TLiveListener): () => void;
  /** The newest change id handed to listeners: where a new stream starts. */
  readonly lastId: number;
  /** Waits until every position received so far has been announced, and every change heard handed on. */
  flush(): Promise<void>;
  /** Announces the positions pending, stops relaying and listening. */
  stop(): Promise<void>;
}

export const POSITIONS_CHANNEL = 'fleet_positions';

/** At most one position a driver per this many milliseconds leaves a process. */
export const POSITION_INTERVAL_MS = 1_000;
/** A catch-up after a missed notification replays at most this many events; past that, streams resync. */
const CATCH_UP_LIMIT = 5_000;

/** [driver id, trip id, lat, lon, fix time in ms, speed km/h, course °] */
type TWirePosition = [number, number | null, number, number, number, number | null, number | null];

export interface LiveRelayOptions {
  database: Database;
  positions: PositionFeed;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

export function createLiveRelay({ database, positions, log }: LiveRelayOptions): LiveRelay {
  const db: Db = database.db;
  const listeners = new Set<TLiveListener>();
  const deliver = (message: TLiveMessage) => {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (err) {
        log.error({ err }, 'a live listener failed');
      }
    }
  };

  let stopped = false;

  // ---- positions, at most one a driver a second ----
  const pending = new Map<number, TPositionUpdate>();
  const lastSent = new Map<number, number>();
  let positionTimer: NodeJS.Timeout | null = null;
  let sendingPositions: Promise<void> | null = null;

  function schedulePositions(delay: number): void {
    if (positionTimer || stopped) return;
    positionTimer = setTimeout(() => {
      positionTimer = null;
      void sendDuePositions();
    }, delay);
  }

  async function sendDuePositions(): Promise<void> {
    if (sendingPositions) {
      await sendingPositions;
      return sendDuePositions();
    }
    const now = Date.now();
    const due: TPositionUpdate[] = [];
    let nextDue = Infinity;
    for (const [driverId, update] of pending) {
      const at = (lastSent.get(driverId) ?? 0) + POSITION_INTERVAL_MS;
      if (at <= now) {
        due.push(update);
        pending.delete(driverId);
        lastSent.set(driverId, now);
      } else nextDue = Math.min(nextDue, at);
    }
    if (lastSent.size > 50_000) {
      for (const [driverId, at] of lastSent) if (at + POSITION_INTERVAL_MS <= now) lastSent.delete(driverId);
    }
    if (nextDue !== Infinity) schedulePositions(nextDue - now);
    if (due.length === 0) return;
    sendingPositions = notifyPositions(due)
      .catch((err: unknown) => log.error({ err, positions: due.length }, 'positions could not be relayed'))
      .finally(() => {
        sendingPositions = null;
      });
    await sendingPositions;
  }

  async function notifyPositions(updates: TPositionUpdate[]): Promise<void> {
    const byTenant = new Map<number, TWirePosition[]>();
    for (const u of updates) {
      const list = byTenant.get(u.tenantId) ?? [];
      list.push([u.driverId, u.tripId, u.lat, u.lon, Date.parse(u.recordedAt), u.speed, u.course]);
      byTenant.set(u.tenantId, list);
    }
    const payloads = [...byTenant].flatMap(([tenantId, list]) =>
      chunkPayloads(
        list,
        (p) => p,
        (json) => `{"t":${tenantId},"p":${json}}`,
      ),
    );
    // One statement for many chunks: a handful of round trips even for thousands of drivers.
    for (let i = 0; i < payloads.length; i += 50) {
      const calls = payloads.slice(i, i + 50).map((p) => sql`pg_notify(${POSITIONS_CHANNEL}, ${p})`);
      await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
    }
  }

  const stopPositions = positions.subscribe((updates) => {
    if (stopped) return;
    for (const u of updates) {
      const held = pending.get(u.driverId);
      // Never replace a newer fix by an older one that arrived late.
      if (!held || Date.parse(held.recordedAt) <= Date.parse(u.recordedAt)) pending.set(u.driverId, u);
    }
    schedulePositions(0);
  });

  // ---- read side: LISTEN ----
  let lastId = 0;
  let listening = 0;
  let work: Promise<void> = Promise.resolve();
  const unlistens: TUnlisten[] = [];
  /** Runs `task` after every task before it, so messages leave in the order they arrived. */
  const inOrder = (task: () => Promise<void>) => {
    work = work.then(task).catch((err: unknown) => log.error({ err }, 'a live message could not be handled'));
  };

  function handOn(changes: TStoredChange[]): void {
    for (const change of changes) {
      if (change.id <= lastId) continue;
      lastId = change.id;
      deliver({ kind: 'change', change });
    }
  }

  /** What committed after the last change handed on, up to `beforeId` (exclusive) when given, read from the table. */
  async function readMissed(beforeId?: number): Promise<void> {
    const upToId = beforeId === undefined ? undefined : beforeId - 1;
    const missed = await changesAfter(db, lastId, CATCH_UP_LIMIT + 1, upToId === undefined ? {} : { upToId });
    if (missed.length > CATCH_UP_LIMIT) {
      lastId = missed[missed.length - 1]!.id;
      deliver({ kind: 'gap' });
      return;
    }
    handOn(missed);
  }

  function onEvents(payload: string): void {
    inOrder(async () => {
      const wire = JSON.parse(payload) as (TWireChange | { id: number; type?: undefined })[];
      const first = wire[0]?.id;
      // Ids follow commit order: one skipped before this notification is a change whose
      // notification was missed (or a transaction rolled back after taking an id). The table knows.
      if (first !== undefined && first > lastId + 1) await readMissed(first);
      const refs = wire.filter((w) => w.type === undefined).map((w) => w.id);
      const read = new Map((await changesById(db, refs)).map((c) => [c.id, c]));
      const changes: TStoredChange[] = [];
      for (const w of wire) {
        const change = w.type === undefined ? read.get(w.id) : fromWire(w);
        if (change) changes.push(change);
      }
      handOn(changes);
    });
  }

  function onPositions(payload: string): void {
    try {
      const { t, p } = JSON.parse(payload) as { t: number; p: TWirePosition[] };
      deliver({
        kind: 'positions',
        tenantId: t,
        positions: p.map(([driverId, tripId, lat, lon, at, speed, course]) => ({
          tenantId: t,
          driverId,
          tripId,
          lat,
          lon,
          recordedAt: new Date(at).toISOString(),
          speed,
          course,
          source: 'relay',
        })),
      });
    } catch (err) {
      log.error({ err }, 'a positions notification could not be read');
    }
  }

  function onSessionsEnded(payload: string): void {
    try {
      const ids = JSON.parse(payload) as unknown;
      if (Array.isArray(ids))
        deliver({ kind: 'sessions_ended', sessionIds: ids.filter((id) => Number.isInteger(id)) as number[] });
    } catch (err) {
      log.error({ err }, 'an ended-sessions notification could not be read');
    }
  }

  /** After a dropped LISTEN connection, or a start: what committed meanwhile is read from the table. */
  const catchUp = () => inOrder(() => readMissed());

  return {
    get lastId() {
      return lastId;
    },
    async start() {
      lastId = await newestChangeId(db);
      unlistens.push(
        await database.listen(EVENTS_CHANNEL, onEvents, () => {
          // The first call is the start itself; any later one follows a reconnect.
          if (listening++ > 0) catchUp();
        }),
        await database.listen(POSITIONS_CHANNEL, onPositions),
        // A notification lost in a dropped connection is caught by each stream's periodic session check.
        await database.listen(SESSIONS_ENDED_CHANNEL, onSessionsEnded),
      );
      // A change that committed between reading the newest id and listening is not lost.
      catchUp();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async flush() {
      await new Promise((resolve) => setImmediate(resolve));
      if (positionTimer) {
        clearTimeout(positionTimer);
        positionTimer = null;
      }
      if (pending.size) {
        for (const driverId of pending.keys()) lastSent.delete(driverId);
        await sendDuePositions();
      }
      await sendingPositions;
      await work;
    },
    async stop() {
      await this.flush();
      stopped = true;
      stopPositions();
      if (positionTimer) clearTimeout(positionTimer);
      await Promise.all(unlistens.splice(0).map((unlisten) => unlisten().catch(() => undefined)));
      await work;
      listeners.clear();
    },
  };
}
