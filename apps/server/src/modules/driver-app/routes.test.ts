import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_PHOTO_MAX_BYTES, TASK_PHOTOS_MAX, type TDriverAppTrip } from '@fleet/contract';
import { idempotencyKeys, taskPhotos, tasks, trips } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { HEIC, JPEG, multipartForm as form, PDF, PNG, type TFormPart as Part } from '../../test/uploads.ts';

let t: TestApp;
let delivery: string;
let namat: string;

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: { responseCode: number; responseMessage: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read each answer's own shape
}

/** A call of the driver app with its bearer token. */
async function drive(
  auth: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: auth, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

async function complete(auth: string, taskId: number, parts: Part[], headers: Record<string, string> = {}) {
  const body = form(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/driver/tasks/${taskId}/complete`,
    headers: { authorization: auth, ...body.headers, ...headers },
    payload: body.payload,
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() } as Answer;
}

let unique = 0;
/** A new driver of the admin's tenant with their own password, and their bearer token. */
async function newDriver(cookie: string, email = `runner-${++unique}@fleet.example`) {
  const res = await call(t, cookie, 'POST', '/api/driver/add-driver', {
    fname: 'Rami',
    lname: `Runner${unique}`,
    email,
    password: 'long-enough-pass-1',
    hourly_rate: 20,
    language: 'en',
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  const id: number = res.body.data.id;
  return { id, email, auth: await t.driverToken(id) };
}

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
let origin: { id: number; lat: number; lon: number };
let typeId: number;

/**
 * A trip for `driverId` starting now: three stops; the first with a client-approval task and a
 * manager-approval task, the second with a plain task, the third without tasks.
 */
async function newTrip(cookie: string, driverId: number, start = Date.now()) {
  const res = await call(t, cookie, 'POST', '/api/trip/add-trip', {
    driver_id: driverId,
    warehouse_id: origin.id,
    type: typeId,
    start_date: utc(start),
    departure_time_range: 15,
    destinations: [
      {
        destination_name: 'Marina Mall loading bay',
        destination_lat: 25.0765,
        destination_lon: 55.1403,
        driving_time: 20,
        staying_time: 10,
        tasks: [
          { description: 'Deliver 3 parcels', order_id: 'ORD-7001', client_approval: true },
          {
            description: 'Cash on delivery: 120 AED',
            order_id: 'ORD-7002',
            manager_approval: true,
            priority: 1,
          },
        ],
      },
      {
        destination_name: 'JLT Cluster D',
        destination_lat: 25.0693,
        destination_lon: 55.1445,
        driving_time: 10,
        staying_time: 5,
        tasks: [{ description: 'Pick up returns', order_id: 'ORD-7003' }],
      },
      {
        destination_name: 'Al Barsha depot',
        destination_lat: 25.1121,
        destination_lon: 55.1966,
        driving_time: 15,
        staying_time: 5,
        tasks: [],
      },
    ],
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data as { id: number; destinations: { id: number; tasks: { id: number }[] }[] };
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  const warehouses = (await call(t, delivery, 'GET', '/api/warehouse/get-warehouse')).body.data;
  origin = warehouses[0];
  typeId = (await call(t, delivery, 'GET', '/api/type/get-types')).body.data[0].id;
});
afterAll(() => t.close());

describe('POST /api/v1/driver/login', () => {
  it("signs a driver in: a bearer token, its expiry and the driver in the tenant's words", async () => {
    const { id, email } = await newDriver(delivery);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/login',
      payload: { email: email.toUpperCase(), password: 'long-enough-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      token_type: 'Bearer',
      driver: {
        id,
        email,
        fname: 'Rami',
        language: 'en',
        tenant: { id: DEMO.delivery.tenantId, name: 'Desert Express', type: 'delivery' },
        terms: {
          trip: 'Trip',
          driver: 'Driver',
          currency: { name: expect.any(String), symbol: expect.any(String) },
          volume_unit: { name: expect.any(String), symbol: expect.any(String) },
        },
        time_zone: 'Asia/Dubai',
      },
    });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(`${data.expires_at}Z`).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // No session cookie: the token is the app's credential. The browser is made known to the account.
    expect(res.cookies.map((c) => c.name)).toEqual(['fleet_device']);
    expect(JSON.stringify(data)).not.toMatch(/password|hash/i);
    const me = await drive(`Bearer ${data.token}`, 'GET', '/api/v1/driver/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(data.driver);
  });

  it("answers a staff tenant's driver in its words: Staff and Task", async () => {
    const { email } = await newDriver(namat);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/login',
      payload: { email, password: 'long-enough-pass-1' },
    });
    expect(res.json().data.driver).toMatchObject({
      tenant: { type: 'namat' },
      terms: { driver: 'Staff', trip: 'Task' },
    });
  });

  it('refuses a wrong password, an unknown e-mail and an archived driver alike', async () => {
    const { id, email } = await newDriver(delivery);
    const attempts = [
      { email, password: 'not-the-password' },
      { email: 'nobody-here@fleet.example', password: 'long-enough-pass-1' },
    ];
    expect((await call(t, delivery, 'POST', '/api/driver/archive', { id })).status).toBe(200);
    attempts.push({ email, password: 'long-enough-pass-1' });
    for (const payload of attempts) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/driver/login', payload });
      expect(res.statusCode, payload.email).toBe(401);
      expect(res.json()).toMatchObject({
        responseCode: 0,
        responseMessage: 'Invalid email or password.',
        data: null,
      });
    }
  });

  it("locks an address out of a driver's account after repeated failures, apart from the admins' counters", async () => {
    const { email } = await newDriver(delivery);
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/driver/login',
        payload: { email, password },
        remoteAddress: '198.51.100.7',
      });
    for (let i = 0; i < t.config.login.maxFailuresPerAccount; i++) {
      expect((await attempt('wrong-password-x')).statusCode).toBe(401);
    }
    const locked = await attempt('long-enough-pass-1');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // The admins' sign-in from the same address is not locked by the driver's failures.
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: DEMO.delivery.email, password: DEMO.delivery.password },
      remoteAddress: '198.51.100.7',
    });
    expect(admin.statusCode).toBe(200);
  });

  it('ends the token at logout; the token then opens nothing', async () => {
    const { auth } = await newDriver(delivery);
    expect((await drive(auth, 'GET', '/api/v1/driver/me')).status).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/logout',
      headers: { authorization: auth },
    });
    expect(out.statusCode).toBe(200);
    expect((await drive(auth, 'GET', '/api/v1/driver/me')).status).toBe(401);
  });

  it("refuses a driver's token on admin routes and an admin's cookie on driver routes", async () => {
    const { auth } = await newDriver(delivery);
    const asDriver = await drive(auth, 'GET', '/api/driver/get-drivers');
    expect(asDriver.status).toBe(403);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/driver/trips',
      headers: { cookie: delivery },
    });
    expect(asAdmin.statusCode).toBe(403);
    // The driver's token as the console's cookie is no session at all.
    const token = auth.replace('Bearer ', '');
    const asCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/driver/trips',
      headers: { cookie: `fleet_session=${token}` },
    });
    expect(asCookie.statusCode).toBe(401);
  });
});

describe('GET /api/v1/driver/trips', () => {
  it("lists the driver's trips from today over the next 7 days with stops and tasks, and nobody else's", async () => {
    const me = await newDriver(delivery);
    const other = await newDriver(delivery);
    const today = await newTrip(delivery, me.id);
    const inFiveDays = await newTrip(delivery, me.id, Date.now() + 5 * 86_400_000);
    const inTenDays = await newTrip(delivery, me.id, Date.now() + 10 * 86_400_000);
    await newTrip(delivery, other.id);
    const res = await drive(me.auth, 'GET', '/api/v1/driver/trips');
    expect(res.status).toBe(200);
    expect(res.body.data.map((trip: TDriverAppTrip) => trip.id)).toEqual([today.id, inFiveDays.id]);
    const [trip] = res.body.data as TDriverAppTrip[];
    expect(trip).toMatchObject({
      state: 'planned',
      flag: 0,
      origin: { id: origin.id },
      active_trip_destination_id: null,
      departure_time_range: 15,
    });
    expect(trip!.stops.map((s) => [s.name, s.state])).toEqual([
      ['Marina Mall loading bay', 'pending'],
      ['JLT Cluster D', 'pending'],
      ['Al Barsha depot', 'pending'],
    ]);
    expect(trip!.stops[0]!.tasks).toMatchObject([
      {
        description: 'Deliver 3 parcels',
        client_approval: true,
        status: 'pending',
        manager_approval_status: null,
      },
      {
        manager_approval: true,
        manager_approval_status: 'awaiting_submission',
        status: 'pending',
        photos: [],
      },
    ]);
    const later = await drive(
      me.auth,
      'GET',
      `/api/v1/driver/trips?from=${utc(Date.now() + 9 * 86_400_000).slice(0, 10)}&to=${utc(Date.now() + 11 * 86_400_000).slice(0, 10)}`,
    );
    expect(later.body.data.map((x: TDriverAppTrip) => x.id)).toEqual([inTenDays.id]);
  });

  it('refuses a range backwards, too long, or not made of days', async () => {
    const { auth } = await newDriver(delivery);
    const cases: [string, string][] = [
      ['from=2030-05-10&to=2030-05-09', 'The end of the date range must not be before its start'],
      ['from=2030-01-01&to=2030-03-01', 'Ask for at most 31 days at a time'],
      ['from=2030-02-30', 'Dates must be YYYY-MM-DD'],
      ['from=10/05/2030', 'Dates must be YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      const res = await drive(auth, 'GET', `/api/v1/driver/trips?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.responseMessage, query).toBe(message);
    }
  });

  it("answers another driver's trip exactly like a trip that does not exist", async () => {
    const me = await newDriver(delivery);
    const other = await newDriver(delivery);
    const theirs = await newTrip(delivery, other.id);
    const res = await drive(me.auth, 'GET', `/api/v1/driver/trips/${theirs.id}`);
    const missing = await drive(me.auth, 'GET', '/api/v1/driver/trips/2147483000');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(missing.body);
  });
});

