import {
  MESSAGES,
  ZAdminAdd,
  ZAdminRow,
  ZAdminSave,
  ZEnvelope,
  ZSearchExportQuery,
  ZTenantScopeQuery,
  zId,
} from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ACCESS } from '../../platform/principal.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { registerListExport } from '../../platform/xlsx.ts';
import { addAdmin, adminExport, adminsOf, adminTenantFor, archiveAdmin, saveAdmin } from './service.ts';

const tags = ['Admins'];
const errors = ERROR_RESPONSES;
// Tenant admins manage their own tenant's users; the super admin manages any tenant's (/tenant/{id}/admins).
const config = { access: ACCESS.admins, superAdminAnyTenant: true };

export const adminRoutes: ModuleRoutes = async (app, deps) => {
  /** The context of the tenant whose admins the caller manages (`tenant_id`, or the admin's own tenant). */
  const tenantOf = (request: FastifyRequest, requested: number | null | undefined, adminId?: number) =>
    adminTenantFor(callerContext(request, deps), requested, adminId);
  const listSchema = {
    tags,
    querystring: ZTenantScopeQuery,
    response: { 200: ZEnvelope(z.array(ZAdminRow)), ...errors },
  };
  app.get(
    '/api/admin/get-admins',
    { config, schema: { ...listSchema, summary: 'Admins of a tenant' } },
    async (request) => ok(await adminsOf(await tenantOf(request, request.query.tenant_id))),
  );
  app.post(
    '/api/admin/get-admins',
    {
      config,
      schema: { ...listSchema, body: z.object({}).passthrough().nullish(), summary: 'Admins of a tenant' },
    },
    async (request) => ok(await adminsOf(await tenantOf(request, request.query.tenant_id))),
  );

  app.post(
    '/api/admin/add-admin',
    {
      config,
      schema: {
        tags,
        summary: 'Add an admin to a tenant',
        body: ZAdminAdd,
        response: { 200: ZEnvelope(ZAdminRow), ...errors },
      },
    },
    async (request) => {
      const { email, fname, lname, password, tenant_id } = request.body;
      const ctx = await tenantOf(request, tenant_id);
      return ok(await addAdmin(ctx, { email, fname, lname }, password), MESSAGES.admin.added);
    },
  );

  app.post(
    '/api/admin/save',
    {
      config,
      schema: {
        tags,
        summary:
          'Update an admin (a null password keeps the current one; a new one ends their other sessions)',
        body: ZAdminSave,
        response: { 200: ZEnvelope(ZAdminRow), ...errors },
      },
    },
    async (request) => {
      const { id, email, fname, lname, password, tenant_id } = request.body;
      const ctx = await tenantOf(request, tenant_id, id);
      return ok(await saveAdmin(ctx, id, { email, fname, lname }, password), MESSAGES.admin.updated);
    },
  );

  app.post(
    '/api/admin/archive',
    {
      config,
      schema: {
        tags,
        summary: 'Delete (archive) an admin and end their sessions',
        body: z.object({ id: zId('id'), tenant_id: zId('tenant_id').optional() }),
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const ctx = await tenantOf(request, request.body.tenant_id, request.body.id);
      await archiveAdmin(ctx, request.body.id);
      return ok(null, MESSAGES.admin.deleted);
    },
  );

  registerListExport(app, {
    url: '/api/v1/admins/export',
    tag: 'Admins',
    summary:
      "The tenant's users (admins) of the list as an .xlsx file, matching `search` (name or e-mail), newest first; the super admin names the tenant with `tenant_id`",
    config,
    querystring: ZSearchExportQuery.extend(ZTenantScopeQuery.shape),
    open: async (r, query) => adminExport(await tenantOf(r, query.tenant_id), query.search),
  });
};
