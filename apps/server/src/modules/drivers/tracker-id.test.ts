import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { TRACKER_MESSAGES } from '@fleet/contract';
import { drivers } from '../../db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, multipartFile, type TestApp } from '../../test/app.ts';

/**
 * A custom Tracker ID given with the driver calls (`device_id`) or a sheet: taken only when hard to
 * guess, kept as a digest, never shown back, and never telling one tenant of another's ids.
 */

const digest = (id: string) => createHash('sha256').update(id).digest('hex');
const STRONG = 'n7Kq2Xv9Lm4Rt8Wb3Zc6Hp5J';
const RACED = 'R4ced9Qw2Zx7Lp3Vn8Mk6Bt5';

let t: TestApp;
let delivery: string;
let namat: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(() => t.close());

let serial = 0;
const driver = (over: Record<string, unknown> = {}) => ({
  fname: 'Tariq',
  lname: 'Aziz',
  email: `tariq.${++serial}@desert.example`,
  password: 'lemon-tree-42',
  bus_id: null,
  hourly_rate: 20,
  language: null,
  ...over,
});
const addDriver = (cookie: string, over: Record<string, unknown> = {}) =>
  call(t, cookie, 'POST', '/api/driver/add-driver', driver(over));
const listed = async (cookie: string, id: number) =>
  (await call(t, cookie, 'GET', '/api/driver/get-drivers')).body.data.find(
    (d: { id: number }) => d.id === id,
  );
const driverCount = async () => (await t.database.db.select({ n: count() }).from(drivers))[0]!.n;