describe('running a trip', () => {
  it('moves a trip through start, arrivals, departures, task completion and end, with its events', async () => {
    const me = await newDriver(delivery);
    const trip = await newTrip(delivery, me.id);
    const [first, second, third] = trip.destinations;
    const [proofTask, approvalTask] = first!.tasks;

    const started = await t.eventsDuring(async () => {
      const res = await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/start`);
      expect(res.status, res.body.responseMessage).toBe(200);
      expect(res.body.data).toMatchObject({
        state: 'in_progress',
        flag: 1,
        active_trip_destination_id: first!.id,
      });
    });
    expect(started.map((e) => [e.type, e.ids, e.actor])).toEqual([
      ['trip.updated', [trip.id], { kind: 'driver', id: me.id }],
    ]);

    const arrived = await t.eventsDuring(async () => {
      const res = await drive(me.auth, 'POST', `/api/v1/driver/stops/${first!.id}/arrive`);
      expect(res.status, res.body.responseMessage).toBe(200);
      expect(res.body.data.stops[0]).toMatchObject({ state: 'arrived' });
    });
    expect(arrived.map((e) => e.type)).toEqual(['stop.updated']);

    // The client's proof: a photo; the manager's: a photo too, and the approval becomes pending.
    const proof = await t.eventsDuring(async () => {
      const res = await complete(me.auth, proofTask!.id, [
        { name: 'note', value: 'Left with the concierge' },
        { name: 'photos', file: JPEG },
        { name: 'photos', file: PNG, filename: 'IMG_0001.png', type: 'application/octet-stream' },
      ]);
      expect(res.status, res.body.responseMessage).toBe(200);
    });
    expect(proof.map((e) => [e.type, e.ids])).toEqual([['task.completed', [proofTask!.id]]]);
    const approval = await t.eventsDuring(async () => {
      const res = await complete(me.auth, approvalTask!.id, [{ name: 'manager_photos', file: HEIC }]);
      expect(res.status, res.body.responseMessage).toBe(200);
      const task = res.body.data.stops[0].tasks[1];
      expect(task).toMatchObject({ status: 'completed', manager_approval_status: 'pending' });
      expect(task.photos).toMatchObject([{ kind: 'manager', content_type: 'image/heic' }]);
    });
    expect(approval.map((e) => [e.type, e.ids])).toEqual([
      ['task.completed', [approvalTask!.id]],
      ['approval.updated', [approvalTask!.id]],
    ]);

    const departed = await t.eventsDuring(async () => {
      const res = await drive(me.auth, 'POST', `/api/v1/driver/stops/${first!.id}/depart`);
      expect(res.status, res.body.responseMessage).toBe(200);
      expect(res.body.data.active_trip_destination_id).toBe(second!.id);
    });
    expect(departed.map((e) => e.type)).toEqual(['stop.updated', 'trip.updated']);

    const skipped = await drive(me.auth, 'POST', `/api/v1/driver/stops/${second!.id}/skip`, {
      reason: 'Gate closed, customer unreachable',
    });
    expect(skipped.status, skipped.body.responseMessage).toBe(200);
    expect(skipped.body.data.stops[1]).toMatchObject({
      state: 'skipped',
      skip_reason: 'Gate closed, customer unreachable',
      tasks: [{ status: 'missed' }],
    });
    expect(skipped.body.data.active_trip_destination_id).toBe(third!.id);
    for (const step of ['arrive', 'depart']) {
      const res = await drive(me.auth, 'POST', `/api/v1/driver/stops/${third!.id}/${step}`);
      expect(res.status, res.body.responseMessage).toBe(200);
    }
    const ended = await t.eventsDuring(async () => {
      const res = await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/end`);
      expect(res.status, res.body.responseMessage).toBe(200);
      expect(res.body.data).toMatchObject({ state: 'ended', active_trip_destination_id: null });
      expect(res.body.data.ended_date).not.toBeNull();
    });
    expect(ended.map((e) => e.type)).toEqual(['trip.updated']);

    // The console sees what happened: times, the active stop, approvals and the proof's addresses.
    const details = (await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id: trip.id })).body
      .data;
    expect(details).toMatchObject({ flag: 1, active_trip_destination_id: null });
    expect(details.started_date).not.toBeNull();
    expect(details.destinations[0].arrived_date).not.toBeNull();
    expect(details.destinations[0].departed_date).not.toBeNull();
    expect(details.destinations[1]).toMatchObject({
      arrived_date: null,
      skip_reason: 'Gate closed, customer unreachable',
    });
    expect(details.destinations[1].skipped_date).not.toBeNull();
    expect(details.destinations[0].tasks[0].client_approval_images).toHaveLength(2);
    expect(details.destinations[0].tasks[1]).toMatchObject({ manager_approval_status: 'pending' });
    expect(details.destinations[0].tasks[1].manager_approval_images[0]).toMatch(
      new RegExp(`^/api/v1/tasks/${approvalTask!.id}/photos/\\d+$`),
    );
    const orders = await t.database.db
      .select({ id: tasks.id, status: tasks.status, note: tasks.driverNote, by: tasks.completedByDriverId })
      .from(tasks)
      .where(eq(tasks.tenantId, DEMO.delivery.tenantId));
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect(byId.get(proofTask!.id)).toEqual({
      id: proofTask!.id,
      status: 'completed',
      note: 'Left with the concierge',
      by: me.id,
    });
    expect(byId.get(second!.tasks[0]!.id)?.status).toBe('missed');
  });

  it('refuses every transition out of order with a clear message, and changes nothing', async () => {
    const me = await newDriver(delivery);
    const trip = await newTrip(delivery, me.id);
    const [first, second] = trip.destinations;
    const task = first!.tasks[0]!;
    const refused = async (
      method: 'POST',
      url: string,
      status: number,
      message: string,
      payload?: object,
    ) => {
      const before = await t.database.db.select().from(trips).where(eq(trips.id, trip.id));
      const res = await drive(me.auth, method, url, payload);
      expect(res.status, `${url}: ${res.body.responseMessage}`).toBe(status);
      expect(res.body.responseMessage, url).toBe(message);
      expect(await t.database.db.select().from(trips).where(eq(trips.id, trip.id))).toEqual(before);
    };
    const stop = (id: number, step: string) => `/api/v1/driver/stops/${id}/${step}`;

    await refused('POST', stop(first!.id, 'arrive'), 409, 'Start the trip first.');
    await refused('POST', stop(first!.id, 'skip'), 409, 'Start the trip first.', { reason: 'Closed' });
    await refused('POST', `/api/v1/driver/trips/${trip.id}/end`, 409, 'Start the trip first.');
    const early = await complete(me.auth, task.id, [{ name: 'photos', file: JPEG }]);
    expect([early.status, early.body.responseMessage]).toEqual([409, 'Start the trip first.']);
    await refused('POST', `/api/v1/driver/trips/${trip.id}/start`, 400, 'The time given is in the future.', {
      at: utc(Date.now() + 3600_000),
    });

    expect((await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/start`)).status).toBe(200);
    await refused('POST', `/api/v1/driver/trips/${trip.id}/start`, 409, 'This trip has already started.');
    // A second trip cannot start while this one runs.
    const next = await newTrip(delivery, me.id);
    await refused(
      'POST',
      `/api/v1/driver/trips/${next.id}/start`,
      409,
      'Finish the trip in progress before starting another.',
    );
    await refused(
      'POST',
      stop(first!.id, 'depart'),
      409,
      'Arrive at this destination before departing from it.',
    );
    const notThere = await complete(me.auth, task.id, [{ name: 'photos', file: JPEG }]);
    expect([notThere.status, notThere.body.responseMessage]).toEqual([
      409,
      'Arrive at the destination before completing its tasks.',
    ]);
    await refused('POST', stop(first!.id, 'skip'), 400, 'Give a reason for skipping', { reason: '   ' });
    await refused(
      'POST',
      `/api/v1/driver/trips/${trip.id}/end`,
      409,
      'Depart from or skip every stop before ending the trip: Marina Mall loading bay is still open.',
    );
    await refused('POST', stop(first!.id, 'arrive'), 400, 'The time given is before the trip started.', {
      at: utc(Date.now() - 3600_000),
    });

    expect((await drive(me.auth, 'POST', stop(first!.id, 'arrive'))).status).toBe(200);
    await refused('POST', stop(first!.id, 'arrive'), 409, 'You have already arrived at this destination.');
    await refused('POST', stop(second!.id, 'arrive'), 409, 'Depart from Marina Mall loading bay first.');
    await refused(
      'POST',
      stop(first!.id, 'skip'),
      409,
      'You are at this destination: depart from it instead of skipping it.',
      { reason: 'Closed' },
    );

    // Proof: the client's photos are required, must be images, within the size and the count.
    const cases: [Part[], string][] = [
      [[{ name: 'note', value: 'No photo' }], "This task needs the client's proof: add at least one photo."],
      [
        [{ name: 'photos', file: PDF, filename: 'proof.jpg' }],
        'Photos must be JPEG, PNG, WebP or HEIC images.',
      ],
      [[{ name: 'photos', file: Buffer.from('GIF89a') }], 'Photos must be JPEG, PNG, WebP or HEIC images.'],
      [
        [{ name: 'photos', file: Buffer.concat([JPEG, Buffer.alloc(TASK_PHOTO_MAX_BYTES)]) }],
        `A photo may be at most ${TASK_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
      ],
      [
        Array.from({ length: TASK_PHOTOS_MAX + 1 }, () => ({ name: 'photos', file: JPEG })),
        `A task takes at most ${TASK_PHOTOS_MAX} photos.`,
      ],
      [[{ name: 'manager_photos', file: JPEG }], 'This task does not ask for a manager to approve it.'],
      [[{ name: 'signature', file: JPEG }], 'Unknown field: signature'],
      [
        [
          { name: 'photos', file: JPEG },
          { name: 'note', value: 'n'.repeat(2001) },
        ],
        'Must be at most 2000 characters',
      ],
    ];
    for (const [parts, message] of cases) {
      const res = await complete(me.auth, task.id, parts);
      expect([res.status, res.body.responseMessage], message).toEqual([400, message]);
    }
    const approvalTask = first!.tasks[1]!;
    const missingManagerProof = await complete(me.auth, approvalTask.id, [{ name: 'note', value: 'Paid' }]);
    expect(missingManagerProof.body.responseMessage).toBe(
      'This task needs proof for the manager to approve: add at least one photo.',
    );
    const refusedWrites = await t.database.db.select().from(taskPhotos).where(eq(taskPhotos.taskId, task.id));
    expect(refusedWrites).toEqual([]);
    const [stillOpen] = await t.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stillOpen).toMatchObject({ status: 'pending', completedDate: null });

    // A task without any approval is completed with a note, as JSON.
    const plain = second!.tasks[0]!;
    expect((await complete(me.auth, task.id, [{ name: 'photos', file: JPEG }])).status).toBe(200);
    const again = await complete(me.auth, task.id, [{ name: 'photos', file: JPEG }]);
    expect([again.status, again.body.responseMessage]).toEqual([409, 'This task is already completed.']);
    expect((await drive(me.auth, 'POST', stop(first!.id, 'depart'))).status).toBe(200);
    await refused('POST', stop(first!.id, 'depart'), 409, 'You have already departed from this destination.');
    const leftBehind = await complete(me.auth, approvalTask.id, [{ name: 'manager_photos', file: JPEG }]);
    expect([leftBehind.status, leftBehind.body.responseMessage]).toEqual([
      409,
      'You have left this destination: its tasks are completed while you are there.',
    ]);
    expect((await drive(me.auth, 'POST', stop(second!.id, 'arrive'))).status).toBe(200);
    const json = await drive(me.auth, 'POST', `/api/v1/driver/tasks/${plain.id}/complete`, {
      note: 'Two boxes',
    });
    expect(json.status, json.body.responseMessage).toBe(200);
    expect(json.body.data.stops[1].tasks[0]).toMatchObject({
      status: 'completed',
      driver_note: 'Two boxes',
      photos: [],
    });
    expect((await drive(me.auth, 'POST', stop(second!.id, 'depart'))).status).toBe(200);
    await refused('POST', stop(second!.id, 'skip'), 409, 'You have already departed from this destination.', {
      reason: 'x',
    });
    await refused(
      'POST',
      `/api/v1/driver/trips/${trip.id}/end`,
      409,
      'Depart from or skip every stop before ending the trip: Al Barsha depot is still open.',
    );
    expect(
      (await drive(me.auth, 'POST', stop(trip.destinations[2]!.id, 'skip'), { reason: 'Depot closed early' }))
        .status,
    ).toBe(200);
    await refused('POST', stop(trip.destinations[2]!.id, 'arrive'), 409, 'This destination was skipped.');
    expect((await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/end`)).status).toBe(200);
    await refused('POST', `/api/v1/driver/trips/${trip.id}/end`, 409, 'This trip has ended.');
    await refused('POST', `/api/v1/driver/trips/${trip.id}/start`, 409, 'This trip has ended.');
    // The manager's task never got its proof: a missed order, its approval still awaiting.
    const [missed] = await t.database.db.select().from(tasks).where(eq(tasks.id, approvalTask.id));
    expect(missed).toMatchObject({ status: 'missed', managerApprovalStatus: 'awaiting_submission' });
  });

  it("answers another driver's and another tenant's trip, stop and task as missing, and changes nothing", async () => {
    const me = await newDriver(delivery);
    const colleague = await newDriver(delivery);
    const stranger = await newDriver(namat);
    const trip = await newTrip(delivery, me.id);
    const stopId = trip.destinations[0]!.id;
    const taskId = trip.destinations[0]!.tasks[0]!.id;
    const urls = [
      `/api/v1/driver/trips/${trip.id}/start`,
      `/api/v1/driver/trips/${trip.id}/end`,
      `/api/v1/driver/stops/${stopId}/arrive`,
      `/api/v1/driver/stops/${stopId}/depart`,
      `/api/v1/driver/stops/${stopId}/skip`,
      `/api/v1/driver/tasks/${taskId}/complete`,
    ];
    for (const auth of [colleague.auth, stranger.auth]) {
      for (const url of urls) {
        const res = await drive(auth, 'POST', url, { reason: 'Closed', note: 'n' });
        const missing = await drive(auth, 'POST', url.replace(/\/\d+\//, '/2147483000/'), {
          reason: 'Closed',
          note: 'n',
        });
        expect(res.status, url).toBe(404);
        expect(res.body, url).toEqual(missing.body);
      }
    }
    const [row] = await t.database.db.select().from(trips).where(eq(trips.id, trip.id));
    expect(row).toMatchObject({ startedDate: null, flag: 0 });
    // An archived trip is gone for its driver too.
    expect((await call(t, delivery, 'POST', '/api/trip/archive', { id: trip.id })).status).toBe(200);
    expect((await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/start`)).status).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('answers a replay with the first answer without acting twice, and refuses the key for another request', async () => {
    const me = await newDriver(delivery);
    const trip = await newTrip(delivery, me.id);
    const key = { 'idempotency-key': 'b7f0c1de-5a9e-4b8e-9a51-3c2f6a0d9e11' };
    let first: Answer | undefined;
    const events = await t.eventsDuring(async () => {
      first = await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/start`, {}, key);
    });
    expect(first!.status).toBe(200);
    expect(events).toHaveLength(1);
    const replays = await t.eventsDuring(async () => {
      const again = await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/start`, {}, key);
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first!.body);
    });
    expect(replays).toEqual([]);
    // Without the key the same call acts, and is refused: the trip has started.
    expect((await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/start`)).status).toBe(409);
    const other = await drive(
      me.auth,
      'POST',
      `/api/v1/driver/stops/${trip.destinations[0]!.id}/arrive`,
      {},
      key,
    );
    expect([other.status, other.body.responseMessage]).toEqual([
      422,
      'This Idempotency-Key was already used for a different request.',
    ]);
    const bad = await drive(
      me.auth,
      'POST',
      `/api/v1/driver/stops/${trip.destinations[0]!.id}/arrive`,
      {},
      { 'idempotency-key': 'späte' },
    );
    expect(bad.status).toBe(400);

    // A multipart completion replayed: one completion, one set of photos.
    expect(
      (await drive(me.auth, 'POST', `/api/v1/driver/stops/${trip.destinations[0]!.id}/arrive`)).status,
    ).toBe(200);
    const taskId = trip.destinations[0]!.tasks[0]!.id;
    const completionKey = { 'idempotency-key': 'complete-7001' };
    const done = await complete(me.auth, taskId, [{ name: 'photos', file: JPEG }], completionKey);
    const replayed = await complete(me.auth, taskId, [{ name: 'photos', file: JPEG }], completionKey);
    expect(done.status).toBe(200);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual(done.body);
    expect(await t.database.db.select().from(taskPhotos).where(eq(taskPhotos.taskId, taskId))).toHaveLength(
      1,
    );

    // A refused request keeps no answer: the same key runs again once the refusal no longer holds.
    const endKey = { 'idempotency-key': 'end-after-all' };
    expect((await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/end`, {}, endKey)).status).toBe(
      409,
    );
    const kept = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.driverId, me.id), eq(idempotencyKeys.key, 'end-after-all')));
    expect(kept).toEqual([]);
  });
});

