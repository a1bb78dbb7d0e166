import { queryOptions } from '@tanstack/react-query';
import {
  ZSettingItem,
  ZTenantTypeOption,
  ZUnit,
  type TSettingItem,
  type TSettingsSaveAll,
} from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { LOCAL_STORAGE_KEYS } from '../storage-keys';
import { api } from './client';
import { useChange } from './change';

/*
 * Tenant settings and the product's reference lists (default settings, currencies, units, tenant
 * types). TanStack Query owns them; for the signed-in tenant, local storage keeps a copy the spec asks
 * for (spec 000 §3) that also lets labels show the tenant's words at once after a reload.
 */

export const settingsKeys = {
  tenantAll: queryRoots.tenantSettings,
  /** The signed-in tenant's settings, copied to local storage. */
  tenant: (tenantId: number) => [...queryRoots.tenantSettings, tenantId] as const,
  /** Any tenant's settings as stored, read afresh (the super admin's tenant dialog). */
  stored: (tenantId: number) => [...queryRoots.tenantSettings, tenantId, 'stored'] as const,
  referenceList: (name: string) => [...queryRoots.referenceLists, name] as const,
};

const ZSettings = z.array(ZSettingItem);
const ZUnits = z.array(ZUnit);

function readCache<T>(key: string, schema: z.ZodType<T>): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the cache; the query still has the data.
  }
}

const SETTINGS_STALE_MS = 5 * 60_000;

/** A settings query whose answer is also kept in local storage under `storageKey`. */
function cachedQuery<T>(options: {
  queryKey: readonly unknown[];
  path: string;
  storageKey: string;
  schema: z.ZodType<T>;
  query?: Record<string, number>;
}) {
  const { queryKey, path, storageKey, schema, query } = options;
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<T> => {
      const data = await api.get(path, { schema, signal, query });
      writeCache(storageKey, data);
      return data;
    },
    initialData: () => readCache(storageKey, schema),
    // The cached copy shows at once but counts as stale, so it is refetched on first use.
    initialDataUpdatedAt: 0,
    staleTime: SETTINGS_STALE_MS,
  });
}

/** The signed-in tenant admin's own settings (the terms read them on every page). */
export const tenantSettingsQuery = (tenantId: number) =>
  cachedQuery({
    queryKey: settingsKeys.tenant(tenantId),
    path: 'tenant-settings/get-settings',
    storageKey: LOCAL_STORAGE_KEYS.tenantSettings(tenantId),
    schema: ZSettings,
    query: { tenant_id: tenantId },
  });

export const defaultSettingsQuery = () =>
  cachedQuery({
    queryKey: settingsKeys.referenceList('default-settings'),
    path: 'settings/get-default-settings',
    storageKey: LOCAL_STORAGE_KEYS.defaultSettings,
    schema: ZSettings,
  });

export const currenciesQuery = () =>
  cachedQuery({
    queryKey: settingsKeys.referenceList('currencies'),
    path: 'settings/get-currencies',
    storageKey: LOCAL_STORAGE_KEYS.currencies,
    schema: ZUnits,
  });

export const spaceUnitsQuery = () =>
  cachedQuery({
    queryKey: settingsKeys.referenceList('space-units'),
    path: 'settings/get-space-units',
    storageKey: LOCAL_STORAGE_KEYS.spaceUnits,
    schema: ZUnits,
  });

export const volumeUnitsQuery = () =>
  cachedQuery({
    queryKey: settingsKeys.referenceList('volume-units'),
    path: 'settings/get-volume-units',
    storageKey: LOCAL_STORAGE_KEYS.volumeUnits,
    schema: ZUnits,
  });

/** The tenant types a tenant can be (super admin). */
export const tenantTypesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.referenceList('tenant-types'),
    queryFn: ({ signal }) =>
      api.get('settings/get-tenant-types', { schema: z.array(ZTenantTypeOption), signal }),
    staleTime: 5 * 60_000,
  });

/** One tenant's stored settings, read afresh each time its dialog opens (super admin). */
export const storedTenantSettingsQuery = (tenantId: number) =>
  queryOptions({
    queryKey: settingsKeys.stored(tenantId),
    queryFn: ({ signal }) =>
      api.get('tenant-settings/get-settings', { schema: ZSettings, query: { tenant_id: tenantId }, signal }),
    staleTime: 0,
  });

/** `tenant-settings/save-all`; the super admin names the tenant, a tenant admin saves their own. */
export function useSaveTenantSettings() {
  return useChange('settings', ({ settings, tenantId }: { settings: TSettingItem[]; tenantId?: number }) =>
    api.post(
      'tenant-settings/save-all',
      (tenantId === undefined
        ? { data: settings }
        : { tenant_id: tenantId, data: settings }) satisfies TSettingsSaveAll,
    ),
  );
}
