import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './app.ts';
import { databaseFingerprint } from './fingerprint.ts';

/*
 * The walks that prove a refused request changed nothing (fuzz, tenant isolation, input safety) are
 * only as good as the fingerprint they compare: it must move with every committed write and stay
 * with a rolled-back one.
 */
describe('databaseFingerprint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("moves with a committed update or delete, a partitioned table's rows too, and only for that table", async () => {
    const db = t.database.db;
    const start = await databaseFingerprint(db);
    expect(Object.keys(start)).toEqual(expect.arrayContaining(['drivers', 'trips', 'driver_locations']));
    expect(Object.keys(start)).not.toContain('sessions');

    await db.execute(sql`update drivers set fname = fname || '' where id = (select min(id) from drivers)`);
    const updated = await databaseFingerprint(db);
    expect(updated.drivers).not.toBe(start.drivers);
    expect({ ...updated, drivers: start.drivers }).toEqual(start);

    await db.execute(
      sql`delete from driver_locations where ctid = (select ctid from driver_locations limit 1)`,
    );
    const deleted = await databaseFingerprint(db);
    expect(deleted.driver_locations).not.toBe(updated.driver_locations);
  });

  it('stays the same when the writes are rolled back, or when nothing matches', async () => {
    const db = t.database.db;
    const before = await databaseFingerprint(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`delete from trips where id = (select min(id) from trips)`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.execute(sql`update drivers set fname = 'x' where id = -1`);
    expect(await databaseFingerprint(db)).toEqual(before);
  });
});