describe('GET /api/v1/tasks/:task_id/photos/:photo_id', () => {
  it("serves a proof photo to the tenant's admins and the trip's driver only", async () => {
    const me = await newDriver(delivery);
    const colleague = await newDriver(delivery);
    const trip = await newTrip(delivery, me.id);
    const stopId = trip.destinations[0]!.id;
    const taskId = trip.destinations[0]!.tasks[0]!.id;
    await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/start`);
    await drive(me.auth, 'POST', `/api/v1/driver/stops/${stopId}/arrive`);
    const res = await complete(me.auth, taskId, [{ name: 'client_photos', file: PNG }]);
    const url: string = res.body.data.stops[0].tasks[0].photos[0].url;

    for (const headers of [{ cookie: delivery }, { authorization: me.auth }]) {
      const photo = await t.app.inject({ method: 'GET', url, headers });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.headers['cache-control']).toMatch(/^private/);
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect(photo.rawPayload.equals(PNG)).toBe(true);
    }
    const missing = url.replace(/\d+$/, '2147483000');
    for (const headers of [{ cookie: namat }, { authorization: colleague.auth }]) {
      const photo = await t.app.inject({ method: 'GET', url, headers });
      const none = await t.app.inject({ method: 'GET', url: missing, headers });
      expect(photo.statusCode).toBe(404);
      expect(photo.body).toBe(none.body);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('trip add and save', () => {
  it('starts a task that needs a manager approval awaiting the submission, and keeps it when saved', async () => {
    const me = await newDriver(delivery);
    const trip = await newTrip(delivery, me.id);
    const details = (await call(t, delivery, 'POST', '/api/trip/get-trip-details', { id: trip.id })).body
      .data;
    expect(
      details.destinations[0].tasks.map(
        (k: { manager_approval_status: string | null }) => k.manager_approval_status,
      ),
    ).toEqual([null, 'awaiting_submission']);
    await t.database.db
      .update(tasks)
      .set({ managerApprovalStatus: 'pending' })
      .where(eq(tasks.id, details.destinations[0].tasks[1].id));
    const saved = await call(t, delivery, 'POST', '/api/trip/save', {
      ...details,
      type: details.type.id,
      destinations: details.destinations.map((d: { tasks: object[] }, i: number) => ({
        ...d,
        tasks: d.tasks.map((k) => ({
          ...k,
          manager_approval: i === 1 ? true : (k as { manager_approval: boolean }).manager_approval,
        })),
      })),
    });
    expect(saved.status, saved.body.responseMessage).toBe(200);
    expect(saved.body.data.destinations[0].tasks[1].manager_approval_status).toBe('pending');
    expect(saved.body.data.destinations[1].tasks[0].manager_approval_status).toBe('awaiting_submission');
  });
});

describe('POST /api/v1/driver/tasks/:task_id/complete with a broken form', () => {
  it('answers 400 to a form cut short or without its boundary, and stores nothing', async () => {
    const me = await newDriver(delivery);
    const trip = await newTrip(delivery, me.id);
    const stopId = trip.destinations[0]!.id;
    const taskId = trip.destinations[0]!.tasks[0]!.id;
    await drive(me.auth, 'POST', `/api/v1/driver/trips/${trip.id}/start`);
    await drive(me.auth, 'POST', `/api/v1/driver/stops/${stopId}/arrive`);
    const broken: [string, string][] = [
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
      ],
      ['multipart/form-data', 'photos=abc'],
    ];
    for (const [type, payload] of broken) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/driver/tasks/${taskId}/complete`,
        headers: { authorization: me.auth, 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(400);
    }
    expect(await t.database.db.select().from(taskPhotos).where(eq(taskPhotos.taskId, taskId))).toEqual([]);
  });
});
