import ExcelJS from 'exceljs';
import { MESSAGES } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Sheet from '../../platform/sheet.ts';
import { IMPORT_MAX_ROWS } from '../../platform/sheet.ts';
import { call, createTestApp, DEMO, multipartFile, type TestApp } from '../../test/app.ts';
import {
  DRIVER_HEADER,
  blankRowsXlsx,
  bombXlsx,
  driversXlsx,
  manyRowsXlsx,
  rowXml,
  wideCsv,
  workbook,
} from '../../test/spreadsheets.ts';

// The reader, unchanged, but telling the health test below when an upload starts being read.
const reading = vi.hoisted(() => ({ started: () => {} }));
vi.mock('../../platform/sheet.ts', async (importOriginal) => {
  const sheet = await importOriginal<typeof Sheet>();
  return {
    ...sheet,
    readSheet: (buffer: Buffer) => {
      reading.started();
      return sheet.readSheet(buffer);
    },
  };
});

let t: TestApp;
let delivery: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  await call(t, delivery, 'POST', '/api/bus/add', {
    reference: 'IMP-1',
    brand: 'Nissan',
    model: 'Urvan',
    year: 2020,
  });
  await call(t, delivery, 'POST', '/api/driver/add-driver', {
    fname: 'Existing',
    lname: 'Driver',
    email: 'existing@desert.example',
    password: 'amber-willow-station',
    bus_id: null,
    hourly_rate: 10,
    language: null,
  });
});
afterAll(() => t.close());

const upload = (url: string, content: Buffer | string, name: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(() => {
      const { payload, headers } = multipartFile(content, name);
      return { payload, headers: { ...headers, cookie: delivery } };
    })(),
  });
const driverCount = async () => (await call(t, delivery, 'GET', '/api/driver/get-drivers')).body.data.length;

const GOOD_CSV = [
  'First name,Last name,E-mail,Password,Vehicle,Hourly rate,Language',
  'Noor,Haddad,noor@desert.example,saffron-dune-42,IMP-1,35.50,Arabic',
  'Karan,Mehta,karan@desert.example,,,28,hi',
].join('\n');

describe('POST /api/v1/drivers/import/preview', () => {
  it('names every bad row and its problems, and writes nothing', async () => {
    const before = await driverCount();
    const csv = [
      'First name,Last name,E-mail,Password,Vehicle,Hourly rate,Language',
      'Noor,Haddad,noor@desert.example,saffron-dune-42,IMP-1,35.50,Arabic',
      ',Mehta,not-mail,abc,NOPE,-3,Klingon',
      'Sam,Existing,existing@desert.example,pass1234,,,',
      'Noor,Again,NOOR@desert.example,pass1234,,,',
      'Karim,Aziz,karim@desert.example,KarimAziz2026,,,',
    ].join('\n');
    const res = await upload('/api/v1/drivers/import/preview', csv, 'drivers.csv');
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({ total: 5, valid: 1, invalid: 4 });
    const row3 = preview.rows.find((r: { row: number }) => r.row === 3).errors;
    expect(row3).toEqual(
      expect.arrayContaining([
        'First name: Field is required',
        'E-mail: E-mail must be valid',
        expect.stringMatching(/^Password: /),
        'Vehicle: no vehicle with reference NOPE',
        'Language: Klingon is not in the languages list',
      ]),
    );
    expect(preview.rows.find((r: { row: number }) => r.row === 4).errors).toContain(
      'E-mail: This e-mail is already used by another account.',
    );
    expect(preview.rows.find((r: { row: number }) => r.row === 5).errors).toContain(
      'E-mail: the same as row 2 of this file',
    );
    // A password made of the driver's own name is refused with the reason.
    expect(preview.rows.find((r: { row: number }) => r.row === 6).errors).toEqual([
      `Password: ${MESSAGES.password.tooWeak(MESSAGES.password.fromAccount)}`,
    ]);
    expect(JSON.stringify(preview)).not.toContain('saffron-dune-42');
    expect(await driverCount()).toBe(before);
  });
});

