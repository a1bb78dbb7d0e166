import {
  MESSAGES,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
  ZDriverFinesPage,
  ZDriverFinesRequest,
  ZEnvelope,
  ZFineAdd,
  ZFinePictureParams,
  ZFinePicturesParams,
  ZFineRow,
  ZFineSave,
  ZFinesRequest,
  ZIdBody,
  ZRecordExportQuery,
  ZRecordImage,
  zWholeNumber,
} from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { readDriverReport, REPORT_BODY_LIMIT, REPORT_PHOTO_FIELD } from '../../platform/driver-report.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { readMultipartForm } from '../../platform/uploads.ts';
import { registerListExport } from '../../platform/xlsx.ts';
import {
  addFine,
  addFinePictures,
  archiveFine,
  driverFines,
  fineExport,
  finePictures,
  finesBetween,
  removeFinePicture,
  saveFine,
} from './service.ts';

const tags = ['Fines'];
const PHOTO_RULES = `JPEG, PNG, WebP or HEIC recognised by content, at most ${RECORD_PHOTOS_MAX} pictures a fine of ${RECORD_PHOTO_MAX_BYTES / 1024 / 1024} MB each`;
/** The text fields of a multipart `fine/add`. */
const ADD_FIELDS = ['driver_id', 'trip_id', 'amount', 'description', 'date', 'status', 'tenant_id'] as const;

/** The pictures of a multipart request (field `photos`, nothing else); 400 before anything is stored. */
async function picturesForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MESSAGES.files.formInvalid);
  const form = await readMultipartForm(request, {
    fileFields: new Set([REPORT_PHOTO_FIELD]),
    textFields: new Set(),
    maxFiles: RECORD_PHOTOS_MAX,
    maxFileBytes: RECORD_PHOTO_MAX_BYTES,
    tooLarge: MESSAGES.files.tooLarge,
    tooMany: MESSAGES.files.tooMany,
    fileField: REPORT_PHOTO_FIELD,
  });
  return form.files;
}

export const fineRoutes: ModuleRoutes = async (app, deps) => {
  const fineAnswer = { 200: ZEnvelope(ZFineRow), ...errors };
  const imagesAnswer = { 200: ZEnvelope(z.array(ZRecordImage)), ...errors };

  app.post(
    '/api/fine/get-driver-fines',
    {
      schema: {
        tags: ['Driver details'],
        summary: "A driver's fines, one page (`page`, `page_size` in the query or the body; default 10)",
        querystring: z.object({
          page: zWholeNumber({ min: 1, message: 'page must be a positive whole number' }).optional(),
          page_size: zWholeNumber({
            min: 1,
            max: 100,
            message: 'page_size must be a whole number from 1 to 100',
          }).optional(),
        }),
        body: ZDriverFinesRequest,
        response: { 200: ZEnvelope(ZDriverFinesPage), ...errors },
      },
    },
    async (request) => {
      const page = request.query.page ?? request.body.page;
      const pageSize = request.query.page_size ?? request.body.page_size;
      return ok(await driverFines(tenantContext(request, deps), request.body.did, { page, pageSize }));
    },
  );

  app.post(
    '/api/fine/get-fines',
    {
      schema: {
        tags,
        summary:
          'The fines issued from `fdate` to `tdate` (UTC days or date-times, both included; today by default), newest first',
        querystring: z.object({ tenant_id: z.string().optional() }),
        body: ZFinesRequest,
        response: { 200: ZEnvelope(z.array(ZFineRow)), ...errors },
      },
    },
    async (r) => ok(await finesBetween(tenantContext(r, deps), r.body)),
  );

  registerListExport(app, {
    url: '/api/v1/fines/export',
    tag: 'Fines',
    summary:
      'The fines of the list as an .xlsx file: issued from `fdate` to `tdate` (as `fine/get-fines`), matching `search` (driver name or description), newest first; dates in the tenant time zone',
    querystring: ZRecordExportQuery,
    open: (r, query) => fineExport(tenantContext(r, deps), query),
  });

  app.post(
    '/api/fine/add',
    {
      schema: {
        tags,
        summary: 'Record a fine (status 1 Postponed unless given), with its pictures',
        description: `JSON, or \`multipart/form-data\` with the same fields and the pictures as files in \`photos\` (${PHOTO_RULES}): the fine and its pictures are recorded together or not at all. \`date\` is when the fine was issued (UTC). The driver must be a live driver of the tenant, the trip (optional) one of that driver's live trips.`,
        consumes: ['application/json', 'multipart/form-data'],
        // A multipart body reaches validation empty; it is read and checked by the same schema below.
        body: ZFineAdd.nullish(),
        response: fineAnswer,
      },
      bodyLimit: REPORT_BODY_LIMIT,
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      const { input, photos } = await readDriverReport(r, ZFineAdd, ADD_FIELDS);
      // The platform checks tenant_id, a JSON body's and a form's alike (platform/auth.ts, uploads.ts).
      return ok(await addFine(ctx, deps.storage, input, photos), MESSAGES.fines.added);
    },
  );

  app.post(
    '/api/fine/save',
    {
      schema: {
        tags,
        summary: 'Update a fine: every field, its status included',
        body: ZFineSave,
        response: fineAnswer,
      },
    },
    async (r) => ok(await saveFine(tenantContext(r, deps), r.body), MESSAGES.fines.updated),
  );

  app.post(
    '/api/fine/archive',
    {
      schema: {
        tags,
        summary: 'Delete (archive) a fine',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (r) => {
      await archiveFine(tenantContext(r, deps), r.body.id);
      return ok(null, MESSAGES.fines.deleted);
    },
  );

  // A fine's pictures (not in the spec, whose fine calls carry none): the fine dialog lists, adds
  // and removes them; each is read at `/api/files/fines/{title}`.
  app.get(
    '/api/v1/fines/:fine_id/pictures',
    {
      schema: {
        tags,
        summary: "A fine's pictures with their addresses, oldest first",
        params: ZFinePicturesParams,
        response: imagesAnswer,
      },
    },
    async (r) => ok(await finePictures(tenantContext(r, deps), r.params.fine_id)),
  );

  app.post(
    '/api/v1/fines/:fine_id/pictures',
    {
      schema: {
        tags,
        summary: "Add pictures to a fine; answers the fine's pictures",
        description: `\`multipart/form-data\` with the pictures as files in \`photos\` (${PHOTO_RULES}). Nothing is stored when one is refused.`,
        consumes: ['multipart/form-data'],
        params: ZFinePicturesParams,
        response: imagesAnswer,
      },
      bodyLimit: REPORT_BODY_LIMIT,
    },
    async (r) => {
      const photos = await picturesForm(r);
      return ok(
        await addFinePictures(tenantContext(r, deps), deps.storage, r.params.fine_id, photos),
        MESSAGES.fines.picturesAdded,
      );
    },
  );

  app.delete(
    '/api/v1/fines/:fine_id/pictures/:photo_id',
    {
      schema: {
        tags,
        summary: "Remove a picture of a fine; answers the fine's pictures",
        params: ZFinePictureParams,
        response: imagesAnswer,
      },
    },
    async (r) =>
      ok(
        await removeFinePicture(tenantContext(r, deps), deps.storage, r.params.fine_id, r.params.photo_id),
        MESSAGES.fines.pictureRemoved,
      ),
  );
};
