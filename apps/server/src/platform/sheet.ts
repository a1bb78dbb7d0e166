import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse as parseCsv } from 'csv-parse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { AppError } from './errors.ts';

// Every limit is enforced while the file is read, so a hostile file costs at most this much work.
/** Largest upload accepted (multipart limit). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Data rows with content in one import. */
export const IMPORT_MAX_ROWS = 2000;
/** Rows read at most, blank ones and the header included: a million empty rows are refused quickly. */
export const IMPORT_MAX_READ_ROWS = 5 * IMPORT_MAX_ROWS;
/** Columns holding values; the driver and vehicle files use seven. */
export const IMPORT_MAX_COLUMNS = 50;
/** Characters in one cell, spaces around it trimmed; the longest real value is a 254-character e-mail. */
export const IMPORT_MAX_CELL_CHARS = 500;
/** Bytes inflated from a .xlsx, all parts read together, counted as they stream (zip bombs). */
export const IMPORT_MAX_UNZIPPED_BYTES = 32 * 1024 * 1024;
/** Texts in a workbook's shared-strings table: one per cell of the largest file allowed. */
export const IMPORT_MAX_SHARED_STRINGS = (IMPORT_MAX_ROWS + 1) * IMPORT_MAX_COLUMNS;
/** Characters kept from a workbook's shared-strings table, all texts together. */
export const IMPORT_MAX_SHARED_STRING_CHARS = 16 * 1024 * 1024;

/** XML characters saxes may hold at once (see XmlRunGuard): a cell of Excel's 32,767 fits. */
const XML_MAX_RUN_CHARS = 64 * 1024;
/** Elements open at once; a worksheet nests seven deep (worksheet, sheetData, row, c, is, r, t). */
const XML_MAX_DEPTH = 64;
/** Zip parts listed; a workbook of one sheet has about a dozen. */
const ZIP_MAX_ENTRIES = 10_000;
/** Text gathered for one cell before it is judged too long (spaces are trimmed only at the end). */
const CELL_MAX_RAW_CHARS = 4 * IMPORT_MAX_CELL_CHARS;
/** Separators on one CSV line (outside quotes) before csv-parse is even asked to build the record. */
const CSV_MAX_FIELDS_PER_LINE = 20 * IMPORT_MAX_COLUMNS;
/** csv-parse's own bound on one record's characters (UTF-8 bytes while a field is being read). */
const CSV_MAX_RECORD_SIZE = IMPORT_MAX_COLUMNS * IMPORT_MAX_CELL_CHARS * 4;
/** Text handed to a parser between two turns of the event loop, so other requests run meanwhile. */
const SLICE_BYTES = 64 * 1024;
/** CSV lines per turn: csv-parse builds an Error object for every row shorter than the header (~30 µs). */
const CSV_LINES_PER_SLICE = 64;

export interface SheetRow {
  /** The row number a spreadsheet program shows (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

/** Lower-case letters and digits only, so "E-mail", "email" and "EMAIL " name the same column. */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const refuse = (message: string) => new AppError('BAD_REQUEST', message);
const NOT_A_SHEET = 'The file is neither a .xlsx workbook nor a .csv text file.';
const UNREADABLE_XLSX = 'The file is not a readable .xlsx workbook.';
const UNREADABLE_CSV = 'The .csv file could not be read: check its quotes and separators.';
const tooManyColumns = (row: number) =>
  refuse(
    `Row ${row} has more than ${IMPORT_MAX_COLUMNS} columns; a file may have at most ${IMPORT_MAX_COLUMNS}.`,
  );
const unzippedTooLarge = () =>
  refuse(
    `The workbook unpacks to more than ${IMPORT_MAX_UNZIPPED_BYTES / 1024 / 1024} MB; ` +
      `import at most ${IMPORT_MAX_ROWS} rows of plain values at a time.`,
  );

/** 0 → A, 25 → Z, 26 → AA, as a spreadsheet program names columns. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** PostgreSQL cannot store NUL; the other C0 controls (tab, CR and LF aside) are never meant in a name. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

/**
 * Collects rows as a reader produces them and applies every row, column and cell limit at once, so
 * reading stops at the first one broken. Both readers feed it; messages name the row and the column.
 */
class TableBuilder {
  private headerCells: string[] | null = null;
  private headers: string[] = [];
  readonly rows: SheetRow[] = [];
  private rowsRead = 0;

