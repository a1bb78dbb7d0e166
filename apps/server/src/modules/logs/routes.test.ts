import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REPORT_LIMITS, MESSAGES, type TLogEntry } from '@fleet/contract';
import { drivers, logs } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { deleteOldLogs, recordLog } from './service.ts';

/*
 * The error log as its readers see it (spec 002 "Logs at /logs"): a 5xx of the API, a failed job and
 * the apps' uncaught errors listed with their columns, each admin seeing only their own tenant's
 * (the super admin the platform's), nothing secret kept, deleting, and retention.
 */

let t: TestApp;
let delivery: string;
let namat: string;
let superAdmin: string;
let driverAuth: string;
let driverId: number;

const REPORTS_PER_MINUTE = 4;

beforeAll(async () => {
  t = await createTestApp({ LOG_REPORTS_PER_MINUTE: String(REPORTS_PER_MINUTE) });
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
  const [driver] = await t.database.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(eq(drivers.tenantId, DEMO.delivery.tenantId))
    .limit(1);
  driverId = driver!.id;
  driverAuth = await t.driverToken(driverId);
});
afterAll(() => t?.close());

const list = async (cookie: string, body: object = {}) => {
  const res = await call(t, cookie, 'POST', '/api/log/get-logs', body);
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data as TLogEntry[];
};

const report = (headers: Record<string, string>, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/log/report',
    headers,
    payload: payload as Record<string, unknown>,
  });

const aReport = (over: object = {}) => ({
  app: 'console',
  file: 'https://fleet.example.com/assets/trips-page-4f2a.js?v=3&token=abc123',
  line: 42,
  message: 'TypeError: Cannot read properties of undefined (reading "name")',
  stack:
    'TypeError: Cannot read properties of undefined\n    at TripRow (https://fleet.example.com/assets/trips-page-4f2a.js?v=3:42:17)',
  route: '/trips?search=Ali&page=2',
  app_version: '0.1.0',
  ...over,
});

/** Provokes a 5xx: the fines table is away while the list is asked for. */
async function provokeServerError(cookie: string, url: string) {
  await t.database.db.execute(sql`alter table fines rename to fines_away`);
  try {
    return await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: {} });
  } finally {
    await t.database.db.execute(sql`alter table fines_away rename to fines`);
  }
}

describe('a 5xx answered by the API', () => {
  let entry: TLogEntry;

  beforeAll(async () => {
    const res = await provokeServerError(
      delivery,
      `/api/fine/get-fines?tenant_id=${DEMO.delivery.tenantId}&access_token=s3cr3t-value`,
    );
    expect(res.statusCode).toBe(500);
    // The client sees the product's message, never the query or a stack.
    expect(res.json()).toEqual({ responseCode: 0, responseMessage: MESSAGES.http.internal, data: null });
    expect(res.body).not.toMatch(/fines_away|select|at /);
    await t.app.errorLog.settled();
    entry = (await list(delivery))[0]!;
  });

  it('is listed to the tenant admin with its file, line, error, user and route', async () => {
    expect(entry).toMatchObject({
      user_type: 0,
      extra: { source: 'server', route: 'POST /api/fine/get-fines', app_version: expect.any(String) },
    });
    expect(entry.user_id).toEqual(expect.any(Number));
    expect(entry.file).toMatch(/\.ts$/);
    expect(entry.line).toBeGreaterThan(0);
    expect(entry.error).toMatch(/fines/);
    expect(entry.extra?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry.created_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The server's stack stays with its operators: no answer shows it.
    expect(entry.stack).toBeNull();
  });

  it('does not record a 5xx the product answers on purpose (address search not set up)', async () => {
    const before = (await list(delivery)).length;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/geocode/search?q=Dubai',
      headers: { cookie: delivery },
    });
    expect(res.statusCode).toBe(503);
    await t.app.errorLog.settled();
    expect(await list(delivery)).toHaveLength(before);
  });

  it('keeps no query string and no value the failed query was given', async () => {
    const kept = JSON.stringify(entry);
    expect(kept).not.toContain('s3cr3t-value');
    expect(kept).not.toContain('access_token');
    expect(kept).not.toMatch(/params: (?!\[redacted\])/);
  });

  it("is not shown to another tenant's admin nor to the super admin", async () => {
    expect((await list(namat)).map((e) => e.id)).not.toContain(entry.id);
    expect((await list(superAdmin)).map((e) => e.id)).not.toContain(entry.id);
  });

  it("cannot be deleted by another tenant's admin", async () => {
    const res = await call(t, namat, 'POST', '/api/log/archive', { id: entry.id });
    expect(res.status).toBe(404);
    expect(res.body.responseMessage).toBe(MESSAGES.logs.notFound);
    expect((await list(delivery)).map((e) => e.id)).toContain(entry.id);
  });
});

describe('a failed background job', () => {
  it('is a platform error: listed to the super admin only, with no user', async () => {
    t.app.errorLog.jobFailed('scheduled trips', new Error('connection lost password=hunter2'));
    await t.app.errorLog.settled();
    const [entry] = await list(superAdmin);
    expect(entry).toMatchObject({
      user_id: null,
      user_type: null,
      error: 'Error: connection lost password=[redacted]',
      extra: { source: 'job', job: 'scheduled trips' },
    });
    expect(entry!.file).toContain('routes.test.ts');
    expect((await list(delivery)).map((e) => e.id)).not.toContain(entry!.id);
  });
});

