import { asc, eq } from 'drizzle-orm';
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
