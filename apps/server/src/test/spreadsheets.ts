import zlib from 'node:zlib';
import { columnLetter } from '../platform/sheet.ts';

// Spreadsheets built in memory for the import tests and `npm run bench:import`: legitimate ones and
// the hostile ones the reader must refuse. No binary fixture is committed; each is made when needed.

export interface ZipPart {
  name: string;
  /** The part's bytes, or a generator of them (a zip bomb is never held inflated). */
  data: Buffer | string | (() => Iterable<Buffer>);
  /** 0 stores the part as is; 8 (default) deflates it. */
  method?: 0 | 8;
  /** The uncompressed size the zip states, when a test wants it to lie. */
  declaredSize?: number;
}

async function deflatePart(chunks: Iterable<Buffer>, method: 0 | 8) {
  let crc = 0;
  let size = 0;
  const out: Buffer[] = [];
  const deflate = method === 8 ? zlib.createDeflateRaw({ level: 9 }) : null;
  deflate?.on('data', (chunk: Buffer) => out.push(chunk));
  for (const chunk of chunks) {
    crc = zlib.crc32(chunk, crc);
    size += chunk.length;
    if (!deflate) out.push(chunk);
    else if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  if (deflate) {
    const ended = new Promise((resolve) => deflate.once('end', resolve));
    deflate.end();
    await ended;
  }
  return { data: Buffer.concat(out), crc, size };
}

/** A zip file of the given parts (local headers, central directory, end record), as a .xlsx is. */
export async function zip(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const method = part.method ?? 8;
    const source =
      typeof part.data === 'function'
        ? part.data()
        : [typeof part.data === 'string' ? Buffer.from(part.data) : part.data];
    const { data, crc, size } = await deflatePart(source, method);
    const declared = part.declaredSize ?? size;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Drivers" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
  '</Relationships>';
const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';

/** A workbook of one sheet whose XML (inside `<sheetData>`) and shared strings are given as parts. */
export function workbook(
  sheetData: ZipPart['data'],
  options: { sharedStrings?: ZipPart['data']; sheetDeclaredSize?: number } = {},
): Promise<Buffer> {
  const wrap = (data: ZipPart['data'], open: string, close: string): ZipPart['data'] =>
    typeof data === 'function'
      ? function* () {
          yield Buffer.from(open);
          yield* data();
          yield Buffer.from(close);
        }
      : `${open}${data}${close}`;
  const parts: ZipPart[] = [
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: wrap(sheetData, SHEET_OPEN, SHEET_CLOSE),
      ...(options.sheetDeclaredSize === undefined ? {} : { declaredSize: options.sheetDeclaredSize }),
    },
  ];
  if (options.sharedStrings !== undefined) {
    const open =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
    parts.push({ name: 'xl/sharedStrings.xml', data: wrap(options.sharedStrings, open, '</sst>') });
  }
  return zip(parts);
}

/** `<row>` XML of inline-string cells, each placed by its reference. */
export const rowXml = (row: number, cells: string[]) =>
  `<row r="${row}">${cells
    .map((text, c) => `<c r="${columnLetter(c)}${row}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`)
    .join('')}</row>`;

/** The header every driver file here uses. */
export const DRIVER_HEADER = [
  'First name',
  'Last name',
  'E-mail',
  'Password',
  'Vehicle',
  'Hourly rate',
  'Language',
];

/** `count` valid driver rows (no password, no vehicle), e-mails made unique by `tag`. */
export const driverRows = (count: number, tag = 'bulk') =>
  Array.from({ length: count }, (_, i) => [
    `Driver${i}`,
    'Imported',
    `${tag}${i}@import.example`,
    '',
    '',
    '20',
    'en',
  ]);

/** A .csv of the header and `count` valid driver rows. */
export const driversCsv = (count: number, tag?: string) =>
  [DRIVER_HEADER, ...driverRows(count, tag)].map((cells) => cells.join(',')).join('\n');

/** A .xlsx of the header and `count` valid driver rows, with shared strings as Excel writes them. */
export function driversXlsx(count: number, tag?: string): Promise<Buffer> {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const ref = (text: string) => {
    let i = index.get(text);
    if (i === undefined) {
      i = strings.length;
      strings.push(text);
      index.set(text, i);
    }
    return i;
  };
  const rows = [DRIVER_HEADER, ...driverRows(count, tag)].map(
    (cells, r) =>
      `<row r="${r + 1}">${cells
        .map((text, c) =>
          text === ''
            ? ''
            : /^\d+$/.test(text)
              ? `<c r="${columnLetter(c)}${r + 1}"><v>${text}</v></c>`
              : `<c r="${columnLetter(c)}${r + 1}" t="s"><v>${ref(text)}</v></c>`,
        )
        .join('')}</row>`,
  );
  return workbook(rows.join(''), {
    sharedStrings: strings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join(''),
  });
}

/** Repeats `unit` until `bytes` have been produced, a megabyte at a time. */
function* repeated(unit: string, bytes: number): Generator<Buffer> {
  const block = Buffer.from(unit.repeat(Math.max(1, Math.floor((1 << 20) / unit.length))));
  for (let left = bytes; left > 0; left -= block.length)
    yield left >= block.length ? block : block.subarray(0, left);
}

const MB = 1024 * 1024;

/** A .xlsx with `rows` data rows, built as XML (exceljs would take minutes for 100,000). */
export const manyRowsXlsx = (rows: number) =>
  workbook(function* () {
    yield Buffer.from(rowXml(1, DRIVER_HEADER));
    for (let r = 2; r <= rows + 1; r += 1)
      yield Buffer.from(rowXml(r, [`n${r}`, 'x', `r${r}@import.example`]));
  });

/**
 * The zip bomb: one cell of `bytes` letters (300 MB by default) in row 2, a file of about 300 kB.
 * `inSharedStrings` puts the text in the shared-strings table; `declaredSize` makes the zip lie.
 */
export function bombXlsx(options: { bytes?: number; inSharedStrings?: boolean; declaredSize?: number } = {}) {
  const bytes = options.bytes ?? 300 * MB;
  const header = rowXml(1, ['First name']);
  const big = (open: string, close: string) =>
    function* () {
      yield Buffer.from(open);
      yield* repeated('A', bytes);
      yield Buffer.from(close);
    };
  if (options.inSharedStrings) {
    return workbook(`${header}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`, {
      sharedStrings: big('<si><t>', '</t></si>'),
    });
  }
  return workbook(big(`${header}<row r="2"><c r="A2" t="inlineStr"><is><t>`, '</t></is></c></row>'), {
    ...(options.declaredSize === undefined ? {} : { sheetDeclaredSize: options.declaredSize }),
  });
}

/** A .xlsx of a header then `rows` empty `<row>` elements (a sheet formatted far down, or a trick). */
export const blankRowsXlsx = (rows: number) =>
  workbook(function* () {
    yield Buffer.from(rowXml(1, DRIVER_HEADER));
    for (let r = 2; r <= rows + 1; r += 10_000) {
      let xml = '';
      for (let i = r; i < Math.min(r + 10_000, rows + 2); i += 1) xml += `<row r="${i}"/>`;
      yield Buffer.from(xml);
    }
  });

/** A .xlsx whose sheet is `bytes` of harmless markup: many small tags, no long text. */
export const markupFloodXlsx = (bytes: number) =>
  workbook(function* () {
    yield Buffer.from(rowXml(1, DRIVER_HEADER));
    yield* repeated('<x/>', bytes);
  });

/** A .csv whose header has `columns` columns, followed by `rows` one-letter rows (69 kB for 5,000 × 20,000). */
export const wideCsv = (columns: number, rows: number) =>
  [Array.from({ length: columns }, (_, i) => `c${i}`).join(','), ...Array(rows).fill('x')].join('\n');
