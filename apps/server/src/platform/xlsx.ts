import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { EXPORT_LIMIT, EXPORT_MESSAGES } from '@fleet/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors.ts';

export interface XlsxColumn<Row> {
  header: string;
  width?: number;
  value: (row: Row) => string | number | null;
  /** Excel number format, e.g. '0.00'. */
  numFmt?: string;
}

/** Builds a real `.xlsx` workbook of one sheet, header row bold and frozen. */
export async function buildXlsx<Row>(
  sheetName: string,
  columns: XlsxColumn<Row>[],
  rows: Row[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = sheetColumns(columns);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Column settings of a sheet: header, width and number format. */
const sheetColumns = <Row>(columns: XlsxColumn<Row>[]) =>
  columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, c.header.length + 2),
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));

/** Resolves once `output` has room again (or has closed): rows are not produced faster than they leave. */
function roomIn(output: Writable): Promise<void> {
  if (!output.writableNeedDrain || output.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
}

/**
 * Writes a one-sheet `.xlsx` (the same sheet `buildXlsx` makes) to `output` as its rows arrive,
 * with ExcelJS's streaming writer: each chunk of rows is written and forgotten, so memory stays flat
 * whatever the number of rows. Strings are written inline (no shared-strings table kept in memory).
 * After each chunk it waits until `output` has room; `onRows` hears how many rows are written.
 * Stops early, without error, when `output` is destroyed (the client went away).
 */
export async function writeXlsxStream<Row>(
  output: Writable,
  sheetName: string,
  columns: XlsxColumn<Row>[],
  chunks: AsyncIterable<Row[]>,
  onRows?: (written: number) => Promise<void> | void,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = sheetColumns(columns);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let written = 0;
  for await (const rows of chunks) {
    if (output.destroyed) return written;
    for (const row of rows) sheet.addRow(columns.map((c) => c.value(row))).commit();
    written += rows.length;
    await onRows?.(written);
    await roomIn(output);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

/** The headers of an `.xlsx` download named `fileName`. */
function xlsxHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
}

/**
 * Answers an `.xlsx` written while it is sent: the rows come in chunks (read from the database a
 * chunk at a time) and leave as they are written. Anything that must refuse the export (a bad
 * filter, too many rows) must be checked before: once the first byte is sent, a failure can only
 * cut the download short (it is logged).
 */
export function sendXlsxStream<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: XlsxColumn<Row>[],
  chunks: AsyncIterable<Row[]>,
): FastifyReply {
  const body = new PassThrough();
  writeXlsxStream(body, fileName.replace(/\.xlsx$/, ''), columns, chunks).catch((err: unknown) => {
    reply.log.error({ err }, 'the export failed while it was sent');
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return xlsxHeaders(reply, fileName).send(body);
}

/** Rows in chunks of `size`, for `sendXlsxStream` (rows already in memory: a small list). */
export async function* inChunks<Row>(rows: Row[], size = 1000): AsyncIterable<Row[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export interface ExportArea<Row, F extends z.ZodObject = z.ZodObject<Record<string, never>>> {
  /** e.g. '/api/v1/drivers/export' */
  url: string;
  tag: string;
  noun: string;
  fileName: string;
  columns: XlsxColumn<Row>[];
  /** Query filters beyond `search` (a date range, say), so the file holds the rows the list shows. */
  filters?: F;
  /** Every row of the tenant matching the search (and filters): the whole list, not one page. */
  load(request: FastifyRequest, search: string | undefined, filters: z.infer<F>): Promise<Row[]>;
}

/** Registers `GET {url}?search=` (plus any filters): every matching row of the caller's tenant, as .xlsx. */
export function registerExport<Row, F extends z.ZodObject = z.ZodObject<Record<string, never>>>(
  app: FastifyInstance,
  area: ExportArea<Row, F>,
) {
  const search = { search: z.string().trim().max(100).optional() };
  app.withTypeProvider<ZodTypeProvider>().get(
    area.url,
    {
      schema: {
        tags: [area.tag],
        summary: `Every ${area.noun} matching the search, as an .xlsx file`,
        querystring: area.filters ? area.filters.extend(search) : z.object(search),
      },
    },
    async (request, reply) => {
      const query = request.query as z.infer<F> & { search?: string };
      const rows = await area.load(request, query.search, query);
      return sendXlsxStream(reply, area.fileName, area.columns, inChunks(rows));
    },
  );
}

// ---------- Streamed list exports ----------

/** What a list export sends: its file name, columns and rows, a chunk at a time. */
export interface TListExportFile<Row> {
  fileName: string;
  columns: XlsxColumn<Row>[];
  chunks: AsyncIterable<Row[]>;
}

export interface ListExport<Q extends z.ZodObject, Row> {
  /** e.g. '/api/v1/fines/export' */
  url: string;
  tag: string;
  summary: string;
  /** The list call's filters, as query parameters (the export holds the rows the list shows). */
  querystring: Q;
  /** Who may call it (the route's `config`); tenant admins when left out. */
  config?: FastifyContextConfig;
  /**
   * Checks the filter and opens the rows: everything that may refuse the export (400 for a bad
   * filter, 409 for too many rows, 403/404) happens here, before the first byte is sent.
   */
  open(request: FastifyRequest, query: z.output<Q>): Promise<TListExportFile<Row>>;
}

/**
 * Registers `GET {url}` answering the list's filtered rows as an `.xlsx` streamed while it is
 * written (`sendXlsxStream`): memory holds one chunk of rows, whatever the list's length. Adding an
 * export to a list is this call with the list's filter schema and an `open` that reads the rows in
 * chunks (`keysetChunks`), see docs/architecture.md "Streamed exports".
 */
export function registerListExport<Q extends z.ZodObject, Row>(
  app: FastifyInstance,
  area: ListExport<Q, Row>,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    area.url,
    {
      ...(area.config ? { config: area.config } : {}),
      schema: { tags: [area.tag], summary: area.summary, querystring: area.querystring },
    },
    async (request, reply) => {
      const file = await area.open(request, request.query as z.output<Q>);
      return sendXlsxStream(reply, file.fileName, file.columns, file.chunks);
    },
  );
}

/** Rows read at a time by a list export. */
export const LIST_EXPORT_CHUNK = 1000;

/**
 * The rows of a list in chunks of `size`, each read after the key of the last row of the one before
 * (keyset paging: an index walked once, however deep, never OFFSET). `read(after, size)` answers
 * the next rows in the list's order after `after` (null: from the start).
 */
export async function* keysetChunks<Row, Key>(
  read: (after: Key | null, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size = LIST_EXPORT_CHUNK,
): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/**
 * A direct export holds at most EXPORT_LIMIT rows: `count(bound)` counts the filter's rows up to
 * `bound + 1`; beyond the limit the export is refused (409) before anything is sent, naming `things`.
 */
export async function checkExportSize(
  count: (bound: number) => Promise<number>,
  things: string,
): Promise<void> {
  if ((await count(EXPORT_LIMIT)) > EXPORT_LIMIT) {
    throw new AppError('CONFLICT', EXPORT_MESSAGES.listTooLarge(things));
  }
}

/** A person's name for a cell ("First Last"), N.A when the row has none (a driver since removed). */
export const personName = (p: { fname: string | null; lname: string | null } | null): string =>
  p?.fname != null ? `${p.fname} ${p.lname ?? ''}`.trim() : 'N/A';

/** A date-time written in `timeZone` ('yyyy-MM-dd HH:mm'), for a column headed with the zone's name. */
export const zonedTime =
  (timeZone: string) =>
  (at: Date | null | undefined): string | null =>
    at ? DateTime.fromJSDate(at).setZone(timeZone).toFormat('yyyy-MM-dd HH:mm') : null;

/**
 * `value` checked by `schema` (a filter rule a query schema cannot state: a range's order and
 * length), or a 400 naming each field at fault, before anything is read.
 */
export function checkedFilter<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new AppError('BAD_REQUEST', fields[0]!.message, {}, fields);
}
