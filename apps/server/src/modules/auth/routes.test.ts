import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, loginFailures, tenants } from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password }, headers });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/me', headers: cookie ? { cookie } : {} });

describe('POST /api/admin/login', () => {
  it('signs a tenant admin in with the session shape of the spec and an httpOnly cookie', async () => {
    const res = await login(DEMO.delivery.email, DEMO.delivery.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      responseCode: 1,
      responseMessage: expect.any(String),
      data: {
        id: expect.any(Number),
        email: 'admin@example.com',
        tenant_id: DEMO.delivery.tenantId,
        is_super_admin: 0,
        tenant: { name: 'Desert Express', type: 'delivery', is_enabled_crm: 1 },
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'fleet_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('signs the super admin in without a tenant', async () => {
    const res = await login(DEMO.super.email, DEMO.super.password);
    expect(res.json().data).toMatchObject({ tenant_id: null, is_super_admin: 1, tenant: null });
  });

  it('accepts the e-mail in any letter case', async () => {
    const res = await login('SCHOOL@Example.com', DEMO.school.password);
    expect(res.json().data.tenant).toMatchObject({ type: 'school_bus', is_enabled_crm: 0 });
  });

  it('answers a wrong password and an unknown e-mail alike, with the spec message', async () => {
    for (const res of [
      await login(DEMO.namat.email, 'wrong'),
      await login('nobody@example.com', DEMO.namat.password),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        responseCode: 0,
        responseMessage: 'Invalid email or password.',
        data: null,
      });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('refuses a malformed body with 400 and a clear message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'a@b.co' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ responseCode: 0, data: null, errors: [{ path: 'password' }] });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      responseCode: 0,
      responseMessage: 'The request body is not valid JSON.',
      data: null,
    });
  });

  it('accepts an older password shorter than the new rule: existing accounts keep working', async () => {
    const cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const me = (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).json().data;
    // Written straight to the database, as an account made before the 8-character rule would be.
    await t.database.db
      .update(admins)
      .set({ passwordHash: await hashPassword('old1') })
      .where(eq(admins.id, me.id));
    expect((await login(DEMO.delivery.email, 'old1')).statusCode).toBe(200);
    await t.database.db
      .update(admins)
      .set({ passwordHash: await hashPassword(DEMO.delivery.password) })
      .where(eq(admins.id, me.id));
  });
});

describe('sign-in limits', () => {
  // A tiny lockout threshold per account and address, and pacing of an account after 6 failures;
  // an address is paced after the default 30.
  let l: TestApp;
  beforeAll(async () => {
    l = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_PACE_ACCOUNT_AFTER: '6' });
  });
  afterAll(() => l.close());

  const attempt = (email: string, password: string, remoteAddress: string) =>
    l.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password }, remoteAddress });
  const counters = async () =>
    Object.fromEntries((await l.database.db.select().from(loginFailures)).map((row) => [row.key, row.count]));
  const waitForPace = () => new Promise((resolve) => setTimeout(resolve, 1100));

  it('locks one address out of an account, even with the right password; the owner elsewhere signs in', async () => {
    const { email, password } = DEMO.delivery;
    for (let i = 0; i < 3; i++) expect((await attempt(email, 'guess-work', '10.0.0.1')).statusCode).toBe(401);
    const locked = await attempt(email, password, '10.0.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      responseCode: 0,
      responseMessage: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      data: null,
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await attempt(email, password, '10.0.0.2')).statusCode).toBe(200);
    // The owner's success does not open the account to the address that was guessing.
    expect((await attempt(email, password, '10.0.0.1')).statusCode).toBe(429);
  });

  it('slows an account failing from many addresses without locking it; the owner gets in once the pace allows', async () => {
    const { email, password } = DEMO.school;
    for (let i = 1; i <= 6; i++) {
      expect((await attempt(email, 'guess-work', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    for (const address of ['10.1.0.7', '10.1.0.100']) {
      const paced = await attempt(email, password, address);
      expect(paced.statusCode).toBe(429);
      expect(paced.json().responseMessage).toBe(
        'Too many failed sign-ins for this account. Try again in 1 second.',
      );
      expect(paced.headers['retry-after']).toBe('1');
    }
    // Attempts refused by the pace are not failures.
    expect((await counters())['account:school@example.com']).toBe(6);
    await waitForPace();
    expect((await attempt(email, password, '10.1.0.100')).statusCode).toBe(200);
    expect(await counters()).not.toHaveProperty('account:school@example.com');
    expect((await attempt(email, 'guess-work', '10.1.0.7')).statusCode).toBe(401);
  });

  it('paces an address failing across 30 accounts, and no other address', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await attempt(`spray${i}@example.com`, 'Summer-2024', '10.2.0.1')).statusCode).toBe(401);
    }
    const paced = await attempt(DEMO.namat.email, DEMO.namat.password, '10.2.0.1');
    expect(paced.statusCode).toBe(429);
    expect(paced.json().responseMessage).toBe(
      'Too many failed sign-ins from your address. Try again in 1 second.',
    );
    expect((await attempt(DEMO.namat.email, DEMO.namat.password, '10.2.0.2')).statusCode).toBe(200);
    expect((await attempt('spray0@example.com', 'Summer-2024', '10.2.0.2')).statusCode).toBe(401);
    await waitForPace();
    // Paced, not locked: the address may try again, and a right password signs in.
    expect((await attempt(DEMO.namat.email, DEMO.namat.password, '10.2.0.1')).statusCode).toBe(200);
  });

  it("a successful sign-in clears the account's counters and its address's for that account", async () => {
    const { email, password } = DEMO.super;
    for (let i = 0; i < 2; i++) await attempt(email, 'guess-work', '10.3.0.1');
    await attempt(email, 'guess-work', '10.3.0.2');
    expect(await counters()).toMatchObject({
      'pair:super@example.com|10.3.0.1': 2,
      'account:super@example.com': 3,
      'ip:10.3.0.1': 2,
    });
    expect((await attempt(email, password, '10.3.0.1')).statusCode).toBe(200);
    const after = await counters();
    expect(after).not.toHaveProperty('pair:super@example.com|10.3.0.1');
    expect(after).not.toHaveProperty('account:super@example.com');
    // The address's own count stays: one known password must not reset a spraying address.
    expect(after['ip:10.3.0.1']).toBe(2);
    for (let i = 0; i < 2; i++) expect((await attempt(email, 'guess-work', '10.3.0.1')).statusCode).toBe(401);
    expect((await attempt(email, password, '10.3.0.1')).statusCode).toBe(200);
  });
});

