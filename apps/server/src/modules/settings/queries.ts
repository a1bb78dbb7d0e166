import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  currencies,
  spaceUnits,
  tenants,
  tenantSettings,
  tenantTypes,
  volumeUnits,
} from '../../db/schema/index.ts';

export async function tenantExists(db: Db, tenantId: number): Promise<boolean> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return Boolean(row);
}

export const listTenantSettings = (db: Db, tenantId: number) =>
  db
    .select({ key: tenantSettings.key, value: tenantSettings.value })
    .from(tenantSettings)
    .where(eq(tenantSettings.tenantId, tenantId))
    .orderBy(asc(tenantSettings.key));

/** Live tenants whose `key` setting holds `value`, by id. */
export async function listTenantsWithSetting(db: Db, key: string, value: string): Promise<number[]> {
  const rows = await db
    .select({ id: tenantSettings.tenantId })
    .from(tenantSettings)
    .innerJoin(tenants, eq(tenants.id, tenantSettings.tenantId))
    .where(and(eq(tenantSettings.key, key), eq(tenantSettings.value, value), eq(tenants.archived, false)))
    .orderBy(asc(tenantSettings.tenantId));
  return rows.map((r) => r.id);
}

export const listCurrencies = (db: Db) =>
  db
    .select({ id: currencies.id, name: currencies.name, symbol: currencies.symbol })
    .from(currencies)
    .orderBy(asc(currencies.id));

export const listSpaceUnits = (db: Db) =>
  db
    .select({ id: spaceUnits.id, name: spaceUnits.name, symbol: spaceUnits.symbol })
    .from(spaceUnits)
    .orderBy(asc(spaceUnits.id));

export const listVolumeUnits = (db: Db) =>
  db
    .select({ id: volumeUnits.id, name: volumeUnits.name, symbol: volumeUnits.symbol })
    .from(volumeUnits)
    .orderBy(asc(volumeUnits.id));

export const listTenantTypes = (db: Db) => db.select().from(tenantTypes).orderBy(asc(tenantTypes.id));

export async function tenantNameAndType(db: Db, tenantId: number) {
  const [row] = await db
    .select({ name: tenants.name, type: tenants.type })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return row;
}

/** Writes the given settings of a tenant (insert or replace, key by key) in one statement. */
export async function upsertTenantSettings(
  db: Db,
  tenantId: number,
  items: { key: string; value: string }[],
) {
  if (items.length === 0) return;
  await db
    .insert(tenantSettings)
    .values(items.map((i) => ({ tenantId, key: i.key, value: i.value })))
    .onConflictDoUpdate({
      target: [tenantSettings.tenantId, tenantSettings.key],
      set: { value: sql`excluded.value` },
    });
}
