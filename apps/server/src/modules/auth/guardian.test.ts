import fs from 'node:fs';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleet/contract';
import {
  drivers,
  guardians,
  sessions,
  studentGuardians,
  students,
  taskPhotos,
  tasks,
  tripDestinations,
  trips,
  tripTypes,
  warehouses,
} from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { createStorage } from '../../platform/storage.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { PNG } from '../../test/uploads.ts';

/*
 * The parents' view: a guardian of the school-bus demo signs in with the demo password, sees the
 * client proof requests (and photos) of their own children's stops only, and nothing of the console.
 * The demo's simulated history gives the children's stops their pick-up photos.
 */

const PASSWORD = 'guardian-demo-pass';
const CLIENT = '/api/v1/trips/destinations/approvals/client';
const SCHOOL = DEMO.school.tenantId;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read each answer's own shape
type Body = any;

let t: TestApp;
/** Two demo parents of different families, each with a child whose stop has a client photo. */
let parent: { id: number; email: string; childIds: number[] };
let otherParent: { id: number; email: string; childIds: number[] };

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
  // Guardians whose children's stops have client photos, by guardian id.
  const rows = await t.database.db
    .selectDistinct({
      guardianId: guardians.id,
      email: guardians.email,
      studentId: studentGuardians.studentId,
    })
    .from(taskPhotos)
    .innerJoin(tasks, eq(tasks.id, taskPhotos.taskId))
    .innerJoin(tripDestinations, eq(tripDestinations.id, tasks.tripDestinationId))
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, tripDestinations.studentId))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(
      and(eq(taskPhotos.tenantId, SCHOOL), eq(taskPhotos.kind, 'client'), eq(tasks.clientApproval, true)),
    )
    .orderBy(asc(guardians.id));
  const ids = [...new Set(rows.map((r) => r.guardianId))];
  expect(ids.length, 'demo guardians whose children have pick-up photos').toBeGreaterThan(1);
  const of = async (id: number) => {
    const children = await t.database.db
      .select({ id: studentGuardians.studentId })
      .from(studentGuardians)
      .where(eq(studentGuardians.guardianId, id));
    return { id, email: rows.find((r) => r.guardianId === id)!.email, childIds: children.map((c) => c.id) };
  };
  parent = await of(ids[0]!);
  otherParent = await of(ids.find((id) => id !== ids[0])!);
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/guardian/login',
    payload: { email, password },
    remoteAddress,
  });

async function signIn(email = parent.email): Promise<string> {
  const res = await login(email, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'fleet_session');
  return `fleet_session=${cookie!.value}`;
}

async function get(cookie: string | null, url: string): Promise<{ status: number; body: Body }> {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return {
    status: res.statusCode,
    body: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null,
  };
}

/** Every client request of a guardian's view, all pages. */
async function everyRequest(cookie: string): Promise<Body[]> {
  const all: Body[] = [];
  for (let page = 1; ; page++) {
    const res = await get(cookie, `${CLIENT}?page=${page}&page_size=100`);
    expect(res.status).toBe(200);
    all.push(...res.body.data);
    if (all.length >= res.body.pagination.total) return all;
  }
}

/** The students at the stops of these tasks. */
async function studentsOfTasks(taskIds: number[]): Promise<(number | null)[]> {
  if (!taskIds.length) return [];
  const rows = await t.database.db
    .select({ studentId: tripDestinations.studentId })
    .from(tasks)
    .innerJoin(tripDestinations, eq(tripDestinations.id, tasks.tripDestinationId))
    .where(inArray(tasks.id, taskIds));
  return rows.map((r) => r.studentId);
}

