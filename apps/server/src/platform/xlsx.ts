import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

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
