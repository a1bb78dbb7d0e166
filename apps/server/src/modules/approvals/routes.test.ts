import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER_APPROVAL_STATUSES, MESSAGES } from '@fleet/contract';
import { admins, tasks, tripDestinations, trips } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { JPEG, multipartForm as form, PNG } from '../../test/uploads.ts';
import { NO_MANAGER_APPROVAL } from './service.ts';

/*
 * The approvals dashboards, the decisions and the orders table as a console sees them: the demo's
 * simulated history, and one trip run here through the driver app (a driver with a name no demo
 * driver has), so every expected row is known.
 */

let t: TestApp;
let delivery: string;
let namat: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read each answer's own shape
type Body = any;

/** A GET of the console (`cookie`), or of nobody. */
async function get(cookie: string | null, url: string): Promise<{ status: number; body: Body }> {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json() };
}

/** A manager's decision through the spec's call. */
async function decide(cookie: string, payload: object): Promise<{ status: number; body: Body }> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/trip/update-approval-status',
    headers: { cookie },
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A driver app call with the driver's bearer token; fails the test when refused. */
async function drive(auth: string, url: string, body: object | ReturnType<typeof form> = {}) {
  const multipart = 'payload' in body && Buffer.isBuffer(body.payload);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: auth, ...(multipart ? (body as ReturnType<typeof form>).headers : {}) },
    payload: multipart ? (body as ReturnType<typeof form>).payload : (body as Record<string, unknown>),
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

const MANAGER = '/api/v1/trips/destinations/approvals/manager';
const CLIENT = '/api/v1/trips/destinations/approvals/client';
const SUMMARY = '/api/v1/trips/destinations/approvals/manager/summary';
const ORDERS = '/api/v1/trips/destinations/tasks/orders';

const RECORD_KEYS = [
  'client_approval',
  'client_approval_images',
  'created_date',
  'decided_date',
  'description',
  'destination_name',
  'driver',
  'id',
  'manager_approval_images',
  'manager_approval_status',
  'note',
  'order_id',
  'task_id',
  'trip_id',
].sort();
const ORDER_KEYS = [
  'arrival_time',
  'completed_by',
  'departure_time',
  'description',
  'destination_name',
  'id',
  'order_id',
  'status',
  'task_completed_date',
  'trip_id',
].sort();

const MINUTE = 60_000;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const now = Math.floor(Date.now() / 1000) * 1000;
/** When the driver did what, in the past (the app's offline queue sends such times). */
const at = {
  start: utc(now - 180 * MINUTE),
  arrive: utc(now - 170 * MINUTE),
  proofA: utc(now - 160 * MINUTE),
  proofF: utc(now - 158 * MINUTE),
  proofG: utc(now - 156 * MINUTE),
  doneC: utc(now - 150 * MINUTE),
  depart: utc(now - 140 * MINUTE),
  skip: utc(now - 130 * MINUTE),
};

