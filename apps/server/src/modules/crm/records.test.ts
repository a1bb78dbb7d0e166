import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES, CRM_TAGS_MAX } from '@fleet/contract';
import { crmOrders, tenants } from '../../db/schema/index.ts';
import { createTestApp, DEMO, multipartFile, type TestApp } from '../../test/app.ts';

/**
 * The CRM records (customers, contacts, pets, addresses, items) through the HTTP API, as the
 * delivery demo's admin (its tenant has CRM on): add, edit, list, search, page, delete, export and
 * import, the rules between them, and the tenant and flag guards.
 */

let t: TestApp;
let delivery: string;
let namat: string;
let school: string;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  school = await t.login(DEMO.school.email, DEMO.school.password);
  // Another tenant with CRM on, so its records exist to be named by the delivery admin.
  await t.database.db.update(tenants).set({ isEnabledCrm: true }).where(eq(tenants.id, DEMO.namat.tenantId));
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A JSON call as `cookie`'s admin: its status and parsed body. */
async function api(cookie: string, method: Method, url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever shape the call answers
  return { status: res.statusCode, body: res.json() as any };
}
const idsOf = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);

let uniqueCount = 0;
const unique = (label: string) => `${label} ${Date.now().toString(36)}${++uniqueCount}`;

const addCustomer = async (cookie: string, values: object = {}) => {
  const res = await api(cookie, 'POST', '/api/v1/crm/customers', { name: unique('Customer'), ...values });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; name: string };
};
const point = { lat: 25.2048, lon: 55.2708 };
/** Adds a contact, pet, address or item as `cookie`'s admin: its id. */
const addRecord = async (cookie: string, records: string, values: object) => {
  const res = await api(cookie, 'POST', `/api/v1/crm/${records}`, values);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};

/** An order of the customer at the address, written as the orders module would. */
async function insertOrder(customerId: number, addressId: number, status: string) {
  const [row] = await t.database.db
    .insert(crmOrders)
    .values({
      tenantId: DEMO.delivery.tenantId,
      customerId,
      addressId,
      requestedDate: '2026-03-01',
      status,
      total: 10,
      lineCount: 1,
    })
    .returning({ id: crmOrders.id });
  return row!.id;
}

async function sheetRows(url: string): Promise<unknown[][]> {
  const res = await t.app.inject({ url, headers: { cookie: delivery } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

function upload(url: string, content: string) {
  const { payload, headers } = multipartFile(content, 'records.csv');
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: delivery } });
}