  /** "column C (E-mail)": the letter, and the header when there is one, never the cell's value. */
  column(index: number): string {
    const header = this.headerCells?.[index];
    const label = header ? ` (${header.length > 40 ? `${header.slice(0, 40)}…` : header})` : '';
    return `column ${columnLetter(index)}${label}`;
  }

  tooLong(row: number, column: number) {
    return refuse(
      `Row ${row}, ${this.column(column)} is longer than ${IMPORT_MAX_CELL_CHARS} characters, ` +
        `the most a cell may hold.`,
    );
  }

  /** Called for every row read, blank or not, in file order; `cells` may be sparse. */
  addRow(row: number, raw: readonly (string | undefined)[]) {
    this.rowsRead += 1;
    if (this.rowsRead > IMPORT_MAX_READ_ROWS) {
      throw refuse(
        `The file has more than ${IMPORT_MAX_READ_ROWS} rows, blank ones included; delete the blank ` +
          `rows, and import at most ${IMPORT_MAX_ROWS} rows at a time.`,
      );
    }
    const cells: string[] = [];
    let width = 0;
    for (let c = 0; c < raw.length; c++) {
      const value = (raw[c] ?? '').trim();
      cells.push(value);
      if (value === '') continue;
      if (c >= IMPORT_MAX_COLUMNS) throw tooManyColumns(row);
      if (value.length > IMPORT_MAX_CELL_CHARS) throw this.tooLong(row, c);
      if (hasControlCharacter(value))
        throw refuse(`Row ${row}, ${this.column(c)} contains a control character that cannot be stored.`);
      width = c + 1;
    }
    cells.length = width;

    if (this.headerCells === null) {
      // The header is row 1 of the sheet, as a spreadsheet program shows it.
      if (row !== 1 || width === 0) throw refuse('The file has no header row.');
      this.headerCells = cells;
      this.headers = cells.map(normalizeHeader);
      return;
    }
    if (width === 0) return;
    if (this.rows.length === IMPORT_MAX_ROWS) {
      throw refuse(
        `The file has more than ${IMPORT_MAX_ROWS} rows; import at most ${IMPORT_MAX_ROWS} at a time.`,
      );
    }
    const values: Record<string, string> = {};
    this.headers.forEach((h, c) => {
      if (h) values[h] = cells[c] ?? '';
    });
    this.rows.push({ row, values });
  }

