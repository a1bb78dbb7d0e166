import {
  MESSAGES,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
  ZDriverFuel,
  ZDriverIdRequest,
  ZDriverRefuelBody,
  ZEnvelope,
  ZErrorEnvelope,
  ZIdBody,
  ZRecordExportQuery,
  ZRecordImage,
  ZRecordImagesRequest,
  ZRecordRangeBody,
  ZRefuelRow,
  ZRefuelSave,
  ZReportedRefuel,
  type TDriverRefuelBody,
} from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { readDriverReport, REPORT_BODY_LIMIT } from '../../platform/driver-report.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { ACCESS } from '../../platform/principal.ts';
import { registerListExport } from '../../platform/xlsx.ts';
import {
  archiveRefuel,
  driverRefuels,
  refuelImages,
  refuels,
  reportRefuel,
  saveRefuel,
  refuelExport,
} from './service.ts';

const tags = ['Diesel refuels'];
/** `?tenant_id=` of the spec's list call: the caller's own tenant (the platform refuses any other). */
const tenantQuery = z.object({ tenant_id: z.string().optional() });
const REPORT_FIELDS = ['volume', 'amount', 'at'] satisfies (keyof TDriverRefuelBody)[];

export const refuelRoutes: ModuleRoutes = async (app, deps) => {
  app.post(
    '/api/diesel-tank/get-driver-diesel-tanks',
    {
      schema: {
        tags: ['Driver details'],
        summary: "A driver's refuels, newest first",
        body: ZDriverIdRequest,
        response: { 200: ZEnvelope(z.array(ZDriverFuel)), ...errors },
      },
    },
    async (request) => ok(await driverRefuels(tenantContext(request, deps), request.body.driver_id)),
  );

  app.post(
    '/api/diesel-tank/get-diesel-tanks',
    {
      schema: {
        tags,
        summary: 'The refuels of a date range, newest first',
        description:
          '`fdate` to `tdate`: UTC days (`YYYY-MM-DD`, the whole day) or UTC date-times, both included, at most a year; today when left out. Live refuels only, each with its driver, amount (two decimals, the tenant currency), volume (the tenant volume unit), trip and receipt pictures (`fuel` folder).',
        querystring: tenantQuery,
        body: ZRecordRangeBody,
        response: { 200: ZEnvelope(z.array(ZRefuelRow)), ...errors },
      },
    },
    async (r) => ok(await refuels(tenantContext(r, deps), r.body)),
  );

  app.post(
    '/api/diesel-tank/get-images',
    {
      schema: {
        tags,
        summary: "A refuel's receipt photos with their addresses",
        body: ZRecordImagesRequest,
        response: { 200: ZEnvelope(z.array(ZRecordImage)), ...errors },
      },
    },
    async (r) => ok(await refuelImages(tenantContext(r, deps), r.body.action_id)),
  );

  app.post(
    '/api/diesel-tank/save-web',
    {
      schema: {
        tags,
        summary: "Correct a refuel's amount and volume",
        body: ZRefuelSave,
        response: { 200: ZEnvelope(ZRefuelRow), ...errors },
      },
    },
    async (r) => ok(await saveRefuel(tenantContext(r, deps), r.body), MESSAGES.refuels.updated),
  );

  app.post(
    '/api/diesel-tank/archive',
    {
      schema: {
        tags,
        summary: 'Delete (archive) a refuel',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (r) => {
      await archiveRefuel(tenantContext(r, deps), r.body.id);
      return ok(null, MESSAGES.refuels.deleted);
    },
  );

  app.post(
    '/api/v1/driver/refuels',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: ['Driver app'],
        summary: 'Report a refuel, with the receipt',
        description: `JSON (\`volume\` in the tenant's volume unit, \`amount\` paid with two decimals, both at least 0.00; optional \`at\`, UTC, when it was done, never in the future) or \`multipart/form-data\` with the same fields and the receipt's photos as files in \`photos\`: JPEG, PNG, WebP or HEIC recognised by content, at most ${RECORD_PHOTOS_MAX} of ${RECORD_PHOTO_MAX_BYTES / 1024 / 1024} MB each. Tied to the driver and to the trip in progress at \`at\`, if any. Send an \`Idempotency-Key\` header to make a retry answer the first answer again instead of recording twice.`,
        consumes: ['application/json', 'multipart/form-data'],
        body: ZDriverRefuelBody.nullish(),
        response: { 200: ZEnvelope(ZReportedRefuel), ...errors, 422: ZErrorEnvelope },
      },
      bodyLimit: REPORT_BODY_LIMIT,
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      const { input, photos } = await readDriverReport(r, ZDriverRefuelBody, REPORT_FIELDS);
      return ok(await reportRefuel(ctx, deps.storage, input, photos), MESSAGES.refuels.recorded);
    },
  );

  registerListExport(app, {
    url: '/api/v1/refuels/export',
    tag: tags[0]!,
    summary:
      'The refuels of the list as an .xlsx file: from `fdate` to `tdate` (as `diesel-tank/get-diesel-tanks`), matching `search` (driver name), newest first; dates in the tenant time zone',
    querystring: ZRecordExportQuery,
    open: (r, query) => refuelExport(tenantContext(r, deps), query),
  });
};
