import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DEFAULT_SETTINGS, orderReference } from '@fleet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crmAddresses, crmCustomers, crmItems, crmOrders, crmPets } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, WAIT, type TestApp } from '../../test/app.ts';
import { JPEG, multipartForm } from '../../test/uploads.ts';

/*
 * CRM orders through the API: written as drafts, confirmed, planned into a trip (one stop per
 * address, one task per order), then following that trip as its driver runs it: in progress,
 * delivered with the driver's proof photo, failed when the trip ends without it, and planned again.
 */

let t: TestApp;
let delivery: string;
let school: string;
const ORDERS = '/api/v1/crm/orders';
/** A call of the console; CRM calls answer `{success, message, data, pagination}`. */
const api = async (...args: Parameters<typeof call>) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read each answer's own shape
  (await call(...args)) as { status: number; body: any };

/** Records of the delivery tenant the orders point at, written as the records' own calls store them. */
let customer: number;
let otherCustomer: number;
let home: number;
let office: number;
let strangersAddress: number;
let food: number;
let leash: number;
let rex: number;
let schoolCustomer: number;

/** A day a week ahead on the tenants' clock. */
const day = (offset = 7) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_SETTINGS.time_zone }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  school = await t.login(DEMO.school.email, DEMO.school.password);
  const { db } = t.database;
  const tenantId = DEMO.delivery.tenantId;
  const customers = await db
    .insert(crmCustomers)
    .values([
      { tenantId, kind: 'person', name: 'Mariam Saeed', email: 'mariam@example.com' },
      { tenantId, kind: 'company', name: 'Oasis Kennels' },
      { tenantId: DEMO.school.tenantId, kind: 'person', name: 'Other tenant' },
    ])
    .returning({ id: crmCustomers.id });
  [customer, otherCustomer, schoolCustomer] = customers.map((c) => c.id) as [number, number, number];
  const addresses = await db
    .insert(crmAddresses)
    .values([
      {
        tenantId,
        customerId: customer,
        label: 'Home',
        address: 'Villa 12, Jumeirah 1',
        lat: 25.21,
        lon: 55.25,
      },
      {
        tenantId,
        customerId: customer,
        label: 'Office',
        address: 'Tower B, Business Bay',
        lat: 25.185,
        lon: 55.28,
      },
      { tenantId, customerId: otherCustomer, label: 'Shop', address: 'Al Quoz 3', lat: 25.13, lon: 55.22 },
    ])
    .returning({ id: crmAddresses.id });
  [home, office, strangersAddress] = addresses.map((a) => a.id) as [number, number, number];
  const items = await db
    .insert(crmItems)
    .values([
      { tenantId, sku: 'T-DF-10', name: 'Dog food 10 kg', unit: 'bag', unitPrice: 89.5, weight: 10 },
      { tenantId, sku: 'T-LS-1', name: 'Leash', unit: 'piece', unitPrice: 25 },
    ])
    .returning({ id: crmItems.id });
  [food, leash] = items.map((i) => i.id) as [number, number];
  const [pet] = await db
    .insert(crmPets)
    .values({ tenantId, customerId: customer, name: 'Rex', species: 'dog' })
    .returning({ id: crmPets.id });
  rex = pet!.id;
});
afterAll(() => t.close());

const order = (over: Record<string, unknown> = {}) => ({
  customer_id: customer,
  address_id: home,
  requested_date: day(),
  window_start: '10:00',
  window_end: '12:00',
  lines: [
    { item_id: food, quantity: 2 },
    { item_id: leash, quantity: 1, unit_price: '19.99' },
  ],
  pet_ids: [rex],
  notes: 'Ring twice',
  ...over,
});