describe('POST /api/v1/guardian/login', () => {
  it('signs a demo parent in with an httpOnly cookie, naming the school and the children', async () => {
    const res = await login(parent.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      responseCode: 1,
      responseMessage: MESSAGES.login.success,
      data: {
        id: parent.id,
        email: parent.email,
        tenant: { id: SCHOOL, name: expect.any(String) },
      },
    });
    expect(body.data.children.map((c: Body) => c.id).sort()).toEqual([...parent.childIds].sort());
    expect(body.data.children[0]).toEqual({
      id: expect.any(Number),
      fname: expect.any(String),
      lname: expect.any(String),
      stop_name: expect.any(String),
    });
    const cookie = res.cookies.find((c) => c.name === 'fleet_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('answers a wrong password, an unknown e-mail and an admin e-mail alike', async () => {
    for (const res of [
      await login(parent.email, 'wrong-password', '10.0.0.2'),
      await login('nobody@parents.brightstart.example', PASSWORD, '10.0.0.2'),
      await login(DEMO.school.email, DEMO.school.password, '10.0.0.2'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        responseCode: 0,
        responseMessage: MESSAGES.login.invalidCredentials,
        data: null,
      });
      expect(res.cookies.find((c) => c.name === 'fleet_session')).toBeUndefined();
    }
  });

  it('refuses a malformed request with 400 and signs nobody in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/guardian/login', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseCode).toBe(0);
  });

  it('locks an address out of the account after repeated failures, with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(otherParent.email, 'nope', '10.0.0.3')).statusCode).toBe(401);
    const locked = await login(otherParent.email, PASSWORD, '10.0.0.3');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().responseMessage).toMatch(/Too many failed sign-in attempts/);
    // The parent elsewhere is unaffected.
    expect((await login(otherParent.email, PASSWORD, '10.0.0.4')).statusCode).toBe(200);
  });

  it('refuses an archived guardian, and ends the sessions they had', async () => {
    const [row] = await t.database.db
      .insert(guardians)
      .values({
        tenantId: SCHOOL,
        fname: 'Leaving',
        lname: 'Parent',
        email: 'leaving.parent@parents.brightstart.example',
        passwordHash: await hashPassword(PASSWORD),
      })
      .returning({ id: guardians.id });
    const cookie = await signIn('leaving.parent@parents.brightstart.example');
    expect((await get(cookie, '/api/v1/guardian/me')).status).toBe(200);
    await t.database.db.update(guardians).set({ archived: true }).where(eq(guardians.id, row!.id));
    expect((await get(cookie, '/api/v1/guardian/me')).status).toBe(401);
    expect((await login('leaving.parent@parents.brightstart.example', PASSWORD, '10.0.0.5')).statusCode).toBe(
      401,
    );
  });
});

describe('the guardian session', () => {
  it('answers me, and ends on logout (server-side)', async () => {
    const cookie = await signIn();
    const me = await get(cookie, '/api/v1/guardian/me');
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(parent.id);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/guardian/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await get(cookie, '/api/v1/guardian/me')).status).toBe(401);
    expect((await get(cookie, CLIENT)).status).toBe(401);
  });

  it('ends at its absolute expiry', async () => {
    const cookie = await signIn();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.guardianId, parent.id));
    expect((await get(cookie, '/api/v1/guardian/me')).status).toBe(401);
  });

  it('replaces the admin session the browser had (one browser, one session)', async () => {
    const admin = await t.login(DEMO.school.email, DEMO.school.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guardian/login',
      payload: { email: parent.email, password: PASSWORD },
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(admin, '/api/admin/me')).status).toBe(401);
  });

  it('passes no console route, and an admin session is no guardian session', async () => {
    const cookie = await signIn();
    for (const url of [
      '/api/admin/me',
      '/api/v1/trips/destinations/approvals/manager',
      '/api/v1/school-bus/students',
      '/api/v1/school-bus/guardians',
      '/api/v1/driver/me',
    ]) {
      const res = await get(cookie, url);
      expect(res.status, url).toBe(403);
    }
    const admin = await t.login(DEMO.school.email, DEMO.school.password);
    expect((await get(admin, '/api/v1/guardian/me')).status).toBe(403);
  });
});

