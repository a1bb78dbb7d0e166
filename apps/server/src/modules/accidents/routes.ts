import {
  LATEST_ACCIDENTS_DEFAULT,
  LATEST_ACCIDENTS_MAX,
  MESSAGES,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
  ZAccidentRow,
  ZDriverAccident,
  ZDriverAccidentBody,
  ZDriverIdRequest,
  ZEnvelope,
  ZErrorEnvelope,
  ZLatestAccidentsQuery,
  ZRecordExportQuery,
  ZRecordImage,
  ZRecordImagesRequest,
  ZRecordRangeBody,
  ZReportedAccident,
  type TDriverAccidentBody,
} from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { readDriverReport, REPORT_BODY_LIMIT } from '../../platform/driver-report.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { ACCESS } from '../../platform/principal.ts';
import { registerListExport } from '../../platform/xlsx.ts';
import {
  accidentImages,
  accidentsBetween,
  driverAccidents,
  latestAccidents,
  reportAccident,
  accidentExport,
} from './service.ts';

const tags = ['Accidents'];
/** `?tenant_id=` of the spec's list calls: the caller's own tenant (the platform refuses any other). */
const tenantQuery = z.object({ tenant_id: z.string().optional() });
const REPORT_FIELDS = ['description', 'location', 'lat', 'lon', 'at'] satisfies (keyof TDriverAccidentBody)[];

export const accidentRoutes: ModuleRoutes = async (app, deps) => {
  app.post(
    '/api/accident/get-driver-accidents',
    {
      schema: {
        tags: ['Driver details'],
        summary: "A driver's accidents, newest first",
        body: ZDriverIdRequest,
        response: { 200: ZEnvelope(z.array(ZDriverAccident)), ...errors },
      },
    },
    async (request) => ok(await driverAccidents(tenantContext(request, deps), request.body.driver_id)),
  );

  app.post(
    '/api/accident/get-accidents',
    {
      schema: {
        tags,
        summary: 'The accidents of a date range, newest first',
        description:
          '`fdate` to `tdate`: UTC days (`YYYY-MM-DD`, the whole day) or UTC date-times, both included, at most a year; today when left out. Live accidents only, each with its driver, location, description, GPS position, trip and pictures (`accidents` folder).',
        querystring: tenantQuery,
        body: ZRecordRangeBody,
        response: { 200: ZEnvelope(z.array(ZAccidentRow)), ...errors },
      },
    },
    async (r) => ok(await accidentsBetween(tenantContext(r, deps), r.body)),
  );

  app.post(
    '/api/accident/get-latest-accidents',
    {
      schema: {
        tags,
        // The spec defines this call without saying what it answers: the newest accidents, as a
        // dashboard card or a notification badge would show them.
        summary: `The tenant's latest accidents: the ${LATEST_ACCIDENTS_DEFAULT} newest, newest first`,
        description: `The tenant's newest live accidents, as \`get-accidents\` answers them: ${LATEST_ACCIDENTS_DEFAULT} unless \`?limit=\` (1 to ${LATEST_ACCIDENTS_MAX}) says otherwise. Takes no body.`,
        querystring: ZLatestAccidentsQuery,
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZEnvelope(z.array(ZAccidentRow)), ...errors },
      },
    },
    async (r) => ok(await latestAccidents(tenantContext(r, deps), r.query.limit)),
  );

  app.post(
    '/api/accident/get-images',
    {
      schema: {
        tags,
        summary: "An accident's photos with their addresses",
        body: ZRecordImagesRequest,
        response: { 200: ZEnvelope(z.array(ZRecordImage)), ...errors },
      },
    },
    async (r) => ok(await accidentImages(tenantContext(r, deps), r.body.action_id)),
  );

  app.post(
    '/api/v1/driver/accidents',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: ['Driver app'],
        summary: 'Report an accident, with photos and where it happened',
        description: `JSON (\`description\` of what happened; \`location\` in words and/or \`lat\` and \`lon\` from the GPS, at least one of them; optional \`at\`, UTC, when it happened, never in the future) or \`multipart/form-data\` with the same fields and the photos as files in \`photos\`: JPEG, PNG, WebP or HEIC recognised by content, at most ${RECORD_PHOTOS_MAX} of ${RECORD_PHOTO_MAX_BYTES / 1024 / 1024} MB each. Tied to the driver and to the trip in progress at \`at\`, if any. Send an \`Idempotency-Key\` header to make a retry answer the first answer again instead of reporting twice.`,
        consumes: ['application/json', 'multipart/form-data'],
        body: ZDriverAccidentBody.nullish(),
        response: { 200: ZEnvelope(ZReportedAccident), ...errors, 422: ZErrorEnvelope },
      },
      bodyLimit: REPORT_BODY_LIMIT,
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      const { input, photos } = await readDriverReport(r, ZDriverAccidentBody, REPORT_FIELDS);
      return ok(await reportAccident(ctx, deps.storage, input, photos), MESSAGES.accidents.reported);
    },
  );

  registerListExport(app, {
    url: '/api/v1/accidents/export',
    tag: tags[0]!,
    summary:
      'The accidents of the list as an .xlsx file: from `fdate` to `tdate` (as `accident/get-accidents`), matching `search` (driver name, location or description), newest first; dates in the tenant time zone',
    querystring: ZRecordExportQuery,
    open: (r, query) => accidentExport(tenantContext(r, deps), query),
  });
};
