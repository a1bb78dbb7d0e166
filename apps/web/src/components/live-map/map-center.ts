import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_MAP_CENTER } from '@fleet/contract';
import { defaultSettingsQuery, tenantSettingsQuery } from '../../lib/api/settings';
import { isSuperAdmin, useSession } from '../../lib/session';
import { settingsToForm } from '../../lib/tenant-settings';
import { placePoint } from '../place-picker/place';
import type { TMapPoint } from './types';

/**
 * Where the tenant's maps open: its location setting (lat, lon), else the spec's default centre
 * (spec 000 §9). Apart from the map module so a page can read it without loading MapLibre.
 */
export function useTenantMapCenter(): TMapPoint {
  const session = useSession();
  const tenantId = session && !isSuperAdmin(session) ? session.tenant_id : null;
  const enabled = tenantId !== null;
  const settings = useQuery({ ...tenantSettingsQuery(tenantId ?? 0), enabled });
  const defaults = useQuery({ ...defaultSettingsQuery(), enabled });
  const point = placePoint(settingsToForm(settings.data ?? [], { defaults: defaults.data }).place);
  const lat = point?.lat ?? DEFAULT_MAP_CENTER.lat;
  const lon = point?.lon ?? DEFAULT_MAP_CENTER.lon;
  return useMemo(() => ({ lat, lon }), [lat, lon]);
}
