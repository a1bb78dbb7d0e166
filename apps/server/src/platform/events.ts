import type { FastifyBaseLogger } from 'fastify';
import type { TChangeEvent, TEventActor, TEventType } from '@fleet/contract';

export type TEventListener = (event: TChangeEvent) => void | Promise<void>;

/**
 * Where this process hears of committed changes: `inTransaction` publishes each event here once its
 * transaction has committed (the event itself was written to the change log by that transaction).
 */
export type TPublish = (event: TChangeEvent) => void;

export interface EventBus {
  publish: TPublish;
  /** Listens to every event (or those of the given types); answers a function that stops listening. */
  subscribe(listener: TEventListener, types?: readonly TEventType[]): () => void;
}

/**
 * The in-process bus of change events: a prompt hint to this process's listeners (the exceptions
 * engine, caches), not the record; what every process must see is read from the change log
 * (platform/change-log.ts). A listener's failure is logged and never reaches the service that
 * published (the write has committed by then); listeners run after the publisher's turn.
 */
export function createEventBus(log?: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const listeners = new Set<{ listener: TEventListener; types: ReadonlySet<TEventType> | null }>();
  return {
    publish(event) {
      for (const entry of listeners) {
        if (entry.types && !entry.types.has(event.type)) continue;
        queueMicrotask(() => {
          Promise.resolve()
            .then(() => entry.listener(event))
            .catch((err: unknown) => log?.error({ err, event: event.type }, 'an event listener failed'));
        });
      }
    },
    subscribe(listener, types) {
      const entry = { listener, types: types ? new Set(types) : null };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  };
}

/** An event of `type` about `ids`, made by `actor` in `tenantId`, stamped now. */
export const changeEvent = (
  type: TEventType,
  tenantId: number | null,
  ids: number[],
  actor: TEventActor,
): TChangeEvent => ({ type, tenant_id: tenantId, ids, actor, at: new Date().toISOString() });

/** A driver's newest position, as the live views show it. */
export interface TPositionUpdate {
  tenantId: number;
  driverId: number;
  tripId: number | null;
  lat: number;
  lon: number;
  /** ISO 8601 time of the fix. */
  recordedAt: string;
  /** km/h */
  speed: number | null;
  /** Degrees from north. */
  course: number | null;
  source: string;
}

export type TPositionListener = (updates: TPositionUpdate[]) => void;

/**
 * The feed of committed positions, beside the change events: positions are many and carry their
 * content (a live map needs the point, not a reason to refetch), so they travel apart.
 */
export interface PositionFeed {
  publish(updates: TPositionUpdate[]): void;
  subscribe(listener: TPositionListener): () => void;
}

export function createPositionFeed(log?: Pick<FastifyBaseLogger, 'error'>): PositionFeed {
  const listeners = new Set<TPositionListener>();
  return {
    publish(updates) {
      if (updates.length === 0) return;
      for (const listener of listeners) {
        queueMicrotask(() => {
          try {
            listener(updates);
          } catch (err) {
            log?.error({ err }, 'a position listener failed');
          }
        });
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
