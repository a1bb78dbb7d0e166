import { DEFAULT_SETTINGS, MESSAGES, type TSettingItem } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { TAuth } from '../../platform/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { listTenantSettings, tenantExists } from './queries.ts';

/**
 * The settings of the tenant a caller asks for: a tenant admin gets their own tenant's (the
 * tenant_id check has already refused any other), the super admin must name one.
 */
export async function tenantSettingsFor(
  db: Db,
  auth: TAuth,
  requested: number | undefined,
): Promise<TSettingItem[]> {
  const tenantId = requested ?? auth.tenantId;
  if (tenantId === null || tenantId === undefined) {
    throw new AppError('BAD_REQUEST', 'tenant_id is required.');
  }
  if (!(await tenantExists(db, tenantId))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return listTenantSettings(db, tenantId);
}

export const defaultSettings = (): TSettingItem[] =>
  Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value }));
