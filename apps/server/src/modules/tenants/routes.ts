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
import { requireAuth } from '../../platform/auth.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { addTenant, archiveTenant, saveTenant, saveTenantSettings, tenantsList } from './service.ts';

const tags = ['Tenants'];
const errors = ERROR_RESPONSES;
const superOnly = { access: 'super' as const };

export const tenantRoutes: ModuleRoutes = async (app, { database: { db } }) => {
  app.get(
    '/api/tenant/get',
    {
      config: superOnly,
      schema: { tags, summary: 'Live tenants', response: { 200: ZEnvelope(z.array(ZTenantRow)), ...errors } },
    },
    async () => ok(await tenantsList(db)),
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
      const created = await addTenant(db, { name, type, isEnabledCrm: is_enabled_crm === 1 });
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
      const row = await saveTenant(db, id, {
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
      await archiveTenant(db, request.body.id);
      return ok(null, MESSAGES.tenant.deleted);
    },
  );

  app.post(
    '/api/tenant-settings/save-all',
    {
      // Tenant admins save their own settings (/settings); the super admin saves any tenant's (tenant dialog).
      config: { access: 'admin', superAdminAnyTenant: true },
      schema: {
        tags: ['Settings'],
        summary: "Save a tenant's settings (key/value pairs)",
        body: ZSettingsSaveAll,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const tenantId = auth.isSuperAdmin ? request.body.tenant_id : auth.tenantId;
      if (tenantId === undefined || tenantId === null)
        throw new AppError('BAD_REQUEST', 'tenant_id is required.');
      await saveTenantSettings(db, tenantId, request.body.data);
      return ok(null, MESSAGES.settings.updated);
    },
  );
};
