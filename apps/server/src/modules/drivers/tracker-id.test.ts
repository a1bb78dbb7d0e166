import { count, sql } from 'drizzle-orm';
import { drivers } from '../../db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, multipartFile, type TestApp } from '../../test/app.ts';

/** The tracker id of a driver (`device_id`): what an OsmAnd or OwnTracks app reports to say who it is. */

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

describe('the Tracker ID of a driver (device_id)', () => {
  it('is added trimmed, listed by get-drivers, and null when empty or absent', async () => {
    const added = await addDriver(delivery, { device_id: '  358240051111110 ' });
    expect(added.status).toBe(200);
    expect(added.body.data.device_id).toBe('358240051111110');
    expect((await listed(delivery, added.body.data.id)).device_id).toBe('358240051111110');

    expect((await addDriver(delivery, { device_id: '   ' })).body.data.device_id).toBeNull();
    expect((await addDriver(delivery)).body.data.device_id).toBeNull();
  });

  it('is kept by a save that does not send it, changed by one that does, and cleared by null or empty', async () => {
    const { id, email } = (await addDriver(delivery, { device_id: 'keep-me' })).body.data;
    const save = (over: Record<string, unknown>) =>
      call(t, delivery, 'POST', '/api/driver/save-web', {
        ...driver({ email, password: null }),
        id,
        ...over,
      });
    expect((await save({})).body.data.device_id).toBe('keep-me');
    expect((await save({ device_id: 'owntracks-jane-phone' })).body.data.device_id).toBe(
      'owntracks-jane-phone',
    );
    expect((await save({ device_id: '' })).body.data.device_id).toBeNull();
    await save({ device_id: 'again' });
    expect((await save({ device_id: null })).body.data.device_id).toBeNull();
  });

  it('refuses more than 100 characters, control characters and non-text with a 400 naming the field', async () => {
    const before = await driverCount();
    for (const device_id of ['x'.repeat(101), 'tab\there', 'line\nbreak', 42, ['a']]) {
      const res = await addDriver(delivery, { device_id });
      expect(res.status, JSON.stringify(device_id)).toBe(400);
      expect(res.body.responseMessage).toBe('Tracker ID must be 1 to 100 printable characters');
      expect(res.body.errors?.[0]?.path).toBe('device_id');
    }
    expect(await driverCount()).toBe(before);
    expect((await addDriver(delivery, { device_id: 'x'.repeat(100) })).status).toBe(200);
  });

  it('is unique among live drivers of every tenant: a clash is a 400 naming the field, and changes nothing', async () => {
    const first = (await addDriver(delivery, { device_id: 'shared-phone' })).body.data;
    const before = await driverCount();
    // Another tenant cannot take it: a tracker names only itself, so its id must find one driver.
    const clash = await addDriver(namat, { device_id: 'shared-phone' });
    expect(clash.status).toBe(400);
    expect(clash.body.responseMessage).toBe('This tracker ID is already used by another driver.');
    expect(clash.body.errors).toEqual([
      { path: 'device_id', message: 'This tracker ID is already used by another driver.' },
    ]);
    expect(await driverCount()).toBe(before);

    // Nor another driver of the same tenant, on a save.
    const other = (await addDriver(delivery)).body.data;
    const save = await call(t, delivery, 'POST', '/api/driver/save-web', {
      ...driver({ email: other.email, password: null }),
      id: other.id,
      device_id: 'shared-phone',
    });
    expect(save.status).toBe(400);
    expect(save.body.errors?.[0]?.path).toBe('device_id');
    expect((await listed(delivery, other.id)).device_id).toBeNull();

    // The driver who has it saves it again freely; once archived, the id is free for another.
    const own = await call(t, delivery, 'POST', '/api/driver/save-web', {
      ...driver({ email: first.email, password: null }),
      id: first.id,
      device_id: 'shared-phone',
    });
    expect(own.status).toBe(200);
    await call(t, delivery, 'POST', '/api/driver/archive', { id: first.id });
    expect((await addDriver(namat, { device_id: 'shared-phone' })).status).toBe(200);
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
          await tx`insert into drivers (tenant_id, fname, lname, email, password_hash, device_id)
                   values (${DEMO.namat.tenantId}, 'Other', 'Tenant', 'race@namat.example', '', 'raced-phone')`;
          pending = addDriver(delivery, { device_id: 'raced-phone' });
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
        expect(raced.body.errors).toEqual([
          { path: 'device_id', message: 'This tracker ID is already used by another driver.' },
        ]);
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

  it('imports the ids, and names a taken id and one repeated in the file per row', async () => {
    await addDriver(namat, { device_id: 'taken-in-namat' });
    const header = 'First name,Last name,E-mail,Password,Vehicle,Hourly rate,Language,Tracker ID';
    const bad = [
      header,
      'Ola,One,ola.one@desert.example,,,,,taken-in-namat',
      'Ola,Two,ola.two@desert.example,,,,,twice',
      'Ola,Three,ola.three@desert.example,,,,,twice',
    ].join('\n');
    const preview = await upload('/api/v1/drivers/import/preview', bad);
    expect(preview.statusCode).toBe(200);
    const errors = preview.json().data.rows.map((r: { errors: string[] }) => r.errors);
    expect(errors[0]).toEqual(['Tracker ID: This tracker ID is already used by another driver.']);
    expect(errors[1]).toEqual([]);
    expect(errors[2]).toEqual(['Tracker ID: the same as row 3 of this file']);

    const good = [
      header,
      'Ola,Four,ola.four@desert.example,,,,, imported-phone ',
      'Ola,Five,ola.five@desert.example,,,,,',
    ].join('\n');
    expect((await upload('/api/v1/drivers/import', good)).statusCode).toBe(200);
    const drivers = (await call(t, delivery, 'GET', '/api/driver/get-drivers?name=Ola')).body.data;
    expect(
      Object.fromEntries(
        drivers.map((d: { lname: string; device_id: string | null }) => [d.lname, d.device_id]),
      ),
    ).toEqual({
      Four: 'imported-phone',
      Five: null,
    });
  });
});
