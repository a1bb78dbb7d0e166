import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverLocations } from '../../db/schema/index.ts';
import { systemActor } from '../../platform/principal.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { maintainPositionPartitions } from './service.ts';

/**
 * `driver_locations` is partitioned by UTC day of the fix: the job makes the days of the retention
 * window and the week ahead, leaves a day whose rows already sit in the default partition there, and
 * drops what the retention no longer keeps. On the embedded database and on PostgreSQL alike.
 */

let t: TestApp;
let driverId: number;
const tenantId = DEMO.delivery.tenantId;
beforeAll(async () => {
  t = await createTestApp();
  driverId = (
    await rows<{ id: number }>(sql`select id from drivers where tenant_id = ${tenantId} limit 1`)
  )[0]!.id;
});
afterAll(() => t.close());

async function rows<T>(query: SQL): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
const ctx = () => ({ db: t.database.db, actor: systemActor('test'), publish: () => {} });
const partitions = async () =>
  (
    await rows<{ name: string }>(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          join pg_class p on p.oid = i.inhparent where p.relname = 'driver_locations' order by 1`,
    )
  ).map((r) => r.name);
const insert = (recordedAt: string, lat = 25) =>
  t.database.db
    .insert(driverLocations)
    .values({ tenantId, driverId, lat, lon: 55, recordedAt: new Date(recordedAt), source: 'app' });
const partitionOf = async (recordedAt: string) =>
  (
    await rows<{ part: string }>(
      sql`select tableoid::regclass::text as part from driver_locations
          where driver_id = ${driverId} and recorded_at = ${recordedAt}::timestamptz`,
    )
  )[0]?.part;

const NOW = new Date('2030-06-15T10:00:00Z');

describe('position partitions', () => {
  it('makes a partition for each day of the retention and the week ahead, leaving a day with rows in the default partition there', async () => {
    // A fix of 12 June arrived before its day had a partition: it stays in the default partition.
    await insert('2030-06-12T08:00:00Z');
    const work = await maintainPositionPartitions(ctx(), { retentionDays: 5, now: NOW });
    expect(work.created).toEqual([
      '2030-06-10',
      '2030-06-11',
      '2030-06-13',
      '2030-06-14',
      '2030-06-15',
      '2030-06-16',
      '2030-06-17',
      '2030-06-18',
      '2030-06-19',
      '2030-06-20',
      '2030-06-21',
      '2030-06-22',
    ]);
    expect(await partitions()).toEqual(
      expect.arrayContaining([
        'driver_locations_default',
        'driver_locations_p20300610',
        'driver_locations_p20300622',
      ]),
    );
    expect(await partitions()).not.toContain('driver_locations_p20300612');

    // New fixes go to their day's partition; the day without one keeps using the default partition.
    await insert('2030-06-15T09:59:00Z');
    await insert('2030-06-12T09:00:00Z');
    expect(await partitionOf('2030-06-15T09:59:00Z')).toBe('driver_locations_p20300615');
    expect(await partitionOf('2030-06-12T09:00:00Z')).toBe('driver_locations_default');

    // A second run has nothing to do.
    expect(await maintainPositionPartitions(ctx(), { retentionDays: 5, now: NOW })).toEqual({
      created: [],
      dropped: [],
      deletedFromDefault: 0,
    });
  });

  it('starts every index of every partition with tenant_id', async () => {
    const indexes = await rows<{ table: string; index: string; first: string }>(
      sql`select c.relname as table, ic.relname as index, a.attname as first
          from pg_inherits i
          join pg_class p on p.oid = i.inhparent and p.relname = 'driver_locations'
          join pg_class c on c.oid = i.inhrelid
          join pg_index x on x.indrelid = c.oid
          join pg_class ic on ic.oid = x.indexrelid
          join pg_attribute a on a.attrelid = c.oid and a.attnum = x.indkey[0]`,
    );
    expect(indexes.length).toBeGreaterThan(20);
    expect(indexes.filter((i) => i.first !== 'tenant_id')).toEqual([]);
  });

  it('drops the partitions wholly older than the retention, and older rows of the default partition', async () => {
    const later = new Date('2030-06-19T10:00:00Z');
    const work = await maintainPositionPartitions(ctx(), { retentionDays: 5, now: later });
    // The cut is 14 June 10:00: the days before it go whole, 14 June itself is kept.
    expect(work.dropped.sort()).toEqual(['2030-06-10', '2030-06-11', '2030-06-13']);
    expect(work.created).toEqual(['2030-06-23', '2030-06-24', '2030-06-25', '2030-06-26']);
    expect(work.deletedFromDefault).toBe(2);
    expect(await partitionOf('2030-06-12T09:00:00Z')).toBeUndefined();
    expect(await partitionOf('2030-06-15T09:59:00Z')).toBe('driver_locations_p20300615');
  });

  it('runs once across processes: runs at the same time make each partition once and do not fail', async () => {
    const at = new Date('2030-07-10T00:00:00Z');
    const runs = await Promise.all(
      [1, 2, 3].map(() => maintainPositionPartitions(ctx(), { retentionDays: 3, now: at })),
    );
    const created = runs.flatMap((r) => r.created).sort();
    expect(created).toEqual([...new Set(created)]);
    const names = await partitions();
    for (const day of ['20300707', '20300710', '20300717'])
      expect(names).toContain(`driver_locations_p${day}`);
  });
});