  finish(): { headers: string[]; rows: SheetRow[] } {
    if (this.headerCells === null) throw refuse('The file has no header row.');
    if (this.rows.length === 0) throw refuse('The file has no rows to import.');
    return { headers: this.headers, rows: this.rows };
  }
}

// ---------------------------------------------------------------------------------------------
// .xlsx: yauzl opens the parts it needs, saxes reads each as it inflates.

interface UnzipBudget {
  left: number;
}

/** Text a cell stores in place of a shared string longer than a cell may be (refused when used). */
const TOO_LONG = null;
type SharedString = string | typeof TOO_LONG;

/** The element's name without its namespace prefix (`x:row` → `row`). */
const localName = (tag: { name: string }) => tag.name.slice(tag.name.indexOf(':') + 1);

/** OOXML writes characters XML cannot carry as `_xHHHH_` (e.g. `_x0000_` for NUL). */
const decodeXmlEscapes = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;

/** "B7" → 1 (zero-based column), or undefined when the reference is missing or malformed. */
function columnOfReference(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let column = 0;
  let i = 0;
  for (; i < ref.length && i < 4; i++) {
    const code = ref.charCodeAt(i) & ~0x20; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return i === 0 ? undefined : column - 1;
}

/** What a part's reader does with the elements and text saxes reports. */
interface XmlHandlers {
  open?(tag: SaxesTagPlain): void;
  close?(tag: SaxesTagPlain): void;
  text?(text: string): void;
}

/**
 * Bounds what saxes may hold at once. saxes keeps a whole text, tag, comment or CDATA section in
 * memory until it ends, so the characters since the last `<` are counted (text may contain `>`, never
 * `<`); inside a comment, CDATA section or processing instruction, which may contain `<`, the count
 * runs on to its end.
 */
class XmlRunGuard {
  private run = 0;
  private special: '' | '!' | '?' = '';
  private afterLt = false;
  private prev1 = 0;
  private prev2 = 0;

  /** The index at which `text` makes a run longer than XML_MAX_RUN_CHARS, or -1. */
  overflowAt(text: string): number {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (this.afterLt) {
        this.afterLt = false;
        if (code === 0x21 || code === 0x3f) this.special = code === 0x21 ? '!' : '?'; // <! or <?
      }
      if (this.special === '' && code === 0x3c) {
        this.run = 0;
        this.afterLt = true;
      } else if (code === 0x3e && this.endsSpecial()) {
        this.special = '';
        this.run = 0;
      }
      this.prev2 = this.prev1;
      this.prev1 = code;
      if (++this.run > XML_MAX_RUN_CHARS) return i;
    }
    return -1;
  }

  /** Whether a `>` now closes a comment (`-->`), a CDATA section (`]]>`) or an instruction (`?>`). */
  private endsSpecial(): boolean {
    if (this.special === '?') return this.prev1 === 0x3f;
    return this.special === '!' && this.prev1 === this.prev2 && (this.prev1 === 0x2d || this.prev1 === 0x5d);
  }
}

/**
 * Streams one zip part through saxes: counts the inflated bytes against the budget, hands saxes at
 * most SLICE_BYTES at a time with a turn of the event loop in between, and bounds what it holds
 * (XmlRunGuard, XML_MAX_DEPTH). `onLongRun` names what was being read when a run grew too long;
 * `done()` lets the caller stop once it has what it needs.
 */
async function streamPart(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: UnzipBudget,
  handlers: XmlHandlers,
  onLongRun: () => AppError,
  done: () => boolean = () => false,
): Promise<void> {
  // A zip states each part's size: one declaring more than the budget is refused before inflating.
  if (entry.uncompressedSize > budget.left) throw unzippedTooLarge();
  // Namespaces off (localName strips prefixes) and positions off: neither is needed and both cost.
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let depth = 0;
  parser.on('opentag', (tag) => {
    // saxes keeps every open element: a file nesting millions would hold them all.
    if (++depth > XML_MAX_DEPTH) throw refuse(UNREADABLE_XLSX);
    handlers.open?.(tag);
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    handlers.close?.(tag);
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const guard = new XmlRunGuard();
  const feed = (text: string) => {
    const overflow = guard.overflowAt(text);
    if (overflow !== -1) {
      // What came before the long run still reaches saxes, so the message can name the cell.
      parser.write(text.slice(0, overflow));
      throw onLongRun();
    }
    parser.write(text);
  };
  const stream = await zip.openReadStreamPromise(entry);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw unzippedTooLarge();
      for (let offset = 0; offset < chunk.length && !done(); offset += SLICE_BYTES) {
        feed(decoder.write(chunk.subarray(offset, offset + SLICE_BYTES)));
        await nextTurn();
      }
      if (done()) return;
    }
    feed(decoder.end());
    parser.close();
  } finally {
    stream.destroy();
  }
}

/** The first sheet's part and the shared-strings part, as the workbook's relationships name them. */
async function locateParts(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  budget: UnzipBudget,
): Promise<{ sheet?: yauzl.Entry; sharedStrings?: yauzl.Entry }> {
  const longRun = () => refuse(UNREADABLE_XLSX);
  let firstSheetId: string | undefined;
  const workbook = entries.get('xl/workbook.xml');
  if (workbook) {
    const open = (tag: SaxesTagPlain) => {
      if (firstSheetId !== undefined || localName(tag) !== 'sheet') return;
      const idName = Object.keys(tag.attributes).find((name) => name.endsWith(':id'));
      firstSheetId = idName ? tag.attributes[idName] : '';
    };
    await streamPart(zip, workbook, budget, { open }, longRun, () => firstSheetId !== undefined);
  }
  const targets = new Map<string, string>();
  let sharedStringsTarget: string | undefined;
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rels) {
    const open = (tag: SaxesTagPlain) => {
      if (localName(tag) !== 'Relationship') return;
      const { Id: id, Target: target, Type: type } = tag.attributes;
      if (typeof target !== 'string') return;
      // Targets are relative to xl/ unless absolute within the package.
      const part = target.startsWith('/') ? target.slice(1) : path.posix.join('xl', target);
      if (typeof id === 'string') targets.set(id, part);
      if (typeof type === 'string' && type.endsWith('/sharedStrings')) sharedStringsTarget = part;
    };
    await streamPart(zip, rels, budget, { open }, longRun);
  }
  const sheetPart = (firstSheetId && targets.get(firstSheetId)) || 'xl/worksheets/sheet1.xml';
  return {
    sheet: entries.get(sheetPart),
    sharedStrings: entries.get(sharedStringsTarget ?? 'xl/sharedStrings.xml'),
  };
}

