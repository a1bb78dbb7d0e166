import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  DRIVER_HEADER,
  blankRowsXlsx,
  bombXlsx,
  driversCsv,
  driversXlsx,
  manyRowsXlsx,
  markupFloodXlsx,
  rowXml,
  wideCsv,
  workbook,
  zip,
} from '../test/spreadsheets.ts';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_READ_ROWS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_SHARED_STRINGS,
  IMPORT_MAX_SHARED_STRING_CHARS,
  readSheet,
} from './sheet.ts';

/** The message readSheet refuses the file with (every refusal is a 400 AppError). */
async function refusal(file: Buffer | string): Promise<string> {
  const error = await readSheet(Buffer.from(file)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ name: 'AppError', statusCode: 400 });
  return (error as Error).message;
}

const read = (file: Buffer | string) => readSheet(Buffer.from(file));

describe('readSheet: what it reads', () => {
  it('reads a .csv: BOM stripped, values trimmed, ragged and blank rows, row numbers as shown', async () => {
    const { headers, rows } = await read('\uFEFFFirst name, E-mail \n  Noor , noor@x.example\n\n,\nKaran\n');
    expect(headers).toEqual(['firstname', 'email']);
    expect(rows).toEqual([
      { row: 2, values: { firstname: 'Noor', email: 'noor@x.example' } },
      { row: 5, values: { firstname: 'Karan', email: '' } },
    ]);
  });

  it('reads a workbook Excel-style (shared strings, numbers) as exceljs used to', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Drivers');
    sheet.addRow(['First name', 'Hourly rate', 'Active', 'Formula']);
    sheet.addRow(['Noor', 35.5, true, { formula: 'B2*2', result: 71 }]);
    sheet.addRow([]);
    sheet.addRow(['Karan', 28, false, { formula: 'A4&"!"', result: 'Karan!' }]);
    const { rows } = await read(Buffer.from(await book.xlsx.writeBuffer()));
    expect(rows).toEqual([
      { row: 2, values: { firstname: 'Noor', hourlyrate: '35.5', active: 'TRUE', formula: '71' } },
      { row: 4, values: { firstname: 'Karan', hourlyrate: '28', active: 'FALSE', formula: 'Karan!' } },
    ]);
  });

  it('places cells by their reference, joins rich text and leaves out pronunciation guides', async () => {
    const file = await workbook(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="s"><v>0</v></c></row>' +
        '<row r="3"><c r="C3" t="s"><v>1</v></c><c r="A3" t="inlineStr"><is><r><t>No</t></r><r><t>or</t></r>' +
        '<rPh><t>ノール</t></rPh></is></c><c r="B3" t="e"><v>#N/A</v></c></row>',
      { sharedStrings: '<si><t>Rate</t></si><si><r><t>3</t></r><r><t>5</t></r></si>' },
    );
    const { headers, rows } = await read(file);
    expect(headers).toEqual(['name', '', 'rate']);
    expect(rows).toEqual([{ row: 3, values: { name: 'Noor', rate: '35' } }]);
  });

  it("finds the first sheet through the workbook's relationships", async () => {
    const sheet = (name: string) =>
      `<worksheet><sheetData>${rowXml(1, ['Sheet']) + rowXml(2, [name])}</sheetData></worksheet>`;
    const file = await zip([
      {
        name: 'xl/workbook.xml',
        data: '<workbook xmlns:r="r"><sheets><sheet name="B" r:id="rId7"/><sheet name="A" r:id="rId1"/></sheets></workbook>',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Target="/xl/worksheets/first.xml"/></Relationships>',
      },
      { name: 'xl/worksheets/sheet1.xml', data: sheet('second') },
      { name: 'xl/worksheets/first.xml', data: sheet('first'), method: 0 },
    ]);
    expect((await read(file)).rows).toEqual([{ row: 2, values: { sheet: 'first' } }]);
  });

  it('refuses what is not a spreadsheet, and files without a header or rows', async () => {
    expect(await refusal(Buffer.from([0, 1, 2, 3, 0, 0]))).toBe(
      'The file is neither a .xlsx workbook nor a .csv text file.',
    );
    expect(await refusal('PK\u0003\u0004garbage')).toBe('The file is not a readable .xlsx workbook.');
    expect(await refusal(await workbook('<row r="1"><c r="A1"><v>1</v></c></row><row'))).toBe(
      'The file is not a readable .xlsx workbook.',
    );
    expect(await refusal('a,b\n"unclosed,x\n')).toBe(
      'The .csv file could not be read: check its quotes and separators.',
    );
    expect(await refusal('\nName\nNoor')).toBe('The file has no header row.');
    expect(await refusal(await workbook(rowXml(2, ['Name'])))).toBe('The file has no header row.');
    expect(await refusal('Name\n\n')).toBe('The file has no rows to import.');
  });
});

