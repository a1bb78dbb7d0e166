import { useMemo } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { termsFromSettings, type TTerms } from '@fleet/contract';
import {
  currenciesQuery,
  defaultSettingsQuery,
  spaceUnitsQuery,
  tenantSettingsQuery,
  volumeUnitsQuery,
} from './api/settings';
import { isSuperAdmin, useSession, type TStoredSession } from './session';

/*
 * The tenant's words, from its settings and the unit lists (their queries: `api/settings.ts`).
 */

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
