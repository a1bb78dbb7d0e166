import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenantId } from './auth.ts';

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

export interface ExportArea<Row> {
  /** e.g. '/api/v1/drivers/export' */
  url: string;
  tag: string;
  noun: string;
  fileName: string;
  columns: XlsxColumn<Row>[];
  /** Every row of the tenant matching the search: the whole list, not one page. */
  load(tenantId: number, search: string | undefined): Promise<Row[]>;
}

/** Registers `GET {url}?search=`: every row of the caller's tenant matching the search, as .xlsx. */
export function registerExport<Row>(app: FastifyInstance, area: ExportArea<Row>) {
  app.withTypeProvider<ZodTypeProvider>().get(
    area.url,
    {
      schema: {
        tags: [area.tag],
        summary: `Every ${area.noun} matching the search, as an .xlsx file`,
        querystring: z.object({ search: z.string().trim().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const rows = await area.load(requireTenantId(request), request.query.search);
      return sendXlsx(reply, area.fileName, area.columns, rows);
    },
  );
}
