import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, multipartFile, type TestApp } from '../../test/app.ts';

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
    password: 'secret1',
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
  'Noor,Haddad,noor@desert.example,noor1234,IMP-1,35.50,Arabic',
  'Karan,Mehta,karan@desert.example,,,28,hi',
].join('\n');

describe('POST /api/v1/drivers/import/preview', () => {
  it('names every bad row and its problems, and writes nothing', async () => {
    const before = await driverCount();
    const csv = [
      'First name,Last name,E-mail,Password,Vehicle,Hourly rate,Language',
      'Noor,Haddad,noor@desert.example,noor1234,IMP-1,35.50,Arabic',
      ',Mehta,not-mail,abc,NOPE,-3,Klingon',
      'Sam,Existing,existing@desert.example,pass1234,,,',
      'Noor,Again,NOOR@desert.example,pass1234,,,',
    ].join('\n');
    const res = await upload('/api/v1/drivers/import/preview', csv, 'drivers.csv');
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({ total: 4, valid: 1, invalid: 3 });
    const row3 = preview.rows.find((r: { row: number }) => r.row === 3).errors;
    expect(row3).toEqual(
      expect.arrayContaining([
        'First name: Field is required',
        'E-mail: E-mail must be valid',
        'Password: Minimum 4 characters',
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
    expect(JSON.stringify(preview)).not.toContain('noor1234');
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
      'The file has 2001 rows; import at most 2000 at a time.',
    );
    const json = await call(t, delivery, 'POST', '/api/v1/drivers/import', { file: 'x' });
    expect(json.status).toBe(400);
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