async function add(over: Record<string, unknown> = {}) {
  const res = await api(t, delivery, 'POST', ORDERS, order(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; reference: string; status: string };
}

describe('writing orders', () => {
  it('adds a draft with its lines priced, its total, pets, window and history', async () => {
    const res = await api(t, delivery, 'POST', ORDERS, order());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Order added successfully' });
    const o = res.body.data;
    expect(o).toMatchObject({
      reference: orderReference(o.id),
      customer: { id: customer, name: 'Mariam Saeed' },
      address: { id: home, label: 'Home' },
      window_start: '10:00',
      window_end: '12:00',
      status: 'draft',
      total: 198.99,
      line_count: 2,
      trip_id: null,
      pets: [{ id: rex, name: 'Rex', species: 'dog' }],
      notes: 'Ring twice',
      tracking: null,
    });
    expect(o.lines.map((l: { name: string; amount: number }) => [l.name, l.amount])).toEqual([
      ['Dog food 10 kg', 179],
      ['Leash', 19.99],
    ]);
    expect(o.history).toEqual([{ status: 'draft', at: expect.any(String), by: expect.any(String) }]);
  });

  it('refuses bad input with the field and its message, and writes nothing', async () => {
    const before = (await t.database.db.select().from(crmOrders)).length;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ lines: [] }, 400, 'Add at least one line'],
      [{ window_end: '09:00' }, 400, 'The window must end after it starts'],
      [{ window_end: null }, 400, 'Give both ends of the time window, or neither'],
      [{ requested_date: '2026-02-30' }, 400, 'Please enter a valid date (YYYY-MM-DD)'],
      [{ lines: [{ item_id: food, quantity: 0 }] }, 400, 'Quantity must be more than 0'],
      [{ lines: [{ item_id: food, quantity: 1, unit_price: '1.999' }] }, 400, 'Enter a valid price'],
      [{ address_id: strangersAddress }, 400, "The address must be one of the customer's addresses"],
      [{ customer_id: schoolCustomer }, 404, 'Customer not found'],
      [{ lines: [{ item_id: 2_000_000_000, quantity: 1 }] }, 404, 'Item not found'],
    ];
    for (const [over, status, message] of cases) {
      const res = await api(t, delivery, 'POST', ORDERS, order(over));
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect(JSON.stringify(res.body), JSON.stringify(over)).toContain(message);
      expect(res.body).toMatchObject({ success: false });
    }
    expect((await t.database.db.select().from(crmOrders)).length).toBe(before);
  });

  it('moves through the statuses an admin sets, and refuses the others', async () => {
    const { id } = await add();
    const set = (status: string) => api(t, delivery, 'POST', `${ORDERS}/${id}/status`, { status });
    expect((await set('confirmed')).body.data.status).toBe('confirmed');
    const refused = await set('delivered');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('An order that is confirmed cannot become delivered');
    expect((await set('cancelled')).body.data.history.map((h: { status: string }) => h.status)).toEqual([
      'draft',
      'confirmed',
      'cancelled',
    ]);
    const edited = await api(t, delivery, 'PUT', `${ORDERS}/${id}`, order());
    expect(edited.status).toBe(409);
    expect(edited.body.message).toBe('Only a draft, confirmed or failed order can be changed');
    expect((await api(t, delivery, 'DELETE', `${ORDERS}/${id}`)).body.message).toBe(
      'Order deleted successfully',
    );
    expect((await api(t, delivery, 'GET', `${ORDERS}/${id}`)).status).toBe(404);
  });
});

