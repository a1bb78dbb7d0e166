import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMIT, EXPORT_MESSAGES, EXPORT_UNFINISHED_PER_ADMIN, type TExportJob } from '@fleet/contract';
import { exportJobs } from '../../db/schema/index.ts';
import { createStorage } from '../../platform/storage.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { rowsOf } from '../../test/tenant-data.ts';
import { TRIP_EXPORT_COLUMNS } from '../trips/service.ts';
import { createExportRunner } from './service.ts';

/*
 * Exports (issue 16): the direct trips export streamed in keyset chunks, its limit, and the
 * background export's life: queued, running with progress, done with a file only its admin gets,
 * failed when its server died, removed when it expires.
 */

const TENANT = DEMO.delivery.tenantId;
const OTHER = DEMO.namat.tenantId;
/** More than two chunks of the export (1,000 trips each), in a year of their own. */
const MANY = 2_345;
const MANY_RANGE = 'fdate=2021-01-01&tdate=2021-12-31';
const CHUNK = 500;

let t: TestApp;
let delivery: string;
let namat: string;
let colleague: string;
/** What the job looked like to its admin after each chunk (GET /exports/{id} and its /file). */
const seen: { job: TExportJob; fileStatus: number }[] = [];

/** `count` trips of the tenant planned `step` apart from the start of `year`, each with one stop of one task. */
async function seedTrips(
  tenantId: number,
  count: number,
  note: string,
  year = 2021,
  step = '3 hours',
  stops = true,
) {
  const db = t.database.db;
  await db.execute(sql`
    insert into trips (tenant_id, driver_id, warehouse_id, type_id, start_date, note, created_date)
    select ${tenantId},
      (select id from drivers where tenant_id = ${tenantId} order by id offset (g % 3) limit 1),
      (select id from warehouses where tenant_id = ${tenantId} order by id limit 1),
      (select id from trip_types where tenant_id = ${tenantId} order by id limit 1),
      make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC') + g * ${step}::interval + interval '0.000123 seconds',
      ${note} || ' ' || g,
      make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC')
    from generate_series(1, ${count}) g`);
  if (!stops) return;
  await db.execute(sql`
    insert into trip_destinations (tenant_id, trip_id, position, destination_name, driving_time, staying_time)
    select ${tenantId}, t.id, 0, 'Stop of ' || t.id, 20, 5
    from trips t where t.tenant_id = ${tenantId} and t.note like ${note + ' %'}`);
  await db.execute(sql`
    insert into tasks (tenant_id, trip_destination_id, description)
    select ${tenantId}, d.id, 'Deliver' from trip_destinations d
    join trips t on t.id = d.trip_id where t.tenant_id = ${tenantId} and t.note like ${note + ' %'}`);
}

async function sheetOf(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(payload).buffer);
  return book.worksheets[0]!;
}

const getJob = async (cookie: string, id: number) => call(t, cookie, 'GET', `/api/v1/exports/${id}`);

/** Asks for the job until it has finished (done or failed). */
async function finishedJob(cookie: string, id: number): Promise<TExportJob> {
  for (;;) {
    const job = (await getJob(cookie, id)).body.data as TExportJob;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      exportRunner: {
        chunkSize: CHUNK,
        afterChunk: async (id) => {
          const job = (await getJob(delivery, id)).body.data as TExportJob;
          const file = await t.app.inject({
            url: `/api/v1/exports/${id}/file`,
            headers: { cookie: delivery },
          });
          seen.push({ job, fileStatus: file.statusCode });
        },
      },
    },
  );
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  const added = await call(t, delivery, 'POST', '/api/admin/add-admin', {
    email: 'colleague@example.com',
    fname: 'Rami',
    lname: 'Odeh',
    password: 'colleague-pass-phrase',
  });
  expect(added.body.responseCode).toBe(1);
  colleague = await t.login('colleague@example.com', 'colleague-pass-phrase');
  await seedTrips(TENANT, MANY, 'export');
  await seedTrips(OTHER, 300, 'another tenant');
});
afterAll(() => t.close());

