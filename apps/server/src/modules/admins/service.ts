import { MESSAGES, toUtcString, type TAdminRow } from '@fleet/contract';
import {
  emit,
  inTenant,
  inTransaction,
  type TServiceContext,
  type TTenantContext,
} from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { assertPasswordStrong, hashPassword } from '../../platform/passwords.ts';
import { requireAdmin, type TAdminPrincipal } from '../../platform/principal.ts';
import { endAdminSessions } from '../../platform/sessions.ts';
import { keysetChunks, zonedTime, type TListExportFile, type XlsxColumn } from '../../platform/xlsx.ts';
import { tenantExistsById, tenantProfile } from '../settings/service.ts';
import {
  adminEmailInUse,
  adminExportChunk,
  archiveAdmin as archiveAdminRow,
  insertAdmin,
  listTenantAdmins,
  tenantOfAdmin,
  updateAdmin,
  type TAdminExportRow,
  type TAdminListRow,
  type TAdminValues,
} from './queries.ts';

/*
 * Admins of a tenant (spec 000 "Admins"): a tenant admin manages their own tenant's, the super admin
 * any tenant's. The module's door: routes and other modules call these functions only.
 */

export type { TAdminValues };

const toAdminRow = (a: TAdminListRow): TAdminRow => ({
  id: a.id,
  fname: a.fname,
  lname: a.lname,
  email: a.email,
  tenant_id: a.tenantId,
  created_date: toUtcString(a.createdDate),
});

/** The admin acting: admins are managed by admins only (never by a driver, a device or a job). */
const actingAdmin = (ctx: TServiceContext): TAdminPrincipal => requireAdmin(ctx.actor);

/**
 * The tenant whose admins a call manages, as a context in it: a tenant admin's own (any other was
 * refused already), or the one the super admin names; it must exist and not be archived.
 */
export async function adminTenantFor(
  ctx: TServiceContext,
  requested: number | null | undefined,
  adminId?: number,
): Promise<TTenantContext> {
  const admin = actingAdmin(ctx);
  let tenantId = admin.kind === 'super_admin' ? requested : admin.tenantId;
  // The spec's save and archive calls send only the admin's id: the super admin's target is its tenant.
  if (
    admin.kind === 'super_admin' &&
    (tenantId === null || tenantId === undefined) &&
    adminId !== undefined
  ) {
    tenantId = await tenantOfAdmin(ctx.db, adminId);
    if (tenantId === undefined) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  }
  if (tenantId === null || tenantId === undefined)
    throw new AppError('BAD_REQUEST', MESSAGES.tenant.idRequired);
  if (!(await tenantExistsById(ctx.db, tenantId))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return inTenant(ctx, tenantId);
}

export async function adminsOf(ctx: TTenantContext): Promise<TAdminRow[]> {
  return (await listTenantAdmins(ctx.db, ctx.tenantId)).map(toAdminRow);
}

async function adminById(ctx: TTenantContext, id: number): Promise<TAdminRow> {
  const row = (await listTenantAdmins(ctx.db, ctx.tenantId)).find((a) => a.id === id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return toAdminRow(row);
}

/**
 * The checks an admin's values need beyond their shape: an e-mail no other live admin of this
 * tenant has (another tenant's admins are never consulted, so the answer reveals none of them), and
 * a password that is hard to guess and not made of the admin's e-mail, names or tenant's name.
 */
async function assertAdminValues(
  ctx: TTenantContext,
  values: TAdminValues,
  password: string | null,
  exceptId?: number,
) {
  if (await adminEmailInUse(ctx.db, ctx.tenantId, values.email, exceptId))
    throw new AppError('CONFLICT', MESSAGES.driver.emailTaken);
  if (password)
    await assertPasswordStrong(password, { ...values, tenantName: (await tenantProfile(ctx)).name });
}

export async function addAdmin(
  ctx: TTenantContext,
  values: TAdminValues,
  password: string,
): Promise<TAdminRow> {
  await assertAdminValues(ctx, values, password);
  const passwordHash = await hashPassword(password);
  const id = await inTransaction(ctx, async (tx) => {
    const inserted = await insertAdmin(tx.db, tx.tenantId, { ...values, passwordHash });
    emit(tx, 'admin.created', [inserted.id]);
    return inserted.id;
  });
  return adminById(ctx, id);
}

/**
 * Updates an admin; a new password ends all of their other sessions (all of them when another admin
 * sets it), in the same transaction as the new hash.
 */
export async function saveAdmin(
  ctx: TTenantContext,
  id: number,
  values: TAdminValues,
  password: string | null,
): Promise<TAdminRow> {
  const admin = actingAdmin(ctx);
  await assertAdminValues(ctx, values, password, id);
  const passwordHash = password ? await hashPassword(password) : undefined;
  const row = await inTransaction(ctx, async (tx) => {
    const updated = await updateAdmin(tx.db, tx.tenantId, id, {
      ...values,
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (!updated) return undefined;
    // An admin changing their own password stays signed in where they did it.
    if (passwordHash) await endAdminSessions(tx.db, id, id === admin.id ? admin.sessionId : undefined);
    emit(tx, 'admin.updated', [id]);
    return updated;
  });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return adminById(ctx, id);
}

/** Archives an admin of the tenant and ends their sessions; nobody archives themselves. */
export async function archiveAdmin(ctx: TTenantContext, id: number): Promise<void> {
  if (id === actingAdmin(ctx).id) throw new AppError('BAD_REQUEST', MESSAGES.admin.cannotArchiveSelf);
  await inTransaction(ctx, async (tx) => {
    if (!(await archiveAdminRow(tx.db, tx.tenantId, id)))
      throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    emit(tx, 'admin.archived', [id]);
  });
}

/**
 * The tenant's users as an `.xlsx` (`GET v1/admins/export`): the live admins the list shows for the
 * console's search (first and last name, e-mail), newest first, read in keyset chunks; the date
 * added in the tenant's time zone. Never a password or its hash.
 */
export async function adminExport(
  ctx: TTenantContext,
  search: string | undefined,
): Promise<TListExportFile<TAdminExportRow>> {
  const { timeZone } = await tenantProfile(ctx);
  const at = zonedTime(timeZone);
  const columns: XlsxColumn<TAdminExportRow>[] = [
    { header: 'ID', value: (a) => a.id, width: 8 },
    { header: 'First name', value: (a) => a.fname, width: 20 },
    { header: 'Last name', value: (a) => a.lname, width: 20 },
    { header: 'E-mail', value: (a) => a.email, width: 32 },
    { header: `Added (${timeZone})`, value: (a) => at(a.createdDate), width: 20 },
  ];
  return {
    fileName: 'Users.xlsx',
    columns,
    chunks: keysetChunks(
      (before: number | null, size) =>
        adminExportChunk(ctx.db, ctx.tenantId, search || undefined, before, size),
      (a) => a.id,
    ),
  };
}
