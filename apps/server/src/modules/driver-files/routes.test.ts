import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_FILE_MAX_BYTES, MESSAGES, driverFileUrl } from '@fleet/contract';
import { driverFiles, drivers } from '../../db/schema/index.ts';
import { buildXlsx } from '../../platform/xlsx.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { multipartForm, PDF, PNG, pngOfSize, type TFormPart } from '../../test/uploads.ts';

/*
 * Driver files as the console and the driver app use them: uploaded with a title (recognised by
 * content, within the size limit), listed, renamed, deleted with their stored copy, e-mailed as an
 * attachment (to the outbox here: tests set up no SMTP), and read at
 * /api/files/driver-files/{driverId}/{path} by the tenant's admins and that driver only.
 */

let t: TestApp;
let admin: string;
let otherAdmin: string;
let driverId: number;
let secondDriverId: number;
let otherTenantDriverId: number;

const m = MESSAGES.driverFiles;

const firstDrivers = async (tenantId: number) =>
  (
    await t.database.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.tenantId, tenantId), eq(drivers.archived, false)))
      .orderBy(drivers.id)
      .limit(2)
  ).map((d) => d.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  otherAdmin = await t.login(DEMO.namat.email, DEMO.namat.password);
  [driverId, secondDriverId] = (await firstDrivers(DEMO.delivery.tenantId)) as [number, number];
  [otherTenantDriverId] = (await firstDrivers(DEMO.namat.tenantId)) as [number];
});
afterAll(() => t?.close());

const upload = (cookie: string, parts: TFormPart[]) => {
  const { payload, headers } = multipartForm(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/drivers-files/save-file',
    payload,
    headers: { ...headers, cookie },
  });
};
const pdfParts = (id: number, title = 'Driving licence', filename = 'licence scan.pdf'): TFormPart[] => [
  { name: 'id', value: String(id) },
  { name: 'title', value: title },
  { name: 'file', file: PDF, filename, type: 'application/pdf' },
];
const rowsOfDriver = (id: number) =>
  t.database.db.select().from(driverFiles).where(eq(driverFiles.driverId, id));
