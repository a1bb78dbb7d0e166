import { eventEntity, type TEventEntity, type TLiveChange, type TLivePosition } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { TServiceContext } from '../../platform/context.ts';
import type { TPositionUpdate } from '../../platform/events.ts';
import {
  changesAfter,
  deleteChangesBefore,
  oldestChangeId,
  type TStoredChange,
} from '../../platform/change-log.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { stopDrivers, taskDrivers, tripDrivers, vehicleRequestDrivers } from './queries.ts';
import { notificationDrivers } from '../notifications/service.ts';

/*
 * The live event stream's rules (`GET /api/v1/events`): who hears which change and which positions,
 * what a reconnecting stream is replayed, and how long change events are kept. The relay
 * (platform/live-relay.ts) carries every event of every tenant; these functions decide what one
 * stream may see.
 */

/** Whom a stream speaks to. */
export type TAudience =
  /** Every change and every position of the tenant. */
  | { kind: 'tenant_admin'; tenantId: number }
  /** Changes of the driver's own trips, stops, tasks, approvals and messages; the driver's own positions. */
  | { kind: 'driver'; tenantId: number; driverId: number }
  /** The product's own content (blog, landing page, contact requests): events without a tenant. */
  | { kind: 'super_admin'; tenantId: null };

export function audienceOf(principal: TPrincipal): TAudience | null {
  switch (principal.kind) {
    case 'tenant_admin':
      return { kind: 'tenant_admin', tenantId: principal.tenantId };
    case 'driver':
      return { kind: 'driver', tenantId: principal.tenantId, driverId: principal.id };
    case 'super_admin':
      return { kind: 'super_admin', tenantId: null };
    default:
      return null;
  }
}

/**
 * The entities of a driver's own work; the ids of `approval.updated` are its tasks' ids, those of
 * `vehicle_request.*` the driver's vehicle change requests (the decision reaches the driver's app),
 * those of `notification.*` the messages sent to the driver.
 */
const DRIVER_ENTITIES = new Set<TEventEntity>([
  'trip',
  'stop',
  'task',
  'approval',
  'vehicle_request',
  'notification',
]);
const DRIVERS_OF: Partial<
  Record<
    TEventEntity,
    (db: Db, tenantId: number, ids: number[]) => Promise<{ id: number; driverId: number | null }[]>
  >
> = {
  trip: tripDrivers,
  stop: stopDrivers,
  task: taskDrivers,
  approval: taskDrivers,
  vehicle_request: vehicleRequestDrivers,
  notification: notificationDrivers,
};

/**
 * The drivers a change is about, looked up once per change however many driver streams ask
 * (the answer is kept for the last few hundred changes). Looked up when the change arrives, so a
 * trip given to another driver is announced to the new one.
 */
export function createDriverLookup(db: Db) {
  const known = new Map<number, Promise<Set<number>>>();
  return {
    driversOf(change: TStoredChange): Promise<Set<number>> {
      let found = known.get(change.id);
      if (!found) {
        const lookup = DRIVERS_OF[eventEntity(change.type)];
        found =
          lookup && change.tenantId !== null && change.ids.length > 0
            ? lookup(db, change.tenantId, change.ids).then(
                (rows) => new Set(rows.flatMap((r) => (r.driverId === null ? [] : [r.driverId]))),
              )
            : Promise.resolve(new Set<number>());
        known.set(change.id, found);
        // Forgotten on failure, so the next stream asks again; old answers make room for new ones.
        found.catch(() => known.delete(change.id));
        if (known.size > 500) known.delete(known.keys().next().value!);
      }
      return found;
    },
  };
}
export type TDriverLookup = ReturnType<typeof createDriverLookup>;

/** Whether `audience` may hear of `change`. */
export async function showsChange(
  audience: TAudience,
  change: TStoredChange,
  lookup: TDriverLookup,
): Promise<boolean> {
  if (change.tenantId !== audience.tenantId) return false;
  if (audience.kind !== 'driver') return true;
  if (!DRIVER_ENTITIES.has(eventEntity(change.type))) return false;
  return (await lookup.driversOf(change)).has(audience.driverId);
}

/** The positions of a tenant's batch that `audience` may see, as the stream sends them. */
export function visiblePositions(
  audience: TAudience,
  tenantId: number,
  positions: TPositionUpdate[],
): TLivePosition[] {
  if (audience.kind === 'super_admin' || tenantId !== audience.tenantId) return [];
  const mine =
    audience.kind === 'driver' ? positions.filter((p) => p.driverId === audience.driverId) : positions;
  return mine.map((p) => ({
    driver_id: p.driverId,
    trip_id: p.tripId,
    lat: p.lat,
    lon: p.lon,
    recorded_at: p.recordedAt,
    speed: p.speed,
    course: p.course,
  }));
}

/** A change as the stream sends it: its tenant is the stream's own, so it is not repeated. */
export const liveChange = (change: TStoredChange): TLiveChange => ({
  type: change.type,
  ids: change.ids,
  actor: change.actor,
  at: change.at,
});

/** At most this many missed changes are replayed on reconnect; past that the client refetches. */
export const REPLAY_LIMIT = 1_000;

/**
 * What a stream that last saw change `afterId` missed, up to `upToId` (the newest change the
 * process has handed on; later ones arrive live): the audience's changes in order, or `null` when
 * they cannot all be replayed (some are past retention, or too many), and the client must refetch.
 */
export async function missedChanges(
  ctx: TServiceContext,
  audience: TAudience,
  afterId: number,
  upToId: number,
  lookup: TDriverLookup,
): Promise<TStoredChange[] | null> {
  if (afterId >= upToId) return [];
  const oldest = await oldestChangeId(ctx.db);
  if (oldest === null || oldest > afterId + 1) return null;
  const changes = await changesAfter(ctx.db, afterId, REPLAY_LIMIT + 1, {
    tenantId: audience.tenantId,
    upToId,
  });
  if (changes.length > REPLAY_LIMIT) return null;
  const shown = await Promise.all(changes.map((c) => showsChange(audience, c, lookup)));
  return changes.filter((_c, i) => shown[i]);
}

/** How often the retention job runs. */
export const EVENT_RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Deletes change events older than `days`; once across processes (an advisory lock: a process that
 * finds it taken leaves the work to the one that holds it). Answers how many rows went, or null
 * when another process was at it.
 */
export function deleteOldChangeEvents(db: Db, days: number, now = new Date()): Promise<number | null> {
  return deleteChangesBefore(db, new Date(now.getTime() - days * 86_400_000));
}

export type { LiveStreams } from './live-streams.ts';