/** The shared-strings table, each text trimmed; one longer than a cell may be is kept as TOO_LONG. */
async function readSharedStrings(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: UnzipBudget,
): Promise<SharedString[]> {
  const strings: SharedString[] = [];
  let totalChars = 0;
  let text: string | null = null; // inside <si>; null once the text is known to be too long
  let inSi = false;
  let inText = false;
  let phoneticDepth = 0;
  const open = (tag: SaxesTagPlain) => {
    const name = localName(tag);
    if (name === 'si') {
      if (strings.length === IMPORT_MAX_SHARED_STRINGS) {
        throw refuse(`The workbook holds more than ${IMPORT_MAX_SHARED_STRINGS} different texts.`);
      }
      inSi = true;
      text = '';
    } else if (name === 'rPh') phoneticDepth += 1;
    else if (name === 't' && inSi && phoneticDepth === 0) inText = true; // not a pronunciation guide's
  };
  const onText = (chunk: string) => {
    if (!inText || text === null) return;
    text += chunk;
    if (text.length > CELL_MAX_RAW_CHARS) text = null;
  };
  const close = (tag: SaxesTagPlain) => {
    const name = localName(tag);
    if (name === 't') inText = false;
    else if (name === 'rPh') phoneticDepth -= 1;
    else if (name === 'si') {
      const value = text === null ? TOO_LONG : decodeXmlEscapes(text).trim();
      if (value === TOO_LONG || value.length > IMPORT_MAX_CELL_CHARS) strings.push(TOO_LONG);
      else {
        totalChars += value.length;
        if (totalChars > IMPORT_MAX_SHARED_STRING_CHARS) {
          throw refuse(
            `The workbook's texts add up to more than ${IMPORT_MAX_SHARED_STRING_CHARS} characters.`,
          );
        }
        strings.push(value);
      }
      inSi = false;
    }
  };
  await streamPart(zip, entry, budget, { open, close, text: onText }, () =>
    refuse(
      `The workbook holds a text longer than ${XML_MAX_RUN_CHARS} characters; ` +
        `a cell may hold at most ${IMPORT_MAX_CELL_CHARS}.`,
    ),
  );
  return strings;
}

