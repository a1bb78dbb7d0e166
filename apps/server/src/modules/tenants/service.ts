import { MESSAGES, toUtcString, type TSettingItem, type TTenantRow } from '@fleet/contract';
import { emit, inTransaction, inTenant, type TServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireAdmin } from '../../platform/principal.ts';
import { seedMaintenanceTypes } from '../maintenance/service.ts';
import { saveTenantSettings, tenantTypes } from '../settings/service.ts';
import {
  archiveTenant as archiveTenantRow,
  insertTenant,
  listTenants,
  updateTenant,
  type TTenantListRow,
  type TTenantValues,
} from './queries.ts';

/*
 * Tenants (spec 000 "Tenants"): the super admin's registry of organisations. The module's door:
 * routes and other modules call these functions only. Events name the tenant itself, so their
 * `tenant_id` is the tenant's id.
 */

export type { TTenantValues };

const toTenantRow = (t: TTenantListRow): TTenantRow => ({
  id: t.id,
  name: t.name,
  type: t.type,
  is_enabled_crm: t.isEnabledCrm ? 1 : 0,
  created_date: toUtcString(t.createdDate),
  admin_count: Number(t.adminCount),
});

export async function tenantsList(ctx: TServiceContext): Promise<TTenantRow[]> {
  return (await listTenants(ctx.db)).map(toTenantRow);
}

/** A tenant's type must be one of the reference list's (settings module). */
async function assertType(ctx: TServiceContext, type: string) {
  if (!(await tenantTypes(ctx.db)).some((t) => t.value === type))
    throw new AppError('BAD_REQUEST', MESSAGES.tenant.typeUnknown);
}

export async function addTenant(
  ctx: TServiceContext,
  values: TTenantValues,
): Promise<{ id: number; created_date: string }> {
  await assertType(ctx, values.type);
  const row = await inTransaction(ctx, async (tx) => {
    const inserted = await insertTenant(tx.db, values);
    await seedMaintenanceTypes(tx.db, inserted.id);
    emit(tx, 'tenant.created', [inserted.id], inserted.id);
    return inserted;
  });
  return { id: row.id, created_date: toUtcString(row.createdDate) };
}

export async function saveTenant(
  ctx: TServiceContext,
  id: number,
  values: Partial<TTenantValues>,
): Promise<TTenantRow> {
  if (values.type !== undefined) await assertType(ctx, values.type);
  await inTransaction(ctx, async (tx) => {
    if (!(await updateTenant(tx.db, id, values))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    emit(tx, 'tenant.updated', [id], id);
  });
  const [row] = await listTenants(ctx.db, id);
  return toTenantRow(row!);
}

/** Archiving a tenant ends its admins' sessions and blocks their sign-in. */
export async function archiveTenant(ctx: TServiceContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await archiveTenantRow(tx.db, id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    emit(tx, 'tenant.archived', [id], id);
  });
}

/**
 * Saves the settings of a live tenant: a tenant admin's own (any other was refused already), or the
 * one the super admin names. The settings module checks and writes them.
 */
export async function saveSettingsOfTenant(
  ctx: TServiceContext,
  requested: number | null | undefined,
  items: TSettingItem[],
): Promise<void> {
  const admin = requireAdmin(ctx.actor);
  const tenantId = admin.kind === 'super_admin' ? requested : admin.tenantId;
  if (tenantId === undefined || tenantId === null)
    throw new AppError('BAD_REQUEST', MESSAGES.tenant.idRequired);
  if ((await listTenants(ctx.db, tenantId)).length === 0)
    throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  await saveTenantSettings(inTenant(ctx, tenantId), items);
}
