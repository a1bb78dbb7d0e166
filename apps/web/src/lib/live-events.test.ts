import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLivePosition } from '@fleet/contract';
import {
  CHANGE_COALESCE_MS,
  livePositions,
  livePositionsOf,
  openLiveEvents,
  POSITIONS_COALESCE_MS,
  REOPEN_FIRST_MS,
  type LiveEvents,
} from './live-events';
import { queryRoots } from './query-keys';

/** An EventSource the test drives: the server's messages, drops and returns are method calls. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  static get last(): FakeEventSource {
    return FakeEventSource.all[FakeEventSource.all.length - 1]!;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  /** The connection drops; the browser retries by itself (CONNECTING) or gives up (CLOSED). */
  drop(giveUp = false) {
    this.readyState = giveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

let queryClient: QueryClient;
let live: LiveEvents;
let fetched: Record<string, number>;
const observers: (() => void)[] = [];

/** A query on screen (observed), counting its fetches. */
function onScreen(name: string, queryKey: readonly unknown[], meta?: Record<string, unknown>) {
  fetched[name] = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: async () => ++fetched[name]!,
    staleTime: Infinity,
    ...(meta ? { meta } : {}),
  });
  observers.push(observer.subscribe(() => {}));
}

const settle = async (ms = 0) => {
  await vi.advanceTimersByTimeAsync(ms);
};

const change = (type: string, ids = [1]) => ({
  type,
  ids,
  actor: { kind: 'tenant_admin', id: 1 },
  at: '2030-01-01T00:00:00Z',
});
const fix = (driverId: number, at = '2030-01-01T00:00:00.000Z'): TLivePosition => ({
  driver_id: driverId,
  trip_id: null,
  lat: 25.2,
  lon: 55.3,
  recorded_at: at,
  speed: 30,
  course: 90,
});

beforeEach(async () => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  fetched = {};
  onScreen('trips', [...queryRoots.trips, 'list']);
  onScreen('vehicles', [...queryRoots.vehicles, 'list']);
  onScreen('locations of 7', [...queryRoots.driverDetails, 7, 'locations'], livePositionsOf(7));
  onScreen('locations of 8', [...queryRoots.driverDetails, 8, 'locations'], livePositionsOf(8));
  await settle();
  live = openLiveEvents({ queryClient, EventSourceImpl: FakeEventSource as unknown as typeof EventSource });
  FakeEventSource.last.open();
});
afterEach(() => {
  live.close();
  observers.splice(0).forEach((stop) => stop());
  queryClient.clear();
  vi.useRealTimers();
});

describe('the console live events', () => {
  it('opens one stream on /api/v1/events', () => {
    expect(FakeEventSource.all.map((es) => es.url)).toEqual(['/api/v1/events']);
  });

  it("refreshes what a change makes stale, once for a burst of one entity's changes", async () => {
    const es = FakeEventSource.last;
    for (let i = 0; i < 5; i++) es.emit('change', change('trip.updated', [i]));
    await settle(CHANGE_COALESCE_MS);
    expect(fetched).toMatchObject({ trips: 2, vehicles: 1 });

    es.emit('change', change('vehicle.archived'));
    await settle(CHANGE_COALESCE_MS);
    // A vehicle's change refreshes vehicles and drivers (STALE_AFTER_CHANGE), not trips.
    expect(fetched).toMatchObject({ trips: 2, vehicles: 2 });
  });

  it('ignores what it cannot read', async () => {
    FakeEventSource.last.emit('change', { type: 'no.such', ids: [] });
    FakeEventSource.last.dispatchEvent(new MessageEvent('change', { data: '{not json' }));
    await settle(CHANGE_COALESCE_MS);
    expect(fetched).toMatchObject({ trips: 1, vehicles: 1 });
  });

  it('keeps the newest position of each driver and refreshes the views of the drivers who moved', async () => {
    const es = FakeEventSource.last;
    es.emit('positions', [fix(7, '2030-01-01T00:00:05.000Z')]);
    es.emit('positions', [fix(7, '2030-01-01T00:00:01.000Z'), fix(9)]);
    expect(livePositions.get().get(7)?.recorded_at).toBe('2030-01-01T00:00:05.000Z');
    expect([...livePositions.get().keys()].sort()).toEqual([7, 9]);
    await settle(POSITIONS_COALESCE_MS);
    expect(fetched).toMatchObject({ 'locations of 7': 2, 'locations of 8': 1, trips: 1 });
  });

  it('refetches what is on screen when the stream comes back after a drop', async () => {
    const es = FakeEventSource.last;
    es.drop();
    await settle();
    expect(fetched).toMatchObject({ trips: 1, vehicles: 1 });
    es.open();
    await settle();
    expect(fetched).toMatchObject({ trips: 2, vehicles: 2, 'locations of 7': 2 });
  });

  it('opens the stream again when the browser gives up on it, and re-syncs', async () => {
    FakeEventSource.last.drop(true);
    await settle(REOPEN_FIRST_MS - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    await settle(1);
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.last.open();
    await settle();
    expect(fetched).toMatchObject({ trips: 2, vehicles: 2 });
  });

  it('refetches what is on screen when the server asks for a resync', async () => {
    FakeEventSource.last.emit('resync', {});
    await settle();
    expect(fetched).toMatchObject({ trips: 2, vehicles: 2 });
  });

  it('closes the stream and forgets positions on sign-out', async () => {
    const es = FakeEventSource.last;
    es.emit('positions', [fix(7)]);
    live.close();
    expect(es.readyState).toBe(FakeEventSource.CLOSED);
    expect(livePositions.get().size).toBe(0);
    es.drop(true);
    await settle(REOPEN_FIRST_MS * 2);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});
