import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import {
  LIVE_EVENT,
  ZLiveChange,
  ZLivePositions,
  eventEntity,
  type TEventEntity,
  type TLivePosition,
} from '@fleet/contract';
import { refreshAfterChange } from './query-keys';

/*
 * The console's one live connection (traccar-web's SocketController idea): an EventSource on
 * `/api/v1/events` while a tenant admin is signed in. Each change event refreshes what its entity
 * makes stale (`STALE_AFTER_CHANGE`), bursts coalesced; position batches go to a small store the live
 * views read and refresh the queries that show positions; when the connection drops and comes back,
 * what is on screen is fetched again. The screens' polling stays as the fallback: a console whose
 * stream is down still works, only later.
 */

export const LIVE_EVENTS_URL = '/api/v1/events';

/** Changes of one entity within this window refresh its queries once. */
export const CHANGE_COALESCE_MS = 250;
/** Position batches within this window refresh the queries that show positions once. */
export const POSITIONS_COALESCE_MS = 1_000;
/** After the browser gives up on the stream (an error answer), it is opened again after this, doubling. */
export const REOPEN_FIRST_MS = 5_000;
export const REOPEN_MAX_MS = 60_000;

/**
 * A query showing positions says whose in its meta, and is refreshed when they move:
 * `meta: livePositionsOf(driverId)` (one driver) or `livePositionsOf('all')`.
 */
export const livePositionsOf = (driverId: number | 'all') => ({ livePositionsOf: driverId });

const showsPositionsOf = (query: Query, drivers: ReadonlySet<number>): boolean => {
  const of = query.meta?.livePositionsOf;
  return of === 'all' || (typeof of === 'number' && drivers.has(of));
};

// ---- The newest position of each driver, for the live views ----

type TPositionsByDriver = ReadonlyMap<number, TLivePosition>;
let positions: TPositionsByDriver = new Map();
const positionListeners = new Set<() => void>();

function storePositions(batch: TLivePosition[]): void {
  const next = new Map(positions);
  for (const p of batch) {
    const held = next.get(p.driver_id);
    if (!held || held.recorded_at <= p.recorded_at) next.set(p.driver_id, p);
  }
  positions = next;
  positionListeners.forEach((listener) => listener());
}

function clearPositions(): void {
  if (positions.size === 0) return;
  positions = new Map();
  positionListeners.forEach((listener) => listener());
}

export const livePositions = {
  /** Each driver's newest position heard on the stream since sign-in. */
  get: (): TPositionsByDriver => positions,
  subscribe(listener: () => void): () => void {
    positionListeners.add(listener);
    return () => positionListeners.delete(listener);
  },
};

/** The newest position of each driver heard live (a new Map whenever one moves). */
export function useLivePositions(): TPositionsByDriver {
  return useSyncExternalStore(livePositions.subscribe, livePositions.get, livePositions.get);
}

// ---- The connection ----

export interface LiveEventsOptions {
  queryClient: QueryClient;
  url?: string;
  /** The EventSource class (tests pass a fake). */
  EventSourceImpl?: typeof EventSource;
}

export interface LiveEvents {
  close(): void;
}

/** Opens the stream and keeps it open (reopening it when the browser gives up) until `close()`. */
export function openLiveEvents({
  queryClient,
  url = LIVE_EVENTS_URL,
  EventSourceImpl = EventSource,
}: LiveEventsOptions): LiveEvents {
  let source: EventSource | null = null;
  let closed = false;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let reopenDelay = REOPEN_FIRST_MS;
  // The first open fetches nothing (the screen has just loaded); every later one re-syncs.
  let hasOpened = false;
  let wasDown = false;

  const changeTimers = new Map<TEventEntity, ReturnType<typeof setTimeout>>();
  const movedDrivers = new Set<number>();
  let positionsTimer: ReturnType<typeof setTimeout> | null = null;

  const refetchOnScreen = () => void queryClient.invalidateQueries();

  function onChange(event: MessageEvent<string>): void {
    const parsed = ZLiveChange.safeParse(parseJson(event.data));
    if (!parsed.success) return;
    const entity = eventEntity(parsed.data.type);
    if (changeTimers.has(entity)) return;
    changeTimers.set(
      entity,
      setTimeout(() => {
        changeTimers.delete(entity);
        refreshAfterChange(queryClient, entity);
      }, CHANGE_COALESCE_MS),
    );
  }

  function onPositions(event: MessageEvent<string>): void {
    const parsed = ZLivePositions.safeParse(parseJson(event.data));
    if (!parsed.success || parsed.data.length === 0) return;
    storePositions(parsed.data);
    for (const p of parsed.data) movedDrivers.add(p.driver_id);
    positionsTimer ??= setTimeout(() => {
      positionsTimer = null;
      const drivers = new Set(movedDrivers);
      movedDrivers.clear();
      void queryClient.invalidateQueries({ predicate: (query) => showsPositionsOf(query, drivers) });
    }, POSITIONS_COALESCE_MS);
  }

  function open(): void {
    if (closed) return;
    const es = new EventSourceImpl(url);
    source = es;
    es.addEventListener(LIVE_EVENT.change, onChange as EventListener);
    es.addEventListener(LIVE_EVENT.positions, onPositions as EventListener);
    // The server could not replay everything missed: what is on screen is fetched again.
    es.addEventListener(LIVE_EVENT.resync, refetchOnScreen);
    es.addEventListener('open', () => {
      reopenDelay = REOPEN_FIRST_MS;
      if (hasOpened && wasDown) refetchOnScreen();
      hasOpened = true;
      wasDown = false;
    });
    es.addEventListener('error', () => {
      wasDown = true;
      // CONNECTING: the browser retries by itself, sending the last event id. CLOSED: it gave up
      // (an error answer, a lost session); try again later, and re-sync when it comes back.
      if (es.readyState !== EventSourceImpl.CLOSED || closed) return;
      es.close();
      if (source === es) source = null;
      reopenTimer = setTimeout(() => {
        reopenTimer = null;
        open();
      }, reopenDelay);
      reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS);
    });
  }

  open();
  return {
    close() {
      closed = true;
      source?.close();
      source = null;
      if (reopenTimer) clearTimeout(reopenTimer);
      if (positionsTimer) clearTimeout(positionsTimer);
      changeTimers.forEach((timer) => clearTimeout(timer));
      changeTimers.clear();
      clearPositions();
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Keeps the console's live connection open while `enabled` (a tenant admin is signed in), and closes
 * it on sign-out. Browsers without EventSource keep to polling.
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const live = openLiveEvents({ queryClient });
    return () => live.close();
  }, [enabled, queryClient]);
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Whose positions the query shows: refreshed when they move (`livePositionsOf`). */
      livePositionsOf?: number | 'all';
    };
  }
}
