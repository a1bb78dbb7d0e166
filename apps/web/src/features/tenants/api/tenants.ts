import { queryOptions } from '@tanstack/react-query';
import { ZSettingItem, ZTenantRow, ZTenantTypeOption, type TTenantAdd } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const TENANTS_KEY = ['tenants'] as const;

export const fetchTenants = (signal?: AbortSignal) =>
  api.get('tenant/get', { schema: z.array(ZTenantRow), signal });

export const tenantsQuery = () =>
  queryOptions({ queryKey: TENANTS_KEY, queryFn: ({ signal }) => fetchTenants(signal) });

export const tenantTypesQuery = () =>
  queryOptions({
    queryKey: ['settings', 'tenant-types'],
    queryFn: ({ signal }) =>
      api.get('settings/get-tenant-types', { schema: z.array(ZTenantTypeOption), signal }),
    staleTime: 5 * 60_000,
  });

/** One tenant's stored settings, read afresh each time its dialog opens. */
export const tenantSettingsOfQuery = (tenantId: number) =>
  queryOptions({
    queryKey: ['tenants', tenantId, 'settings'],
    queryFn: ({ signal }) =>
      api.get('tenant-settings/get-settings', {
        schema: z.array(ZSettingItem),
        query: { tenant_id: tenantId },
        signal,
      }),
    staleTime: 0,
  });

const ZAdded = z.object({ id: z.number().int(), created_date: z.string() });

export const addTenant = (tenant: TTenantAdd) => api.post('tenant/add', tenant, { schema: ZAdded });
export const saveTenant = (tenant: TTenantAdd & { id: number }) => api.post('tenant/save', tenant);
export const archiveTenant = (id: number) => api.post('tenant/archive', { id });
