import { gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChangeEvent } from '@fleet/contract';
import { changeEvents } from '../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../test/app.ts';
import { emit, inTransaction, systemContext } from './context.ts';
import { createEventBus } from './events.ts';

let t: TestApp;
let delivery: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
});
afterAll(() => t.close());

describe('change events', () => {
  it('reach every listener of their type, and a failing listener harms neither the publisher nor the others', async () => {
    const bus = createEventBus();
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error('a broken listener');
    });
    bus.subscribe((e) => void heard.push(`all:${e.type}`));
    bus.subscribe((e) => void heard.push(`trips:${e.type}`), ['trip.updated']);
    const ctx = systemContext(t.database.db, bus.publish, 'test', DEMO.delivery.tenantId);
    await inTransaction(ctx, async (tx) => {
      emit(tx, 'trip.updated', [7]);
      emit(tx, 'driver.updated', [3]);
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual(['all:trip.updated', 'trips:trip.updated', 'all:driver.updated']);
  });

  it('are published only once the transaction commits, and never for one rolled back', async () => {
    const published: TChangeEvent[] = [];
    const ctx = systemContext(t.database.db, (e) => void published.push(e), 'test', DEMO.delivery.tenantId);
    await inTransaction(ctx, async (tx) => {
      await tx.db.execute(sql`select 1`);
      emit(tx, 'trip.updated', [1]);
      expect(published).toEqual([]);
    });
    expect(published.map((e) => [e.type, e.ids, e.tenant_id, e.actor])).toEqual([
      ['trip.updated', [1], DEMO.delivery.tenantId, { kind: 'system', id: null }],
    ]);
    await expect(
      inTransaction(ctx, async (tx) => {
        emit(tx, 'trip.archived', [2]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(published).toHaveLength(1);
  });

  it('are written to the change log by the transaction that makes the change, and only by one that commits', async () => {
    const ctx = systemContext(t.database.db, () => {}, 'test', DEMO.delivery.tenantId);
    const newest = async () =>
      (await t.database.db.select({ id: sql<number>`coalesce(max(id), 0)::int` }).from(changeEvents))[0]!.id;
    const before = await newest();
    await expect(
      inTransaction(ctx, async (tx) => {
        emit(tx, 'trip.archived', [2]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await newest()).toBe(before);
    await inTransaction(ctx, async (tx) => {
      emit(tx, 'trip.updated', [5]);
      // A nested call joins the transaction, and its events go with the outer one's.
      await inTransaction(tx, async (inner) => emit(inner, 'stop.updated', [6]));
    });
    const rows = await t.database.db
      .select()
      .from(changeEvents)
      .where(gt(changeEvents.id, before))
      .orderBy(changeEvents.id);
    expect(rows.map((r) => [r.type, r.ids, r.tenantId])).toEqual([
      ['trip.updated', [5], DEMO.delivery.tenantId],
      ['stop.updated', [6], DEMO.delivery.tenantId],
    ]);
    // Outside a transaction there is nothing to write an event with.
    // @ts-expect-error -- emit takes a transaction's context only
    expect(() => emit(ctx, 'trip.updated', [5])).toThrow();
  });

  it('name the record and the admin who changed it, after a trip type is added, saved and archived', async () => {
    const from = t.events.length;
    const added = await call(t, delivery, 'POST', '/api/type/add', { title: 'Night run', time_stop: 10 });
    const id = added.body.data.id as number;
    await call(t, delivery, 'POST', '/api/type/save', { id, title: 'Night round', time_stop: 12 });
    await call(t, delivery, 'POST', '/api/type/archive', { id });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const mine = t.events.slice(from);
    expect(mine.map((e) => [e.type, e.ids, e.tenant_id])).toEqual([
      ['trip_type.created', [id], DEMO.delivery.tenantId],
      ['trip_type.updated', [id], DEMO.delivery.tenantId],
      ['trip_type.archived', [id], DEMO.delivery.tenantId],
    ]);
    expect(mine.every((e) => e.actor.kind === 'tenant_admin' && typeof e.actor.id === 'number')).toBe(true);
    // A refused write announces nothing.
    await call(t, delivery, 'POST', '/api/type/save', { id: 999_999, title: 'Gone', time_stop: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.events.length).toBe(from + 3);
  });
});
