import { ZAdminRow } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api';

/*
 * Admin calls for the tenant's own users (/admins) and for the admins of a tenant the super admin
 * manages (/tenant/{id}/admins): the same calls, the second naming the tenant.
 */

export const ADMINS_QUERY_KEY = ['admins'] as const;
export const tenantAdminsKey = (tenantId: number) => ['tenant-admins', tenantId] as const;

/** What the admin dialog sends; on update a null password keeps the current one. */
export interface TAdminValues {
  email: string;
  fname: string;
  lname: string;
  password: string | null;
}

const forTenant = <T extends object>(body: T, tenantId: number | undefined) =>
  tenantId === undefined ? body : { ...body, tenant_id: tenantId };

/** Admins of the own tenant, or of `tenantId`; the server has no search, so it filters here. */
export async function fetchAdmins(search: string, signal?: AbortSignal, tenantId?: number) {
  const rows = await api.get('admin/get-admins', {
    schema: z.array(ZAdminRow),
    query: { tenant_id: tenantId },
    signal,
  });
  const needle = search.toLowerCase();
  return needle
    ? rows.filter((a) => `${a.fname} ${a.lname} ${a.email}`.toLowerCase().includes(needle))
    : rows;
}

export const addAdmin = (values: TAdminValues, tenantId?: number) =>
  api.post('admin/add-admin', forTenant(values, tenantId));
export const saveAdmin = (id: number, values: TAdminValues, tenantId?: number) =>
  api.post('admin/save', forTenant({ ...values, id }, tenantId));
export const archiveAdmin = (id: number) => api.post('admin/archive', { id });
