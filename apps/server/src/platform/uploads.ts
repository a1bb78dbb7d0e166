import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@fleet/contract';
import { assertOwnTenant } from './auth.ts';
import { AppError } from './errors.ts';

/*
 * Reading a `multipart/form-data` request of text fields and pictures (DESIGN §4 "Uploads"): every
 * field must be one the route names, files are held in memory within the route's limits (counted
 * while reading, so an oversized file is cut off, never buffered whole), and anything malformed is
 * the request's fault (400), reported before anything is stored. What the files are is decided
 * later, from their content (modules/files). A `tenant_id` field is checked as in a JSON body
 * (another tenant's: 403), and the form must arrive within the request's body deadline
 * (platform/http-server.ts: 408 otherwise).
 */

/** The form field naming a tenant, which every route checks against the caller's (platform/auth.ts). */
const TENANT_FIELD = 'tenant_id';

export interface TUploadedFile {
  /** The form field the file came in. */
  field: string;
  data: Buffer;
  /** The name the client gave the file, if any (shown to people only; never a storage name). */
  filename?: string | undefined;
}

export interface TMultipartForm {
  fields: Record<string, string>;
  files: TUploadedFile[];
}

export interface TMultipartLimits {
  /** The fields that may carry files. */
  fileFields: ReadonlySet<string>;
  /** The fields that may carry text. */
  textFields: ReadonlySet<string>;
  maxFiles: number;
  maxFileBytes: number;
  /** What to answer when a limit is broken (each names its field). */
  tooLarge: (megabytes: number) => string;
  tooMany: (max: number) => string;
  /** The field named in a limit's refusal. */
  fileField?: string;
}

export async function readMultipartForm(
  request: FastifyRequest,
  limits: TMultipartLimits,
): Promise<TMultipartForm> {
  const fileField = limits.fileField ?? [...limits.fileFields][0] ?? 'photos';
  const deadline = request.bodyDeadline;
  try {
    return await (deadline ? deadline.race(readForm(request, limits)) : readForm(request, limits));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw AppError.field(fileField, limits.tooLarge(limits.maxFileBytes / 1024 / 1024));
    }
    if (code === 'FST_FILES_LIMIT') throw AppError.field(fileField, limits.tooMany(limits.maxFiles));
    if (error instanceof AppError) throw error;
    // Whatever else goes wrong while reading the form (cut short, no boundary, too many fields) is
    // the request's fault: nothing has been stored yet.
    throw new AppError('BAD_REQUEST', MESSAGES.http.badRequest);
  } finally {
    deadline?.done();
  }
}

async function readForm(request: FastifyRequest, limits: TMultipartLimits): Promise<TMultipartForm> {
  const fields: Record<string, string> = {};
  const files: TUploadedFile[] = [];
  for await (const part of request.parts({
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      // Room for a stray field or two, so one the route does not take is refused by name.
      fields: limits.textFields.size + 2,
      fieldSize: 16 * 1024,
    },
  })) {
    if (part.type === 'file') {
      if (!limits.fileFields.has(part.fieldname)) {
        part.file.resume();
        throw AppError.field(part.fieldname, MESSAGES.files.fieldUnknown(part.fieldname));
      }
      files.push({ field: part.fieldname, data: await part.toBuffer(), filename: part.filename });
    } else if (part.fieldname === TENANT_FIELD) {
      assertOwnTenant(request, String(part.value));
      if (limits.textFields.has(TENANT_FIELD)) fields[TENANT_FIELD] = String(part.value);
    } else {
      if (!limits.textFields.has(part.fieldname))
        throw AppError.field(part.fieldname, MESSAGES.files.fieldUnknown(part.fieldname));
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, files };
}

/** The body limit of a route taking up to `maxFiles` files of `maxFileBytes` and a few text fields. */
export const multipartBodyLimit = (maxFiles: number, maxFileBytes: number) =>
  maxFiles * maxFileBytes + 64 * 1024;