describe('POST /api/v1/drivers/import', () => {
  it('refuses the whole file when one row is bad, naming the row', async () => {
    const before = await driverCount();
    const res = await upload('/api/v1/drivers/import', `${GOOD_CSV}\nBad,Row,bad-mail,,,,`, 'drivers.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toBe('1 of 3 rows have errors; nothing was imported.');
    expect(res.json().errors).toContainEqual({ path: 'row 4', message: 'E-mail: E-mail must be valid' });
    expect(await driverCount()).toBe(before);
  });

  it('imports a good .xlsx file completely, with vehicles and languages resolved', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Drivers');
    for (const line of GOOD_CSV.split('\n')) sheet.addRow(line.split(','));
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const before = await driverCount();
    const res = await upload('/api/v1/drivers/import', buffer, 'named-anything.bin');
    expect(res.json()).toMatchObject({
      responseCode: 1,
      responseMessage: 'Imported 2 drivers.',
      data: { imported: 2 },
    });
    expect(await driverCount()).toBe(before + 2);
    const noor = (await call(t, delivery, 'GET', '/api/driver/get-drivers?name=Noor')).body.data[0];
    expect(noor).toMatchObject({ bus: { reference: 'IMP-1' }, hourly_rate: 35.5, language: 'ar' });
    // Importing the same file again doubles nothing: every row is now a duplicate.
    const again = await upload('/api/v1/drivers/import', buffer, 'again.xlsx');
    expect(again.statusCode).toBe(400);
    expect(await driverCount()).toBe(before + 2);
  });

  it('refuses files that are not spreadsheets, empty files and too many rows', async () => {
    const binary = await upload('/api/v1/drivers/import/preview', Buffer.from([0, 1, 2, 3, 0, 0]), 'x.csv');
    expect(binary.statusCode).toBe(400);
    expect(binary.json().responseMessage).toBe('The file is neither a .xlsx workbook nor a .csv text file.');
    const fakeZip = await upload(
      '/api/v1/drivers/import/preview',
      Buffer.from('PK\u0003\u0004garbage'),
      'x.xlsx',
    );
    expect(fakeZip.json().responseMessage).toBe('The file is not a readable .xlsx workbook.');
    const headerOnly = await upload('/api/v1/drivers/import/preview', 'First name,Last name\n', 'x.csv');
    expect(headerOnly.json().responseMessage).toBe('The file has no rows to import.');
    const big = ['First name'].concat(Array.from({ length: 2001 }, (_, i) => `n${i}`)).join('\n');
    expect((await upload('/api/v1/drivers/import/preview', big, 'big.csv')).json().responseMessage).toBe(
      'The file has more than 2000 rows; import at most 2000 at a time.',
    );
    const json = await call(t, delivery, 'POST', '/api/v1/drivers/import', { file: 'x' });
    expect(json.status).toBe(400);
  });
});

describe('import events', () => {
  it('announce every imported driver, and every imported vehicle, in one created event', async () => {
    const drivers = [
      'First name,Last name,E-mail,Password,Vehicle,Hourly rate,Language',
      'Event,One,event.one@desert.example,,,,',
      'Event,Two,event.two@desert.example,,,,',
    ].join('\n');
    const driverEvents = await t.eventsDuring(() => upload('/api/v1/drivers/import', drivers, 'd.csv'));
    const imported = (await call(t, delivery, 'GET', '/api/driver/get-drivers?name=Event')).body.data;
    expect(driverEvents.map((e) => [e.type, [...e.ids].sort(), e.tenant_id])).toEqual([
      ['driver.created', imported.map((d: { id: number }) => d.id).sort(), DEMO.delivery.tenantId],
    ]);
    expect(imported).toHaveLength(2);

    const vehicles = 'Reference,Brand,Model,Year\nEVT-1,Kia,K5,2020\nEVT-2,Kia,K5,2021';
    const vehicleEvents = await t.eventsDuring(() => upload('/api/v1/vehicles/import', vehicles, 'v.csv'));
    const added = (await call(t, delivery, 'GET', '/api/bus/get-buses?reference=EVT-')).body.data;
    expect(vehicleEvents.map((e) => [e.type, [...e.ids].sort(), e.tenant_id])).toEqual([
      ['vehicle.created', added.map((v: { id: number }) => v.id).sort(), DEMO.delivery.tenantId],
    ]);
    expect(added).toHaveLength(2);

    // A refused file announces nothing.
    expect(await t.eventsDuring(() => upload('/api/v1/vehicles/import', vehicles, 'v.csv'))).toEqual([]);
  });
});

