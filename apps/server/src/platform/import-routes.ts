import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ZEnvelope,
  ZErrorEnvelope,
  ZImportPreview,
  ZImportResult,
  type TImportPreview,
} from '@fleet/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from './envelope.ts';
import { assertOwnTenant } from './auth.ts';
import { AppError } from './errors.ts';
import { IMPORT_MAX_BYTES, readSheet, type SheetRow } from './sheet.ts';
import { multipartBodyLimit } from './uploads.ts';

/** One checked row: what the file said, what is wrong with it, and the values to write when nothing is. */
export interface CheckedRow<V> {
  row: number;
  fields: Record<string, string>;
  errors: string[];
  value?: V;
}

export interface ImportArea<V> {
  /** e.g. '/api/v1/drivers/import' (the preview lives under `/preview`). */
  url: string;
  tag: string;
  noun: { one: string; many: string };
  /** Checks every row for the caller (the request gives the tenant and the admin acting). */
  check(request: FastifyRequest, rows: SheetRow[]): Promise<CheckedRow<V>[]>;
  /** Writes every row in one transaction; nothing is written when it throws. */
  write(request: FastifyRequest, values: V[]): Promise<number>;
}

async function uploadedBuffer(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data in a field named "file".');
  const deadline = request.bodyDeadline;
  const read = async () => {
    for await (const part of request.parts()) {
      // The first file is the sheet; a tenant_id beside it is checked as in a JSON body (another tenant's: 403).
      if (part.type === 'file') return part.toBuffer();
      if (part.fieldname === 'tenant_id') assertOwnTenant(request, String(part.value));
    }
    throw new AppError('BAD_REQUEST', 'No file was sent.');
  };
  try {
    const buffer = await (deadline ? deadline.race(read()) : read());
    if (buffer.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
    return buffer;
  } finally {
    deadline?.done();
  }
}

const toPreview = <V>(checked: CheckedRow<V>[]): TImportPreview => {
  const invalid = checked.filter((r) => r.errors.length > 0).length;
  return {
    total: checked.length,
    valid: checked.length - invalid,
    invalid,
    rows: checked.map(({ row, fields, errors }) => ({ row, fields, errors })),
  };
};

/**
 * Registers the two import calls of an area: `POST {url}/preview` checks every row and writes
 * nothing; `POST {url}` checks again and writes all rows in one transaction, or none when any row
 * has an error (the errors name their rows).
 */
export function registerImport<V>(app: FastifyInstance, area: ImportArea<V>) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 403: ZErrorEnvelope, 413: ZErrorEnvelope };

  typed.post(
    `${area.url}/preview`,
    {
      schema: {
        tags: [area.tag],
        summary: `Check a .xlsx or .csv of ${area.noun.many} (multipart field "file"); writes nothing`,
        consumes: ['multipart/form-data'],
        response: { 200: ZEnvelope(ZImportPreview), ...errors },
      },
      // An upload: the file has the upload's time to arrive (platform/http-server.ts).
      bodyLimit: multipartBodyLimit(1, IMPORT_MAX_BYTES),
    },
    async (request) => {
      const { rows } = await readSheet(await uploadedBuffer(request));
      return ok(toPreview(await area.check(request, rows)));
    },
  );

  typed.post(
    area.url,
    {
      schema: {
        tags: [area.tag],
        summary: `Import a .xlsx or .csv of ${area.noun.many}: all rows or none`,
        consumes: ['multipart/form-data'],
        response: { 200: ZEnvelope(ZImportResult), ...errors },
      },
      bodyLimit: multipartBodyLimit(1, IMPORT_MAX_BYTES),
    },
    async (request, reply) => {
      const { rows } = await readSheet(await uploadedBuffer(request));
      const checked = await area.check(request, rows);
      const bad = checked.filter((r) => r.errors.length > 0);
      if (bad.length > 0) {
        return reply.code(400).send({
          responseCode: 0,
          responseMessage: `${bad.length} of ${checked.length} rows have errors; nothing was imported.`,
          data: null,
          errors: bad.flatMap((r) => r.errors.map((message) => ({ path: `row ${r.row}`, message }))),
        });
      }
      const imported = await area.write(
        request,
        checked.map((r) => r.value as V),
      );
      return ok({ imported }, `Imported ${imported} ${imported === 1 ? area.noun.one : area.noun.many}.`);
    },
  );
}
