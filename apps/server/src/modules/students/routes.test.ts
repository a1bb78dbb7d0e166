import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleet/contract';
import { drivers, guardians, studentGuardians, students } from '../../db/schema/index.ts';
import { DEMO_GUARDIAN_PASSWORD } from '../../db/seed/demo-students.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/app.ts';

/*
 * The school-bus Students screen's calls as a console sees them: the demo's 80 pupils and their
 * parents, students added here with new and existing guardians, and every refusal (bad input,
 * another tenant's ids, tenants of other types) changing nothing.
 */

let t: TestApp;
let school: string;
let delivery: string;
let namat: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read each answer's own shape
type Body = any;

const STUDENTS = '/api/v1/school-bus/students';
const GUARDIANS = '/api/v1/school-bus/guardians';
const NO_SUCH_ID = 2_147_483_000;
const STUDENT_KEYS = [
  'destination',
  'driver',
  'driver_id',
  'fname',
  'guardians',
  'id',
  'lname',
  'stop_lat',
  'stop_lon',
  'stop_name',
];
const GUARDIAN_KEYS = ['email', 'fname', 'full_name', 'id', 'lname'];

async function send(
  cookie: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
): Promise<{ status: number; body: Body; text: string }> {
  const res = await t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

/** How many students, guardians and links the database holds: a refused call changes none. */
async function counts() {
  const [s] = await t.database.db.select({ n: count() }).from(students);
  const [g] = await t.database.db.select({ n: count() }).from(guardians);
  const [l] = await t.database.db.select({ n: count() }).from(studentGuardians);
  return { students: s!.n, guardians: g!.n, links: l!.n };
}

/** A live driver of a tenant, by id order. */
async function driverOf(tenantId: number, archived = false): Promise<number> {
  const [row] = await t.database.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.archived, archived)))
    .orderBy(drivers.id)
    .limit(1);
  return row!.id;
}

let counter = 0;
const newGuardian = (overrides: object = {}) => ({
  fname: 'Huda',
  lname: 'Karam',
  email: `huda.karam.${++counter}@example.com`,
  password: 'a-fine-long-pass',
  ...overrides,
});
const student = (overrides: object = {}) => ({
  fname: 'Zain',
  lname: 'Karam',
  stop_name: 'Al Barsha 1, Street 12',
  stop_lat: 25.1116,
  stop_lon: 55.1977,
  guardians: [newGuardian()],
  ...overrides,
});

/** Fails on any key of the answer that names a password or its hash. */
const expectNoSecrets = (text: string) => {
  expect(text).not.toMatch(/password|scrypt\$/i);
};

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  school = await t.login(DEMO.school.email, DEMO.school.password);
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(() => t.close());