describe('the orders list', () => {
  it('pages by cursor, newest first, and filters by search, status and customer', async () => {
    const made = [
      await add(),
      await add({ address_id: office }),
      await add({ customer_id: otherCustomer, address_id: strangersAddress, pet_ids: [] }),
    ];
    const first = await api(t, delivery, 'GET', `${ORDERS}?page_size=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((o: { id: number }) => o.id)).toEqual([made[2]!.id, made[1]!.id]);
    const cursor = first.body.pagination.next_cursor as string;
    const second = await api(
      t,
      delivery,
      'GET',
      `${ORDERS}?page=2&page_size=2&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(second.body.data[0].id).toBe(made[0]!.id);
    expect(second.body.pagination.prev_cursor).toEqual(expect.any(String));

    const byReference = await api(t, delivery, 'GET', `${ORDERS}?search=${made[1]!.reference.toLowerCase()}`);
    expect(byReference.body.data.map((o: { id: number }) => o.id)).toEqual([made[1]!.id]);
    const byCustomer = await api(t, delivery, 'GET', `${ORDERS}?search=oasis%20kennels`);
    expect(byCustomer.body.data.map((o: { id: number }) => o.id)).toContain(made[2]!.id);
    expect(
      byCustomer.body.data.every((o: { customer: { id: number } }) => o.customer.id === otherCustomer),
    ).toBe(true);
    const byAddress = await api(
      t,
      delivery,
      'GET',
      `${ORDERS}?search=business%20bay&customer_id=${customer}`,
    );
    expect(byAddress.body.data.map((o: { id: number }) => o.id)).toContain(made[1]!.id);
    expect(byAddress.body.data.every((o: { address: { id: number } }) => o.address.id === office)).toBe(true);
    const drafts = await api(t, delivery, 'GET', `${ORDERS}?status=delivered`);
    expect(drafts.body.data.every((o: { status: string }) => o.status === 'delivered')).toBe(true);

    // Another tenant's cursor, or one changed by hand, is refused, never a place in someone's rows.
    const forged = await api(
      t,
      delivery,
      'GET',
      `${ORDERS}?cursor=${encodeURIComponent(cursor.slice(0, -2) + 'xx')}`,
    );
    expect(forged.status).toBe(400);
  });

  it('pages the orders of requested days by cursor, both ways, with none of other days', async () => {
    const [a, b, c] = [
      await add({ requested_date: day(20) }),
      await add({ requested_date: day(21) }),
      await add({ requested_date: day(20) }),
    ];
    await add({ requested_date: day(22) });
    const days = `fdate=${day(20)}&tdate=${day(21)}`;
    const first = await api(t, delivery, 'GET', `${ORDERS}?${days}&page_size=2`);
    expect(first.body.data.map((o: { id: number }) => o.id)).toEqual([c.id, b.id]);
    expect(first.body.pagination).toMatchObject({ total_items: 3, total_exact: true });
    const next = await api(
      t,
      delivery,
      'GET',
      `${ORDERS}?${days}&page=2&page_size=2&cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`,
    );
    expect(next.body.data.map((o: { id: number }) => o.id)).toEqual([a.id]);
    expect(next.body.pagination.next_cursor).toBeNull();
    const back = await api(
      t,
      delivery,
      'GET',
      `${ORDERS}?${days}&page=1&page_size=2&cursor=${encodeURIComponent(next.body.pagination.prev_cursor)}`,
    );
    expect(back.body.data.map((o: { id: number }) => o.id)).toEqual([c.id, b.id]);
  });

  it('exports the list as a real .xlsx', async () => {
    const { reference } = await add();
    const res = await t.app.inject({
      method: 'GET',
      url: `${ORDERS}/export?search=${reference}`,
      headers: { cookie: delivery },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe(reference);
    expect(sheet.getRow(2).getCell(2).value).toBe('Mariam Saeed');
  });

  it('is shut to a tenant whose CRM is off', async () => {
    for (const [method, url] of [
      ['GET', ORDERS],
      ['POST', `${ORDERS}/plan`],
      ['GET', `${ORDERS}/1`],
    ] as const) {
      const res = await api(t, school, method, url, method === 'POST' ? {} : undefined);
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe('The CRM module is not enabled for your organisation.');
    }
  });
});

describe('orders become trips, and follow them', () => {
  let driver: { id: number; auth: string };
  let warehouse: number;
  let type: number;
  beforeAll(async () => {
    const res = await api(t, delivery, 'POST', '/api/driver/add-driver', {
      fname: 'Omar',
      lname: 'Courier',
      email: 'omar.courier@crm.example',
      password: 'long-enough-pass-1',
      hourly_rate: 10,
    });
    expect(res.status, res.body.responseMessage).toBe(200);
    driver = { id: res.body.data.id, auth: await t.driverToken(res.body.data.id) };
    warehouse = (await api(t, delivery, 'GET', '/api/warehouse/get-warehouse')).body.data[0].id;
    type = (await api(t, delivery, 'GET', '/api/type/get-types')).body.data[0].id;
  });

  const drive = async (url: string, payload?: object | ReturnType<typeof multipartForm>) => {
    const multipart = payload && 'payload' in payload;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: driver.auth,
        ...(multipart ? (payload as ReturnType<typeof multipartForm>).headers : {}),
      },
      payload: multipart ? (payload as ReturnType<typeof multipartForm>).payload : (payload ?? {}),
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const statusOf = async (id: number) => (await api(t, delivery, 'GET', `${ORDERS}/${id}`)).body.data;

  it('plans one stop per address and one task per order, then follows the driver to delivered and failed', async () => {
    const today = day(0);
    const confirmed = { status: 'confirmed', requested_date: today };
    const first = await add({ ...confirmed, window_start: '09:00', window_end: '11:00' });
    const second = await add({
      ...confirmed,
      window_start: '09:30',
      window_end: '11:00',
      lines: [{ item_id: leash, quantity: 3 }],
    });
    const third = await add({ ...confirmed, address_id: office, window_start: '07:00', window_end: '08:00' });
    const draft = await add({ requested_date: today });

    const refused = await api(t, delivery, 'POST', `${ORDERS}/plan`, {
      order_ids: [first.id, draft.id],
      driver_id: driver.id,
      warehouse_id: warehouse,
      type_id: type,
      start_time: '06:30',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only confirmed or failed orders can be planned');

    const plan = await api(t, delivery, 'POST', `${ORDERS}/plan`, {
      order_ids: [first.id, second.id, third.id],
      driver_id: driver.id,
      warehouse_id: warehouse,
      type_id: type,
      start_time: '06:30',
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const tripId: number = plan.body.data.trip_id;
    expect(plan.body.message).toBe(`3 orders planned into trip ${tripId}`);

    const trip = (await api(t, delivery, 'POST', '/api/trip/get-trip-details', { id: tripId })).body.data;
    // The office's window comes first; the two home orders share one stop.
    expect(trip.destinations.map((d: { destination_name: string }) => d.destination_name)).toEqual([
      'Mariam Saeed — Office',
      'Mariam Saeed — Home',
    ]);
    expect(trip.destinations[1].tasks.map((k: { order_id: string }) => k.order_id)).toEqual([
      first.reference,
      second.reference,
    ]);
    expect(trip.destinations.every((d: { destination_id: number | null }) => d.destination_id !== null)).toBe(
      true,
    );
    expect(await statusOf(first.id)).toMatchObject({ status: 'planned', trip_id: tripId });
    // Planned once: a second plan of the same order is refused.
    expect(
      (await api(t, delivery, 'POST', `${ORDERS}/plan`, { order_ids: [first.id], trip_id: tripId })).status,
    ).toBe(409);

    // A tracking link for a planned order; none for a draft.
    const link = await api(t, delivery, 'POST', `${ORDERS}/${first.id}/tracking`);
    expect(link.body.data.url).toMatch(/\/track\/[A-Za-z0-9_-]{43}$/);
    expect((await statusOf(first.id)).tracking).toEqual({ url: link.body.data.url, expires_date: null });
    expect((await api(t, delivery, 'POST', `${ORDERS}/${draft.id}/tracking`)).status).toBe(409);

    // The driver starts: every order on the trip is in progress.
    await drive(`/api/v1/driver/trips/${tripId}/start`);
    await vi.waitFor(async () => expect((await statusOf(third.id)).status).toBe('in_progress'), WAIT);

    // The office stop is skipped; at home the first order is delivered with a photo, the second not.
    const [officeStop, homeStop] = trip.destinations as { id: number; tasks: { id: number }[] }[];
    await drive(`/api/v1/driver/stops/${officeStop!.id}/skip`, { reason: 'Closed' });

    // Heading home: the customer's page shows the driver's first name, the vehicle and an ETA.
    const token = (link.body.data.url as string).split('/track/')[1]!;
    const page = (path: string) => t.app.inject({ method: 'GET', url: path });
    const planned = (await page(`/api/v1/track/${token}`)).json();
    expect(planned).toMatchObject({
      reference: first.reference,
      status: 'in_progress',
      vehicle: null,
      eta: null,
    });
    await drive('/api/v1/driver/positions', {
      positions: [{ lat: 25.235, lon: 55.27, recorded_at: new Date().toISOString(), speed: 40 }],
    });
    await vi.waitFor(
      async () => expect((await page(`/api/v1/track/${token}`)).json().vehicle).not.toBeNull(),
      WAIT,
    );
    const heading = (await page(`/api/v1/track/${token}`)).json();
    expect(heading).toMatchObject({
      driver_first_name: 'Omar',
      vehicle: { lat: 25.235, lon: 55.27 },
      eta: expect.any(String),
      destination: { lat: 25.21, lon: 55.25 },
      proof_image: null,
    });
    // Nothing of the other stops or customers: the office stop's name is nowhere in it.
    expect(JSON.stringify(heading)).not.toContain('Office');
    const html = await page(`/track/${token}`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Your order is out for delivery.');
    expect(html.body).toContain('Omar');
    expect(html.body).toMatch(/\d(\.\d)? km away/);
    await drive(`/api/v1/driver/stops/${homeStop!.id}/arrive`);
    await drive(
      `/api/v1/driver/tasks/${homeStop!.tasks[0]!.id}/complete`,
      multipartForm([{ name: 'photos', file: JPEG }]),
    );
    await vi.waitFor(async () => expect((await statusOf(first.id)).status).toBe('delivered'), WAIT);
    const delivered = await statusOf(first.id);
    expect(delivered.history.at(-1)).toMatchObject({ status: 'delivered', by: 'Omar Courier' });
    expect(delivered.proof_images).toEqual([
      expect.stringMatching(new RegExp(`^/api/v1/tasks/${homeStop!.tasks[0]!.id}/photos/\\d+$`)),
    ]);
    expect(delivered.tracking.expires_date).toEqual(expect.any(String));
    const done = (await page(`/api/v1/track/${token}`)).json();
    expect(done).toMatchObject({
      status: 'delivered',
      vehicle: null,
      proof_image: `/api/v1/track/${token}/photo`,
    });
    const proof = await page(`/api/v1/track/${token}/photo`);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/jpeg');

    // Revoked, the link answers as a guessed one does, on the page and its data alike.
    expect((await api(t, delivery, 'DELETE', `${ORDERS}/${first.id}/tracking`)).status).toBe(200);
    const guessed = 'A'.repeat(43);
    for (const path of ['/api/v1/track/', '/api/v1/track/%s/photo', '/track/']) {
      const revoked = await page(path.includes('%s') ? path.replace('%s', token) : path + token);
      const unknown = await page(path.includes('%s') ? path.replace('%s', guessed) : path + guessed);
      expect(revoked.statusCode, path).toBe(404);
      expect(revoked.body, path).toBe(unknown.body);
    }

    await drive(`/api/v1/driver/stops/${homeStop!.id}/depart`);
    await drive(`/api/v1/driver/trips/${tripId}/end`);
    await vi.waitFor(async () => expect((await statusOf(second.id)).status).toBe('failed'), WAIT);
    expect((await statusOf(third.id)).status).toBe('failed');

    // A failed order is confirmed again and planned afresh.
    const again = await api(t, delivery, 'POST', `${ORDERS}/${second.id}/status`, { status: 'confirmed' });
    expect(again.body.data).toMatchObject({ status: 'confirmed', trip_id: null });
    const replanned = await api(t, delivery, 'POST', `${ORDERS}/plan`, {
      order_ids: [second.id],
      driver_id: driver.id,
      warehouse_id: warehouse,
      type_id: type,
      start_time: '15:00',
    });
    expect(replanned.status).toBe(200);
    expect(replanned.body.data.trip_id).not.toBe(tripId);

    // Its trip deleted, the order is confirmed again, ready for another plan.
    expect(
      (await api(t, delivery, 'POST', '/api/trip/archive', { id: replanned.body.data.trip_id })).status,
    ).toBe(200);
    await vi.waitFor(async () => expect((await statusOf(second.id)).status).toBe('confirmed'), WAIT);
    const [row] = await t.database.db.select().from(crmOrders).where(eq(crmOrders.id, second.id));
    expect(row).toMatchObject({ tripId: null, taskId: null });
  });

  it('adds orders at the end of a trip not started, and refuses one of another day', async () => {
    const first = await add({ status: 'confirmed', requested_date: day(3) });
    const plan = await api(t, delivery, 'POST', `${ORDERS}/plan`, {
      order_ids: [first.id],
      driver_id: driver.id,
      warehouse_id: warehouse,
      type_id: type,
      start_time: '08:00',
    });
    const tripId = plan.body.data.trip_id as number;
    // Its tracking link goes by e-mail to the customer (the outbox here), never to another address.
    const sent = await api(t, delivery, 'POST', `${ORDERS}/${first.id}/tracking/send`, {});
    expect(sent.body).toMatchObject({
      success: true,
      message: 'Tracking link sent',
      data: { via: 'outbox', email: 'mariam@example.com' },
    });
    const outbox = fs
      .readdirSync(t.config.mail.outboxDir)
      .map((f) => fs.readFileSync(path.join(t.config.mail.outboxDir, f), 'utf8'));
    expect(outbox.some((m) => m.includes(first.reference) && m.includes('/track/'))).toBe(true);
    const elsewhere = await api(t, delivery, 'POST', `${ORDERS}/${first.id}/tracking/send`, {
      email: 'someone@else.example',
    });
    expect(elsewhere.status).toBe(400);
    expect(JSON.stringify(elsewhere.body)).toContain('Send the link to the customer’s e-mail address');

    const next = await add({ status: 'confirmed', requested_date: day(3), address_id: office });
    const added = await api(t, delivery, 'POST', `${ORDERS}/plan`, {
      order_ids: [next.id],
      trip_id: tripId,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.trip_id).toBe(tripId);
    const trip = (await api(t, delivery, 'POST', '/api/trip/get-trip-details', { id: tripId })).body.data;
    expect(trip.destinations.map((d: { tasks: { order_id: string }[] }) => d.tasks[0]!.order_id)).toEqual([
      first.reference,
      next.reference,
    ]);
    const mixed = await api(t, delivery, 'POST', `${ORDERS}/plan`, {
      order_ids: [
        (await add({ status: 'confirmed', requested_date: day(4) })).id,
        (await add({ status: 'confirmed', requested_date: day(5) })).id,
      ],
      trip_id: tripId,
    });
    expect(mixed.status).toBe(400);
    expect(JSON.stringify(mixed.body)).toContain('Plan orders of one requested day at a time');
  });
});
