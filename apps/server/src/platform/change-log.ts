import { and, asc, eq, gt, inArray, isNull, lt, lte, max, min, sql, type SQL } from 'drizzle-orm';
import type { TChangeEvent, TEventActor, TEventType } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { changeEvents } from '../db/schema/index.ts';
import { anyId } from '../db/id-lists.ts';
import { rowsOf } from '../db/rows.ts';

/*
 * The change log: the one owner of `change_events`. A change event is written by the transaction
 * that makes the change, so the two commit together or not at all; a crash after the commit can
 * lose a notification, never the event.
 *
 *   service ─ emit(tx, …) ─► held by the transaction
 *   end of the transaction ─► appendChanges: order lock, insert, pg_notify('fleet_events') ─► COMMIT
 *   PostgreSQL delivers the notification at the commit ─► every process's live relay (LISTEN)
 *   a relay, stream or engine that missed one ─► reads the table after the last id it saw
 *
 * Ids are given under a transaction-scoped advisory lock held until the commit, so they follow
 * commit order: once change N is visible, no change below N commits later, and "everything after
 * N" read from the table is complete (a stream resuming with Last-Event-ID, the engine's sweep).
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

export const EVENTS_CHANNEL = 'fleet_events';
/** Advisory locks of the change log: (namespace, 1) orders change ids by commit; (namespace, 2) is the retention job's. */
export const LIVE_LOCK_NAMESPACE = 7_204_313;
const ORDER_LOCK = 1;
const RETENTION_LOCK = 2;

// NOTIFY refuses payloads of 8,000 bytes or more; a little room stays for multi-byte safety.
const PAYLOAD_LIMIT = 7_900;

/** A change as a notification carries it; one too large for a notification carries its id alone. */
export type TWireChange = {
  id: number;
  tenant_id: number | null;
  type: TEventType;
  ids: number[];
  actor: TEventActor;
  at: string;
};

const toStored = (row: typeof changeEvents.$inferSelect): TStoredChange => ({
  id: row.id,
  tenantId: row.tenantId,
  type: row.type as TEventType,
  ids: row.ids,
  actor: row.actor as TEventActor,
  at: row.at.toISOString(),
});
export const toWire = (c: TStoredChange): TWireChange => ({
  id: c.id,
  tenant_id: c.tenantId,
  type: c.type,
  ids: c.ids,
  actor: c.actor,
  at: c.at,
});
export const fromWire = (w: TWireChange): TStoredChange => ({
  id: w.id,
  tenantId: w.tenant_id,
  type: w.type,
  ids: w.ids,
  actor: w.actor,
  at: w.at,
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

/**
 * Writes `events` inside the transaction `tx` that made their changes, and announces them on
 * `fleet_events` (PostgreSQL delivers the notification only if and when `tx` commits). Call it last
 * in the transaction: the order lock it takes is held until the commit, and every other writer of
 * change events waits for it.
 */
export async function appendChanges(tx: Db, events: readonly TChangeEvent[]): Promise<TStoredChange[]> {
  if (events.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${LIVE_LOCK_NAMESPACE}::int4, ${ORDER_LOCK}::int4)`);
  const rows = await tx
    .insert(changeEvents)
    .values(
      events.map((e) => ({
        tenantId: e.tenant_id,
        type: e.type,
        ids: e.ids,
        actor: e.actor,
        at: new Date(e.at),
      })),
    )
    .returning();
  const stored = rows.map(toStored).sort((a, b) => a.id - b.id);
  const payloads = chunkPayloads(stored.map(toWire), (c) => ({ id: c.id }));
  for (const payload of payloads) await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
  return stored;
}

/** The tenant filter of change_events: a tenant's rows, or the product's own (tenant_id null). */
const ofTenant = (tenantId: number | null): SQL =>
  tenantId === null ? isNull(changeEvents.tenantId) : eq(changeEvents.tenantId, tenantId);

export interface TChangeFilter {
  /** One tenant's changes (null: the product's own); every tenant's when left out. */
  tenantId?: number | null;
  /** Changes up to this id only. */
  upToId?: number;
  /** Changes of these types only. */
  types?: readonly TEventType[];
}

/** The change events after `afterId` matching `filter`, oldest first, at most `limit`. */
export async function changesAfter(
  db: Db,
  afterId: number,
  limit: number,
  { tenantId, upToId, types }: TChangeFilter = {},
): Promise<TStoredChange[]> {
  const rows = await db
    .select()
    .from(changeEvents)
    .where(
      and(
        gt(changeEvents.id, afterId),
        upToId === undefined ? undefined : lte(changeEvents.id, upToId),
        tenantId === undefined ? undefined : ofTenant(tenantId),
        types === undefined ? undefined : inArray(changeEvents.type, [...types]),
      ),
    )
    .orderBy(asc(changeEvents.id))
    .limit(limit);
  return rows.map(toStored);
}

/** These change events, oldest first (those deleted meanwhile are left out). */
export async function changesById(db: Db, ids: number[]): Promise<TStoredChange[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(changeEvents)
    .where(anyId(changeEvents.id, ids))
    .orderBy(asc(changeEvents.id));
  return rows.map(toStored);
}

/** The oldest change event still kept (any tenant), or null when none is: anything older was deleted. */
export async function oldestChangeId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: min(changeEvents.id) }).from(changeEvents);
  return row?.id ?? null;
}

/** The newest change event id of any tenant, 0 when there is none. */
export async function newestChangeId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(changeEvents.id) }).from(changeEvents);
  return Number(row?.id ?? 0);
}

/**
 * Deletes change events older than `before`, in one transaction that first takes the retention's
 * advisory lock without waiting: when another process holds it, that process is already at it and
 * this one deletes nothing. Answers the rows deleted, or null when the lock was taken elsewhere.
 */
export async function deleteChangesBefore(db: Db, before: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [locked] = rowsOf<{ got: boolean }>(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(${LIVE_LOCK_NAMESPACE}::int4, ${RETENTION_LOCK}::int4) as got`,
      ),
    );
    if (!locked?.got) return null;
    const [deleted] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`with d as (delete from ${changeEvents} where ${lt(changeEvents.at, before)} returning 1) select count(*)::int as n from d`,
      ),
    );
    return deleted?.n ?? 0;
  });
}

/** The rows of a raw query: PGlite answers `{rows}`, postgres.js the rows themselves. */