describe('session lifecycle', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh.close());

  it('GET /api/admin/me answers the signed-in admin and 401 without a session', async () => {
    const cookie = await fresh.login(DEMO.namat.email, DEMO.namat.password);
    const res = await fresh.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(res.json().data).toMatchObject({ email: 'namat@example.com', tenant: { type: 'namat' } });
    const anonymous = await fresh.app.inject({ method: 'GET', url: '/api/admin/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      responseCode: 0,
      responseMessage: 'Sign in to continue.',
      data: null,
    });
  });

  it('rotates the session at login: the cookie a browser had before stops working', async () => {
    const first = await fresh.login(DEMO.delivery.email, DEMO.delivery.password);
    const res = await fresh.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { cookie: first },
      payload: DEMO.delivery,
    });
    const second = res.cookies.find((c) => c.name === 'fleet_session')!;
    expect(`fleet_session=${second.value}`).not.toBe(first);
    const old = await fresh.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: first } });
    expect(old.statusCode).toBe(401);
  });

  it('POST /api/admin/logout accepts an empty JSON body', async () => {
    const res = await fresh.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('POST /api/admin/logout deletes the session on the server and clears the cookie', async () => {
    const cookie = await fresh.login(DEMO.school.email, DEMO.school.password);
    const out = await fresh.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.json()).toMatchObject({ responseCode: 1 });
    expect(out.cookies.find((c) => c.name === 'fleet_session')?.value).toBe('');
    const after = await fresh.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('archiving a tenant ends its sessions and blocks its sign-in', async () => {
    const cookie = await fresh.login(DEMO.school.email, DEMO.school.password);
    await fresh.database.db
      .update(tenants)
      .set({ archived: true })
      .where(eq(tenants.id, DEMO.school.tenantId));
    const res = await fresh.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    const again = await fresh.app.inject({ method: 'POST', url: '/api/admin/login', payload: DEMO.school });
    expect(again.statusCode).toBe(401);
    await fresh.database.db
      .update(tenants)
      .set({ archived: false })
      .where(eq(tenants.id, DEMO.school.tenantId));
  });

  it('refuses a state-changing request a browser sent from another site', async () => {
    const res = await fresh.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: DEMO.delivery,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().responseMessage).toBe('Cross-origin request refused.');
  });
});

describe('session expiry', () => {
  it('ends a session idle for longer than the idle limit', async () => {
    // An idle limit of 0.0001 h (0.36 s): the session expires between two requests.
    const short = await createTestApp({ SESSION_IDLE_HOURS: '0.0001' });
    try {
      const cookie = await short.login(DEMO.delivery.email, DEMO.delivery.password);
      await new Promise((r) => setTimeout(r, 600));
      expect(
        (await short.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).statusCode,
      ).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('unknown session tokens', () => {
  it('treats a forged or overlong cookie as no session', async () => {
    expect((await me('fleet_session=forged')).statusCode).toBe(401);
    expect((await me(`fleet_session=${'x'.repeat(5000)}`)).statusCode).toBe(401);
  });
});