/** Streams the sheet's rows into the table; cells are placed by their reference, so gaps are kept. */
async function readWorksheet(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: UnzipBudget,
  shared: SharedString[],
  table: TableBuilder,
): Promise<void> {
  let inSheetData = false;
  let finished = false;
  let row = 0;
  let cells: (string | undefined)[] = [];
  let nextColumn = 0;
  let cell: { column: number; type: string; text: string } | null = null;
  let inValue = false;
  let inInline = false;
  let phoneticDepth = 0;

  const open = (tag: SaxesTagPlain) => {
    const name = localName(tag);
    if (name === 'sheetData') inSheetData = true;
    if (!inSheetData) return;
    if (name === 'row') {
      const r = Number.parseInt(tag.attributes.r ?? '', 10);
      row = Number.isInteger(r) && r > 0 ? r : row + 1;
      cells = [];
      nextColumn = 0;
    } else if (name === 'c') {
      const column = columnOfReference(tag.attributes.r) ?? nextColumn;
      nextColumn = column + 1;
      cell = { column, type: tag.attributes.t ?? 'n', text: '' };
    } else if (cell && name === 'v') inValue = true;
    else if (cell && name === 'is') inInline = true;
    else if (name === 'rPh') phoneticDepth += 1;
    else if (cell && inInline && name === 't' && phoneticDepth === 0) inValue = true;
  };
  const onText = (chunk: string) => {
    if (!inValue || !cell) return;
    cell.text += chunk;
    if (cell.text.length > CELL_MAX_RAW_CHARS) throw table.tooLong(row, cell.column);
  };
  const close = (tag: SaxesTagPlain) => {
    if (!inSheetData) return;
    const name = localName(tag);
    if (name === 'v' || name === 't') inValue = false;
    else if (name === 'is') inInline = false;
    else if (name === 'rPh') phoneticDepth -= 1;
    else if (name === 'c' && cell) {
      const value = cellValue(cell.type, cell.text, shared);
      if (value === TOO_LONG) throw table.tooLong(row, cell.column);
      if (cell.column >= IMPORT_MAX_COLUMNS) {
        if (value.trim() !== '') throw tooManyColumns(row);
      } else cells[cell.column] = value;
      cell = null;
    } else if (name === 'row') table.addRow(row, cells);
    else if (name === 'sheetData') finished = true; // what follows (merged cells, page setup) is not needed
  };
  await streamPart(
    zip,
    entry,
    budget,
    { open, close, text: onText },
    () =>
      cell && inValue
        ? table.tooLong(row, cell.column)
        : refuse(`The workbook holds a text or tag longer than ${XML_MAX_RUN_CHARS} characters.`),
    () => finished,
  );
}

/**
 * A cell's text by its type. Numbers and dates come as the stored number (a date is a day count);
 * formulas give their last computed value; errors (#N/A) count as empty.
 */
function cellValue(type: string, text: string, shared: SharedString[]): SharedString {
  switch (type) {
    case 's': {
      const value = shared[Number.parseInt(text, 10)];
      return value === undefined ? '' : value;
    }
    case 'inlineStr':
    case 'str':
      return decodeXmlEscapes(text);
    case 'b':
      return text.trim() === '1' ? 'TRUE' : text.trim() === '0' ? 'FALSE' : text;
    case 'e':
      return '';
    default: {
      // As exceljs read it before: 35.50 → 35.5, 1E+3 → 1000.
      const number = Number(text);
      return text.trim() !== '' && Number.isFinite(number) ? String(number) : text;
    }
  }
}

async function readXlsx(buffer: Buffer, table: TableBuilder): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw refuse(UNREADABLE_XLSX);
  }
  try {
    if (zip.entryCount > ZIP_MAX_ENTRIES) throw refuse(UNREADABLE_XLSX);
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) {
      if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
      if (entries.size % 500 === 0) await nextTurn();
    }
    const budget: UnzipBudget = { left: IMPORT_MAX_UNZIPPED_BYTES };
    const parts = await locateParts(zip, entries, budget);
    if (!parts.sheet) return; // a workbook without a sheet: "no header row"
    const shared = parts.sharedStrings ? await readSharedStrings(zip, parts.sharedStrings, budget) : [];
    await readWorksheet(zip, parts.sheet, budget, shared, table);
  } catch (error) {
    // Broken zips and XML (saxes, zlib, yauzl size checks) all mean the same thing to the user.
    throw error instanceof AppError ? error : refuse(UNREADABLE_XLSX);
  } finally {
    zip.close();
  }
}

// ---------------------------------------------------------------------------------------------
// .csv: csv-parse's stream, fed a slice at a time.

