import { useQuery } from '@tanstack/react-query';
import { defaultSettingsQuery, tenantSettingsQuery } from './api/settings';
import { useSession } from './session';
import { settingsToForm } from './tenant-settings';

/**
 * The tenant's time zone (its settings, else the product's default): the wall clock of order windows
 * and shifts, and the day that is "today" for the plan.
 */
export function useTenantTimeZone(): string {
  const session = useSession();
  const tenantId = session?.tenant_id ?? null;
  const settings = useQuery({ ...tenantSettingsQuery(tenantId ?? 0), enabled: tenantId !== null });
  const defaults = useQuery(defaultSettingsQuery());
  return settingsToForm(settings.data ?? [], { defaults: defaults.data }).time_zone;
}