/** The trip run here: its tasks by letter, its stops, and when it was made. */
const run = {
  tripId: 0,
  createdDate: '',
  stops: [] as number[],
  task: {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G', number>,
  driver: { id: 0, fname: 'Zed', lname: 'Quillfeather' },
  /** A trip of the same driver, planned and not started, with a request awaiting its proof. */
  laterTripId: 0,
  laterTask: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);

  const driver = await call(t, delivery, 'POST', '/api/driver/add-driver', {
    fname: run.driver.fname,
    lname: run.driver.lname,
    email: 'zed.quillfeather@approvals.example',
    password: 'long-enough-pass-1',
    hourly_rate: 20,
    language: 'en',
  });
  expect(driver.status, driver.body.responseMessage).toBe(200);
  run.driver.id = driver.body.data.id;
  const warehouse = (await call(t, delivery, 'GET', '/api/warehouse/get-warehouse')).body.data[0].id;
  const type = (await call(t, delivery, 'GET', '/api/type/get-types')).body.data[0].id;
  const stop = (name: string, lat: number, tasks: object[]) => ({
    destination_name: name,
    destination_lat: lat,
    destination_lon: 55.14,
    driving_time: 20,
    staying_time: 10,
    tasks,
  });
  const trip = await call(t, delivery, 'POST', '/api/trip/add-trip', {
    driver_id: run.driver.id,
    warehouse_id: warehouse,
    type,
    start_date: at.start,
    departure_time_range: 15,
    destinations: [
      stop('Quill Tower loading bay', 25.07, [
        {
          description: 'Deliver the signed contract',
          order_id: 'QX-Ord-7001',
          client_approval: true,
          manager_approval: true,
        },
        { description: 'Photograph the installed unit', manager_approval: true },
        { description: 'Collect the returns', order_id: 'qx-ord-7002' },
        { description: 'Verify the meter reading', manager_approval: true },
        { description: 'Check the seal', manager_approval: true },
      ]),
      stop('Quill Depot', 25.08, [{ description: 'Deliver spare parts', order_id: 'QX-ORD-7003' }]),
      stop('Quill Park', 25.09, [{ description: 'Deliver the invoice', order_id: 'QX-ORD-7004' }]),
    ],
  });
  expect(trip.status, trip.body.responseMessage).toBe(200);
  const plan = trip.body.data as {
    id: number;
    created_date: string;
    destinations: { id: number; tasks: { id: number }[] }[];
  };
  run.tripId = plan.id;
  run.createdDate = plan.created_date;
  run.stops = plan.destinations.map((d) => d.id);
  const [first, second, third] = plan.destinations.map((d) => d.tasks.map((task) => task.id));
  const [A, B, C, F, G] = first!;
  run.task = { A: A!, B: B!, C: C!, D: second![0]!, E: third![0]!, F: F!, G: G! };

  // The driver runs it: proofs for A, F and G (B is left awaiting its proof), C done, the second stop skipped.
  const auth = await t.driverToken(run.driver.id);
  await drive(auth, `/api/v1/driver/trips/${run.tripId}/start`, { at: at.start });
  await drive(auth, `/api/v1/driver/stops/${run.stops[0]}/arrive`, { at: at.arrive });
  await drive(
    auth,
    `/api/v1/driver/tasks/${run.task.A}/complete`,
    form([
      { name: 'note', value: 'Signed by the site manager' },
      { name: 'at', value: at.proofA },
      { name: 'manager_photos', file: PNG },
      { name: 'client_photos', file: JPEG },
    ]),
  );
  for (const [task, when] of [
    [run.task.F, at.proofF],
    [run.task.G, at.proofG],
  ] as const) {
    await drive(
      auth,
      `/api/v1/driver/tasks/${task}/complete`,
      form([
        { name: 'at', value: when },
        { name: 'manager_photos', file: JPEG },
      ]),
    );
  }
  await drive(auth, `/api/v1/driver/tasks/${run.task.C}/complete`, { at: at.doneC });
  await drive(auth, `/api/v1/driver/stops/${run.stops[0]}/depart`, { at: at.depart });
  await drive(auth, `/api/v1/driver/stops/${run.stops[1]}/skip`, { at: at.skip, reason: 'Gate closed' });

  const later = await call(t, delivery, 'POST', '/api/trip/add-trip', {
    driver_id: run.driver.id,
    warehouse_id: warehouse,
    type,
    start_date: utc(now + 24 * 60 * MINUTE),
    destinations: [stop('Quill Annex', 25.1, [{ description: 'Inspect the annex', manager_approval: true }])],
  });
  expect(later.status, later.body.responseMessage).toBe(200);
  run.laterTripId = later.body.data.id;
  run.laterTask = later.body.data.destinations[0].tasks[0].id;
});
afterAll(() => t.close());

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const search = (name: string) => `driver_name=${encodeURIComponent(name)}`;

/** Every row of a v1 list, page after page of 100. */
async function everyRow(cookie: string, url: string): Promise<Body[]> {
  const rows: Body[] = [];
  for (let page = 1; ; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await get(cookie, `${url}${sep}page=${page}&page_size=100`);
    expect(res.status).toBe(200);
    const list = url.startsWith(ORDERS) ? res.body.data.data : res.body.data;
    rows.push(...list);
    if (list.length < 100) return rows;
  }
}

