import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, c.header.length + 2),
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function sendXlsx<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: XlsxColumn<Row>[],
  rows: Row[],
): Promise<FastifyReply> {
  const body = await buildXlsx(fileName.replace(/\.xlsx$/, ''), columns, rows);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
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
      return sendXlsx(reply, area.fileName, area.columns, rows);
    },
  );
}