/** Every file stored for drivers' documents, on disk. */
function storedFiles(): string[] {
  const config = t.config.storage;
  if (config.kind !== 'local') throw new Error('tests store on disk');
  const root = path.join(config.dir, 'driver-files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('drivers-files/save-file and get-file', () => {
  it("stores a PDF with its title, lists it, and serves it as a download to the tenant's admins", async () => {
    const res = await upload(admin, pdfParts(driverId));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(res.json().responseMessage).toBe(m.saved);
    expect(saved).toMatchObject({
      driver_id: driverId,
      title: 'Driving licence',
      file_name: 'licence scan.pdf',
      content_type: 'application/pdf',
      bytes: PDF.byteLength,
    });
    expect(saved.path).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(saved.url).toBe(driverFileUrl(driverId, saved.path));

    const list = await call(t, admin, 'POST', '/api/drivers-files/get-file', { id: driverId });
    expect(list.status).toBe(200);
    expect(list.body.data.map((f: { id: number }) => f.id)).toContain(saved.id);

    const file = await get(saved.url, { cookie: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''licence%20scan.pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('keeps a file name in any script, and offers it on download with an ASCII fallback', async () => {
    const res = await upload(admin, pdfParts(driverId, 'Licence (Arabic)', 'رخصة قيادة 2026.pdf'));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved.file_name).toBe('رخصة قيادة 2026.pdf');
    const file = await get(saved.url, { cookie: admin });
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('رخصة قيادة 2026.pdf')}`);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; /);
  });

  it('takes office documents and plain text, recognised by their content', async () => {
    const xlsx = await buildXlsx('Hours', [{ header: 'Day', value: (r: string) => r }], ['Monday']);
    const sheet = await upload(admin, [
      { name: 'id', value: String(driverId) },
      { name: 'title', value: 'Timesheet' },
      { name: 'file', file: xlsx, filename: 'hours.xlsx', type: 'application/octet-stream' },
    ]);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().data.content_type).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const text = await upload(admin, [
      { name: 'id', value: String(driverId) },
      { name: 'title', value: 'Notes' },
      {
        name: 'file',
        file: Buffer.from('Route notes: gate code 4512 — ask for Rania.\n'),
        filename: 'notes.txt',
      },
    ]);
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data.content_type).toBe('text/plain');
    const served = await get(text.json().data.url, { cookie: admin });
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.body).toContain('gate code 4512');
  });

  it('offers a page or a drawing taken as plain text under a name that cannot open as one, never cached', async () => {
    for (const [filename, content] of [
      ['page.html', '<html><body><script>alert(document.cookie)</script></body></html>\n'],
      ['drawing.SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n'],
    ] as const) {
      const res = await upload(admin, [
        { name: 'id', value: String(driverId) },
        { name: 'title', value: 'Markup' },
        { name: 'file', file: Buffer.from(content), filename, type: 'text/html' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json().data;
      expect(saved).toMatchObject({ content_type: 'text/plain', file_name: `${filename}.txt` });
      expect(saved.path).toMatch(/\.txt$/);
      const served = await get(saved.url, { cookie: admin });
      expect(served.headers).toMatchObject({
        'content-type': 'text/plain; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'content-security-policy': 'sandbox',
        'cache-control': 'private, no-store',
      });
      expect(served.headers['content-disposition']).toMatch(/^attachment; /);
      expect(served.headers['content-disposition']).toContain(`filename="${filename}.txt"`);
    }
    // A name that already says what the file is stays as it was.
    const csv = await upload(admin, [
      { name: 'id', value: String(driverId) },
      { name: 'title', value: 'Hours' },
      { name: 'file', file: Buffer.from('day,hours\nMonday,8\n'), filename: 'hours.csv', type: 'text/csv' },
    ]);
    expect(csv.json().data.file_name).toBe('hours.csv');
  });

  it("refuses a picture of more than 50 megapixels, however small its file, and another tenant's tenant_id in the form", async () => {
    const before = storedFiles().length;
    const huge = await upload(admin, [
      { name: 'id', value: String(driverId) },
      { name: 'title', value: 'Huge' },
      { name: 'file', file: pngOfSize(30_000, 30_000), filename: 'huge.png', type: 'image/png' },
    ]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({
      responseMessage: MESSAGES.files.tooManyPixels(30_000, 30_000, 50),
      errors: [{ path: 'file' }],
    });
    const foreign = await upload(admin, [
      { name: 'tenant_id', value: String(DEMO.namat.tenantId) },
      ...pdfParts(driverId),
    ]);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().responseMessage).toBe(MESSAGES.auth.forbiddenTenant);
    expect(storedFiles()).toHaveLength(before);
    const own = await upload(admin, [
      { name: 'tenant_id', value: String(DEMO.delivery.tenantId) },
      ...pdfParts(driverId),
    ]);
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses a missing file or title, a file too large or of another kind, and stores nothing', async () => {
    const before = { rows: (await rowsOfDriver(secondDriverId)).length, files: storedFiles().length };
    const cases: [TFormPart[], number, string][] = [
      [pdfParts(secondDriverId).filter((p) => p.name !== 'file'), 400, m.required],
      [pdfParts(secondDriverId).filter((p) => p.name !== 'title'), 400, m.required],
      [pdfParts(secondDriverId, '   '), 400, m.required],
      [
        [
          { name: 'id', value: String(secondDriverId) },
          { name: 'title', value: 'Too big' },
          { name: 'file', file: Buffer.alloc(DRIVER_FILE_MAX_BYTES + 1, 0x41), filename: 'big.txt' },
        ],
        400,
        m.tooLarge(DRIVER_FILE_MAX_BYTES / 1024 / 1024),
      ],
      [
        [
          { name: 'id', value: String(secondDriverId) },
          { name: 'title', value: 'A program' },
          // A Windows program named as a PDF: its content says what it is.
          { name: 'file', file: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]), filename: 'x.pdf' },
        ],
        400,
        m.notAllowed,
      ],
      [
        [
          { name: 'id', value: String(secondDriverId) },
          { name: 'title', value: 'Binary' },
          { name: 'file', file: Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff, 0x10]), filename: 'data.txt' },
        ],
        400,
        m.notAllowed,
      ],
    ];
    for (const [parts, status, message] of cases) {
      const res = await upload(admin, parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ responseCode: 0, responseMessage: message });
    }
    // JSON instead of a form is refused too.
    const json = await call(t, admin, 'POST', '/api/drivers-files/save-file', {
      id: secondDriverId,
      title: 'x',
    });
    expect(json.status).toBe(400);
    expect(await rowsOfDriver(secondDriverId)).toHaveLength(before.rows);
    expect(storedFiles()).toHaveLength(before.files);
  });

  it("answers another tenant's driver as one that does not exist, and stores nothing", async () => {
    const before = { rows: (await rowsOfDriver(otherTenantDriverId)).length, files: storedFiles().length };
    const res = await upload(admin, pdfParts(otherTenantDriverId));
    expect(res.statusCode).toBe(404);
    const unknown = await upload(admin, pdfParts(2_000_000_000));
    expect(unknown.statusCode).toBe(404);
    expect(res.body).toBe(unknown.body);
    const list = await call(t, admin, 'POST', '/api/drivers-files/get-file', { id: otherTenantDriverId });
    expect(list.status).toBe(404);
    expect(await rowsOfDriver(otherTenantDriverId)).toHaveLength(before.rows);
    expect(storedFiles()).toHaveLength(before.files);
  });
});

describe('serving a driver file', () => {
  it('serves it to the driver it belongs to, and to nobody else', async () => {
    const saved = (await upload(admin, pdfParts(driverId, 'Contract'))).json().data;
    const own = await get(saved.url, { authorization: await t.driverToken(driverId) });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);

    const otherDriver = await get(saved.url, { authorization: await t.driverToken(secondDriverId) });
    expect(otherDriver.statusCode).toBe(404);
    expect((await get(saved.url, { cookie: otherAdmin })).statusCode).toBe(404);
    expect((await get(saved.url, {})).statusCode).toBe(401);
    // The right name under another driver's folder, and a name never generated, find nothing.
    expect((await get(driverFileUrl(secondDriverId, saved.path), { cookie: admin })).statusCode).toBe(404);
    expect(
      (await get(`/api/files/driver-files/${driverId}/..%2F..%2Fsecret.pdf`, { cookie: admin })).statusCode,
    ).toBe(400);
  });

  it("lists the signed-in driver's own files in the driver app", async () => {
    const saved = (await upload(admin, pdfParts(driverId, 'Permit'))).json().data;
    const own = await get('/api/v1/driver/files', { authorization: await t.driverToken(driverId) });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((f: { id: number }) => f.id)).toContain(saved.id);
    const other = await get('/api/v1/driver/files', { authorization: await t.driverToken(secondDriverId) });
    expect(other.json().data.map((f: { id: number }) => f.id)).not.toContain(saved.id);
    // The console's admins use the console's calls, not the app's.
    expect((await get('/api/v1/driver/files', { cookie: admin })).statusCode).toBe(403);
  });
});

describe('drivers-files/edit-file and delete-file', () => {
  it('renames a file; an empty title or another tenant’s file changes nothing', async () => {
    const saved = (await upload(admin, pdfParts(driverId, 'Old title'))).json().data;
    const renamed = await call(t, admin, 'POST', '/api/drivers-files/edit-file', {
      id: saved.id,
      title: 'New title',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: saved.id, title: 'New title', path: saved.path });

    const empty = await call(t, admin, 'POST', '/api/drivers-files/edit-file', { id: saved.id, title: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.responseMessage).toBe(m.required);
    const foreign = await call(t, otherAdmin, 'POST', '/api/drivers-files/edit-file', {
      id: saved.id,
      title: 'Taken over',
    });
    expect(foreign.status).toBe(404);
    const [row] = await t.database.db.select().from(driverFiles).where(eq(driverFiles.id, saved.id));
    expect(row!.title).toBe('New title');
  });

  it('deletes a file with its stored copy; another tenant cannot', async () => {
    const saved = (await upload(admin, pdfParts(driverId, 'To remove'))).json().data;
    const [row] = await t.database.db.select().from(driverFiles).where(eq(driverFiles.id, saved.id));
    const stored = path.join((t.config.storage as { dir: string }).dir, ...row!.storageKey.split('/'));
    expect(fs.existsSync(stored)).toBe(true);

    const foreign = await call(t, otherAdmin, 'POST', '/api/drivers-files/delete-file', { id: saved.id });
    expect(foreign.status).toBe(404);
    expect(fs.existsSync(stored)).toBe(true);

    const res = await call(t, admin, 'POST', '/api/drivers-files/delete-file', { id: saved.id });
    expect(res.status).toBe(200);
    expect(res.body.responseMessage).toBe(m.deleted);
    expect(fs.existsSync(stored)).toBe(false);
    expect((await get(saved.url, { cookie: admin })).statusCode).toBe(404);
    const again = await call(t, admin, 'POST', '/api/drivers-files/delete-file', { id: saved.id });
    expect(again.status).toBe(404);
  });
});

describe('drivers-files/send-file', () => {
  const outbox = () => {
    const dir = t.config.mail.outboxDir;
    return fs.existsSync(dir)
      ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      : [];
  };

  it('e-mails the file as an attachment, and says it went to the outbox when no mail server is set up', async () => {
    const png = (
      await upload(admin, [
        { name: 'id', value: String(driverId) },
        { name: 'title', value: 'ID card' },
        { name: 'file', file: PNG, filename: 'id-card.png', type: 'image/png' },
      ])
    ).json().data;
    const before = outbox().length;
    const res = await call(t, admin, 'POST', '/api/drivers-files/send-file', {
      file: png.id,
      Driver_id: driverId,
      email: 'hr@example.com',
      confirm_outside: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      responseCode: 1,
      responseMessage: m.sentToOutbox,
      data: { via: 'outbox' },
    });
    const mails = outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((text) => text.includes('hr@example.com') && text.includes('id-card.png'))!;
    expect(mail).toMatch(/Content-Disposition: attachment; filename=id-card\.png/);
    expect(mail).toContain(PNG.toString('base64').slice(0, 40));
  });

  it("sends to the tenant's own people without asking, and elsewhere only once the admin confirms it", async () => {
    const saved = (await upload(admin, pdfParts(driverId, 'Medical certificate'))).json().data;
    const [driver] = await t.database.db
      .select({ email: drivers.email })
      .from(drivers)
      .where(eq(drivers.id, driverId));
    const send = (email: string, extra: object = {}) =>
      call(t, admin, 'POST', '/api/drivers-files/send-file', {
        file: saved.id,
        Driver_id: driverId,
        email,
        ...extra,
      });
    const before = outbox().length;
    // The driver's own address, in any case: one of the tenant's people.
    const own = await send(driver!.email.toUpperCase());
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(outbox()).toHaveLength(before + 1);
    // An address outside the tenant, another tenant's admin's included, waits for a confirmation.
    for (const email of ['accountant@example.org', DEMO.namat.email]) {
      const refused = await send(email);
      expect(refused.status, email).toBe(409);
      expect(refused.body).toMatchObject({
        responseCode: 0,
        responseMessage: MESSAGES.mail.outsideRecipient(email),
        errors: [{ path: 'email', message: MESSAGES.mail.outsideRecipient(email) }],
      });
      expect((await send(email, { confirm_outside: false })).status).toBe(409);
    }
    expect(outbox()).toHaveLength(before + 1);
    const confirmed = await send('accountant@example.org', { confirm_outside: true });
    expect(confirmed.status).toBe(200);
    expect(outbox()).toHaveLength(before + 2);
  });

  it('checks the address, and refuses a file of another driver or tenant, sending nothing', async () => {
    const saved = (await upload(admin, pdfParts(driverId, 'Insurance'))).json().data;
    const before = outbox().length;
    const send = (cookie: string, body: object) =>
      call(t, cookie, 'POST', '/api/drivers-files/send-file', body);
    const missing = await send(admin, { file: saved.id, Driver_id: driverId });
    expect(missing.status).toBe(400);
    expect(missing.body.responseMessage).toBe(m.emailRequired);
    const invalid = await send(admin, { file: saved.id, Driver_id: driverId, email: 'not-an-address' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.responseMessage).toBe(MESSAGES.emailInvalid);
    const wrongDriver = await send(admin, {
      file: saved.id,
      Driver_id: secondDriverId,
      email: 'a@example.com',
    });
    expect(wrongDriver.status).toBe(404);
    const foreign = await send(otherAdmin, { file: saved.id, Driver_id: driverId, email: 'a@example.com' });
    expect(foreign.status).toBe(404);
    expect(outbox()).toHaveLength(before);
  });
});

describe('drivers-files calls as forms (spec 002 §3), urlencoded or multipart, as well as JSON', () => {
  const post = (url: string, payload: string | Buffer, headers: Record<string, string>, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/drivers-files/${url}`,
      payload,
      headers: { ...headers, cookie },
    });
  const urlencoded = (url: string, fields: Record<string, string>, cookie = admin) =>
    post(
      url,
      new URLSearchParams(fields).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
      cookie,
    );
  const multipart = (url: string, parts: TFormPart[], cookie = admin) => {
    const { payload, headers } = multipartForm(parts);
    return post(url, payload, headers, cookie);
  };
  const fields = (values: Record<string, string>): TFormPart[] =>
    Object.entries(values).map(([name, value]) => ({ name, value }));

  it('lists, renames, sends and deletes with urlencoded and multipart forms', async () => {
    const saved = (await upload(admin, pdfParts(secondDriverId, 'Form file'))).json().data;

    for (const send of [
      urlencoded,
      (url: string, values: Record<string, string>) => multipart(url, fields(values)),
    ]) {
      const list = await send('get-file', { id: String(secondDriverId) });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.map((f: { id: number }) => f.id)).toContain(saved.id);
    }

    const renamed = await urlencoded('edit-file', { id: String(saved.id), title: 'Renamed by form' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ responseMessage: m.updated, data: { title: 'Renamed by form' } });
    const again = await multipart(
      'edit-file',
      fields({ id: String(saved.id), title: 'Renamed by multipart' }),
    );
    expect(again.json().data.title).toBe('Renamed by multipart');

    const sent = await multipart(
      'send-file',
      fields({
        file: String(saved.id),
        Driver_id: String(secondDriverId),
        email: 'hr@example.com',
        confirm_outside: 'true',
      }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.via).toBe('outbox');

    const deleted = await urlencoded('delete-file', { id: String(saved.id) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().responseMessage).toBe(m.deleted);
    const [row] = await t.database.db.select().from(driverFiles).where(eq(driverFiles.id, saved.id));
    expect(row).toBeUndefined();
  });

  it('checks form fields as it checks JSON, and changes nothing on a bad form', async () => {
    const saved = (await upload(admin, pdfParts(secondDriverId, 'Kept title'))).json().data;
    const title = async () =>
      (await t.database.db.select().from(driverFiles).where(eq(driverFiles.id, saved.id)))[0]!.title;

    const empty = await urlencoded('edit-file', { id: String(saved.id), title: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().responseMessage).toBe(m.required);
    const badId = await multipart('edit-file', fields({ id: 'abc', title: 'x' }));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().responseMessage).toBe('id must be a positive whole number');
    const stray = await multipart('edit-file', fields({ id: String(saved.id), title: 'x', role: 'admin' }));
    expect(stray.statusCode).toBe(400);
    expect(stray.json().responseMessage).toBe(MESSAGES.files.fieldUnknown('role'));
    const withFile = await multipart('edit-file', [
      ...fields({ id: String(saved.id), title: 'x' }),
      { name: 'file', file: PDF, filename: 'x.pdf', type: 'application/pdf' },
    ]);
    expect(withFile.statusCode).toBe(400);
    const foreign = await urlencoded('edit-file', { id: String(saved.id), title: 'Taken over' }, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(await title()).toBe('Kept title');
    // A form names no tenant but the session's: another tenant's driver is not found.
    expect((await urlencoded('get-file', { id: String(otherTenantDriverId) })).statusCode).toBe(404);
  });
});
