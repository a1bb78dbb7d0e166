import { EXPORT_LIMIT, EXPORT_MESSAGES, ZEnvelope, ZExportJob, ZExportStart, zId } from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { requireAdmin } from '../../platform/principal.ts';
import { sendStoredFile } from '../../platform/storage.ts';
import { exportJob, exportJobFile, startExport } from './service.ts';

const tags = ['Exports'];
const jobAnswer = { 200: ZEnvelope(ZExportJob), ...errors };
const params = z.object({ id: zId('id') });

/** Background exports of tenant admins (issue 16): start one, follow it, download its file. */
export const exportRoutes: ModuleRoutes = async (app, deps) => {
  const runner = deps.exports;

  app.post(
    '/api/v1/exports',
    {
      schema: {
        tags,
        summary: `Starts a background export (trips of a date range and search, any number; the direct export stops at ${EXPORT_LIMIT.toLocaleString('en-US')})`,
        body: ZExportStart,
        response: jobAnswer,
      },
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      const job = await startExport(ctx, requireAdmin(r.principal).id, r.body);
      runner.kick();
      return ok(job, EXPORT_MESSAGES.started);
    },
  );

  app.get(
    '/api/v1/exports/:id',
    {
      schema: {
        tags,
        summary: "One of the caller's background exports: status, rows written of the total, file name",
        params,
        response: jobAnswer,
      },
    },
    async (r) => ok(await exportJob(tenantContext(r, deps), requireAdmin(r.principal).id, r.params.id)),
  );

  app.get(
    '/api/v1/exports/:id/file',
    {
      schema: {
        tags,
        summary: "A finished background export's file (.xlsx); 409 while it is being written",
        params,
      },
    },
    async (r, reply) => {
      const file = await exportJobFile(
        tenantContext(r, deps),
        deps.storage,
        requireAdmin(r.principal).id,
        r.params.id,
      );
      return sendStoredFile(reply, file, { download: file.fileName }).header('cache-control', 'no-store');
    },
  );
};
