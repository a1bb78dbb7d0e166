import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleet/contract';
import { call, createTestApp, DEMO, type TestApp } from '../test/app.ts';
import { databaseFingerprint } from '../test/fingerprint.ts';

/**
 * Bad input of every kind gets a 400 (or a 409 for a lost race) with the envelope, and changes nothing:
 * text PostgreSQL cannot store, ids that are not whole numbers, and parallel writes of one unique key.
 */

let t: TestApp;
let delivery: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
});
afterAll(() => t.close());

const NUL = '\u0000';

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character in a public query, a sign-in body, a nested body and a path, with a 400 naming where', async () => {
    const blog = await t.app.inject({ method: 'GET', url: '/api/content/blogs?filters[slug][$eq]=a%00b' });
    expect(blog.statusCode).toBe(400);
    expect(blog.json()).toMatchObject({
      responseCode: 0,
      responseMessage: 'Text may not contain the NUL character (U+0000).',
    });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: `admin${NUL}@example.com`, password: 'whatever-it-is' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toEqual([
      { path: 'email', message: 'Text may not contain the NUL character (U+0000).' },
    ]);

    const before = await databaseFingerprint(t.database.db);
    const nested = await call(t, delivery, 'POST', '/api/type/add', {
      title: 'Night',
      extra: { deep: [`x${NUL}`] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors?.[0]?.path).toBe('extra.deep.0');
    const key = await call(t, delivery, 'POST', '/api/type/add', { [`ti${NUL}tle`]: 'Night' });
    expect(key.status).toBe(400);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);

    const path = await call(t, superAdmin, 'PUT', '/api/v1/content/landing-page/hero%00_section', {});
    expect(path.status).toBe(400);
    expect(path.body.errors?.[0]?.path).toBe('key');
  });
});

describe('ids are whole numbers', () => {
  it('refuses true, [4], fractions, exponents, spaces, zero, negatives and numbers past the column, and archives nothing', async () => {
    const before = await databaseFingerprint(t.database.db);
    for (const id of [
      true,
      false,
      [4],
      [1],
      { id: 1 },
      1.5,
      0,
      -1,
      2 ** 31,
      2 ** 53,
      '1e0',
      '0x1',
      ' 1',
      '1 ',
      '+1',
      '1.0',
      '',
      null,
    ]) {
      const res = await call(t, superAdmin, 'POST', '/api/tenant/archive', { id });
      expect(res.status, JSON.stringify(id)).toBe(400);
      expect(res.body.responseMessage, JSON.stringify(id)).toBe('id must be a positive whole number');
    }
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it('reads an id or a page given as plain digits in a query, and refuses every other spelling', async () => {
    const ok = await call(t, delivery, 'POST', '/api/trip/get-all-trips?page=2&page_size=5', {});
    expect(ok.status).toBe(200);
    for (const query of [
      'page=true',
      'page=1e1',
      'page=0x2',
      'page=2.0',
      'page=%202',
      'page=-1',
      'page=1&page=2',
      'page_size=101',
      'page_size=99999999999',
    ]) {
      const res = await call(t, delivery, 'POST', `/api/trip/get-all-trips?${query}`, {});
      expect(res.status, query).toBe(400);
    }
  });
});

describe('unique keys under parallel writes', () => {
  it('answers one add and 409 for every other when 50 parallel calls add a driver with one e-mail', async () => {
    const payload = {
      fname: 'Rush',
      lname: 'Hour',
      email: 'rush.hour@desert.example',
      password: 'a-long-enough-pass',
      bus_id: null,
      hourly_rate: 10,
      language: null,
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(t, delivery, 'POST', '/api/driver/add-driver', payload)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409 || s === 400)).toBe(true);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.responseCode === 0)).toBe(true);
  });
});

describe('dates outside the years the product takes', () => {
  it('refuses a year-9999 or 1970 date with a clear 400 wherever a date is read, and starts or stores nothing', async () => {
    const before = await databaseFingerprint(t.database.db);
    const years = MESSAGES.dateYears;
    const refusals: [string, string, string, object][] = [
      [
        'export of trips',
        'POST',
        '/api/v1/exports',
        { kind: 'trips', fdate: '2026-01-01', tdate: '9999-12-31' },
      ],
      ['trip list', 'POST', '/api/trip/get-all-trips', { fdate: '9999-01-01', tdate: '9999-12-31' }],
      ['trip list, a date-time', 'POST', '/api/trip/get-all-trips', { fdate: '1970-01-01 00:00:00' }],
      ['error log', 'POST', '/api/log/get-logs', { fdate: '2100-01-01' }],
      [
        'fines',
        'POST',
        '/api/fine/add',
        { driver_id: 1, amount: 5, description: 'x', date: '9999-01-01 10:00:00' },
      ],
    ];
    for (const [what, method, url, body] of refusals) {
      const res = await call(t, delivery, method as 'POST', url, body);
      expect(res.status, what).toBe(400);
      expect(res.body.responseMessage, what).toBe(years);
    }
    // A date that is no date at all keeps its own message.
    const typo = await call(t, delivery, 'POST', '/api/trip/get-all-trips', { fdate: '2026-02-30' });
    expect(typo.status).toBe(400);
    expect(typo.body.responseMessage).not.toBe(years);
    // The edges of the range are dates like any other.
    const edges = await call(t, delivery, 'POST', '/api/trip/get-all-trips', {
      fdate: '2000-01-01',
      tdate: '2099-12-31',
    });
    expect(edges.status).toBe(200);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('JSON bodies', () => {
  it('refuses a body nested deeper than 32 levels as such, not as a NUL character', async () => {
    const deep = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/type/add',
      headers: { cookie: delivery, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toBe(MESSAGES.http.tooDeep(32));
    const arrays = await t.app.inject({
      method: 'POST',
      url: '/api/type/add',
      headers: { cookie: delivery, 'content-type': 'application/json' },
      payload: `{"title":"Night","extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    expect(arrays.statusCode).toBe(400);
    expect(arrays.json().responseMessage).toBe(MESSAGES.http.tooDeep(32));
  });

  it('refuses __proto__ and constructor.prototype keys, as Fastify does, and broken JSON with its own message', async () => {
    const before = await databaseFingerprint(t.database.db);
    for (const payload of [
      '{"title":"Night","__proto__":{"isAdmin":true}}',
      '{"title":"Night","extra":{"constructor":{"prototype":{"polluted":true}}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/type/add',
        headers: { cookie: delivery, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().responseMessage, payload).toBe(MESSAGES.http.forbiddenKey);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/type/add',
      headers: { cookie: delivery, 'content-type': 'application/json' },
      payload: '{"title": "Night",',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().responseMessage).toBe(MESSAGES.http.invalidJson);
    // An empty body is no body: the route's own rule answers.
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});
