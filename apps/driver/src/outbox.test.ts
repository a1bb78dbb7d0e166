import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError, OfflineError } from './api.ts';
import { FIX_BATCH_MAX, flushOutbox, idbStore, type OutboxEntry, type SendRequest } from './outbox.ts';
import { actionPath } from './trip-state.ts';

let n = 0;
const freshStore = () => idbStore(`test-${(n += 1)}`);

const action = (key: string, type: 'start' | 'end', at = '2026-11-24 08:00:00'): OutboxEntry => ({
  kind: 'action',
  key,
  action: { type, tripId: 7 },
  at,
});
const arrive = (key: string, stopId: number): OutboxEntry => ({
  kind: 'action',
  key,
  action: { type: 'arrive', tripId: 7, stopId },
  at: '2026-11-24 08:10:00',
});
const fix = (key: string, second: number): OutboxEntry => ({
  kind: 'fix',
  key,
  fix: { lat: 25, lon: 55, recorded_at: `2026-11-24T08:00:${String(second).padStart(2, '0')}Z` },
});

/**
 * A server as the driver API behaves: each idempotency key acts once (a replay answers again without
 * acting), and it can be told to drop the network before or after acting.
 */
function fakeServer() {
  const acted: SendRequest[] = [];
  const keys = new Set<string>();
  let failure: null | { when: 'before' | 'after'; error: Error } = null;
  return {
    acted,
    failNext(when: 'before' | 'after', error: Error = new OfflineError()) {
      failure = { when, error };
    },
    send: async (request: SendRequest) => {
      const fail = failure;
      failure = null;
      if (fail?.when === 'before') throw fail.error;
      if (!keys.has(request.key)) {
        keys.add(request.key);
        acted.push(request);
      }
      if (fail?.when === 'after') throw fail.error;
      return { id: 7 };
    },
  };
}

