import formbody from '@fastify/formbody';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  DRIVER_FILE_FIELD,
  DRIVER_FILE_MAX_BYTES,
  MESSAGES,
  ZDriverFile,
  ZDriverFileEdit,
  ZDriverFileIdBody,
  ZDriverFilePath,
  ZDriverFileSave,
  ZDriverFileSend,
  ZDriverFileSent,
  ZEnvelope,
  ZErrorEnvelope,
  zId,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { ACCESS } from '../../platform/principal.ts';
import { sendStoredFile } from '../../platform/storage.ts';
import { multipartBodyLimit, readMultipartForm } from '../../platform/uploads.ts';
import {
  deleteDriverFile,
  driverFileContent,
  driverFilesOf,
  ownDriverFiles,
  renameDriverFile,
  saveDriverFile,
  sendDriverFile,
  type TDriverFileUpload,
} from './service.ts';

const tags = ['Driver files'];
const MB = DRIVER_FILE_MAX_BYTES / 1024 / 1024;
const FILE_RULES = `PDF, JPEG, PNG, WebP or HEIC, Word/Excel/PowerPoint (.docx, .xlsx, .pptx), OpenDocument (.odt, .ods) or plain UTF-8 text, recognised by content; at most ${MB} MB`;

/**
 * The `save-file` form: `id` (the driver), `title` and one `file`. A missing title or file is the
 * spec's one message (§5); anything else wrong names its field. 400 before anything is stored.
 */
async function uploadForm(request: FastifyRequest): Promise<TDriverFileUpload> {
  const m = MESSAGES.driverFiles;
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MESSAGES.files.formInvalid);
  const form = await readMultipartForm(request, {
    fileFields: new Set([DRIVER_FILE_FIELD]),
    textFields: new Set(['id', 'title', 'tenant_id']),
    maxFiles: 1,
    maxFileBytes: DRIVER_FILE_MAX_BYTES,
    tooLarge: m.tooLarge,
    tooMany: () => 'Send one file at a time.',
    fileField: DRIVER_FILE_FIELD,
  });
  const parsed = ZDriverFileSave.safeParse(form.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw AppError.field(issue.path.join('.'), issue.message);
  }
  return { driverId: parsed.data.id, title: parsed.data.title, file: form.files[0] };
}

/** The content types the form calls take (spec 002 §3 sends them as forms); JSON is taken too. */
const FORM_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * A call that takes its fields as a form: a `multipart/form-data` body (files not allowed) is read
 * into the body before validation, so it is checked like JSON and urlencoded ones are.
 */
const formFields =
  (fields: string[]): preValidationAsyncHookHandler =>
  async (request) => {
    if (!request.isMultipart()) return;
    const form = await readMultipartForm(request, {
      fileFields: new Set(),
      textFields: new Set(fields),
      maxFiles: 0,
      maxFileBytes: 0,
      tooLarge: () => MESSAGES.driverFiles.fieldsOnly,
      tooMany: () => MESSAGES.driverFiles.fieldsOnly,
    });
    request.body = form.fields;
  };

