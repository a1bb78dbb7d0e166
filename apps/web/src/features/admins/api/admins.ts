import { queryOptions } from '@tanstack/react-query';
import { ZAdminRow, type TAdminAdd, type TAdminSave } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Admin calls for the tenant's own users (/admins) and for the admins of a tenant the super admin
 * manages (/tenant/{id}/admins): the same calls, the second naming the tenant.
 */

export const adminKeys = {
  all: queryRoots.admins,
  /** The admins of the own tenant (no id) or of `tenantId`, matching the search. */
  list: (search: string, tenantId?: number) =>
    [...queryRoots.admins, 'list', { search, tenantId: tenantId ?? null }] as const,
};

/** The users list's .xlsx export: the same search, `tenant_id` for the super admin (`GET v1/admins/export`). */
export const ADMINS_EXPORT_PATH = 'v1/admins/export';

/** Admins of the own tenant, or of `tenantId`; the server has no search, so it filters here. */
export const adminListQuery = (search: string, tenantId?: number) =>
  queryOptions({
    queryKey: adminKeys.list(search, tenantId),
    queryFn: async ({ signal }) => {
      const rows = await api.get('admin/get-admins', {
        schema: z.array(ZAdminRow),
        query: { tenant_id: tenantId },
        signal,
      });
      const needle = search.toLowerCase();
      return needle
        ? rows.filter((a) => `${a.fname} ${a.lname} ${a.email}`.toLowerCase().includes(needle))
        : rows;
    },
  });

/** `admin/add-admin`, or `admin/save` with the admin's id (a null password keeps the current one). */
export function useSaveAdmin() {
  return useChange('admin', (body: TAdminAdd | TAdminSave) =>
    'id' in body ? api.post('admin/save', body) : api.post('admin/add-admin', body),
  );
}

export function useArchiveAdmin() {
  return useChange('admin', (id: number) => api.post('admin/archive', { id }));
}
