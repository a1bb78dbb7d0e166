import { useMemo } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ZSettingItem, ZUnit, termsFromSettings, type TTerms } from '@fleet/contract';
import { z } from 'zod';
import { api } from './api';
import { isSuperAdmin, useSession, type TStoredSession } from './session';
import { LOCAL_STORAGE_KEYS } from './storage-keys';

/*
 * Tenant settings and unit lists. TanStack Query owns them; local storage is a copy the spec asks
 * for (spec 000 §3) that also lets labels show the tenant's words at once after a reload.
 */

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

export const tenantSettingsQuery = (tenantId: number) =>
  cachedQuery({
    queryKey: ['tenant-settings', tenantId],
    path: 'tenant-settings/get-settings',
    storageKey: LOCAL_STORAGE_KEYS.tenantSettings(tenantId),
    schema: ZSettings,
    query: { tenant_id: tenantId },
  });

export const defaultSettingsQuery = () =>
  cachedQuery({
    queryKey: ['settings', 'default-settings'],
    path: 'settings/get-default-settings',
    storageKey: LOCAL_STORAGE_KEYS.defaultSettings,
    schema: ZSettings,
  });

export const currenciesQuery = () =>
  cachedQuery({
    queryKey: ['settings', 'currencies'],
    path: 'settings/get-currencies',
    storageKey: LOCAL_STORAGE_KEYS.currencies,
    schema: ZUnits,
  });

export const spaceUnitsQuery = () =>
  cachedQuery({
    queryKey: ['settings', 'space-units'],
    path: 'settings/get-space-units',
    storageKey: LOCAL_STORAGE_KEYS.spaceUnits,
    schema: ZUnits,
  });

export const volumeUnitsQuery = () =>
  cachedQuery({
    queryKey: ['settings', 'volume-units'],
    path: 'settings/get-volume-units',
    storageKey: LOCAL_STORAGE_KEYS.volumeUnits,
    schema: ZUnits,
  });

/** Only tenant admins load tenant settings; the super admin has no tenant (spec 000 §6). */
const settingsTenantId = (session: TStoredSession | null): number | null =>
  session && !isSuperAdmin(session) && session.tenant_id !== null ? session.tenant_id : null;

/** Starts loading a tenant admin's settings and unit lists right after sign-in. */
export function prefetchTenantSettings(queryClient: QueryClient, session: TStoredSession): void {
  const tenantId = settingsTenantId(session);
  if (tenantId === null) return;
  void queryClient.prefetchQuery(tenantSettingsQuery(tenantId));
  void queryClient.prefetchQuery(defaultSettingsQuery());
  void queryClient.prefetchQuery(currenciesQuery());
  void queryClient.prefetchQuery(spaceUnitsQuery());
  void queryClient.prefetchQuery(volumeUnitsQuery());
}

/** The current tenant's vocabulary: `{driver term}` in the spec is `useTerms().driver`. */
export function useTerms(): TTerms {
  const session = useSession();
  const tenantId = settingsTenantId(session);
  const enabled = tenantId !== null;
  const tenantSettings = useQuery({ ...tenantSettingsQuery(tenantId ?? 0), enabled });
  const defaults = useQuery({ ...defaultSettingsQuery(), enabled });
  const currencies = useQuery({ ...currenciesQuery(), enabled });
  const spaceUnits = useQuery({ ...spaceUnitsQuery(), enabled });
  const volumeUnits = useQuery({ ...volumeUnitsQuery(), enabled });
  const tenantType = session?.tenant_type ?? null;

  return useMemo(
    () =>
      termsFromSettings({
        settings: (enabled && tenantSettings.data) || [],
        defaults: defaults.data ?? [],
        tenantType,
        currencies: currencies.data ?? [],
        spaceUnits: spaceUnits.data ?? [],
        volumeUnits: volumeUnits.data ?? [],
      }),
    [
      enabled,
      tenantSettings.data,
      defaults.data,
      tenantType,
      currencies.data,
      spaceUnits.data,
      volumeUnits.data,
    ],
  );
}