describe('GET /api/v1/trips/destinations/approvals/manager', () => {
  it("answers the spec's envelope with one page of the tenant's requests, newest first", async () => {
    const res = await get(delivery, `${MANAGER}?page_size=7`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination', 'success']);
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body.pagination).sort()).toEqual(['page', 'page_size', 'total']);
    expect(res.body.pagination).toMatchObject({ page: 1, page_size: 7 });
    expect(res.body.data).toHaveLength(7);
    for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(RECORD_KEYS);
    const dates = res.body.data.map((r: Body) => r.created_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages through every request once, and answers an empty page past the end', async () => {
    const first = await get(delivery, `${MANAGER}?page_size=5&page=1`);
    const second = await get(delivery, `${MANAGER}?page_size=5&page=2`);
    const total = first.body.pagination.total;
    expect(total).toBeGreaterThan(10);
    expect(second.body.pagination).toEqual({ total, page: 2, page_size: 5 });
    expect(ids(first.body.data).filter((id) => ids(second.body.data).includes(id))).toEqual([]);
    expect(await everyRow(delivery, MANAGER)).toHaveLength(total);
    const beyond = Math.ceil(total / 5) + 1;
    const past = await get(delivery, `${MANAGER}?page_size=5&page=${beyond}`);
    expect(past.body).toEqual({ success: true, data: [], pagination: { total, page: beyond, page_size: 5 } });
  });

  it('shows a request as the driver sent it: note, photos, when, where and who', async () => {
    const res = await get(delivery, `${MANAGER}?${search('quillfeather')}`);
    // Newest request first: the trips' requests awaiting proof (the later trip was made last), then the proofs.
    expect(ids(res.body.data)).toEqual([run.laterTask, run.task.B, run.task.G, run.task.F, run.task.A]);
    const a = res.body.data.find((r: Body) => r.id === run.task.A);
    expect(a).toMatchObject({
      id: run.task.A,
      task_id: run.task.A,
      trip_id: run.tripId,
      driver: run.driver,
      destination_name: 'Quill Tower loading bay',
      description: 'Deliver the signed contract',
      order_id: 'QX-Ord-7001',
      created_date: at.proofA,
      note: 'Signed by the site manager',
      manager_approval_status: 'pending',
      client_approval: 1,
      decided_date: null,
    });
    expect(a.manager_approval_images).toHaveLength(1);
    expect(a.client_approval_images).toHaveLength(1);
    const photo = await t.app.inject({ url: a.manager_approval_images[0], headers: { cookie: delivery } });
    expect(a.manager_approval_images[0]).toMatch(new RegExp(`^/api/v1/tasks/${run.task.A}/photos/\\d+$`));
    expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/png']);
    // Awaiting its proof: asked when the trip was made, no note, no photo yet.
    const b = res.body.data.find((r: Body) => r.id === run.task.B);
    expect(b).toMatchObject({
      manager_approval_status: 'awaiting_submission',
      created_date: run.createdDate,
      note: null,
      client_approval: 0,
      order_id: null,
      manager_approval_images: [],
    });
  });

  it('filters by status, and shows all four statuses without one', async () => {
    const all = await everyRow(delivery, MANAGER);
    expect(new Set(all.map((r) => r.manager_approval_status))).toEqual(new Set(MANAGER_APPROVAL_STATUSES));
    let sum = 0;
    for (const status of MANAGER_APPROVAL_STATUSES) {
      const rows = await everyRow(delivery, `${MANAGER}?manager_approval_status=${status}`);
      expect(rows.length, status).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.manager_approval_status))).toEqual(new Set([status]));
      sum += rows.length;
    }
    expect(sum).toBe(all.length);
    const mine = await get(
      delivery,
      `${MANAGER}?manager_approval_status=awaiting_submission&${search('Quill')}`,
    );
    expect(ids(mine.body.data)).toEqual([run.laterTask, run.task.B]);
  });

  it('finds a driver by first name, last name or both, in any case, and takes the search literally', async () => {
    const mine = [run.laterTask, run.task.B, run.task.G, run.task.F, run.task.A];
    for (const name of ['zed', 'QUILLFEATHER', 'Zed Quillfeather', '  zed   quillfeather ', 'd quill']) {
      const res = await get(delivery, `${MANAGER}?${search(name)}`);
      expect(ids(res.body.data), name).toEqual(mine);
      expect(res.body.pagination.total, name).toBe(5);
    }
    for (const name of ['Quillfeather Zed', '%', '_', 'Zed%Quill']) {
      const res = await get(delivery, `${MANAGER}?${search(name)}`);
      expect([res.status, res.body.pagination.total], name).toEqual([200, 0]);
    }
  });

  it('leaves out the requests of deleted trips', async () => {
    const before = await get(delivery, `${MANAGER}?${search('Quillfeather')}`);
    expect(ids(before.body.data)).toContain(run.laterTask);
    const archived = await call(t, delivery, 'POST', '/api/trip/archive', { id: run.laterTripId });
    expect(archived.status).toBe(200);
    const after = await get(delivery, `${MANAGER}?${search('Quillfeather')}`);
    expect(ids(after.body.data)).not.toContain(run.laterTask);
    expect(after.body.pagination.total).toBe(before.body.pagination.total - 1);
    const res = await decide(delivery, { task_id: run.laterTask, status: 'accepted' });
    expect([res.status, res.body.responseMessage]).toEqual([404, MESSAGES.approvals.notFound]);
  });

  it('refuses bad input with 400 naming the field, in the same envelope', async () => {
    for (const [query, path, message] of [
      ['page=0', 'page', 'page must be a positive whole number'],
      ['page_size=101', 'page_size', 'page_size must be a whole number from 1 to 100'],
      ['page=1.5', 'page', 'page must be a positive whole number'],
      ['manager_approval_status=approved', 'manager_approval_status', undefined],
      [`driver_name=${'x'.repeat(101)}`, 'driver_name', 'driver_name must be at most 100 characters'],
    ] as const) {
      const res = await get(delivery, `${MANAGER}?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body).sort(), query).toEqual(['data', 'errors', 'message', 'success']);
      expect(res.body).toMatchObject({ success: false, data: null });
      expect(res.body.errors[0].path, query).toBe(path);
      if (message) expect(res.body.message, query).toBe(message);
    }
  });

  it('answers a caller without a session 401 in the same envelope', async () => {
    const res = await get(null, MANAGER);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MESSAGES.auth.unauthenticated, data: null });
  });
});

describe('GET /api/v1/trips/destinations/approvals/client', () => {
  it("lists the client's proof requests only, with their photos", async () => {
    const res = await get(delivery, `${CLIENT}?${search('zed quillfeather')}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination', 'success']);
    expect(res.body.pagination).toEqual({ total: 1, page: 1, page_size: 10 });
    const [a] = res.body.data;
    expect(Object.keys(a).sort()).toEqual(RECORD_KEYS);
    expect(a).toMatchObject({ id: run.task.A, client_approval: 1, manager_approval_status: 'pending' });
    expect(a.client_approval_images[0]).toMatch(new RegExp(`^/api/v1/tasks/${run.task.A}/photos/\\d+$`));
    const all = await everyRow(delivery, CLIENT);
    expect(all.every((r) => r.client_approval === 1)).toBe(true);
    // A request that asks the client only has no manager status.
    expect(all.some((r) => r.manager_approval_status === null)).toBe(true);
  });

  it('filters by part of the order id in any case, and sorts by created date both ways', async () => {
    const found = await get(delivery, `${CLIENT}?order_id=qx-ord-70`);
    expect(ids(found.body.data)).toEqual([run.task.A]);
    expect((await get(delivery, `${CLIENT}?order_id=%25`)).body.pagination.total).toBe(0);
    const newest = await get(delivery, `${CLIENT}?page_size=20`);
    const oldest = await get(delivery, `${CLIENT}?page_size=20&sort=oldest`);
    const dates = (rows: Body[]) => rows.map((r) => r.created_date);
    expect(dates(newest.body.data)).toEqual([...dates(newest.body.data)].sort().reverse());
    expect(dates(oldest.body.data)).toEqual([...dates(oldest.body.data)].sort());
    expect(oldest.body.data[0].created_date < newest.body.data[0].created_date).toBe(true);
  });

  it('refuses a sort it does not know, naming it', async () => {
    const res = await get(delivery, `${CLIENT}?sort=latest`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: null, errors: [{ path: 'sort' }] });
  });
});