describe('CRM customers (v1/crm/customers)', () => {
  it('adds, reads, updates, searches and deletes a customer', async () => {
    const name = unique('Al Noor Trading');
    const added = await api(delivery, 'POST', '/api/v1/crm/customers', {
      kind: 'company',
      name,
      phone: '+971 4 123 4567',
      email: 'orders@alnoor.example',
      notes: '  Gate 3  ',
      tags: ['wholesale', 'vip', 'vip'],
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      success: true,
      message: CRM_MESSAGES.created('Customer'),
      data: {
        kind: 'company',
        name,
        notes: 'Gate 3',
        tags: ['wholesale', 'vip'],
        address_count: 0,
        open_orders: 0,
      },
    });
    const id = added.body.data.id as number;
    expect(added.body.data.created_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const one = await api(delivery, 'GET', `/api/v1/crm/customers/${id}`);
    expect(one.body).toEqual({ success: true, data: added.body.data });

    const saved = await api(delivery, 'PUT', `/api/v1/crm/customers/${id}`, {
      kind: 'person',
      name: `${name} LLC`,
      email: '',
      tags: ['retail'],
    });
    expect(saved.body).toMatchObject({
      success: true,
      message: CRM_MESSAGES.updated('Customer'),
      data: { id, kind: 'person', name: `${name} LLC`, email: null, phone: null, tags: ['retail'] },
    });

    // Found by name, phone, e-mail or a tag, without case; LIKE wildcards match themselves.
    const found = async (search: string) =>
      idsOf((await api(delivery, 'GET', `/api/v1/crm/customers?search=${encodeURIComponent(search)}`)).body);
    expect(await found(name.toUpperCase())).toEqual([id]);
    expect(await found('RETAIL')).toContain(id);
    expect(await found('4 123 45')).toEqual([]);
    await api(delivery, 'PUT', `/api/v1/crm/customers/${id}`, { name, phone: '+971 4 123 4567', tags: [] });
    expect(await found('4 123 45')).toEqual([id]);
    expect(await found('%')).not.toContain(id);

    const deleted = await api(delivery, 'DELETE', `/api/v1/crm/customers/${id}`);
    expect(deleted.body).toEqual({ success: true, message: CRM_MESSAGES.deleted('Customer') });
    expect((await api(delivery, 'GET', `/api/v1/crm/customers/${id}`)).body).toMatchObject({
      success: false,
      message: CRM_MESSAGES.customerNotFound,
    });
    expect(await found(name)).toEqual([]);
  });

  it('pages the list newest first with its count', async () => {
    const token = unique('Paged');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await addCustomer(delivery, { name: `${token} ${i}` })).id);
    const page = (n: number) =>
      api(delivery, 'GET', `/api/v1/crm/customers?search=${encodeURIComponent(token)}&page=${n}&page_size=2`);
    const first = (await page(1)).body;
    expect(idsOf(first)).toEqual([ids[2], ids[1]]);
    expect(first.pagination).toEqual({ page: 1, page_size: 2, total_items: 3 });
    expect(idsOf((await page(2)).body)).toEqual([ids[0]]);
    const all = (await api(delivery, 'GET', '/api/v1/crm/customers')).body;
    expect(all.pagination.page_size).toBe(25);
    expect(idsOf(all)[0]).toBe(ids[2]);
    expect((await api(delivery, 'GET', '/api/v1/crm/customers?page_size=101')).status).toBe(400);
  });

  it("refuses values against the contract's rules with its messages, and writes nothing", async () => {
    const count = async () =>
      (await api(delivery, 'GET', '/api/v1/crm/customers')).body.pagination.total_items as number;
    const before = await count();
    const refused = async (body: object, message: string) => {
      const res = await api(delivery, 'POST', '/api/v1/crm/customers', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    };
    await refused({ name: '   ' }, CRM_MESSAGES.required);
    await refused({ name: 'x'.repeat(121) }, CRM_MESSAGES.nameMax);
    await refused({ name: 'Bad mail', email: 'not-mail' }, CRM_MESSAGES.emailInvalid);
    await refused({ name: 'Bad phone', phone: 'call me' }, CRM_MESSAGES.phoneInvalid);
    await refused(
      { name: 'Many tags', tags: Array.from({ length: CRM_TAGS_MAX + 1 }, (_, i) => `t${i}`) },
      CRM_MESSAGES.tagsMax,
    );
    expect(await count()).toBe(before);
    const { id } = await addCustomer(delivery);
    const put = await api(delivery, 'PUT', `/api/v1/crm/customers/${id}`, { name: '' });
    expect(put.body.message).toBe(CRM_MESSAGES.required);
  });

  it('counts live addresses and open orders, and keeps a customer with an order on its way', async () => {
    const { id } = await addCustomer(delivery);
    const contactOf = await addRecord(delivery, 'contacts', { customer_id: id, name: 'Front desk' });
    const petOf = await addRecord(delivery, 'pets', { customer_id: id, name: 'Rex', species: 'dog' });
    const at = (label: string) => ({ customer_id: id, label, address: `${label}, Jumeirah`, ...point });
    const home = await addRecord(delivery, 'addresses', at('Home'));
    const office = await addRecord(delivery, 'addresses', at('Office'));
    const orderId = await insertOrder(id, home, 'planned');
    await insertOrder(id, office, 'delivered');
    expect((await api(delivery, 'GET', `/api/v1/crm/customers/${id}`)).body.data).toMatchObject({
      address_count: 2,
      open_orders: 1,
    });

    const refused = await api(delivery, 'DELETE', `/api/v1/crm/customers/${id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CRM_MESSAGES.customerHasOpenOrders);
    const addressRefused = await api(delivery, 'DELETE', `/api/v1/crm/addresses/${home}`);
    expect(addressRefused.status).toBe(400);
    expect(addressRefused.body.message).toBe(CRM_MESSAGES.addressHasOpenOrders);
    // The other address has no order on its way: it goes.
    expect((await api(delivery, 'DELETE', `/api/v1/crm/addresses/${office}`)).status).toBe(200);
    expect((await api(delivery, 'GET', `/api/v1/crm/customers/${id}`)).body.data.address_count).toBe(1);

    await t.database.db.update(crmOrders).set({ status: 'delivered' }).where(eq(crmOrders.id, orderId));
    expect((await api(delivery, 'DELETE', `/api/v1/crm/customers/${id}`)).status).toBe(200);
    // Its contacts, pets and addresses went with it.
    for (const url of [
      `/api/v1/crm/contacts/${contactOf}`,
      `/api/v1/crm/pets/${petOf}`,
      `/api/v1/crm/addresses/${home}`,
    ]) {
      expect((await api(delivery, 'GET', url)).status, url).toBe(404);
    }
    expect(
      (await api(delivery, 'GET', `/api/v1/crm/contacts?customer_id=${id}`)).body.pagination.total_items,
    ).toBe(0);
  });

  it('exports the list of the search as a real .xlsx', async () => {
    const token = unique('Exported');
    const a = await addCustomer(delivery, { name: `${token} A`, tags: ['x', 'y'] });
    const b = await addCustomer(delivery, { name: `${token} B`, kind: 'company' });
    const rows = await sheetRows(`/api/v1/crm/customers/export?search=${encodeURIComponent(token)}`);
    expect(rows[0]!.slice(0, 3)).toEqual(['ID', 'Kind', 'Name']);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual([
      [b.id, 'Company', `${token} B`],
      [a.id, 'Person', `${token} A`],
    ]);
    expect(rows[2]![5]).toBe('x, y');
  });

  it('previews an import with the bad rows named, and imports a good file', async () => {
    const token = unique('Imported');
    const preview = await upload(
      '/api/v1/crm/customers/import/preview',
      [
        'Kind,Name,Phone,E-mail,Notes,Tags',
        `Company,${token} One,+971 50 111 2222,one@example.com,Back door,"wholesale, vip"`,
        `Robot,,12,not-mail,,`,
      ].join('\n'),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    expect(data.rows[1].errors).toEqual(
      expect.arrayContaining([
        `Name: ${CRM_MESSAGES.required}`,
        `Phone: ${CRM_MESSAGES.phoneInvalid}`,
        `E-mail: ${CRM_MESSAGES.emailInvalid}`,
      ]),
    );
    expect(data.rows[1].errors.some((e: string) => e.startsWith('Kind: '))).toBe(true);
    expect(
      (await api(delivery, 'GET', `/api/v1/crm/customers?search=${encodeURIComponent(token)}`)).body.data,
    ).toEqual([]);

    const imported = await upload(
      '/api/v1/crm/customers/import',
      [
        'Kind,Name,Phone,E-mail,Notes,Tags',
        `Company,${token} One,+971 50 111 2222,one@example.com,Back door,"wholesale, vip"`,
        `,${token} Two,,,,`,
      ].join('\n'),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ imported: 2 });
    const listed = (await api(delivery, 'GET', `/api/v1/crm/customers?search=${encodeURIComponent(token)}`))
      .body.data;
    expect(
      listed.map((c: { name: string; kind: string; tags: string[] }) => [c.name, c.kind, c.tags]),
    ).toEqual([
      [`${token} Two`, 'person', []],
      [`${token} One`, 'company', ['wholesale', 'vip']],
    ]);
  });
});

describe('CRM contacts, pets and addresses', () => {
  it('adds, edits, lists by customer, searches and deletes a contact', async () => {
    const owner = await addCustomer(delivery, { name: unique('Contact Owner') });
    const other = await addCustomer(delivery);
    const added = await api(delivery, 'POST', '/api/v1/crm/contacts', {
      customer_id: owner.id,
      name: 'Layla Haddad',
      role: 'Buyer',
      phone: '050 123 4567',
      email: 'layla@example.com',
    });
    expect(added.body).toMatchObject({
      success: true,
      message: CRM_MESSAGES.created('Contact'),
      data: { customer: { id: owner.id, name: owner.name }, name: 'Layla Haddad', role: 'Buyer' },
    });
    const id = added.body.data.id as number;
    const ofOwner = await api(delivery, 'GET', `/api/v1/crm/contacts?customer_id=${owner.id}`);
    expect(idsOf(ofOwner.body)).toEqual([id]);
    expect(ofOwner.body.pagination.total_items).toBe(1);
    // Found by the customer's name as well as its own words.
    const search = async (text: string) =>
      idsOf((await api(delivery, 'GET', `/api/v1/crm/contacts?search=${encodeURIComponent(text)}`)).body);
    expect(await search(owner.name)).toEqual([id]);
    expect(await search('buyer')).toContain(id);

    // Moved to another customer of the tenant.
    const saved = await api(delivery, 'PUT', `/api/v1/crm/contacts/${id}`, {
      customer_id: other.id,
      name: 'Layla H.',
    });
    expect(saved.body).toMatchObject({
      message: CRM_MESSAGES.updated('Contact'),
      data: { customer: { id: other.id }, name: 'Layla H.', role: null, email: null },
    });
    expect(idsOf((await api(delivery, 'GET', `/api/v1/crm/contacts?customer_id=${owner.id}`)).body)).toEqual(
      [],
    );

    const unknownCustomer = await api(delivery, 'POST', '/api/v1/crm/contacts', {
      customer_id: 2_000_000_000,
      name: 'Nobody',
    });
    expect(unknownCustomer.status).toBe(404);
    expect(unknownCustomer.body.message).toBe(CRM_MESSAGES.customerNotFound);
    const badEmail = await api(delivery, 'POST', '/api/v1/crm/contacts', {
      customer_id: owner.id,
      name: 'X',
      email: 'x@',
    });
    expect(badEmail.body.message).toBe(CRM_MESSAGES.emailInvalid);

    expect((await api(delivery, 'DELETE', `/api/v1/crm/contacts/${id}`)).body.message).toBe(
      CRM_MESSAGES.deleted('Contact'),
    );
    expect((await api(delivery, 'DELETE', `/api/v1/crm/contacts/${id}`)).status).toBe(404);
  });

  it('adds, edits, searches and deletes a pet, refusing a birth date in the future', async () => {
    const owner = await addCustomer(delivery, { name: unique('Pet Owner') });
    const added = await api(delivery, 'POST', '/api/v1/crm/pets', {
      customer_id: owner.id,
      name: 'Biscuit',
      species: 'dog',
      breed: 'Saluki',
      birth_date: '2021-04-02',
      weight: '18.5',
      special_needs: 'Anxious in cars',
    });
    expect(added.body).toMatchObject({
      message: CRM_MESSAGES.created('Pet'),
      data: { name: 'Biscuit', species: 'dog', birth_date: '2021-04-02', weight: 18.5 },
    });
    const id = added.body.data.id as number;
    expect(idsOf((await api(delivery, 'GET', '/api/v1/crm/pets?search=SALUKI')).body)).toContain(id);
    expect(
      idsOf((await api(delivery, 'GET', `/api/v1/crm/pets?search=${encodeURIComponent(owner.name)}`)).body),
    ).toEqual([id]);
    const saved = await api(delivery, 'PUT', `/api/v1/crm/pets/${id}`, {
      customer_id: owner.id,
      name: 'Biscuit',
      species: 'cat',
      weight: null,
    });
    expect(saved.body.data).toMatchObject({ species: 'cat', weight: null, breed: null, birth_date: null });

    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const refused = await api(delivery, 'POST', '/api/v1/crm/pets', {
      customer_id: owner.id,
      name: 'Later',
      species: 'dog',
      birth_date: future,
    });
    expect(refused.body).toMatchObject({ success: false, message: CRM_MESSAGES.birthDateFuture });
    const badWeight = await api(delivery, 'POST', '/api/v1/crm/pets', {
      customer_id: owner.id,
      name: 'Heavy',
      species: 'dog',
      weight: -1,
    });
    expect(badWeight.body.message).toBe(CRM_MESSAGES.numberInvalid);
    expect(
      (await api(delivery, 'GET', `/api/v1/crm/pets?customer_id=${owner.id}`)).body.pagination.total_items,
    ).toBe(1);

    expect((await api(delivery, 'DELETE', `/api/v1/crm/pets/${id}`)).body.message).toBe(
      CRM_MESSAGES.deleted('Pet'),
    );
  });

  it('adds, edits, searches, exports and deletes an address, its coordinates required', async () => {
    const owner = await addCustomer(delivery, { name: unique('Address Owner') });
    const added = await api(delivery, 'POST', '/api/v1/crm/addresses', {
      customer_id: owner.id,
      label: 'Villa',
      address: 'Street 12, Al Barsha',
      lat: '25.1',
      lon: 55.2,
      delivery_notes: 'Ring twice',
    });
    expect(added.body).toMatchObject({
      message: CRM_MESSAGES.created('Address'),
      data: { label: 'Villa', lat: 25.1, lon: 55.2, destination_id: null, delivery_notes: 'Ring twice' },
    });
    const id = added.body.data.id as number;
    expect(idsOf((await api(delivery, 'GET', '/api/v1/crm/addresses?search=al%20barsha')).body)).toContain(
      id,
    );
    const saved = await api(delivery, 'PUT', `/api/v1/crm/addresses/${id}`, {
      customer_id: owner.id,
      label: 'Villa 2',
      address: 'Street 13, Al Barsha',
      ...point,
    });
    expect(saved.body.data).toMatchObject({ label: 'Villa 2', ...point, delivery_notes: null });

    const missing = await api(delivery, 'POST', '/api/v1/crm/addresses', {
      customer_id: owner.id,
      label: 'Nowhere',
      address: 'Somewhere',
      lat: '',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(CRM_MESSAGES.coordinatesRequired);
    const absent = await api(delivery, 'POST', '/api/v1/crm/addresses', {
      customer_id: owner.id,
      label: 'Nowhere',
      address: 'Somewhere',
    });
    expect(absent.body).toMatchObject({ success: false, message: CRM_MESSAGES.coordinatesRequired });

    const rows = await sheetRows(`/api/v1/crm/addresses/export?customer_id=${owner.id}`);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      [id, owner.name, 'Villa 2', 'Street 13, Al Barsha'],
    ]);

    expect((await api(delivery, 'DELETE', `/api/v1/crm/addresses/${id}`)).body.message).toBe(
      CRM_MESSAGES.deleted('Address'),
    );
    expect((await api(delivery, 'GET', `/api/v1/crm/customers/${owner.id}`)).body.data.address_count).toBe(0);
  });
});

describe('CRM items (v1/crm/items)', () => {
  it('adds, edits, searches and deletes an item, its SKU unique among live items', async () => {
    const sku = unique('SKU').replace(' ', '-');
    const added = await api(delivery, 'POST', '/api/v1/crm/items', {
      sku,
      name: 'Water 20 L',
      unit: 'bottle',
      unit_price: '12.50',
      weight: 20,
      volume: '20',
    });
    expect(added.body).toMatchObject({
      message: CRM_MESSAGES.created('Item'),
      data: { sku, unit_price: 12.5, weight: 20, volume: 20 },
    });
    const id = added.body.data.id as number;
    expect(idsOf((await api(delivery, 'GET', `/api/v1/crm/items?search=${sku.toLowerCase()}`)).body)).toEqual(
      [id],
    );

    const taken = await api(delivery, 'POST', '/api/v1/crm/items', {
      sku: sku.toLowerCase(),
      name: 'Copy',
      unit: 'box',
      unit_price: 1,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(CRM_MESSAGES.skuTaken);
    const other = (
      await api(delivery, 'POST', '/api/v1/crm/items', {
        sku: `${sku}-B`,
        name: 'B',
        unit: 'box',
        unit_price: 1,
      })
    ).body.data.id as number;
    const takenOnSave = await api(delivery, 'PUT', `/api/v1/crm/items/${other}`, {
      sku,
      name: 'B',
      unit: 'box',
      unit_price: 1,
    });
    expect(takenOnSave.status).toBe(409);
    // Its own SKU is no conflict.
    const saved = await api(delivery, 'PUT', `/api/v1/crm/items/${id}`, {
      sku,
      name: 'Water 20 L',
      unit: 'bottle',
      unit_price: 13,
    });
    expect(saved.body.data).toMatchObject({ unit_price: 13, weight: null, volume: null });

    const badPrice = await api(delivery, 'POST', '/api/v1/crm/items', {
      sku: 'PRICE-1',
      name: 'P',
      unit: 'box',
      unit_price: '10.999',
    });
    expect(badPrice.body.message).toBe(CRM_MESSAGES.priceInvalid);

    expect((await api(delivery, 'DELETE', `/api/v1/crm/items/${id}`)).body.message).toBe(
      CRM_MESSAGES.deleted('Item'),
    );
    // Archived, its SKU is free again.
    expect(
      (await api(delivery, 'POST', '/api/v1/crm/items', { sku, name: 'Again', unit: 'box', unit_price: 2 }))
        .status,
    ).toBe(200);
  });

  it('exports the catalogue and imports a sheet, refusing a SKU taken or repeated', async () => {
    const sku = unique('IMP').replace(' ', '-');
    await api(delivery, 'POST', '/api/v1/crm/items', { sku, name: 'Existing', unit: 'box', unit_price: 5 });
    const preview = await upload(
      '/api/v1/crm/items/import/preview',
      [
        'SKU,Name,Unit,Unit price,Weight,Volume',
        `${sku}-1,Crate,box,7.25,3,`,
        `${sku.toLowerCase()},Clash,box,1,,`,
        `${sku}-1,Twice,box,1,,`,
        `${sku}-2,,box,abc,,`,
      ].join('\n'),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().data.rows as { row: number; errors: string[] }[];
    expect(rows.map((r) => r.errors.length > 0)).toEqual([false, true, true, true]);
    expect(rows[1]!.errors).toEqual([`SKU: ${CRM_MESSAGES.skuTaken}`]);
    expect(rows[2]!.errors).toEqual(['SKU: the same as row 2 of this file']);
    expect(rows[3]!.errors).toEqual(
      expect.arrayContaining([`Name: ${CRM_MESSAGES.required}`, `Unit price: ${CRM_MESSAGES.priceInvalid}`]),
    );

    const refused = await upload(
      '/api/v1/crm/items/import',
      `SKU,Name,Unit,Unit price\n${sku},Clash,box,1\n`,
    );
    expect(refused.statusCode).toBe(400);
    const imported = await upload(
      '/api/v1/crm/items/import',
      `SKU,Name,Unit,Unit price,Weight,Volume\n${sku}-1,Crate,box,7.25,3,\n${sku}-2,Bag,kg,0.5,,1.5\n`,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ imported: 2 });

    const sheet = await sheetRows(`/api/v1/crm/items/export?search=${encodeURIComponent(sku)}`);
    expect(sheet[0]!.slice(0, 4)).toEqual(['ID', 'SKU', 'Name', 'Unit']);
    expect(sheet.slice(1).map((r) => [r[1], r[4], r[5] ?? null, r[6] ?? null])).toEqual([
      [`${sku}-2`, 0.5, null, 1.5],
      [`${sku}-1`, 7.25, 3, null],
      [sku, 5, null, null],
    ]);
  });
});

describe('CRM guards', () => {
  it("answers another tenant's records as missing ones, and lists nothing of them", async () => {
    const theirs = await addCustomer(namat, { name: unique('Namat Client') });
    const theirAddress = await addRecord(namat, 'addresses', {
      customer_id: theirs.id,
      label: 'HQ',
      address: 'Riyadh',
      ...point,
    });
    const theirItem = await addRecord(namat, 'items', {
      sku: unique('NMT').replace(' ', '-'),
      name: 'Theirs',
      unit: 'box',
      unit_price: 1,
    });
    const namatCount = async () =>
      (await api(namat, 'GET', '/api/v1/crm/customers')).body.pagination.total_items as number;
    const before = await namatCount();

    const missing = async (method: Method, url: string, payload: object | undefined, message: string) => {
      const res = await api(delivery, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.message, `${method} ${url}`).toBe(message);
    };
    const customerUrl = `/api/v1/crm/customers/${theirs.id}`;
    await missing('GET', customerUrl, undefined, CRM_MESSAGES.customerNotFound);
    await missing('PUT', customerUrl, { name: 'Mine now' }, CRM_MESSAGES.customerNotFound);
    await missing('DELETE', customerUrl, undefined, CRM_MESSAGES.customerNotFound);
    await missing('GET', `/api/v1/crm/addresses/${theirAddress}`, undefined, CRM_MESSAGES.addressNotFound);
    await missing('DELETE', `/api/v1/crm/addresses/${theirAddress}`, undefined, CRM_MESSAGES.addressNotFound);
    await missing(
      'PUT',
      `/api/v1/crm/items/${theirItem}`,
      { sku: 'MINE', name: 'Mine', unit: 'box', unit_price: 1 },
      CRM_MESSAGES.itemNotFound,
    );
    for (const records of ['contacts', 'pets', 'addresses']) {
      const body =
        records === 'pets'
          ? { species: 'dog' }
          : records === 'addresses'
            ? { label: 'A', address: 'B', ...point }
            : {};
      await missing(
        'POST',
        `/api/v1/crm/${records}`,
        { customer_id: theirs.id, name: 'Sneaky', ...body },
        CRM_MESSAGES.customerNotFound,
      );
    }
    const listed = await api(delivery, 'GET', `/api/v1/crm/addresses?customer_id=${theirs.id}`);
    expect(listed.body).toEqual({
      success: true,
      data: [],
      pagination: { page: 1, page_size: 25, total_items: 0 },
    });
    expect(
      idsOf(
        (await api(delivery, 'GET', `/api/v1/crm/customers?search=${encodeURIComponent(theirs.name)}`)).body,
      ),
    ).toEqual([]);
    expect(await namatCount()).toBe(before);
    expect((await api(namat, 'GET', customerUrl)).body.data.name).toBe(theirs.name);
  });

  it('refuses every CRM call with 403 while the tenant has CRM off', async () => {
    const routes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/v1/crm'));
    expect(routes.length).toBeGreaterThanOrEqual(34);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1');
      const res = await t.app.inject({
        method: route.method as Method,
        url,
        headers: { cookie: school },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${url}`).toBe(403);
      const body = res.json();
      expect(body.message ?? body.responseMessage, `${route.method} ${url}`).toBe(CRM_MESSAGES.disabled);
    }
  });
});