describe('POST /api/v1/vehicles/import', () => {
  it('imports vehicles all-or-nothing and reports duplicate references', async () => {
    const bad = await upload(
      '/api/v1/vehicles/import',
      'Reference,Brand,Model,Year\nIMP-1,Kia,K5,2020\nNEW-9,Kia,,1800',
      'v.csv',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'row 2', message: 'Reference: A vehicle with this reference already exists.' },
        { path: 'row 3', message: 'Model: Field is required' },
        { path: 'row 3', message: 'Year: Enter a valid year' },
      ]),
    );
    const good = await upload(
      '/api/v1/vehicles/import',
      'Reference,Brand,Model,Year,Mileage\nNEW-1,Kia,K5,2020,1000\nNEW-2,Kia,K5,2021,',
      'v.csv',
    );
    expect(good.json().data.imported).toBe(2);
    const list = await call(t, delivery, 'GET', '/api/bus/get-buses?reference=NEW-');
    expect(list.body.data.map((v: { reference: string }) => v.reference).sort()).toEqual(['NEW-1', 'NEW-2']);
  });
});

const HEADER = DRIVER_HEADER.join(',');
const LONG = 'Q'.repeat(10_000);

/** Files a tenant admin could upload to stop the server, each with the limit its refusal names. */
const HOSTILE: [string, () => Promise<Buffer> | string, string][] = [
  [
    'a .xlsx of 100,000 rows',
    () => manyRowsXlsx(100_000),
    'The file has more than 2000 rows; import at most 2000 at a time.',
  ],
  [
    'a 300 kB .xlsx holding one 300 MB cell',
    () => bombXlsx(),
    'The workbook unpacks to more than 32 MB; import at most 2000 rows of plain values at a time.',
  ],
  [
    'a .xlsx whose shared strings hold one 300 MB text',
    () => bombXlsx({ inSharedStrings: true }),
    'The workbook unpacks to more than 32 MB; import at most 2000 rows of plain values at a time.',
  ],
  [
    'a .xlsx of a million blank rows',
    () => blankRowsXlsx(1_000_000),
    'The file has more than 10000 rows, blank ones included; delete the blank rows, and import at most 2000 rows at a time.',
  ],
  [
    'a .csv with a 5,000-column header and 20,000 rows',
    () => wideCsv(5000, 20_000),
    'Row 1 has more than 50 columns; a file may have at most 50.',
  ],
  [
    'a .csv with a 10,000-character cell',
    () => `${HEADER}\nNoor,Haddad,${LONG}`,
    'Row 2, column C (E-mail) is longer than 500 characters, the most a cell may hold.',
  ],
  [
    'a .xlsx with a 10,000-character cell',
    () => workbook(rowXml(1, DRIVER_HEADER) + rowXml(2, ['Noor', 'Haddad', LONG])),
    'Row 2, column C (E-mail) is longer than 500 characters, the most a cell may hold.',
  ],
  [
    'a .csv with a NUL in a cell',
    () => `${HEADER}\nNoor,Haddad,noor@desert.example\nKaran,Me\u0000hta,karan@desert.example`,
    'Row 3, column B (Last name) contains a control character that cannot be stored.',
  ],
  [
    'a .xlsx with a NUL in a cell',
    () => workbook(rowXml(1, DRIVER_HEADER) + rowXml(7, ['Noor', 'Haddad', 'noor_x0000_@desert.example'])),
    'Row 7, column C (E-mail) contains a control character that cannot be stored.',
  ],
];

describe('POST /api/v1/drivers/import with hostile files', () => {
  it.each(HOSTILE)(
    'refuses %s with a short 400 naming the limit, and writes nothing',
    async (_, make, message) => {
      const file = await make();
      const before = await driverCount();
      for (const url of ['/api/v1/drivers/import/preview', '/api/v1/drivers/import']) {
        const res = await upload(url, file, 'drivers.bin');
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ responseCode: 0, responseMessage: message, data: null });
        // The answer never carries the offending value back.
        expect(res.body.length).toBeLessThan(400);
        expect(res.body).not.toContain('QQQQ');
      }
      expect(await driverCount()).toBe(before);
    },
  );
});

describe('GET /api/health during an import', () => {
  it('answers while a 2,000-row file and a hostile file are being read', async () => {
    const blankLines = `${HEADER}\n${' , \n'.repeat(1_000_000)}`;
    for (const [file, status] of [
      [await driversXlsx(IMPORT_MAX_ROWS, 'health'), 200],
      [blankLines, 400],
    ] as const) {
      const answered: string[] = [];
      const started = new Promise<void>((resolve) => (reading.started = resolve));
      const importing = upload('/api/v1/drivers/import/preview', file, 'drivers.bin').then((res) => {
        answered.push('import');
        return res;
      });
      await started;
      // Once reading has begun, three health calls one after another: each needs the event loop free.
      for (let i = 0; i < 3; i += 1) {
        const health = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        answered.push('health');
      }
      expect((await importing).statusCode).toBe(status);
      expect(answered).toEqual(['health', 'health', 'health', 'import']);
    }
  });
});