/** A NUL in the header line, or many control bytes early on, mean a binary file, not a CSV with a bad cell. */
function looksBinary(buffer: Buffer): boolean {
  const head = buffer.subarray(0, 8192);
  const lineEnd = head.indexOf(0x0a);
  if (head.subarray(0, lineEnd === -1 ? head.length : lineEnd).includes(0)) return true;
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const byte = head[i] as number;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) control += 1;
  }
  return control > Math.max(8, head.length / 100);
}

/**
 * The file in slices of at most SLICE_BYTES and CSV_LINES_PER_SLICE lines, with a turn of the event
 * loop between them. Counts separators outside quotes per line, so a line of a million empty fields
 * is refused before csv-parse builds it as one record.
 */
async function* csvSlices(buffer: Buffer): AsyncGenerator<Buffer> {
  let line = 1;
  let fields = 1;
  let quoted = false;
  let afterCr = false;
  let start = 0;
  let linesInSlice = 0;
  for (let i = 0; i < buffer.length; i++) {
    const byte = buffer[i];
    if (byte === 0x22) quoted = !quoted;
    else if (!quoted) {
      if (byte === 0x2c && ++fields > CSV_MAX_FIELDS_PER_LINE) throw tooManyColumns(line);
      if (byte === 0x0d || (byte === 0x0a && !afterCr)) {
        line += 1;
        fields = 1;
        linesInSlice += 1;
      }
    }
    afterCr = byte === 0x0d;
    if (linesInSlice === CSV_LINES_PER_SLICE || i + 1 - start === SLICE_BYTES) {
      yield buffer.subarray(start, i + 1);
      await nextTurn();
      start = i + 1;
      linesInSlice = 0;
    }
  }
  if (start < buffer.length) yield buffer.subarray(start);
}

async function readCsv(buffer: Buffer, table: TableBuilder): Promise<void> {
  if (looksBinary(buffer)) throw refuse(NOT_A_SHEET);
  const parser = parseCsv({
    bom: true,
    skip_empty_lines: false,
    relax_column_count: true,
    trim: true,
    max_record_size: CSV_MAX_RECORD_SIZE,
  });
  // A parse error is emitted on the next tick: it is seen at the latest after the turn between slices.
  let failure: unknown;
  parser.on('error', (error) => (failure = error));
  let row = 0;
  const takeRecords = () => {
    for (let record: string[] | null = parser.read(); record !== null; record = parser.read())
      table.addRow(++row, record);
  };
  try {
    // One slice written, its records taken, then a turn of the event loop: no burst of buffered work.
    for await (const slice of csvSlices(buffer)) {
      if (failure) throw failure;
      parser.write(slice);
      takeRecords();
    }
    if (failure) throw failure;
    parser.end();
    for await (const record of parser as AsyncIterable<string[]>) table.addRow(++row, record);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      // csv-parse counts the records it read before the one it stopped in.
      const at = Number(error.records ?? row) + 1;
      throw refuse(
        `Row ${at} is too long: a row may have at most ${IMPORT_MAX_COLUMNS} columns of at most ` +
          `${IMPORT_MAX_CELL_CHARS} characters.`,
      );
    }
    throw refuse(UNREADABLE_CSV);
  } finally {
    parser.destroy();
  }
}

/**
 * Reads the first sheet of an uploaded .xlsx or .csv (recognised by content, not by name) into rows
 * keyed by normalised header. Blank rows are skipped. Reading streams, yields to other requests
 * between slices, and stops with a 400 naming the limit at the first one broken (see IMPORT_MAX_*).
 */
export async function readSheet(buffer: Buffer): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const table = new TableBuilder();
  const isZip = buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50;
  await (isZip ? readXlsx(buffer, table) : readCsv(buffer, table));
  return table.finish();
}

/** The first value among several accepted header spellings. */
export const pick = (values: Record<string, string>, ...names: string[]) => {
  for (const name of names) {
    const v = values[normalizeHeader(name)];
    if (v !== undefined) return v;
  }
  return '';
};
