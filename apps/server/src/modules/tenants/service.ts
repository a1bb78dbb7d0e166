import { MESSAGES, toUtcString, type TSettingItem, type TTenantRow } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { listCurrencies, listSpaceUnits, listVolumeUnits } from '../settings/queries.ts';
import { validateSettings } from '../settings/validate.ts';
import {
  archiveTenant as archiveTenantRow,
  insertTenant,
  listTenants,
  tenantTypeExists,
  updateTenant,
  upsertTenantSettings,
  type TTenantListRow,
  type TTenantValues,
} from './queries.ts';

const toTenantRow = (t: TTenantListRow): TTenantRow => ({
  id: t.id,
  name: t.name,
  type: t.type,
  is_enabled_crm: t.isEnabledCrm ? 1 : 0,
  created_date: toUtcString(t.createdDate),
  admin_count: Number(t.adminCount),
});

export async function tenantsList(db: Db): Promise<TTenantRow[]> {
  return (await listTenants(db)).map(toTenantRow);
}

async function assertType(db: Db, type: string) {
  if (!(await tenantTypeExists(db, type))) throw new AppError('BAD_REQUEST', MESSAGES.tenant.typeUnknown);
}

export async function addTenant(db: Db, values: TTenantValues) {
  await assertType(db, values.type);
  const row = await insertTenant(db, values);
  return { id: row.id, created_date: toUtcString(row.createdDate) };
}

export async function saveTenant(db: Db, id: number, values: Partial<TTenantValues>): Promise<TTenantRow> {
  if (values.type !== undefined) await assertType(db, values.type);
  if (!(await updateTenant(db, id, values))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  const [row] = await listTenants(db, id);
  return toTenantRow(row!);
}

/** Archiving a tenant ends its admins' sessions and blocks their sign-in. */
export async function archiveTenant(db: Db, id: number): Promise<void> {
  if (!(await archiveTenantRow(db, id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
}

export async function saveTenantSettings(db: Db, tenantId: number, items: TSettingItem[]): Promise<void> {
  if ((await listTenants(db, tenantId)).length === 0) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  const [currencies, spaceUnits, volumeUnits] = await Promise.all([
    listCurrencies(db),
    listSpaceUnits(db),
    listVolumeUnits(db),
  ]);
  validateSettings(items, {
    currencies: currencies.map((c) => c.name),
    spaceUnits: spaceUnits.map((u) => u.name),
    volumeUnits: volumeUnits.map((u) => u.name),
  });
  await upsertTenantSettings(db, tenantId, items);
}
