import {
  RESPONSE_CODE,
  ZEnvelope,
  ZSettingItem,
  ZTenantIdQuery,
  ZTenantTypeOption,
  ZUnit,
} from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.ts';
import { callerContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ACCESS } from '../../platform/principal.ts';
import { ERROR_RESPONSES } from '../../platform/envelope.ts';
import {
  currencies,
  defaultSettings,
  settingsTenantFor,
  spaceUnits,
  tenantSettings,
  tenantTypes,
  volumeUnits,
} from './service.ts';

const tags = ['Settings'];
const ok = <T>(data: T) => ({ responseCode: RESPONSE_CODE.success, responseMessage: '', data });
const errors = ERROR_RESPONSES;

export const settingsRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const settingsOf = async (request: FastifyRequest, tenantId: number | undefined) =>
    ok(
      await tenantSettings(
        await settingsTenantFor(callerContext(request, deps), requireAuth(request), tenantId),
      ),
    );
  const settingsSchema = { tags, response: { 200: ZEnvelope(z.array(ZSettingItem)), ...errors } };
  const settingsConfig = { access: ACCESS.admins, superAdminAnyTenant: true };

  app.get(
    '/api/tenant-settings/get-settings',
    {
      config: settingsConfig,
      schema: { ...settingsSchema, summary: "A tenant's settings (key/value)", querystring: ZTenantIdQuery },
    },
    async (request) => settingsOf(request, request.query.tenant_id),
  );

  app.post(
    '/api/tenant-settings/get-settings',
    {
      config: settingsConfig,
      schema: {
        ...settingsSchema,
        summary: "A tenant's settings (key/value), tenant_id in the body",
        body: ZTenantIdQuery.optional(),
      },
    },
    async (request) => settingsOf(request, request.body?.tenant_id),
  );

  const list = <T extends z.ZodType>(
    url: string,
    summary: string,
    item: T,
    load: () => Promise<z.output<T>[]>,
  ) =>
    app.get(
      url,
      {
        config: { access: ACCESS.admins },
        schema: { tags, summary, response: { 200: ZEnvelope(z.array(item)), ...errors } },
      },
      async () => ok(await load()),
    );

  list(
    '/api/settings/get-default-settings',
    'Default values of the tenant settings',
    ZSettingItem,
    async () => defaultSettings(),
  );
  list('/api/settings/get-currencies', 'Currencies', ZUnit, () => currencies(db));
  list('/api/settings/get-space-units', 'Distance units', ZUnit, () => spaceUnits(db));
  list('/api/settings/get-volume-units', 'Volume units', ZUnit, () => volumeUnits(db));
  list('/api/settings/get-tenant-types', 'Tenant types', ZTenantTypeOption, () => tenantTypes(db));
};