describe('readSheet: limits, enforced while reading', () => {
  it(`reads ${IMPORT_MAX_ROWS} rows and stops at the next one, before reading further`, async () => {
    expect((await read(driversCsv(IMPORT_MAX_ROWS))).rows).toHaveLength(IMPORT_MAX_ROWS);
    expect((await read(await driversXlsx(IMPORT_MAX_ROWS))).rows).toHaveLength(IMPORT_MAX_ROWS);
    const tooMany = `The file has more than ${IMPORT_MAX_ROWS} rows; import at most ${IMPORT_MAX_ROWS} at a time.`;
    // What follows the 2,001st row is broken: had it been read, the file would be called unreadable.
    expect(await refusal(`${driversCsv(IMPORT_MAX_ROWS + 1)}\n"never closed`)).toBe(tooMany);
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 2 }, (_, i) => rowXml(i + 1, [`r${i}`])).join('');
    expect(await refusal(await workbook(`${rows}<broken`))).toBe(tooMany);
    expect(await refusal(await manyRowsXlsx(100_000))).toBe(tooMany);
  });

  it('refuses a file of blank rows once it has read a few times the row limit', async () => {
    const message = `The file has more than ${IMPORT_MAX_READ_ROWS} rows, blank ones included; delete the blank rows, and import at most ${IMPORT_MAX_ROWS} rows at a time.`;
    expect(await refusal(await blankRowsXlsx(1_000_000))).toBe(message);
    expect(await refusal(`Name\n${'\n'.repeat(1_000_000)}`)).toBe(message);
    expect(await refusal(`Name\n${' , \n'.repeat(IMPORT_MAX_READ_ROWS)}`)).toBe(message);
  });

  it(`refuses values past column ${IMPORT_MAX_COLUMNS}, naming the row`, async () => {
    const wide = (row: number) => `Row ${row} has more than 50 columns; a file may have at most 50.`;
    expect(await refusal(wideCsv(5000, 20_000))).toBe(wide(1));
    const header = DRIVER_HEADER.join(',');
    expect(await refusal(`${header}\nNoor\nKaran${','.repeat(IMPORT_MAX_COLUMNS)}x`)).toBe(wide(3));
    expect(await refusal(`${header}\nNoor${','.repeat(4_000_000)}`)).toBe(wide(2));
    // Empty cells out there (a column once formatted, Excel's trailing commas) are not values.
    expect((await read(`${header}${','.repeat(80)}\nNoor${','.repeat(80)}`)).rows).toHaveLength(1);
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const xlsx = (far: string) =>
      workbook(rowXml(1, ['Name']) + `<row r="7">${cell('A7', 'Noor')}${far}</row>`);
    expect(await refusal(await xlsx(cell('AY7', 'x')))).toBe(wide(7));
    expect((await read(await xlsx(cell('AX7', 'x') + '<c r="XFD7" s="3"/>'))).rows).toHaveLength(1);
  });

  it(`refuses a cell over ${IMPORT_MAX_CELL_CHARS} characters, naming row and column but not the value`, async () => {
    const long = 'Q'.repeat(IMPORT_MAX_CELL_CHARS + 1);
    const fits = 'Q'.repeat(IMPORT_MAX_CELL_CHARS);
    const tooLong = (where: string) =>
      `${where} is longer than ${IMPORT_MAX_CELL_CHARS} characters, the most a cell may hold.`;
    expect((await read(`Name,E-mail\nNoor,  ${fits}  `)).rows[0]?.values.email).toBe(fits);
    expect(await refusal(`Name,E-mail\nNoor,ok\nKaran,${long}`)).toBe(tooLong('Row 3, column B (E-mail)'));
    expect(await refusal(`Name,E-mail\nNoor,${'Q'.repeat(4_000_000)}`)).toBe(
      'Row 2 is too long: a row may have at most 50 columns of at most 500 characters.',
    );
    expect(await refusal(await workbook(rowXml(1, ['Name', 'E-mail']) + rowXml(2, ['Noor', long])))).toBe(
      tooLong('Row 2, column B (E-mail)'),
    );
    const shared = (uses: string) =>
      workbook(rowXml(1, ['Name']) + `<row r="4"><c r="A4" t="s"><v>${uses}</v></c></row>`, {
        sharedStrings: `<si><t>Noor</t></si><si><t>${long}</t></si>`,
      });
    expect((await read(await shared('0'))).rows).toEqual([{ row: 4, values: { name: 'Noor' } }]);
    expect(await refusal(await shared('1'))).toBe(tooLong('Row 4, column A (Name)'));
    for (const file of [await shared('1'), `Name\n${long}`]) expect(await refusal(file)).not.toContain('QQ');
  });

  it('refuses NUL and other control characters, naming row and column; keeps tabs and line breaks', async () => {
    const control = (where: string) => `${where} contains a control character that cannot be stored.`;
    expect(await refusal('Name,Last,E-mail\nNoor,H,n@x\nKaran,M,k\u0000@x')).toBe(
      control('Row 3, column C (E-mail)'),
    );
    expect(await refusal('Name\nNo\u0007or')).toBe(control('Row 2, column A (Name)'));
    // Excel writes characters XML cannot carry as _xHHHH_.
    expect(
      await refusal(await workbook(rowXml(1, ['Name', 'Note']) + rowXml(7, ['Noor', 'a_x0000_b']))),
    ).toBe(control('Row 7, column B (Note)'));
    expect((await read('Name,Note\nNoor,"two\tcells\r\nand lines"')).rows[0]?.values.note).toBe(
      'two\tcells\r\nand lines',
    );
  });

  it('refuses a zip bomb by its stated size, before inflating it', async () => {
    const message =
      'The workbook unpacks to more than 32 MB; import at most 2000 rows of plain values at a time.';
    expect(await refusal(await bombXlsx())).toBe(message);
    expect(await refusal(await bombXlsx({ inSharedStrings: true }))).toBe(message);
    expect(await refusal(await markupFloodXlsx(40 * 1024 * 1024))).toBe(message);
    // The budget covers every part read: 20 MB of shared strings leave too little for a 20 MB sheet.
    const flood = (unit: string, bytes: number) =>
      function* () {
        for (let left = bytes; left > 0; left -= 1 << 20)
          yield Buffer.from(unit.repeat((1 << 20) / unit.length));
      };
    const both = await workbook(
      function* () {
        yield Buffer.from(rowXml(1, ['Name']));
        yield* flood('<x/>', 20 << 20)();
      },
      { sharedStrings: flood('<y/>', 20 << 20) },
    );
    expect(await refusal(both)).toBe(message);
  });

  it('refuses a zip bomb that understates its size, after inflating no more than it stated', async () => {
    // One long cell is refused by its length; a zip whose data outgrows its stated size is corrupt.
    expect(await refusal(await bombXlsx({ bytes: 40 * 1024 * 1024, declaredSize: 30 * 1024 * 1024 }))).toBe(
      'Row 2, column A (First name) is longer than 500 characters, the most a cell may hold.',
    );
    expect(await refusal(await bombXlsx({ bytes: 40 * 1024 * 1024, declaredSize: 1000 }))).toBe(
      'The file is not a readable .xlsx workbook.',
    );
  });

  it('bounds the shared strings: how many, and their characters together', async () => {
    const strings = (count: number, text: string) =>
      function* () {
        for (let i = 0; i < count; i += 1000)
          yield Buffer.from(`<si><t>${text}</t></si>`.repeat(Math.min(1000, count - i)));
      };
    const book = (count: number, text: string) =>
      workbook(rowXml(1, ['Name']) + rowXml(2, ['Noor']), { sharedStrings: strings(count, text) });
    expect(await refusal(await book(IMPORT_MAX_SHARED_STRINGS + 1, 'x'))).toBe(
      `The workbook holds more than ${IMPORT_MAX_SHARED_STRINGS} different texts.`,
    );
    const count = Math.ceil(IMPORT_MAX_SHARED_STRING_CHARS / IMPORT_MAX_CELL_CHARS) + 1;
    expect(await refusal(await book(count, 'x'.repeat(IMPORT_MAX_CELL_CHARS)))).toBe(
      `The workbook's texts add up to more than ${IMPORT_MAX_SHARED_STRING_CHARS} characters.`,
    );
  });

  it('refuses XML built to make the parser hold too much: deep nesting, endless tags and comments', async () => {
    const sheet = (xml: string) => workbook(rowXml(1, ['Name']) + xml);
    expect(await refusal(await sheet('<a>'.repeat(100_000)))).toBe(
      'The file is not a readable .xlsx workbook.',
    );
    const longRun = 'The workbook holds a text or tag longer than 65536 characters.';
    expect(await refusal(await sheet(`<!--${'<a>'.repeat(100_000)}-->`))).toBe(longRun);
    expect(await refusal(await sheet(`<row r="2"${' a="1"'.repeat(20_000)}/>`))).toBe(longRun);
    expect(
      await refusal(
        await sheet(`<row r="2"><c r="A2" t="inlineStr"><is><t>${'>'.repeat(100_000)}</t></is></c></row>`),
      ),
    ).toBe('Row 2, column A (Name) is longer than 500 characters, the most a cell may hold.');
    // Short comments and processing instructions are fine.
    expect((await read(await sheet('<!-- <b> --><?x y?>' + rowXml(2, ['Noor'])))).rows).toHaveLength(1);
  });

  it('lets other work run between slices of a large file', async () => {
    const file = await driversXlsx(IMPORT_MAX_ROWS);
    let finished = false;
    let turns = 0;
    const tick = () => {
      if (finished) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    await read(file).finally(() => (finished = true));
    expect(turns).toBeGreaterThan(1);
  });
});
