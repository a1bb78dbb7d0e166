import { queryOptions } from '@tanstack/react-query';
import { ZTenantRow, type TTenantAdd, type ZTenantSave } from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { api } from './client';
import { useChange } from './change';

/*
 * Tenants (super admin): the tenants screen, and the title of a tenant's admins screen.
 */

export const tenantKeys = {
  all: queryRoots.tenants,
  list: (search: string) => [...queryRoots.tenants, 'list', { search }] as const,
};

/** The tenants whose name matches the search; the list is small, so it is searched here. */
export const tenantListQuery = (search = '') =>
  queryOptions({
    queryKey: tenantKeys.list(search),
    queryFn: async ({ signal }) => {
      const rows = await api.get('tenant/get', { schema: z.array(ZTenantRow), signal });
      const needle = search.toLowerCase();
      return needle ? rows.filter((row) => row.name.toLowerCase().includes(needle)) : rows;
    },
  });

// Not in the contract yet: what `tenant/add` answers.
const ZTenantAdded = z.object({ id: z.number().int(), created_date: z.string() });

/** `tenant/add`; answers the new tenant's id. */
export function useAddTenant() {
  return useChange('tenant', (tenant: TTenantAdd) =>
    api.post('tenant/add', tenant, { schema: ZTenantAdded }),
  );
}

export function useSaveTenant() {
  return useChange('tenant', (tenant: z.input<typeof ZTenantSave>) => api.post('tenant/save', tenant));
}

export function useArchiveTenant() {
  return useChange('tenant', (id: number) => api.post('tenant/archive', { id }));
}