describe('a custom Tracker ID on the driver calls (device_id)', () => {
  it('keeps a strong id as a digest, shows only that a tracker is set, and keeps or removes it', async () => {
    const added = await addDriver(delivery, { device_id: `  ${STRONG} ` });
    expect(added.status, added.body.responseMessage).toBe(200);
    const { id } = added.body.data;
    expect(added.body.data).toMatchObject({ tracker: 'custom' });
    expect(JSON.stringify(added.body)).not.toContain(STRONG);
    const [row] = await t.database.db.select().from(drivers).where(eq(drivers.id, id));
    expect(row!.trackerDigest).toBe(digest(STRONG));
    expect((await listed(delivery, id)).tracker).toBe('custom');
    expect((await addDriver(delivery, { device_id: '   ' })).body.data.tracker).toBe('none');
    expect((await addDriver(delivery)).body.data.tracker).toBe('none');

    const save = (over: Record<string, unknown>) =>
      call(t, delivery, 'POST', '/api/driver/save-web', {
        ...driver(),
        email: row!.email,
        id,
        password: null,
        ...over,
      });
    // Left out, the tracker stays; null removes it.
    expect((await save({})).body.data.tracker).toBe('custom');
    expect((await save({ device_id: null })).body.data.tracker).toBe('none');
    const [after] = await t.database.db.select().from(drivers).where(eq(drivers.id, id));
    expect(after!.trackerDigest).toBeNull();
  });

  it('refuses an id too easy to guess, saying why, and adds nobody', async () => {
    const before = await driverCount();
    const cases: [unknown, RegExp][] = [
      ['358240051111110', /too easy to guess/],
      ['owntracks-jane-phone', /too easy to guess/],
      // The driver's own name is a word of the id.
      ['tariq-aziz-phone-2026', /too easy to guess/],
      ['x'.repeat(101), /letters, digits or the characters/],
      ['tab\there-and-long-enough-to-pass', /letters, digits or the characters/],
      [42, /letters, digits or the characters/],
    ];
    for (const [device_id, message] of cases) {
      const res = await addDriver(delivery, { device_id });
      expect(res.status, JSON.stringify(device_id)).toBe(400);
      expect(res.body.responseMessage, JSON.stringify(device_id)).toMatch(message);
      expect(res.body.errors?.[0]?.path).toBe('device_id');
    }
    expect(await driverCount()).toBe(before);
  });

  it('answers an id in use alike whichever tenant uses it, and changes neither driver', async () => {
    const theirs = 'T9heirsQ2wX7zL4vN8mK3pB6';
    const ours = 'O5ursHq8Zt3Xv7Lm2Rw9Kc4N';
    const namatDriver = (await addDriver(namat, { device_id: theirs })).body.data;
    const own = (await addDriver(delivery, { device_id: ours })).body.data;
    const clashTheirs = await addDriver(delivery, { device_id: theirs });
    const clashOurs = await addDriver(delivery, { device_id: ours });
    expect(clashTheirs.status).toBe(400);
    expect(clashTheirs.body).toEqual({ ...clashOurs.body });
    expect(clashTheirs.body.errors).toEqual([{ path: 'device_id', message: TRACKER_MESSAGES.idUnavailable }]);
    const other = (await addDriver(delivery)).body.data;
    const save = await call(t, delivery, 'POST', '/api/driver/save-web', {
      ...driver(),
      email: other.email,
      id: other.id,
      password: null,
      device_id: theirs,
    });
    expect(save.status).toBe(400);
    expect(save.body).toEqual(clashOurs.body);
    expect((await listed(delivery, other.id)).tracker).toBe('none');
    expect((await listed(namat, namatDriver.id)).tracker).toBe('custom');
    expect((await listed(delivery, own.id)).tracker).toBe('custom');
    // Archived, the driver gives the id up.
    await call(t, namat, 'POST', '/api/driver/archive', { id: namatDriver.id });
    expect((await addDriver(delivery, { device_id: theirs })).status).toBe(200);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'answers a write that lost the race on the unique index with the same 400, not a generic conflict',
    async () => {
      // Another transaction takes the id after this request checked it is free: the request's insert
      // then waits on the unique index, and fails when the other commits.
      const { default: postgres } = await import('postgres');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const [database] = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        name: string;
      }[];
      url.pathname = `/${database!.name}`;
      const other = postgres(url.toString(), { max: 1, onnotice: () => {} });
      const watcher = postgres(url.toString(), { max: 1, onnotice: () => {} });
      try {
        let pending: ReturnType<typeof addDriver> | undefined;
        await other.begin(async (tx) => {
          await tx`insert into drivers (tenant_id, fname, lname, email, password_hash, tracker_digest, tracker_kind)
                   values (${DEMO.namat.tenantId}, 'Other', 'Tenant', 'race@namat.example', '',
                           ${digest(RACED)}, 'custom')`;
          pending = addDriver(delivery, { device_id: RACED });
          // Wait until the request's insert is blocked on the uncommitted row, then commit.
          for (let i = 0; i < 500; i++) {
            const [row] = await watcher`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`;
            if (row!.n > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        });
        const raced = await pending!;
        expect(raced.status).toBe(400);
        expect(raced.body.errors).toEqual([{ path: 'device_id', message: TRACKER_MESSAGES.idUnavailable }]);
      } finally {
        await other.end();
        await watcher.end();
      }
    },
  );
});

describe('POST /api/v1/drivers/import with a Tracker ID column', () => {
  const upload = (url: string, csv: string) => {
    const { payload, headers } = multipartFile(csv, 'drivers.csv');
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: delivery } });
  };

  it('imports strong ids as digests, and names a weak, a taken and a repeated id per row alike', async () => {
    const taken = 'Tk4nInNamat9Qx2Zw7Lv3Rp8';
    await addDriver(namat, { device_id: taken });
    const twice = 'Tw1ceQ8zX3vL7mK2pN9rB4cH';
    const header = 'First name,Last name,E-mail,Password,Vehicle,Hourly rate,Language,Tracker ID';
    const bad = [
      header,
      `Ola,One,ola.one@desert.example,,,,,${taken}`,
      `Ola,Two,ola.two@desert.example,,,,,${twice}`,
      `Ola,Three,ola.three@desert.example,,,,,${twice}`,
      'Ola,Six,ola.six@desert.example,,,,,desertexpress-tracker-23',
    ].join('\n');
    const preview = await upload('/api/v1/drivers/import/preview', bad);
    expect(preview.statusCode).toBe(200);
    const errors = preview.json().data.rows.map((r: { errors: string[] }) => r.errors);
    expect(errors[0]).toEqual([`Tracker ID: ${TRACKER_MESSAGES.idUnavailable}`]);
    expect(errors[1]).toEqual([]);
    expect(errors[2]).toEqual(['Tracker ID: the same as row 3 of this file']);
    expect(errors[3]).toEqual([expect.stringMatching(/^Tracker ID: This Tracker ID is too easy to guess/)]);

    const strong = 'Imp0rtedQ7zX2vL9mK4pN8rB';
    const good = [
      header,
      `Ola,Four,ola.four@desert.example,,,,, ${strong} `,
      'Ola,Five,ola.five@desert.example,,,,,',
    ].join('\n');
    expect((await upload('/api/v1/drivers/import', good)).statusCode).toBe(200);
    const list = (await call(t, delivery, 'GET', '/api/driver/get-drivers?name=Ola')).body.data;
    expect(
      Object.fromEntries(list.map((d: { lname: string; tracker: string }) => [d.lname, d.tracker])),
    ).toEqual({ Four: 'custom', Five: 'none' });
    const [four] = await t.database.db
      .select()
      .from(drivers)
      .where(eq(drivers.email, 'ola.four@desert.example'));
    expect(four!.trackerDigest).toBe(digest(strong));
  });
});
