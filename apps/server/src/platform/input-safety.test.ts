import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
