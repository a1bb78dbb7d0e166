import type { FastifyBaseLogger } from 'fastify';
import { asc, gt, max, sql } from 'drizzle-orm';
import type { TChangeEvent, TEventActor, TEventType } from '@fleet/contract';
import type { Database, Db, TUnlisten } from '../db/client.ts';
import { changeEvents } from '../db/schema/index.ts';
import type { EventBus, PositionFeed, TPositionUpdate } from './events.ts';
import { anyId } from '../db/id-lists.ts';
import { connectionLost } from './errors.ts';

/*
 * The relay between this process's buses and every server process on the database:
 *
 *   services ─ publish ─► EventBus ─► change_events row + pg_notify('fleet_events')  ┐ one
 *   ingest ─ committed ─► PositionFeed ─► ≤ 1/driver/s ─► pg_notify('fleet_positions') ┘ database
 *                                                                                       │ LISTEN
 *   open event streams ◄─ subscribe ◄─ this relay ◄──────────────────────────────────────┘ (each process)
 *
 * Every process hears every message through LISTEN, its own included, so all of them see change
 * events in one order: the order of their ids. Ids are given under a transaction-scoped advisory lock
 * held until the commit, so they also follow commit order: a stream that has sent event N can resume
 * with "everything after N" from the table without missing one that committed late (Last-Event-ID).
 */

/** A change event as stored: its id in change_events is its place in the stream. */
export interface TStoredChange {
  id: number;
  tenantId: number | null;
  type: TEventType;
  ids: number[];
  actor: TEventActor;
  /** ISO 8601. */
  at: string;
}

export type TLiveMessage =
  | { kind: 'change'; change: TStoredChange }
  /** Positions of one tenant, at most one a driver. */
  | { kind: 'positions'; tenantId: number; positions: TPositionUpdate[] }
  /** Listening restarted and more was missed than can be replayed: streams should tell clients to resync. */
  | { kind: 'gap' };

export type TLiveListener = (message: TLiveMessage) => void;

export interface LiveRelay {
  /** Starts listening on the database and relaying this process's events and positions. */
  start(): Promise<void>;
  /** Hears every change and position batch of every tenant, in order; answers how to stop. */
  subscribe(listener: TLiveListener): () => void;
  /** The newest change id handed to listeners: where a new stream starts. */
  readonly lastId: number;
  /** Waits until every event and position received so far has been written and announced. */
  flush(): Promise<void>;
  /** Writes what is pending, stops relaying and listening. */
  stop(): Promise<void>;
}

export const EVENTS_CHANNEL = 'fleet_events';
export const POSITIONS_CHANNEL = 'fleet_positions';
/** Advisory locks of the live relay: (namespace, 1) orders change ids by commit; (namespace, 2) is the retention job's. */
export const LIVE_LOCK_NAMESPACE = 7_204_313;
const ORDER_LOCK = 1;

// NOTIFY refuses payloads of 8,000 bytes or more; a little room stays for multi-byte safety.
const PAYLOAD_LIMIT = 7_900;
/** At most one position a driver per this many milliseconds leaves a process. */
export const POSITION_INTERVAL_MS = 1_000;
const MAX_BATCH = 500;
/** Events waiting for the database beyond this are dropped (and logged): the write side is down. */
const MAX_QUEUE = 20_000;
/** A catch-up after listening restarts replays at most this many events; past that, streams resync. */
const CATCH_UP_LIMIT = 5_000;

type TWireChange = {
  id: number;
  tenant_id: number | null;
  type: TEventType;
  ids: number[];
  actor: TEventActor;
  at: string;
};
/** [driver id, trip id, lat, lon, fix time in ms, speed km/h, course °] */
type TWirePosition = [number, number | null, number, number, number, number | null, number | null];

const toStored = (row: typeof changeEvents.$inferSelect): TStoredChange => ({
  id: row.id,
  tenantId: row.tenantId,
  type: row.type as TEventType,
  ids: row.ids,
  actor: row.actor as TEventActor,
  at: row.at.toISOString(),
});
const toWire = (c: TStoredChange): TWireChange => ({
  id: c.id,
  tenant_id: c.tenantId,
  type: c.type,
  ids: c.ids,
  actor: c.actor,
  at: c.at,
});

/**
 * Packs items into JSON arrays each under NOTIFY's payload limit; an item too large alone is
 * replaced by `tooLarge(item)` (a reference the receiver reads back).
 */
export function chunkPayloads<T>(
  items: T[],
  tooLarge: (item: T) => unknown,
  wrap = (json: string) => json,
): string[] {
  const chunks: string[] = [];
  let parts: string[] = [];
  let size = 2;
  const close = () => {
    if (parts.length) chunks.push(wrap(`[${parts.join(',')}]`));
    parts = [];
    size = 2;
  };
  const overhead = wrap('[]').length - 2;
  for (const item of items) {
    let json = JSON.stringify(item);
    if (Buffer.byteLength(json) + 2 + overhead >= PAYLOAD_LIMIT) json = JSON.stringify(tooLarge(item));
    const bytes = Buffer.byteLength(json) + 1;
    if (size + bytes + overhead >= PAYLOAD_LIMIT) close();
    parts.push(json);
    size += bytes;
  }
  close();
  return chunks;
}

