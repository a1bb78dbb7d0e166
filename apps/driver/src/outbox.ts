import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TPositionFixInput } from '@fleet/contract';
import { ApiError, OfflineError } from './api.ts';
import type { TripAction } from './trip-state.ts';

/*
 * The outbox: every write the driver makes (a trip action, a GPS fix) is first stored on the device
 * (IndexedDB) and then sent in the order it was made, at once when the network is there, else when
 * it returns. Each entry carries an idempotency key fixed when it was made, so a request whose answer
 * was lost is replayed without acting twice (apps/server platform/idempotency.ts), and the time it
 * was done (`at`), so the server records the real moment. Fixes in a row go as one batch.
 *
 * What the server refuses (a 4xx: the console cancelled the trip, say) changed nothing there: it is
 * taken out of the outbox and reported, so one refused action never holds back the rest. Offline,
 * a server asking to try later (the same key still being answered, 429, 5xx) or an ended session
 * (401) stops the run; what is left waits for the next one.
 */

export interface PhotoFile {
  /** The form field: photos, client_photos or manager_photos. */
  field: string;
  name: string;
  blob: Blob;
}

export type OutboxEntry =
  | {
      seq?: number;
      key: string;
      kind: 'action';
      action: TripAction;
      /** UTC `YYYY-MM-DD HH:mm:ss` when the driver did it. */
      at: string;
      note?: string;
      photos?: PhotoFile[];
    }
  | {
      seq?: number;
      key: string;
      /** A report from the road (a refuel, an accident, a vehicle change request): its call, its fields, its photos. */
      kind: 'report';
      path: string;
      fields: Record<string, string>;
      at: string;
      photos?: PhotoFile[];
    }
  | { seq?: number; key: string; kind: 'fix'; fix: TPositionFixInput };

export type StoredEntry = OutboxEntry & { seq: number };

/** Where the entries wait; IndexedDB on the device, a plain list in tests. */
export interface OutboxStore {
  add(entry: OutboxEntry): Promise<number>;
  /** Every waiting entry, oldest first. */
  list(): Promise<StoredEntry[]>;
  remove(seqs: number[]): Promise<void>;
  count(): Promise<number>;
}

interface OutboxDb extends DBSchema {
  outbox: { key: number; value: OutboxEntry };
}

/** The device's outbox, one per driver (two drivers sharing a phone never send each other's work). */
export function idbStore(driverKey: string): OutboxStore {
  let db: Promise<IDBPDatabase<OutboxDb>> | null = null;
  const open = () =>
    (db ??= openDB<OutboxDb>(`fleet-driver-outbox-${driverKey}`, 1, {
      upgrade(database) {
        database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      },
    }));
  return {
    async add(entry) {
      return (await open()).add('outbox', entry);
    },
    async list() {
      return (await (await open()).getAll('outbox')) as StoredEntry[];
    },
    async remove(seqs) {
      const tx = (await open()).transaction('outbox', 'readwrite');
      await Promise.all([...seqs.map((seq) => tx.store.delete(seq)), tx.done]);
    },
    async count() {
      return (await open()).count('outbox');
    },
  };
}

/** One request the outbox makes. */
export type SendRequest =
  { key: string; path: string; body: unknown } | { key: string; path: string; form: FormData };

export type Send = (request: SendRequest) => Promise<unknown>;

export interface FlushResult {
  /** Entries the server took. */
  sent: number;
  /** Actions the server refused, with its message; they are out of the outbox. */
  refused: { entry: StoredEntry; message: string }[];
  /** Why the run stopped before the end, if it did. */
  stopped: 'offline' | 'unauthorized' | 'busy' | null;
  /** Trips as the server answered the actions sent, newest answer last. */
  trips: unknown[];
}

/** The most fixes in one batch (the server takes 1000). */
export const FIX_BATCH_MAX = 200;

/** One request: JSON without photos, a form with them (the same fields, the photos as files). */
function requestOf(
  key: string,
  path: string,
  fields: Record<string, string>,
  photos?: PhotoFile[],
): SendRequest {
  if (!photos?.length) return { key, path, body: fields };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append(photo.field, photo.blob, photo.name);
  return { key, path, form };
}

/** Sends what waits, in order, until the end or until the network or the server says to wait. */
export async function flushOutbox(
  store: OutboxStore,
  send: Send,
  pathOf: (action: TripAction) => string,
): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: [], stopped: null, trips: [] };
  const entries = (await store.list()).sort((a, b) => a.seq - b.seq);
  for (let i = 0; i < entries.length;) {
    const entry = entries[i]!;
    let group: StoredEntry[];
    let request: SendRequest;
    if (entry.kind === 'fix') {
      group = [];
      for (let j = i; j < entries.length && group.length < FIX_BATCH_MAX; j += 1) {
        const next = entries[j]!;
        if (next.kind !== 'fix') break;
        group.push(next);
      }
      const fixes = group.map((e) => (e.kind === 'fix' ? e.fix : null));
      // The same fixes make the same key; a batch that grew since a lost answer is a new request,
      // and the server ignores the fixes it already has (the same driver and time).
      request = {
        key: `${entry.key}.${group.length}`,
        path: 'v1/driver/positions',
        body: { positions: fixes },
      };
    } else if (entry.kind === 'report') {
      group = [entry];
      request = requestOf(entry.key, entry.path, { ...entry.fields, at: entry.at }, entry.photos);
    } else {
      group = [entry];
      const fields: Record<string, string> = { at: entry.at };
      if (entry.note) fields.note = entry.note;
      if (entry.action.type === 'skip') fields.reason = entry.action.reason;
      request = requestOf(entry.key, pathOf(entry.action), fields, entry.photos);
    }
    try {
      const answer = await send(request);
      if (entry.kind === 'action') result.trips.push(answer);
      result.sent += group.length;
    } catch (error) {
      if (error instanceof OfflineError) return { ...result, stopped: 'offline' };
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) return { ...result, stopped: 'unauthorized' };
      if (error.retryLater) return { ...result, stopped: 'busy' };
      for (const refused of group) result.refused.push({ entry: refused, message: error.message });
    }
    await store.remove(group.map((e) => e.seq));
    i += group.length;
  }
  return result;
}

/** A new idempotency key: a random UUID. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain http on a LAN address is not a secure context: randomUUID is missing there.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