describe('GET /api/v1/trips/export', () => {
  it('streams every trip of the range, newest planned first, with the same columns as before', async () => {
    const res = await t.app.inject({
      url: `/api/v1/trips/export?${MANY_RANGE}`,
      headers: { cookie: delivery },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Trips.xlsx"');
    const sheet = await sheetOf(res.rawPayload);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(TRIP_EXPORT_COLUMNS.map((c) => c.header));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(MANY + 1);
    const expected = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from trips where tenant_id = ${TENANT} and note like 'export %' order by start_date desc, id desc`,
    );
    const ids = [];
    for (let r = 2; r <= sheet.rowCount; r++) ids.push(sheet.getRow(r).getCell(1).value);
    expect(ids).toEqual(expected.map((e) => e.id));
    const first = sheet.getRow(2);
    expect(first.getCell(10).value).toBe(`Stop of ${expected[0]!.id}`);
    expect(first.getCell(11).value).toBe(1);
    expect(first.getCell(14).value).toBe(`export ${MANY}`);
  });

  it('filters by the search as the list does, and never shows another tenant', async () => {
    const [driver] = await rowsOf<{ name: string }>(
      t.database.db,
      sql`select fname || ' ' || lname as name from drivers where tenant_id = ${OTHER} order by id limit 1`,
    );
    const res = await t.app.inject({
      url: `/api/v1/trips/export?${MANY_RANGE}&search=${encodeURIComponent(driver!.name)}`,
      headers: { cookie: namat },
    });
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(sheet.rowCount).toBeLessThan(301);
    for (let r = 2; r <= sheet.rowCount; r++)
      expect(String(sheet.getRow(r).getCell(14).value)).toMatch(/^another tenant /);
  });

  it(`refuses a range of more than ${EXPORT_LIMIT.toLocaleString('en-US')} trips with a message offering the background export`, async () => {
    await seedTrips(TENANT, EXPORT_LIMIT + 1, 'over the limit', 2019, '1 minute', false);
    const res = await t.app.inject({
      url: '/api/v1/trips/export?fdate=2019-01-01&tdate=2019-12-31',
      headers: { cookie: delivery },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().responseMessage).toBe(EXPORT_MESSAGES.tooLarge('trips', null));
    expect(res.json().responseMessage).toContain('more than 20,000 trips');
    expect(res.json().responseMessage).toContain('background export');
    // Exactly the limit is still a direct export.
    await t.database.db.execute(
      sql`update trips set archived = true where tenant_id = ${TENANT} and note = ${`over the limit ${EXPORT_LIMIT + 1}`}`,
    );
    const atLimit = await t.app.inject({
      url: '/api/v1/trips/export?fdate=2019-01-01&tdate=2019-12-31',
      headers: { cookie: delivery },
    });
    expect(atLimit.statusCode).toBe(200);
    expect((await sheetOf(atLimit.rawPayload)).rowCount).toBe(EXPORT_LIMIT + 1);
  });

  it('refuses a reversed range with 400', async () => {
    const res = await t.app.inject({
      url: '/api/v1/trips/export?fdate=2021-12-31&tdate=2021-01-01',
      headers: { cookie: delivery },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('background exports', () => {
  let job: TExportJob;

  it('runs a job: queued, running with its progress, then done with the file', async () => {
    const started = await call(t, delivery, 'POST', '/api/v1/exports', {
      kind: 'trips',
      fdate: '2021-01-01',
      tdate: '2021-12-31',
    });
    expect(started.status).toBe(200);
    expect(started.body.responseMessage).toBe(EXPORT_MESSAGES.started);
    expect(started.body.data).toMatchObject({ status: 'queued', rows_written: 0, file_name: 'Trips.xlsx' });
    job = await finishedJob(delivery, started.body.data.id);
    expect(job).toMatchObject({
      status: 'done',
      rows_written: MANY,
      rows_total: MANY,
      error: null,
      file_url: `/api/v1/exports/${job.id}/file`,
    });
    // After every chunk its admin saw it running, the rows written growing, the file not ready yet.
    expect(seen.map((s) => s.job.rows_written)).toEqual([500, 1000, 1500, 2000, 2345]);
    for (const s of seen) {
      expect(s.job).toMatchObject({ id: job.id, status: 'running', rows_total: MANY, file_url: null });
      expect(s.fileStatus).toBe(409);
    }
    const file = await t.app.inject({ url: job.file_url!, headers: { cookie: delivery } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Trips.xlsx');
    const sheet = await sheetOf(file.rawPayload);
    expect(sheet.rowCount).toBe(MANY + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('ID');
  });

  it('is seen only by the admin who started it', async () => {
    for (const cookie of [colleague, namat]) {
      expect((await getJob(cookie, job.id)).status).toBe(404);
      const file = await t.app.inject({ url: `/api/v1/exports/${job.id}/file`, headers: { cookie } });
      expect(file.statusCode).toBe(404);
    }
    const nobody = await t.app.inject({ url: `/api/v1/exports/${job.id}` });
    expect(nobody.statusCode).toBe(401);
  });

  it('refuses a bad request with 400 naming the field, and queues nothing', async () => {
    const before = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from export_jobs`,
    );
    const badKind = await call(t, delivery, 'POST', '/api/v1/exports', { kind: 'drivers' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.responseMessage).toContain('kind');
    const badDate = await call(t, delivery, 'POST', '/api/v1/exports', { kind: 'trips', fdate: 'soon' });
    expect(badDate.status).toBe(400);
    const reversed = await call(t, delivery, 'POST', '/api/v1/exports', {
      kind: 'trips',
      fdate: '2021-12-31',
      tdate: '2021-01-01',
    });
    expect(reversed.status).toBe(400);
    const after = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from export_jobs`);
    expect(after).toEqual(before);
  });

  it(`refuses an admin a background export past ${EXPORT_UNFINISHED_PER_ADMIN} unfinished ones, and takes one again when one ends`, async () => {
    const [{ id: adminId } = { id: 0 }] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from admins where email = 'colleague@example.com'`,
    );
    const running = await t.database.db
      .insert(exportJobs)
      .values(
        Array.from({ length: EXPORT_UNFINISHED_PER_ADMIN }, () => ({
          tenantId: TENANT,
          adminId,
          kind: 'trips',
          filter: {},
          status: 'running',
          fileName: 'Trips.xlsx',
          heartbeatDate: new Date(),
          expiresDate: new Date(Date.now() + 3600_000),
        })),
      )
      .returning();
    const jobsOfColleague = async () =>
      (
        await rowsOf<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from export_jobs where admin_id = ${adminId}`,
        )
      )[0]!.n;
    const before = await jobsOfColleague();
    const start = { kind: 'trips', fdate: '2020-01-01', tdate: '2020-01-02' };

    const refused = await call(t, colleague, 'POST', '/api/v1/exports', start);
    expect(refused.status).toBe(429);
    expect(refused.body.responseMessage).toBe(EXPORT_MESSAGES.busy);
    expect(await jobsOfColleague()).toBe(before);
    // Another admin of the tenant is not held back by the colleague's exports.
    expect((await call(t, delivery, 'POST', '/api/v1/exports', start)).status).toBe(200);

    await t.database.db
      .update(exportJobs)
      .set({ status: 'failed', error: EXPORT_MESSAGES.failed })
      .where(eq(exportJobs.id, running[0]!.id));
    const taken = await call(t, colleague, 'POST', '/api/v1/exports', start);
    expect(taken.status).toBe(200);
    expect(await finishedJob(colleague, (taken.body.data as TExportJob).id)).toMatchObject({
      status: 'done',
    });
    await t.database.db.delete(exportJobs).where(eq(exportJobs.adminId, adminId));
  });

  it('fails a job whose server stopped, and removes expired jobs with their files', async () => {
    const storage = createStorage(t.config.storage);
    const sweeper = createExportRunner({
      db: t.database.db,
      storage,
      publish: () => {},
      log: t.app.log,
      concurrency: 0,
    });
    const [stale] = await t.database.db
      .insert(exportJobs)
      .values({
        tenantId: TENANT,
        adminId: job
          ? (
              await rowsOf<{ admin_id: number }>(
                t.database.db,
                sql`select admin_id from export_jobs where id = ${job.id}`,
              )
            )[0]!.admin_id
          : 0,
        kind: 'trips',
        filter: {},
        status: 'running',
        fileName: 'Trips.xlsx',
        heartbeatDate: new Date(Date.now() - 10 * 60_000),
        expiresDate: new Date(Date.now() + 3600_000),
      })
      .returning();
    const [done] = await t.database.db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
    expect(await storage.exists(done!.storageKey!)).toBe(true);
    await t.database.db
      .update(exportJobs)
      .set({ expiresDate: new Date(Date.now() - 1000) })
      .where(eq(exportJobs.id, job.id));

    const swept = await sweeper.sweep();
    expect(swept).toEqual({ interrupted: 1, removed: 1 });
    expect((await getJob(delivery, stale!.id)).body.data).toMatchObject({
      status: 'failed',
      error: EXPORT_MESSAGES.interrupted,
      file_url: null,
    });
    const file = await t.app.inject({
      url: `/api/v1/exports/${stale!.id}/file`,
      headers: { cookie: delivery },
    });
    expect(file.statusCode).toBe(409);
    expect(file.json().responseMessage).toBe(EXPORT_MESSAGES.interrupted);
    expect((await getJob(delivery, job.id)).status).toBe(404);
    expect(await storage.exists(done!.storageKey!)).toBe(false);
  });
});
