import { MESSAGES, toUtcString, type TAdminRow } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { TAuth } from '../../platform/sessions.ts';
import { tenantExists } from '../settings/queries.ts';
import {
  adminEmailInUse,
  archiveAdmin as archiveAdminRow,
  insertAdmin,
  listTenantAdmins,
  tenantOfAdmin,
  updateAdmin,
  type TAdminListRow,
  type TAdminValues,
} from './queries.ts';

const toAdminRow = (a: TAdminListRow): TAdminRow => ({
  id: a.id,
  fname: a.fname,
  lname: a.lname,
  email: a.email,
  tenant_id: a.tenantId,
  created_date: toUtcString(a.createdDate),
});

/**
 * The tenant whose admins a call manages: a tenant admin's own (any other was refused already), or
 * the one the super admin names; it must exist and not be archived.
 */
export async function adminTenantFor(
  db: Db,
  auth: TAuth,
  requested: number | null | undefined,
  adminId?: number,
): Promise<number> {
  let tenantId = auth.isSuperAdmin ? requested : auth.tenantId;
  // The spec's save and archive calls send only the admin's id: the super admin's target is its tenant.
  if (auth.isSuperAdmin && (tenantId === null || tenantId === undefined) && adminId !== undefined) {
    tenantId = await tenantOfAdmin(db, adminId);
    if (tenantId === undefined) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  }
  if (tenantId === null || tenantId === undefined)
    throw new AppError('BAD_REQUEST', 'tenant_id is required.');
  if (!(await tenantExists(db, tenantId))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return tenantId;
}

export async function adminsOf(db: Db, tenantId: number): Promise<TAdminRow[]> {
  return (await listTenantAdmins(db, tenantId)).map(toAdminRow);
}

async function adminById(db: Db, tenantId: number, id: number): Promise<TAdminRow> {
  const row = (await listTenantAdmins(db, tenantId)).find((a) => a.id === id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return toAdminRow(row);
}

export async function addAdmin(
  db: Db,
  tenantId: number,
  values: TAdminValues,
  password: string,
): Promise<TAdminRow> {
  if (await adminEmailInUse(db, values.email)) throw new AppError('CONFLICT', MESSAGES.driver.emailTaken);
  const { id } = await insertAdmin(db, tenantId, { ...values, passwordHash: await hashPassword(password) });
  return adminById(db, tenantId, id);
}

export async function saveAdmin(
  db: Db,
  tenantId: number,
  id: number,
  values: TAdminValues,
  password: string | null,
): Promise<TAdminRow> {
  if (await adminEmailInUse(db, values.email, id)) throw new AppError('CONFLICT', MESSAGES.driver.emailTaken);
  const row = await updateAdmin(db, tenantId, id, {
    ...values,
    ...(password ? { passwordHash: await hashPassword(password) } : {}),
  });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return adminById(db, tenantId, id);
}

export async function archiveAdmin(db: Db, auth: TAuth, tenantId: number, id: number): Promise<void> {
  if (id === auth.adminId) throw new AppError('BAD_REQUEST', MESSAGES.admin.cannotArchiveSelf);
  if (!(await archiveAdminRow(db, tenantId, id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
}