describe('POST /api/log/report', () => {
  it("records the console's error with the path only, no query string or secret", async () => {
    const res = await report(
      { cookie: delivery },
      aReport({ message: 'Request failed: password=hunter2 Authorization: Bearer abcdefabcdef0123456789' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responseMessage).toBe(MESSAGES.logs.recorded);
    const [entry] = await list(delivery);
    expect(entry).toMatchObject({
      file: '/assets/trips-page-4f2a.js',
      line: 42,
      error: 'Request failed: password=[redacted] Authorization: Bearer [redacted]',
      user_type: 0,
      extra: { source: 'console', route: '/trips', app_version: '0.1.0' },
    });
    expect(entry!.stack).toContain('at TripRow (https://fleet.example.com/assets/trips-page-4f2a.js:42:17)');
    expect(JSON.stringify(entry)).not.toMatch(/hunter2|abc123|search=|Ali/);
  });

  it("records the driver app's error as the driver's, in their tenant", async () => {
    const res = await report(
      { authorization: driverAuth },
      aReport({ app: 'driver', route: '/trip/12', file: '/driver/assets/app.js' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await list(delivery);
    expect(entry).toMatchObject({
      user_id: driverId,
      user_type: 1,
      extra: { source: 'driver', route: '/trip/12' },
    });
    expect((await list(namat)).map((e) => e.id)).not.toContain(entry!.id);
  });

  it('refuses a report without a message, and records nothing', async () => {
    const before = (await list(delivery)).length;
    const res = await report({ cookie: delivery }, aReport({ message: '   ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toBe('message is required.');
    expect(await list(delivery)).toHaveLength(before);
  });

  it('refuses a stack over the limit (400) and a body over the limit (413)', async () => {
    const before = (await list(delivery)).length;
    const long = await report(
      { cookie: delivery },
      aReport({ stack: 'x'.repeat(LOG_REPORT_LIMITS.stack + 1) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().responseMessage).toBe(`stack may be at most ${LOG_REPORT_LIMITS.stack} characters.`);
    const huge = await report({ cookie: delivery }, aReport({ extra: 'x'.repeat(LOG_REPORT_LIMITS.body) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().responseMessage).toBe(MESSAGES.http.payloadTooLarge);
    expect(await list(delivery)).toHaveLength(before);
  });

  it('refuses a signed-out caller', async () => {
    const res = await report({}, aReport());
    expect(res.statusCode).toBe(401);
  });

  it('answers 429 once one user has sent the reports a minute allows', async () => {
    const namatAdmin = { cookie: namat };
    for (let i = 0; i < REPORTS_PER_MINUTE; i++) {
      expect((await report(namatAdmin, aReport({ message: `burst ${i}` }))).statusCode).toBe(200);
    }
    const refused = await report(namatAdmin, aReport({ message: 'one too many' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().responseMessage).toBe(MESSAGES.http.tooManyRequests);
    const errors = (await list(namat)).map((e) => e.error);
    expect(errors).not.toContain('one too many');
    expect(errors.slice(0, REPORTS_PER_MINUTE)).toEqual(
      Array.from({ length: REPORTS_PER_MINUTE }, (_, i) => `burst ${REPORTS_PER_MINUTE - 1 - i}`),
    );
  });
});

describe('POST /api/log/get-logs', () => {
  it('lists the entries from the start of fdate, newest first', async () => {
    const all = await list(delivery);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const oldest = all.at(-1)!;
    await t.database.db
      .update(logs)
      .set({ createdDate: new Date('2024-01-10T08:00:00Z') })
      .where(eq(logs.id, oldest.id));
    const fromJune = await list(delivery, { fdate: '2024-06-01' });
    expect(fromJune.map((e) => e.id)).not.toContain(oldest.id);
    expect(fromJune).toHaveLength(all.length - 1);
    expect((await list(delivery, { fdate: '2024-01-10' })).map((e) => e.id)).toContain(oldest.id);
  });

  it('refuses a malformed fdate', async () => {
    const res = await call(t, delivery, 'POST', '/api/log/get-logs', { fdate: '10/01/2024' });
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toBe(MESSAGES.trips.dayInvalid);
  });
});

describe('POST /api/log/archive', () => {
  it('deletes the entry with the spec message, then answers 404 for it', async () => {
    const [entry] = await list(delivery);
    const res = await call(t, delivery, 'POST', '/api/log/archive', { id: entry!.id });
    expect(res.status).toBe(200);
    expect(res.body.responseMessage).toBe(MESSAGES.logs.deleted);
    expect((await list(delivery)).map((e) => e.id)).not.toContain(entry!.id);
    expect((await call(t, delivery, 'POST', '/api/log/archive', { id: entry!.id })).status).toBe(404);
  });
});

describe('retention (LOG_RETENTION_DAYS)', () => {
  it('deletes entries older than the days kept, and keeps the rest', async () => {
    const now = new Date();
    const entry = (error: string) => ({
      tenantId: DEMO.delivery.tenantId,
      file: 'src/jobs.ts',
      line: 1,
      error,
      userId: null,
      userType: null,
      extra: { source: 'job' as const, job: 'retention test' },
    });
    await recordLog(t.database.db, entry('kept'));
    await recordLog(t.database.db, entry('too old'));
    const [old, recent] = await list(delivery);
    await t.database.db
      .update(logs)
      .set({ createdDate: new Date(now.getTime() - 31 * 86_400_000) })
      .where(eq(logs.id, old!.id));
    expect(await deleteOldLogs(t.database.db, t.config.errorLog.retentionDays, now)).toBeGreaterThanOrEqual(
      1,
    );
    const left = (await list(delivery)).map((e) => e.id);
    expect(left).not.toContain(old!.id);
    expect(left).toContain(recent!.id);
    expect(t.config.errorLog.retentionDays).toBe(30);
  });
});