describe('the outbox', () => {
  it('sends every entry once, in the order it was made, fixes in a row as one batch', async () => {
    const store = freshStore();
    for (const entry of [
      action('a1', 'start'),
      fix('f1', 1),
      fix('f2', 2),
      arrive('a2', 101),
      fix('f3', 3),
    ]) {
      await store.add(entry);
    }
    expect(await store.count()).toBe(5);
    const server = fakeServer();
    const result = await flushOutbox(store, server.send, actionPath);
    expect(result).toMatchObject({ sent: 5, refused: [], stopped: null });
    expect(server.acted.map((r) => r.path)).toEqual([
      'v1/driver/trips/7/start',
      'v1/driver/positions',
      'v1/driver/stops/101/arrive',
      'v1/driver/positions',
    ]);
    expect(server.acted[0]).toEqual({
      key: 'a1',
      path: 'v1/driver/trips/7/start',
      body: { at: '2026-11-24 08:00:00' },
    });
    const batch = server.acted[1] as { body: { positions: { recorded_at: string }[] } };
    expect(batch.body.positions.map((p) => p.recorded_at)).toEqual([
      '2026-11-24T08:00:01Z',
      '2026-11-24T08:00:02Z',
    ]);
    expect(await store.count()).toBe(0);
  });

  it('keeps everything from the first entry the network did not carry, and sends it when it returns', async () => {
    const store = freshStore();
    for (const entry of [action('a1', 'start'), arrive('a2', 101), fix('f1', 1)]) await store.add(entry);
    const server = fakeServer();
    const first = await flushOutbox(
      store,
      async (r) => {
        if (r.key === 'a2') throw new OfflineError();
        return server.send(r);
      },
      actionPath,
    );
    expect(first).toMatchObject({ sent: 1, stopped: 'offline' });
    expect((await store.list()).map((e) => e.key)).toEqual(['a2', 'f1']);

    const second = await flushOutbox(store, server.send, actionPath);
    expect(second).toMatchObject({ sent: 2, stopped: null });
    expect(server.acted.map((r) => r.key)).toEqual(['a1', 'a2', 'f1.1']);
  });

  it('never acts twice when the answer was lost: the replay carries the same idempotency key', async () => {
    const store = freshStore();
    await store.add(action('a1', 'start'));
    const server = fakeServer();
    server.failNext('after');
    expect((await flushOutbox(store, server.send, actionPath)).stopped).toBe('offline');
    expect(await store.count()).toBe(1);
    expect((await flushOutbox(store, server.send, actionPath)).stopped).toBeNull();
    expect(server.acted).toHaveLength(1);
    expect(await store.count()).toBe(0);
  });

  it('takes out and reports an action the server refuses, and goes on with the rest', async () => {
    const store = freshStore();
    for (const entry of [action('a1', 'start'), arrive('a2', 101)]) await store.add(entry);
    const server = fakeServer();
    server.failNext('before', new ApiError(409, 'This Trip has already started.'));
    const result = await flushOutbox(store, server.send, actionPath);
    expect(result.stopped).toBeNull();
    expect(result.refused.map((r) => [r.entry.key, r.message])).toEqual([
      ['a1', 'This Trip has already started.'],
    ]);
    expect(server.acted.map((r) => r.key)).toEqual(['a2']);
    expect(await store.count()).toBe(0);
  });

  it('waits when the server asks to try later or the session ended, keeping the entry', async () => {
    const store = freshStore();
    await store.add(action('a1', 'start'));
    const server = fakeServer();
    server.failNext('before', new ApiError(409, 'still being processed', true));
    expect((await flushOutbox(store, server.send, actionPath)).stopped).toBe('busy');
    server.failNext('before', new ApiError(503, 'unavailable', true));
    expect((await flushOutbox(store, server.send, actionPath)).stopped).toBe('busy');
    server.failNext('before', new ApiError(401, 'Unauthorized'));
    expect((await flushOutbox(store, server.send, actionPath)).stopped).toBe('unauthorized');
    expect(await store.count()).toBe(1);
    expect(server.acted).toHaveLength(0);
  });

  it(`sends at most ${FIX_BATCH_MAX} fixes a batch`, async () => {
    const store = freshStore();
    for (let i = 0; i < FIX_BATCH_MAX + 5; i += 1) await store.add(fix(`f${i}`, i % 60));
    const server = fakeServer();
    expect((await flushOutbox(store, server.send, actionPath)).sent).toBe(FIX_BATCH_MAX + 5);
    const sizes = server.acted.map((r) =>
      'body' in r ? (r.body as { positions: unknown[] }).positions.length : 0,
    );
    expect(sizes).toEqual([FIX_BATCH_MAX, 5]);
    expect(server.acted.map((r) => r.key)).toEqual([`f0.${FIX_BATCH_MAX}`, `f${FIX_BATCH_MAX}.5`]);
  });

  it('sends a completion with photos as a form, the photos under their fields', async () => {
    const store = freshStore();
    await store.add({
      kind: 'action',
      key: 'c1',
      action: { type: 'complete', tripId: 7, taskId: 1002, clientPhotos: 0, managerPhotos: 1 },
      at: '2026-11-24 08:12:00',
      note: 'Left at the door',
      photos: [
        {
          field: 'photos',
          name: 'door.png',
          blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }),
        },
      ],
    });
    const server = fakeServer();
    await flushOutbox(store, server.send, actionPath);
    const sent = server.acted[0]!;
    expect(sent.path).toBe('v1/driver/tasks/1002/complete');
    if (!('form' in sent)) throw new Error('expected a form');
    expect(sent.form.get('at')).toBe('2026-11-24 08:12:00');
    expect(sent.form.get('note')).toBe('Left at the door');
    const photo = sent.form.get('photos') as File;
    expect(photo.name).toBe('door.png');
    expect([...new Uint8Array(await photo.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('sends a refuel report with its time, as JSON without photos and as a form with them', async () => {
    const store = freshStore();
    const report = (key: string, photos?: { field: string; name: string; blob: Blob }[]): OutboxEntry => ({
      kind: 'report',
      key,
      path: 'v1/driver/refuels',
      fields: { volume: '42.5', amount: '96.30' },
      at: '2026-11-24 09:00:00',
      photos,
    });
    await store.add(report('r1'));
    await store.add(
      report('r2', [{ field: 'photos', name: 'receipt.png', blob: new Blob([new Uint8Array([9])]) }]),
    );
    const server = fakeServer();
    expect((await flushOutbox(store, server.send, actionPath)).sent).toBe(2);
    expect(server.acted[0]).toEqual({
      key: 'r1',
      path: 'v1/driver/refuels',
      body: { volume: '42.5', amount: '96.30', at: '2026-11-24 09:00:00' },
    });
    const sent = server.acted[1]!;
    if (!('form' in sent)) throw new Error('expected a form');
    expect([sent.form.get('volume'), sent.form.get('amount'), sent.form.get('at')]).toEqual([
      '42.5',
      '96.30',
      '2026-11-24 09:00:00',
    ]);
    expect((sent.form.get('photos') as File).name).toBe('receipt.png');
  });

  it('sends a skipped stop with its reason, and a refused vehicle change request is reported with the message', async () => {
    const store = freshStore();
    await store.add({
      kind: 'action',
      key: 's1',
      action: { type: 'skip', tripId: 7, stopId: 102, reason: 'Road closed' },
      at: '2026-11-24 09:00:00',
    });
    await store.add({
      kind: 'report',
      key: 'v1',
      path: 'v1/driver/vehicle-requests',
      fields: { new_bus_id: '3' },
      at: '2026-11-24 09:01:00',
    });
    const server = fakeServer();
    const sent: SendRequest[] = [];
    const result = await flushOutbox(
      store,
      async (request) => {
        sent.push(request);
        if (request.path === 'v1/driver/vehicle-requests') {
          throw new ApiError(409, 'A request of yours is already waiting for a decision.');
        }
        return server.send(request);
      },
      actionPath,
    );
    expect(sent[0]).toEqual({
      key: 's1',
      path: 'v1/driver/stops/102/skip',
      body: { at: '2026-11-24 09:00:00', reason: 'Road closed' },
    });
    expect(result.sent).toBe(1);
    expect(result.refused.map((r) => r.message)).toEqual([
      'A request of yours is already waiting for a decision.',
    ]);
    expect(await store.count()).toBe(0);
  });

  it("keeps what waits on the device: a new start of the app finds it, each driver's apart", async () => {
    await idbStore('driver-1-5').add(action('a1', 'start'));
    expect((await idbStore('driver-1-5').list()).map((e) => e.key)).toEqual(['a1']);
    expect(await idbStore('driver-1-6').count()).toBe(0);
  });
});
