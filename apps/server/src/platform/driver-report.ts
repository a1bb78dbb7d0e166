import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MESSAGES, RECORD_PHOTO_MAX_BYTES, RECORD_PHOTOS_MAX } from '@fleet/contract';
import { AppError } from './errors.ts';
import { multipartBodyLimit, readMultipartForm, type TUploadedFile } from './uploads.ts';

/*
 * A record a driver reports from the road (a refuel, an accident): JSON without photos, or
 * `multipart/form-data` with the same text fields and up to `RECORD_PHOTOS_MAX` photos in `photos`.
 * The route's body schema is the report's schema made nullish (a multipart body reaches validation
 * empty); the report is read here, the same rules either way, before anything is stored.
 */

/** The field a report's photos come in. */
export const REPORT_PHOTO_FIELD = 'photos';
const PHOTO_FIELDS: ReadonlySet<string> = new Set([REPORT_PHOTO_FIELD]);

/** The body limit of a report route: every photo at its largest, and the text fields. */
export const REPORT_BODY_LIMIT = multipartBodyLimit(RECORD_PHOTOS_MAX, RECORD_PHOTO_MAX_BYTES);

/** Checks `value` against the report's schema; 400 naming every field at fault. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new AppError('BAD_REQUEST', fields[0]?.message ?? MESSAGES.http.badRequest, {}, fields);
}

/** The report and its photos (none for JSON), read and checked; 400 before anything is stored. */
export async function readDriverReport<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  textFields: readonly string[],
): Promise<{ input: z.output<S>; photos: TUploadedFile[] }> {
  if (!request.isMultipart()) {
    // Validated by the route already; an empty body is checked again, to name what it lacks.
    const body = request.body as z.output<S> | null | undefined;
    return { input: body ?? parsed(schema, {}), photos: [] };
  }
  const form = await readMultipartForm(request, {
    fileFields: PHOTO_FIELDS,
    textFields: new Set(textFields),
    maxFiles: RECORD_PHOTOS_MAX,
    maxFileBytes: RECORD_PHOTO_MAX_BYTES,
    tooLarge: MESSAGES.files.tooLarge,
    tooMany: MESSAGES.files.tooMany,
    fileField: REPORT_PHOTO_FIELD,
  });
  return { input: parsed(schema, form.fields), photos: form.files };
}