describe('GET /api/v1/trips/destinations/approvals/client as a guardian', () => {
  it("lists only the client requests at the parent's children's stops, with their photos", async () => {
    const cookie = await signIn();
    const rows = await everyRequest(cookie);
    expect(rows.length).toBeGreaterThan(0);
    for (const student of await studentsOfTasks(rows.map((r) => r.task_id)))
      expect(parent.childIds).toContain(student);
    expect(rows.every((r) => r.client_approval === 1)).toBe(true);
    expect(rows.some((r) => r.client_approval_images.length > 0)).toBe(true);
    // The school's own side is not the parents' business.
    expect(
      rows.every((r) => r.manager_approval_status === null && r.manager_approval_images.length === 0),
    ).toBe(true);

    // Every live client request at the children's stops is there.
    const [expected] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .innerJoin(tripDestinations, eq(tripDestinations.id, tasks.tripDestinationId))
      .innerJoin(trips, eq(trips.id, tripDestinations.tripId))
      .where(
        and(
          eq(tasks.tenantId, SCHOOL),
          eq(tasks.clientApproval, true),
          eq(trips.archived, false),
          eq(trips.cancelled, false),
          inArray(tripDestinations.studentId, parent.childIds),
        ),
      );
    expect(rows.length).toBe(expected!.n);
  });

  it("never shows another family's requests, nor lets their photos be fetched", async () => {
    const mine = await everyRequest(await signIn());
    const cookie = await signIn(otherParent.email);
    const theirs = await everyRequest(cookie);
    const theirIds = new Set(theirs.map((r) => r.task_id));
    expect(mine.some((r) => theirIds.has(r.task_id))).toBe(false);

    const photo = mine.find((r) => r.client_approval_images.length)!.client_approval_images[0] as string;
    // The demo's photo files stay where the demo was made: this app's storage gets its own copy.
    const [stored] = await t.database.db
      .select({ key: taskPhotos.storageKey })
      .from(taskPhotos)
      .where(eq(taskPhotos.id, Number(photo.split('/').pop())));
    await createStorage(t.config.storage).put(stored!.key, PNG, 'image/png');
    expect((await get(cookie, photo)).status).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: photo, headers: { cookie: await signIn() } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/^image\//);
  });

  it('keeps the filters, sorting and paging of the admins', async () => {
    const cookie = await signIn();
    const all = await everyRequest(cookie);
    const newest = await get(cookie, `${CLIENT}?page=1&page_size=1&sort=newest`);
    const oldest = await get(cookie, `${CLIENT}?page=1&page_size=1&sort=oldest`);
    expect(newest.body.pagination).toEqual({ total: all.length, page: 1, page_size: 1 });
    expect(newest.body.data[0].created_date >= oldest.body.data[0].created_date).toBe(true);
    const driver = all[0].driver;
    const byDriver = await get(cookie, `${CLIENT}?driver_name=${encodeURIComponent(driver.fname)}`);
    expect(byDriver.body.data.length).toBeGreaterThan(0);
    expect(
      byDriver.body.data.every((r: Body) => parent.childIds.length && r.driver.fname === driver.fname),
    ).toBe(true);
    expect((await get(cookie, `${CLIENT}?sort=sideways`)).status).toBe(400);
  });

  it("sees nothing of another tenant's stops, even one naming the guardian's child", async () => {
    // A guardian of the delivery tenant with a child there; a school-bus stop forced to name that child.
    const [g] = await t.database.db
      .insert(guardians)
      .values({
        tenantId: DEMO.delivery.tenantId,
        fname: 'Other',
        lname: 'Tenant',
        email: 'other.tenant@example.org',
        passwordHash: await hashPassword(PASSWORD),
      })
      .returning({ id: guardians.id });
    const [s] = await t.database.db
      .insert(students)
      .values({ tenantId: DEMO.delivery.tenantId, fname: 'Far', lname: 'Away' })
      .returning({ id: students.id });
    await t.database.db
      .insert(studentGuardians)
      .values({ tenantId: DEMO.delivery.tenantId, studentId: s!.id, guardianId: g!.id });
    const [stop] = await t.database.db
      .select({ id: tripDestinations.id })
      .from(tripDestinations)
      .where(and(eq(tripDestinations.tenantId, SCHOOL), isNotNull(tripDestinations.studentId)))
      .limit(1);
    await t.database.db
      .update(tripDestinations)
      .set({ studentId: s!.id })
      .where(eq(tripDestinations.id, stop!.id));
    const res = await get(await signIn('other.tenant@example.org'), CLIENT);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination.total).toBe(0);
  });
});

