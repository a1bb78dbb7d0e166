import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { AppError } from './errors.ts';

export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface SheetRow {
  /** The row number a spreadsheet program shows (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

/** Lower-case letters and digits only, so "E-mail", "email" and "EMAIL " name the same column. */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const isZip = (buffer: Buffer) => buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue); // formula
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
}

async function readXlsx(buffer: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError('BAD_REQUEST', 'The file is not a readable .xlsx workbook.');
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows.push(cells);
  });
  return rows;
}

function readCsv(buffer: Buffer): string[][] {
  const text = buffer.toString('utf8');
  if (text.includes('\u0000'))
    throw new AppError('BAD_REQUEST', 'The file is neither a .xlsx workbook nor a .csv text file.');
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: false,
      relax_column_count: true,
      trim: true,
    }) as string[][];
  } catch {
    throw new AppError('BAD_REQUEST', 'The .csv file could not be read: check its quotes and separators.');
  }
}

/**
 * Reads the first sheet of an uploaded .xlsx or .csv (recognised by content, not by name) into rows
 * keyed by normalised header. Blank rows are skipped; too many rows is refused before any work.
 */
export async function readSheet(buffer: Buffer): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const table = isZip(buffer) ? await readXlsx(buffer) : readCsv(buffer);
  const [header, ...body] = table;
  if (!header || header.every((h) => h === ''))
    throw new AppError('BAD_REQUEST', 'The file has no header row.');
  const headers = header.map(normalizeHeader);
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const values: Record<string, string> = {};
    headers.forEach((h, c) => {
      if (h) values[h] = cells[c] ?? '';
    });
    rows.push({ row: i + 2, values });
  });
  if (rows.length === 0) throw new AppError('BAD_REQUEST', 'The file has no rows to import.');
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new AppError(
      'BAD_REQUEST',
      `The file has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at a time.`,
    );
  }
  return { headers, rows };
}

/** The first value among several accepted header spellings. */
export const pick = (values: Record<string, string>, ...names: string[]) => {
  for (const name of names) {
    const v = values[normalizeHeader(name)];
    if (v !== undefined) return v;
  }
  return '';
};