export const driverFileRoutes: ModuleRoutes = async (app, deps) => {
  // The form calls may come urlencoded; only these routes (and the trackers') read such bodies.
  await app.register(formbody);
  const fileAnswer = { 200: ZEnvelope(ZDriverFile), ...errors };
  const listAnswer = { 200: ZEnvelope(z.array(ZDriverFile)), ...errors };

  app.post(
    '/api/drivers-files/save-file',
    {
      schema: {
        tags,
        summary: "Upload a file for a driver (`id` is the driver's), with its title",
        description: `\`multipart/form-data\` with \`id\`, \`title\` and the document in \`file\` (${FILE_RULES}). Both a title and a file are required. Answers the stored file.`,
        consumes: ['multipart/form-data'],
        // A multipart body reaches validation empty; the form is read and checked by this schema.
        body: ZDriverFileSave.nullish(),
        response: fileAnswer,
      },
      bodyLimit: multipartBodyLimit(1, DRIVER_FILE_MAX_BYTES),
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      const upload = await uploadForm(r);
      return ok(await saveDriverFile(ctx, deps.storage, upload), MESSAGES.driverFiles.saved);
    },
  );

  app.post(
    '/api/drivers-files/get-file',
    {
      preValidation: formFields(['id']),
      schema: {
        consumes: FORM_TYPES,
        tags,
        summary: "A driver's files (`id` is the driver's), newest first",
        body: ZDriverFileIdBody,
        response: listAnswer,
      },
    },
    async (r) => ok(await driverFilesOf(tenantContext(r, deps), r.body.id)),
  );

  app.post(
    '/api/drivers-files/delete-file',
    {
      preValidation: formFields(['id']),
      schema: {
        consumes: FORM_TYPES,
        tags,
        summary: 'Delete a file (`id` is the file’s): its stored copy goes with it',
        body: ZDriverFileIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (r) => {
      await deleteDriverFile(tenantContext(r, deps), deps.storage, r.body.id);
      return ok(null, MESSAGES.driverFiles.deleted);
    },
  );

  app.post(
    '/api/drivers-files/edit-file',
    {
      preValidation: formFields(['id', 'title']),
      schema: {
        consumes: FORM_TYPES,
        tags,
        summary: 'Give a file a new title (`id` is the file’s)',
        body: ZDriverFileEdit,
        response: fileAnswer,
      },
    },
    async (r) => ok(await renameDriverFile(tenantContext(r, deps), r.body), MESSAGES.driverFiles.updated),
  );

  app.post(
    '/api/drivers-files/send-file',
    {
      preValidation: formFields(['file', 'Driver_id', 'email', 'confirm_outside']),
      schema: {
        consumes: FORM_TYPES,
        tags,
        summary: 'E-mail a driver’s file as an attachment',
        description:
          '`file` is the file’s id, `Driver_id` its driver’s. `email` must be the address of one of the tenant’s admins, drivers or guardians, or `confirm_outside` must be true (409 naming `email` otherwise). An admin sends at most MAIL_MAX_PER_ADMIN_PER_HOUR e-mails an hour and the tenant MAIL_MAX_PER_TENANT_PER_HOUR (429 with Retry-After beyond). Answers `via`: `smtp` when a mail server took the message, `outbox` when none is set up (SMTP_URL) and the message was written to the server’s outbox instead; the message says so.',
        body: ZDriverFileSend,
        response: { 200: ZEnvelope(ZDriverFileSent), ...errors, 429: ZErrorEnvelope },
      },
    },
    async (r) => {
      const sent = await sendDriverFile(
        tenantContext(r, deps),
        deps.storage,
        { mailer: deps.mailer, limits: deps.config.mailLimits },
        r.body,
      );
      const m = MESSAGES.driverFiles;
      return ok(sent, sent.via === 'smtp' ? m.sent : m.sentToOutbox);
    },
  );

  app.get(
    '/api/files/driver-files/:id/:path',
    {
      // The tenant's admins, and the driver the file belongs to: no other driver, no other tenant.
      config: { access: [...ACCESS.tenantAdmin, ...ACCESS.driver] },
      schema: {
        tags: ['Files'],
        summary: "A driver's file, by the driver's id and the file's path, as a download",
        params: z.object({ id: zId('id'), path: ZDriverFilePath }),
      },
    },
    async (r, reply) => {
      const { file, name } = await driverFileContent(
        tenantContext(r, deps),
        deps.storage,
        r.params.id,
        r.params.path,
      );
      return sendStoredFile(reply, file, { download: name });
    },
  );

  app.get(
    '/api/v1/driver/files',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: ['Driver app'],
        summary: "The signed-in driver's files, newest first (each read at its `url`)",
        response: listAnswer,
      },
    },
    async (r) => ok(await ownDriverFiles(tenantContext(r, deps))),
  );
};