describe('planned stops name their pupil', () => {
  it("stores a school-bus stop's student, and refuses another tenant's student", async () => {
    const admin = await t.login(DEMO.school.email, DEMO.school.password);
    const db = t.database.db;
    const [pupil] = await db
      .select()
      .from(students)
      .where(and(eq(students.tenantId, SCHOOL), isNotNull(students.driverId), eq(students.archived, false)))
      .limit(1);
    const [origin] = await db.select().from(warehouses).where(eq(warehouses.tenantId, SCHOOL)).limit(1);
    const [type] = await db.select().from(tripTypes).where(eq(tripTypes.tenantId, SCHOOL)).limit(1);
    const [foreign] = await db
      .insert(students)
      .values({ tenantId: DEMO.delivery.tenantId, fname: 'Elsewhere', lname: 'Pupil' })
      .returning({ id: students.id });
    const [driver] = await db.select().from(drivers).where(eq(drivers.id, pupil!.driverId!));
    const trip = (studentId: number) => ({
      driver_id: driver!.id,
      warehouse_id: origin!.id,
      type: type!.id,
      start_date: '2030-05-10 06:00:00',
      departure_time_range: 15,
      destinations: [
        {
          destination_name: pupil!.stopName,
          destination_lat: pupil!.stopLat,
          destination_lon: pupil!.stopLon,
          student_id: studentId,
          tasks: [{ description: 'Pick-up photo', client_approval: true, priority: 0 }],
        },
      ],
    });
    const refused = await call(t, admin, 'POST', '/api/trip/add-trip', trip(foreign!.id));
    expect(refused.status).toBe(400);
    expect(refused.body.responseMessage).toBe(MESSAGES.trips.studentUnknown);

    const added = await call(t, admin, 'POST', '/api/trip/add-trip', trip(pupil!.id));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [stored] = await db
      .select({
        studentId: tripDestinations.studentId,
        fname: tripDestinations.studentFname,
        lname: tripDestinations.studentLname,
      })
      .from(tripDestinations)
      .innerJoin(trips, eq(trips.id, tripDestinations.tripId))
      .where(and(eq(trips.tenantId, SCHOOL), eq(tripDestinations.studentId, pupil!.id)))
      .orderBy(sql`${tripDestinations.id} desc`)
      .limit(1);
    // The names the stop left out are the student's.
    expect(stored).toEqual({ studentId: pupil!.id, fname: pupil!.fname, lname: pupil!.lname });
  });
});

describe('migration 0013', () => {
  it("backfills a stop's student from the tenant's one student of that name, and leaves shared names alone", async () => {
    const db = t.database.db;
    const file = new URL('../../../drizzle/0013_guardian_sign_in_and_pupil_stops.sql', import.meta.url);
    const backfill = fs
      .readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--.*\n\s*)*UPDATE/i.test(statement));
    expect(backfill).toHaveLength(2);
    const [pupil, twin] = await db
      .select()
      .from(students)
      .where(and(eq(students.tenantId, SCHOOL), eq(students.archived, false)))
      .orderBy(asc(students.id))
      .limit(2);
    // A second student sharing the other pupil's name: that name names nobody for sure.
    await db.insert(students).values({ tenantId: SCHOOL, fname: twin!.fname, lname: twin!.lname });
    const stopsOf = (id: number) =>
      db
        .select({ id: tripDestinations.id })
        .from(tripDestinations)
        .where(and(eq(tripDestinations.tenantId, SCHOOL), eq(tripDestinations.studentId, id)));
    const [mine, shared] = [await stopsOf(pupil!.id), await stopsOf(twin!.id)];
    expect(mine.length && shared.length).toBeGreaterThan(0);
    // As stops were before the migration: names only (written in another letter case, too).
    await db
      .update(tripDestinations)
      .set({ studentId: null, studentFname: pupil!.fname.toUpperCase() })
      .where(
        inArray(
          tripDestinations.id,
          mine.map((s) => s.id),
        ),
      );
    await db
      .update(tripDestinations)
      .set({ studentId: null })
      .where(
        inArray(
          tripDestinations.id,
          shared.map((s) => s.id),
        ),
      );
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect((await stopsOf(pupil!.id)).map((s) => s.id).sort()).toEqual(mine.map((s) => s.id).sort());
    expect(await stopsOf(twin!.id)).toEqual([]);
  });
});
