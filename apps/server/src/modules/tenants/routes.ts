import {
  MESSAGES,
  ZEnvelope,
  ZIdBody,
  ZSettingsSaveAll,
  ZTenantAdd,
  ZTenantRow,
  ZTenantSave,
} from '@fleet/contract';
import { z } from 'zod';
import { callerContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ACCESS } from '../../platform/principal.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { addTenant, archiveTenant, saveSettingsOfTenant, saveTenant, tenantsList } from './service.ts';

const tags = ['Tenants'];
const errors = ERROR_RESPONSES;
const superOnly = { access: ACCESS.superAdmin };

export const tenantRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/api/tenant/get',
    {
      config: superOnly,
      schema: { tags, summary: 'Live tenants', response: { 200: ZEnvelope(z.array(ZTenantRow)), ...errors } },
    },
    async (request) => ok(await tenantsList(callerContext(request, deps))),
  );

  app.post(
    '/api/tenant/add',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Add a tenant',
        body: ZTenantAdd,
        response: { 200: ZEnvelope(z.object({ id: z.number().int(), created_date: z.string() })), ...errors },
      },
    },
    async (request) => {
      const { name, type, is_enabled_crm } = request.body;
      const created = await addTenant(callerContext(request, deps), {
        name,
        type,
        isEnabledCrm: is_enabled_crm === 1,
      });
      return ok(created, MESSAGES.tenant.added);
    },
  );

  app.post(
    '/api/tenant/save',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Update a tenant',
        body: ZTenantSave,
        response: { 200: ZEnvelope(ZTenantRow), ...errors },
      },
    },
    async (request) => {
      const { id, name, type, is_enabled_crm } = request.body;
      const row = await saveTenant(callerContext(request, deps), id, {
        name,
        type,
        ...(is_enabled_crm === undefined ? {} : { isEnabledCrm: is_enabled_crm === 1 }),
      });
      return ok(row, MESSAGES.tenant.updated);
    },
  );

  app.post(
    '/api/tenant/archive',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Delete (archive) a tenant: its admins are signed out and can no longer sign in',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await archiveTenant(callerContext(request, deps), request.body.id);
      return ok(null, MESSAGES.tenant.deleted);
    },
  );

  app.post(
    '/api/tenant-settings/save-all',
    {
      // Tenant admins save their own settings (/settings); the super admin saves any tenant's (tenant dialog).
      config: { access: ACCESS.admins, superAdminAnyTenant: true },
      schema: {
        tags: ['Settings'],
        summary: "Save a tenant's settings (key/value pairs)",
        body: ZSettingsSaveAll,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await saveSettingsOfTenant(callerContext(request, deps), request.body.tenant_id, request.body.data);
      return ok(null, MESSAGES.settings.updated);
    },
  );
};
