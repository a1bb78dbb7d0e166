import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from './app.ts';
import { databaseFingerprint } from './fingerprint.ts';
import { crossTenantReferences, tenantFingerprint } from './tenant-data.ts';

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

  it("reads a tenant's digests again after a write to that tenant's rows, and only then", async () => {
    const db = t.database.db;
    const a = await tenantFingerprint(db, DEMO.delivery.tenantId);
    const b = await tenantFingerprint(db, DEMO.namat.tenantId);
    expect(await tenantFingerprint(db, DEMO.delivery.tenantId)).toEqual(a);

    await db.execute(
      sql`update drivers set fname = fname || 'x' where id = (select min(driver_id) from trips where tenant_id = ${DEMO.namat.tenantId})`,
    );
    const a2 = await tenantFingerprint(db, DEMO.delivery.tenantId);
    const b2 = await tenantFingerprint(db, DEMO.namat.tenantId);
    expect(a2).toEqual(a);
    expect(b2.drivers).not.toBe(b.drivers);
    expect({ ...b2, drivers: b.drivers }).toEqual(b);

    // A row moved from one tenant to another changes both; a position (a partition's row) counts too.
    await db.execute(
      sql`update drivers set tenant_id = ${DEMO.delivery.tenantId} where id = (select min(driver_id) from trips where tenant_id = ${DEMO.namat.tenantId})`,
    );
    expect((await tenantFingerprint(db, DEMO.delivery.tenantId)).drivers).not.toBe(a.drivers);
    expect((await tenantFingerprint(db, DEMO.namat.tenantId)).drivers).not.toBe(b2.drivers);
    expect(await crossTenantReferences(db)).not.toEqual([]);
    await db.execute(
      sql`delete from driver_locations where ctid = (select ctid from driver_locations where tenant_id = ${DEMO.delivery.tenantId} limit 1)`,
    );
    expect((await tenantFingerprint(db, DEMO.delivery.tenantId)).driver_locations).not.toBe(
      a.driver_locations,
    );
  });
});