describe('GET /api/v1/trips/destinations/approvals/manager/summary', () => {
  it('counts the requests at each status, as the lists show them', async () => {
    const res = await get(delivery, SUMMARY);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'success']);
    expect(Object.keys(res.body.data).sort()).toEqual([
      'accepted',
      'awaiting_submission',
      'pending',
      'rejected',
    ]);
    for (const status of MANAGER_APPROVAL_STATUSES) {
      const list = await get(delivery, `${MANAGER}?manager_approval_status=${status}&page_size=1`);
      expect(res.body.data[status], status).toBe(list.body.pagination.total);
    }
  });
});

describe('PATCH /api/trip/update-approval-status', () => {
  it('accepts a pending request: recorded with who and when, announced, answered in the usual envelope', async () => {
    const before = (await get(delivery, SUMMARY)).body.data;
    let res: { status: number; body: Body } | undefined;
    const events = await t.eventsDuring(async () => {
      res = await decide(delivery, { task_id: run.task.A, status: 'accepted' });
    });
    expect(res!.status).toBe(200);
    expect(Object.keys(res!.body).sort()).toEqual(['data', 'responseCode', 'responseMessage']);
    expect(res!.body).toMatchObject({ responseCode: 1, responseMessage: MESSAGES.approvals.updated });
    expect(Object.keys(res!.body.data).sort()).toEqual(RECORD_KEYS);
    expect(res!.body.data).toMatchObject({ id: run.task.A, manager_approval_status: 'accepted' });
    const decidedAt = new Date(`${res!.body.data.decided_date.replace(' ', 'T')}Z`).getTime();
    expect(Math.abs(decidedAt - Date.now())).toBeLessThan(60_000);

    const [admin] = await t.database.db
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.email, DEMO.delivery.email));
    const [row] = await t.database.db
      .select({
        status: tasks.managerApprovalStatus,
        by: tasks.managerDecidedBy,
        date: tasks.managerDecidedDate,
      })
      .from(tasks)
      .where(eq(tasks.id, run.task.A));
    expect(row).toMatchObject({ status: 'accepted', by: admin!.id });
    expect(Math.floor(row!.date!.getTime() / 1000) * 1000).toBe(decidedAt);
    expect(events.map((e) => [e.type, e.ids, e.tenant_id, e.actor])).toEqual([
      ['approval.updated', [run.task.A], DEMO.delivery.tenantId, { kind: 'tenant_admin', id: admin!.id }],
    ]);

    const after = (await get(delivery, SUMMARY)).body.data;
    expect(after).toEqual({ ...before, pending: before.pending - 1, accepted: before.accepted + 1 });
    const listed = await get(
      delivery,
      `${MANAGER}?manager_approval_status=accepted&${search('quillfeather')}`,
    );
    expect(ids(listed.body.data)).toEqual([run.task.A]);
  });

  it('decides a request once: a second decision is refused, saying where it stands', async () => {
    const again = await decide(delivery, { task_id: run.task.A, status: 'rejected' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      responseCode: 0,
      responseMessage: MESSAGES.approvals.notPending('Approved'),
      data: null,
    });
    const [row] = await t.database.db
      .select({ status: tasks.managerApprovalStatus })
      .from(tasks)
      .where(eq(tasks.id, run.task.A));
    expect(row!.status).toBe('accepted');
  });

  it('lets one of two simultaneous decisions win, and refuses the other', async () => {
    const answers = await Promise.all([
      decide(delivery, { task_id: run.task.F, status: 'accepted' }),
      decide(delivery, { task_id: run.task.F, status: 'rejected' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data.manager_approval_status;
    const loser = answers.find((a) => a.status === 409)!.body.responseMessage;
    expect(loser).toBe(MESSAGES.approvals.notPending(winner === 'accepted' ? 'Approved' : 'Rejected'));
    const [row] = await t.database.db
      .select({ status: tasks.managerApprovalStatus })
      .from(tasks)
      .where(eq(tasks.id, run.task.F));
    expect(row!.status).toBe(winner);
  });

  it('refuses what is not a pending request: awaiting its proof, or asking no manager', async () => {
    const awaiting = await decide(delivery, { task_id: run.task.B, status: 'accepted' });
    expect([awaiting.status, awaiting.body.responseMessage]).toEqual([
      409,
      MESSAGES.approvals.notPending('Awaiting Submission'),
    ]);
    const noManager = await decide(delivery, { task_id: run.task.C, status: 'accepted' });
    expect([noManager.status, noManager.body.responseMessage]).toEqual([409, NO_MANAGER_APPROVAL]);
  });

  it("answers another tenant's request exactly as one that does not exist, and leaves it pending", async () => {
    const other = await decide(namat, { task_id: run.task.G, status: 'rejected' });
    const missing = await decide(namat, { task_id: 2_147_483_000, status: 'rejected' });
    expect(other).toEqual({
      status: 404,
      body: { responseCode: 0, responseMessage: MESSAGES.approvals.notFound, data: null },
    });
    expect(missing).toEqual(other);
    const [row] = await t.database.db
      .select({ status: tasks.managerApprovalStatus, by: tasks.managerDecidedBy })
      .from(tasks)
      .where(eq(tasks.id, run.task.G));
    expect(row).toEqual({ status: 'pending', by: null });
    // The owner rejects it.
    const rejected = await decide(delivery, { task_id: run.task.G, status: 'rejected' });
    expect([rejected.status, rejected.body.data.manager_approval_status]).toEqual([200, 'rejected']);
  });

  it('refuses bad input naming the field', async () => {
    for (const [payload, path, message] of [
      [{ task_id: run.task.G, status: 'approved' }, 'status', 'status must be accepted or rejected'],
      [{ task_id: run.task.G, status: 'pending' }, 'status', 'status must be accepted or rejected'],
      [{ task_id: 'G', status: 'accepted' }, 'task_id', 'task_id must be a positive whole number'],
      [{ status: 'accepted' }, 'task_id', undefined],
    ] as const) {
      const res = await decide(delivery, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatchObject({ responseCode: 0, data: null, errors: [{ path }] });
      if (message) expect(res.body.responseMessage).toBe(message);
    }
  });
});

describe('GET /api/v1/trips/destinations/tasks/orders', () => {
  it("answers the spec's nested envelope, newest completion first and open orders last", async () => {
    const res = await get(delivery, `${ORDERS}?order_id=QX-ORD-70`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'success']);
    expect(Object.keys(res.body.data).sort()).toEqual(['data', 'pagination']);
    expect(res.body.data.pagination).toEqual({ total_count: 4, page: 1, page_size: 10 });
    const rows = res.body.data.data;
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(ORDER_KEYS);
    expect(ids(rows)).toEqual([run.task.C, run.task.A, run.task.E, run.task.D]);
    expect(rows[0]).toEqual({
      id: run.task.C,
      trip_id: run.tripId,
      order_id: 'qx-ord-7002',
      description: 'Collect the returns',
      completed_by: 'Zed Quillfeather',
      destination_name: 'Quill Tower loading bay',
      arrival_time: at.arrive,
      departure_time: at.depart,
      task_completed_date: at.doneC,
      status: 'completed',
    });
    expect(rows[3]).toMatchObject({
      order_id: 'QX-ORD-7003',
      completed_by: null,
      arrival_time: null,
      departure_time: null,
      task_completed_date: null,
      status: 'missed',
    });
    expect(rows[2]).toMatchObject({
      order_id: 'QX-ORD-7004',
      status: 'pending',
      destination_name: 'Quill Park',
    });
    const oldest = await get(delivery, `${ORDERS}?order_id=qx-ord-70&order=asc&sort_by=completed_date`);
    expect(ids(oldest.body.data.data)).toEqual([run.task.A, run.task.C, run.task.D, run.task.E]);
  });

  it('filters by status and pages', async () => {
    for (const [status, expected] of [
      ['completed', [run.task.C, run.task.A]],
      ['missed', [run.task.D]],
      ['pending', [run.task.E]],
      ['all', [run.task.C, run.task.A, run.task.E, run.task.D]],
    ] as const) {
      const res = await get(delivery, `${ORDERS}?order_id=qx-ord&status=${status}`);
      expect(ids(res.body.data.data), status).toEqual(expected);
      expect(res.body.data.pagination.total_count, status).toBe(expected.length);
    }
    const second = await get(delivery, `${ORDERS}?order_id=qx-ord&page=2&page_size=1`);
    expect(second.body.data).toEqual({
      data: [expect.objectContaining({ id: run.task.A })],
      pagination: { total_count: 4, page: 2, page_size: 1 },
    });
    expect((await get(delivery, `${ORDERS}?order_id=qx_ord`)).body.data.pagination.total_count).toBe(0);
  });

  it("orders the tenant's whole history by completion, both ways, counting every order", async () => {
    const all = await everyRow(delivery, ORDERS);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .innerJoin(tripDestinations, eq(tripDestinations.id, tasks.tripDestinationId))
      .innerJoin(
        trips,
        and(eq(trips.id, tripDestinations.tripId), eq(trips.archived, false), eq(trips.cancelled, false)),
      )
      .where(and(eq(tasks.tenantId, DEMO.delivery.tenantId), sql`${tasks.orderId} is not null`));
    expect(all).toHaveLength(count!.n);
    const completed = all.filter((r) => r.task_completed_date !== null);
    expect(all.slice(0, completed.length)).toEqual(completed);
    const dates = completed.map((r) => r.task_completed_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const asc = await everyRow(delivery, `${ORDERS}?order=asc`);
    const ascDates = asc.filter((r) => r.task_completed_date !== null).map((r) => r.task_completed_date);
    expect(ascDates).toEqual([...dates].sort());
    expect(asc.at(-1).task_completed_date).toBeNull();
  });

  it('refuses bad input naming the field', async () => {
    for (const [query, path] of [
      ['order=up', 'order'],
      ['status=done', 'status'],
      ['sort_by=created_date', 'sort_by'],
      ['page_size=0', 'page_size'],
    ] as const) {
      const res = await get(delivery, `${ORDERS}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, errors: [{ path }] });
    }
  });
});

describe('tenant isolation', () => {
  it("never lists another tenant's requests or orders", async () => {
    const theirs = new Set(Object.values(run.task));
    const tripsOfNamat = new Set(
      (
        await t.database.db
          .select({ id: trips.id })
          .from(trips)
          .where(eq(trips.tenantId, DEMO.namat.tenantId))
      ).map((r) => r.id),
    );
    for (const url of [
      MANAGER,
      CLIENT,
      ORDERS,
      `${MANAGER}?${search('Quillfeather')}`,
      `${ORDERS}?order_id=QX`,
    ]) {
      const rows = await everyRow(namat, url);
      expect(
        rows.filter((r) => theirs.has(r.id)),
        url,
      ).toEqual([]);
      expect(
        rows.filter((r) => !tripsOfNamat.has(r.trip_id)),
        url,
      ).toEqual([]);
    }
    expect((await get(namat, `${MANAGER}?${search('Quillfeather')}`)).body.pagination.total).toBe(0);
    const summary = (await get(namat, SUMMARY)).body.data;
    const own = await everyRow(namat, MANAGER);
    expect(Object.values(summary).reduce((a: number, b) => a + (b as number), 0)).toBe(own.length);
  });
});