export interface LiveRelayOptions {
  database: Database;
  events: EventBus;
  positions: PositionFeed;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

export function createLiveRelay({ database, events, positions, log }: LiveRelayOptions): LiveRelay {
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

  // ---- write side: change events ----
  const queue: TChangeEvent[] = [];
  let writing: Promise<void> | null = null;
  let stopped = false;

  async function writeBatch(batch: TChangeEvent[]): Promise<void> {
    await db.transaction(async (tx) => {
      // Held to the commit: no other process takes an id until this batch is visible (see above).
      await tx.execute(sql`select pg_advisory_xact_lock(${LIVE_LOCK_NAMESPACE}::int4, ${ORDER_LOCK}::int4)`);
      const rows = await tx
        .insert(changeEvents)
        .values(
          batch.map((e) => ({
            tenantId: e.tenant_id,
            type: e.type,
            ids: e.ids,
            actor: e.actor,
            at: new Date(e.at),
          })),
        )
        .returning();
      rows.sort((a, b) => a.id - b.id);
      const payloads = chunkPayloads(rows.map(toStored).map(toWire), (c) => ({ id: c.id }));
      for (const payload of payloads) await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
    });
  }

  function drain(): void {
    if (writing || queue.length === 0) return;
    writing = (async () => {
      while (queue.length > 0) {
        const batch = queue.splice(0, MAX_BATCH);
        try {
          await writeBatch(batch).catch((err: unknown) => {
            // A pooled connection lost in a database outage fails its next use: one more try on another.
            if (connectionLost(err)) return writeBatch(batch);
            throw err;
          });
        } catch (err) {
          log.error({ err, events: batch.length }, 'change events could not be relayed');
        }
      }
    })().finally(() => {
      writing = null;
    });
  }

  const stopEvents = events.subscribe((event) => {
    if (stopped) return;
    if (queue.length >= MAX_QUEUE) {
      queue.shift();
      log.warn(
        { queued: queue.length },
        'change event relay is behind: the oldest waiting event was dropped',
      );
    }
    queue.push(event);
    // Events published in the same turn (a transaction's, a materialiser run's) share one insert.
    if (!writing) setImmediate(drain);
  });

  // ---- write side: positions, at most one a driver a second ----
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

  async function readBack(ids: number[]): Promise<TStoredChange[]> {
    const rows = await db
      .select()
      .from(changeEvents)
      .where(anyId(changeEvents.id, ids))
      .orderBy(asc(changeEvents.id));
    return rows.map(toStored);
  }

  function onEvents(payload: string): void {
    inOrder(async () => {
      const wire = JSON.parse(payload) as (TWireChange | { id: number; type?: undefined })[];
      const refs = wire.filter((w) => w.type === undefined).map((w) => w.id);
      const read = refs.length ? new Map((await readBack(refs)).map((c) => [c.id, c])) : new Map();
      const changes: TStoredChange[] = [];
      for (const w of wire) {
        if (w.type === undefined) {
          const found = read.get(w.id);
          if (found) changes.push(found);
        } else {
          changes.push({
            id: w.id,
            tenantId: w.tenant_id,
            type: w.type,
            ids: w.ids,
            actor: w.actor,
            at: w.at,
          });
        }
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

  /** After a dropped LISTEN connection: what committed meanwhile is read from the table. */
  function catchUp(): void {
    inOrder(async () => {
      const rows = await db
        .select()
        .from(changeEvents)
        .where(gt(changeEvents.id, lastId))
        .orderBy(asc(changeEvents.id))
        .limit(CATCH_UP_LIMIT + 1);
      if (rows.length > CATCH_UP_LIMIT) {
        lastId = rows[rows.length - 1]!.id;
        deliver({ kind: 'gap' });
        return;
      }
      handOn(rows.map(toStored));
    });
  }

  return {
    get lastId() {
      return lastId;
    },
    async start() {
      const [row] = await db.select({ id: max(changeEvents.id) }).from(changeEvents);
      lastId = row?.id ?? 0;
      unlistens.push(
        await database.listen(EVENTS_CHANNEL, onEvents, () => {
          // The first call is the start itself; any later one follows a reconnect.
          if (listening++ > 0) catchUp();
        }),
        await database.listen(POSITIONS_CHANNEL, onPositions),
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async flush() {
      await new Promise((resolve) => setImmediate(resolve));
      drain();
      await writing;
      if (positionTimer) {
        clearTimeout(positionTimer);
        positionTimer = null;
      }
      if (pending.size) {
        for (const driverId of pending.keys()) lastSent.delete(driverId);
        await sendDuePositions();
      }
      await sendingPositions;
    },
    async stop() {
      await this.flush();
      stopped = true;
      stopEvents();
      stopPositions();
      if (positionTimer) clearTimeout(positionTimer);
      await Promise.all(unlistens.splice(0).map((unlisten) => unlisten().catch(() => undefined)));
      await work;
      listeners.clear();
    },
  };
}