describe('GET /api/v1/school-bus/students', () => {
  it("answers the demo's 80 pupils by name, each with a bus stop, a driver and a parent, and never a password", async () => {
    const res = await send(school, 'GET', STUDENTS);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expectNoSecrets(res.text);
    const list: Body[] = res.body.data;
    expect(list).toHaveLength(80);
    expect(Object.keys(list[0]).sort()).toEqual(STUDENT_KEYS);
    const names = list.map((s) => `${s.lname} ${s.fname}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const pupil of list) {
      expect(pupil.stop_name).toMatch(/, Street \d+$/);
      expect(pupil.driver).toEqual({
        id: pupil.driver_id,
        fname: expect.any(String),
        lname: expect.any(String),
      });
      expect(pupil.guardians.length).toBeGreaterThanOrEqual(1);
      for (const g of pupil.guardians) {
        expect(Object.keys(g).sort()).toEqual(GUARDIAN_KEYS);
        expect(g.full_name).toBe(`${g.fname} ${g.lname}`);
        expect(g.email).toMatch(/@parents\.brightstart\.example$/);
      }
    }
    // Siblings now and then: one parent answering for two pupils of one name and stop.
    const parentOf = new Map<number, Body[]>();
    for (const pupil of list)
      for (const g of pupil.guardians) parentOf.set(g.id, [...(parentOf.get(g.id) ?? []), pupil]);
    const families = [...parentOf.values()].filter((kids) => kids.length > 1);
    expect(families.length).toBeGreaterThanOrEqual(5);
    for (const [a, b] of families) {
      expect(a.lname).toBe(b.lname);
      expect(a.stop_name).toBe(b.stop_name);
    }
  });

  it('searches first, last and full names, and finds nothing for text no name holds', async () => {
    const all: Body[] = (await send(school, 'GET', STUDENTS)).body.data;
    const pupil = all[7];
    for (const search of [pupil.fname, pupil.lname.toUpperCase(), `${pupil.fname} ${pupil.lname}`]) {
      const res = await send(school, 'GET', `${STUDENTS}?search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((s: Body) => s.id)).toContain(pupil.id);
      for (const s of res.body.data)
        expect(`${s.fname} ${s.lname}`.toLowerCase()).toContain(search.toLowerCase().split(' ')[0]);
    }
    for (const search of ['Nobody-by-this-name', '%', '_']) {
      const res = await send(school, 'GET', `${STUDENTS}?search=${encodeURIComponent(search)}`);
      expect(res.body).toEqual({ success: true, data: [] });
    }
    const tooLong = await send(school, 'GET', `${STUDENTS}?search=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, message: 'search must be at most 100 characters' });
  });

  it('refuses tenants of other types, and callers without a session, in the same envelope', async () => {
    for (const cookie of [delivery, namat]) {
      const res = await send(cookie, 'GET', STUDENTS);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: MESSAGES.students.schoolBusOnly, data: null });
    }
    const anonymous = await send(null, 'GET', STUDENTS);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
  });
});

describe('GET /api/v1/school-bus/guardians', () => {
  it("answers the tenant's guardians by name with full names, never a password hash", async () => {
    const res = await send(school, 'GET', GUARDIANS);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expectNoSecrets(res.text);
    const list: Body[] = res.body.guardians;
    expect(list.length).toBeGreaterThanOrEqual(60);
    expect(list.length).toBeLessThan(80);
    expect(Object.keys(list[0]).sort()).toEqual(GUARDIAN_KEYS);
    const names = list.map((g) => `${g.lname} ${g.fname}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('gives every demo parent an account that signs in with the documented demo password', async () => {
    const [row] = await t.database.db
      .select({ hash: guardians.passwordHash })
      .from(guardians)
      .where(eq(guardians.tenantId, DEMO.school.tenantId))
      .limit(1);
    expect(row!.hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(DEMO_GUARDIAN_PASSWORD, row!.hash)).toBe(true);
  });

  it('refuses tenants of other types', async () => {
    for (const cookie of [delivery, namat]) {
      const res = await send(cookie, 'GET', GUARDIANS);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.students.schoolBusOnly);
    }
  });
});

describe('POST /api/v1/school-bus/students', () => {
  it('adds a student with a new and an existing guardian and a driver, in one go, and announces them', async () => {
    const driverId = await driverOf(DEMO.school.tenantId);
    const existing: Body = (await send(school, 'GET', GUARDIANS)).body.guardians[0];
    const parent = newGuardian({ fname: 'Rami', lname: 'Karam', email: '  Rami.Karam@Example.com ' });
    let res!: Awaited<ReturnType<typeof send>>;
    const events = await t.eventsDuring(async () => {
      res = await send(
        school,
        'POST',
        STUDENTS,
        student({ driver_id: driverId, guardians: [parent, { id: existing.id }] }),
      );
    });
    expect(res.status).toBe(200);
    expectNoSecrets(res.text);
    expect(res.body).toMatchObject({ success: true, message: 'Student added successfully' });
    const added = res.body.data;
    expect(added).toMatchObject({
      fname: 'Zain',
      lname: 'Karam',
      stop_name: 'Al Barsha 1, Street 12',
      stop_lat: 25.1116,
      stop_lon: 55.1977,
      driver_id: driverId,
      driver: { id: driverId },
    });
    expect(added.guardians.map((g: Body) => g.full_name).sort()).toEqual(
      [existing.full_name, 'Rami Karam'].sort(),
    );
    const rami = added.guardians.find((g: Body) => g.fname === 'Rami');
    expect(rami.email).toBe('Rami.Karam@Example.com');
    // The bus stop became one of the tenant's destinations, so a trip can name it.
    expect(added.destination).toEqual({ id: expect.any(Number) });
    expect(events.map((e) => [e.type, e.ids])).toEqual([
      ['destination.created', [added.destination.id]],
      ['student.created', [added.id]],
      ['guardian.created', [rami.id]],
    ]);
    const places: Body[] = (await send(school, 'GET', '/api/destination/get-destinations')).body.data;
    expect(places.find((d) => d.id === added.destination.id)).toMatchObject({
      name: 'Al Barsha 1, Street 12',
      lat: 25.1116,
      lon: 55.1977,
    });

    // The new guardian has an account a sign-in can check, with a scrypt hash of the password given.
    const [stored] = await t.database.db
      .select({ hash: guardians.passwordHash, tenantId: guardians.tenantId })
      .from(guardians)
      .where(eq(guardians.id, rami.id));
    expect(stored!.tenantId).toBe(DEMO.school.tenantId);
    expect(stored!.hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('a-fine-long-pass', stored!.hash)).toBe(true);

    // The list and the picker show them; the driver's tab too.
    const listed: Body[] = (await send(school, 'GET', `${STUDENTS}?search=Zain Karam`)).body.data;
    expect(listed.map((s) => s.id)).toContain(added.id);
    expect((await send(school, 'GET', GUARDIANS)).body.guardians.map((g: Body) => g.id)).toContain(rami.id);
    const tab = await send(school, 'GET', `/api/driver/get-driver-students?id=${driverId}`);
    expect(tab.body.data.map((s: Body) => s.id)).toContain(added.id);
  });

  it('adds a student without a driver (none sent, or cleared) and without guardians', async () => {
    for (const body of [
      student({ guardians: [] }),
      student({ driver_id: null, guardians: undefined }),
      student({ driver_id: '' }),
    ]) {
      const res = await send(school, 'POST', STUDENTS, body);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ driver_id: null, driver: null });
    }
  });

  it("refuses missing names, a bad e-mail and weak passwords with the spec's words, storing nothing", async () => {
    const before = await counts();
    const cases: [object, string, string][] = [
      [student({ fname: '  ' }), 'fname', 'Required field'],
      [student({ lname: undefined }), 'lname', 'Required field'],
      [student({ stop_name: '' }), 'stop_name', 'Required field'],
      [student({ stop_lat: 91 }), 'stop_lat', MESSAGES.settings.latInvalid],
      [student({ guardians: [newGuardian({ fname: '' })] }), 'guardians.0.fname', 'Required field'],
      [
        student({ guardians: [newGuardian({ email: 'parent@nowhere' })] }),
        'guardians.0.email',
        'Email not valid',
      ],
      [
        student({ guardians: [newGuardian({ password: 'short' })] }),
        'guardians.0.password',
        'Use at least 8 characters',
      ],
      [
        student({ guardians: [newGuardian(), newGuardian({ password: 'x'.repeat(129) })] }),
        'guardians.1.password',
        'Use at most 128 characters',
      ],
      [student({ guardians: [{ id: 'one' }] }), 'guardians.0', MESSAGES.students.guardianShape],
      [
        student({ guardians: Array.from({ length: 11 }, () => newGuardian()) }),
        'guardians',
        MESSAGES.students.tooManyGuardians(10),
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await send(school, 'POST', STUDENTS, body);
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0]).toEqual({ path, message });
    }
    // A common password passes the form's length rule; the server refuses it by name.
    const common = await send(
      school,
      'POST',
      STUDENTS,
      student({ guardians: [newGuardian(), newGuardian({ password: 'Sunshine1' })] }),
    );
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual([
      { path: 'guardians.1.password', message: MESSAGES.password.tooCommon },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses an e-mail another guardian signs in with (409), or that two new guardians share, storing nothing', async () => {
    const taken: Body = (await send(school, 'GET', GUARDIANS)).body.guardians[3];
    const before = await counts();
    const res = await send(
      school,
      'POST',
      STUDENTS,
      student({ guardians: [newGuardian(), newGuardian({ email: taken.email.toUpperCase() })] }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: 'This e-mail is already used by another guardian.',
    });
    expect(res.body.errors).toEqual([
      { path: 'guardians.1.email', message: MESSAGES.students.guardianEmailTaken },
    ]);

    const twice = newGuardian();
    const same = await send(
      school,
      'POST',
      STUDENTS,
      student({ guardians: [twice, { ...twice, fname: 'Other' }] }),
    );
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([
      { path: 'guardians.1.email', message: MESSAGES.students.guardianEmailTwice },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("answers another tenant's guardian or driver, or an archived driver, as ones that do not exist", async () => {
    const [planted] = await t.database.db
      .insert(guardians)
      .values({
        tenantId: DEMO.delivery.tenantId,
        fname: 'Other',
        lname: 'Tenant',
        email: 'other.tenant.guardian@example.com',
        passwordHash: 'scrypt$none',
      })
      .returning({ id: guardians.id });
    const archivedDriver = await t.database.db
      .insert(drivers)
      .values({
        tenantId: DEMO.school.tenantId,
        fname: 'Gone',
        lname: 'Driver',
        email: 'gone.driver.students@example.com',
        passwordHash: 'scrypt$none',
        archived: true,
      })
      .returning({ id: drivers.id });
    const before = await counts();
    const answer = async (body: object) => {
      const res = await send(school, 'POST', STUDENTS, body);
      return { status: res.status, body: res.body };
    };

    const noGuardian = await answer(student({ guardians: [{ id: NO_SUCH_ID }] }));
    expect(noGuardian).toEqual({
      status: 400,
      body: {
        success: false,
        message: MESSAGES.students.guardianUnknown,
        data: null,
        errors: [{ path: 'guardians.0.id', message: MESSAGES.students.guardianUnknown }],
      },
    });
    expect(await answer(student({ guardians: [{ id: planted!.id }] }))).toEqual(noGuardian);

    const noDriver = await answer(student({ driver_id: NO_SUCH_ID }));
    expect(noDriver.status).toBe(400);
    expect(noDriver.body.message).toBe('The chosen driver does not exist or has been deleted.');
    expect(await answer(student({ driver_id: await driverOf(DEMO.namat.tenantId) }))).toEqual(noDriver);
    expect(await answer(student({ driver_id: archivedDriver[0]!.id }))).toEqual(noDriver);
    expect(await counts()).toEqual(before);
  });

  it('refuses tenants of other types and stores nothing', async () => {
    const before = await counts();
    for (const cookie of [delivery, namat]) {
      const res = await send(cookie, 'POST', STUDENTS, student());
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.students.schoolBusOnly);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('DELETE /api/v1/school-bus/students/{id}', () => {
  it('archives a student: gone from the list and the driver tab, guardians kept, announced', async () => {
    const driverId = await driverOf(DEMO.school.tenantId);
    const added = (await send(school, 'POST', STUDENTS, student({ fname: 'Leaving', driver_id: driverId })))
      .body.data;
    let res!: Awaited<ReturnType<typeof send>>;
    const events = await t.eventsDuring(async () => {
      res = await send(school, 'DELETE', `${STUDENTS}/${added.id}`);
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Student deleted successfully' });
    // Its bus stop goes with it.
    expect(events.map((e) => [e.type, e.ids])).toEqual([
      ['student.archived', [added.id]],
      ['destination.archived', [added.destination.id]],
    ]);
    const places: Body[] = (await send(school, 'GET', '/api/destination/get-destinations')).body.data;
    expect(places.map((d) => d.id)).not.toContain(added.destination.id);
    expect((await send(school, 'GET', STUDENTS)).body.data.map((s: Body) => s.id)).not.toContain(added.id);
    const tab = await send(school, 'GET', `/api/driver/get-driver-students?id=${driverId}`);
    expect(tab.body.data.map((s: Body) => s.id)).not.toContain(added.id);
    const [row] = await t.database.db.select().from(students).where(eq(students.id, added.id));
    expect(row!.archived).toBe(true);
    expect((await send(school, 'GET', GUARDIANS)).body.guardians.map((g: Body) => g.id)).toContain(
      added.guardians[0].id,
    );

    // Once archived it is gone: a second delete answers as for any missing student.
    const again = await send(school, 'DELETE', `${STUDENTS}/${added.id}`);
    expect(again.status).toBe(404);
  });

  it("answers another tenant's student as one that does not exist, and leaves it alone", async () => {
    const [other] = await t.database.db
      .insert(students)
      .values({ tenantId: DEMO.delivery.tenantId, fname: 'Other', lname: 'Pupil' })
      .returning({ id: students.id });
    const missing = await send(school, 'DELETE', `${STUDENTS}/${NO_SUCH_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: MESSAGES.students.notFound, data: null });
    const foreign = await send(school, 'DELETE', `${STUDENTS}/${other!.id}`);
    expect({ status: foreign.status, body: foreign.body }).toEqual({
      status: missing.status,
      body: missing.body,
    });
    const [row] = await t.database.db.select().from(students).where(eq(students.id, other!.id));
    expect(row!.archived).toBe(false);

    const bad = await send(school, 'DELETE', `${STUDENTS}/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: 'id must be a positive whole number' });
  });

  it('refuses tenants of other types, even for their own student', async () => {
    const [own] = await t.database.db
      .insert(students)
      .values({ tenantId: DEMO.delivery.tenantId, fname: 'Delivery', lname: 'Pupil' })
      .returning({ id: students.id });
    const res = await send(delivery, 'DELETE', `${STUDENTS}/${own!.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.students.schoolBusOnly);
    const [row] = await t.database.db
      .select({ archived: students.archived })
      .from(students)
      .where(eq(students.id, own!.id));
    expect(row!.archived).toBe(false);
  });
});

describe('GET /api/driver/get-driver-students', () => {
  it("still answers a driver's pupils with their stops", async () => {
    const driverId = await driverOf(DEMO.school.tenantId);
    const res = await send(school, 'GET', `/api/driver/get-driver-students?id=${driverId}`);
    expect(res.status).toBe(200);
    expect(res.body.responseCode).toBe(1);
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      'destination',
      'fname',
      'id',
      'lname',
      'stop_lat',
      'stop_lon',
      'stop_name',
    ]);
    // Each row's `destination.id` is the tenant's destination at the pupil's stop.
    const places: Body[] = (await send(school, 'GET', '/api/destination/get-destinations')).body.data;
    for (const pupil of res.body.data as Body[]) {
      expect(
        places.find((d) => d.id === pupil.destination.id),
        pupil.fname,
      ).toMatchObject({
        name: pupil.stop_name,
        lat: pupil.stop_lat,
        lon: pupil.stop_lon,
      });
    }
  });
});
