import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, PRINCIPAL_KINDS, type TPrincipalKind } from '@fleet/contract';
import type { RegisteredRoute } from '../app.ts';
import { DEMO_GUARDIAN_PASSWORD } from '../db/seed/demo-students.ts';
import { DEMO_DRIVER_PASSWORD } from '../db/seed/demo-fleet.ts';
import { drivers, guardians } from '../db/schema/index.ts';
import { createTestApp, DEMO, TEST_PRINCIPAL_HEADER, type TestApp } from '../test/app.ts';
import { multipartForm } from '../test/uploads.ts';
import { DEFAULT_BODY_LIMIT, type TTimers } from './http-server.ts';

/**
 * Walks every registered API route and proves its guard: no session → 401 (except the declared
 * public list), also under other spellings of its path; a tenant admin naming another tenant → 403;
 * every kind of caller the route does not admit (super admin, tenant admin, driver, tracker device,
 * guardian) → 403. New routes are covered without touching this file.
 */

// The only API routes anybody may call without signing in.
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/openapi.json',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  // The driver app's sign-in and sign-out (its token is a bearer token; sign-out ends only that one).
  'POST /api/v1/driver/login',
  'POST /api/v1/driver/logout',
  // The parents' view's sign-in and sign-out (the console's cookie; sign-out ends only that one).
  'POST /api/v1/guardian/login',
  'POST /api/v1/guardian/logout',
  // The public site's content and its contact forms.
  'GET /api/content/landing-page',
  'GET /api/content/blogs',
  'POST /api/content/contacts',
  'POST /api/admin/send-email',
  // Tracker intake: the tracker id in the report is the credential, checked by the routes themselves.
  'GET /api/osmand',
  'POST /api/osmand',
  'PUT /api/osmand',
  'POST /api/owntracks',
  // A CRM order's tracking page data: the link's unguessable token is the credential (modules/crm/tracking.ts).
  'GET /api/v1/track/:token',
  'GET /api/v1/track/:token/photo',
]);

/** The body deadline's clock, moved by the test: its timers run only when `fire` is called. */
const deadlines = new Map<number, { run: () => void; ms: number }>();
let nextDeadline = 1;
const timers: TTimers = {
  setTimeout: (run, ms) => {
    deadlines.set(nextDeadline, { run, ms });
    return nextDeadline++;
  },
  clearTimeout: (handle) => void deadlines.delete(handle as number),
};

let t: TestApp;
let tenantAdmin: string;
let superAdmin: string;
/** The headers that make a request come from each kind of caller, all of the delivery tenant. */
let as: Record<TPrincipalKind, Record<string, string>>;
beforeAll(async () => {
  // A small lockout and pace threshold for the sign-in walk; addresses are never paced here.
  t = await createTestApp(
    {
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '2',
      LOGIN_PACE_ACCOUNT_AFTER: '3',
    },
    { timers },
  );
  tenantAdmin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
  const [driver] = await t.database.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(eq(drivers.tenantId, DEMO.delivery.tenantId))
    .limit(1);
  const tenantId = DEMO.delivery.tenantId;
  as = {
    super_admin: { cookie: superAdmin },
    tenant_admin: { cookie: tenantAdmin },
    driver: { authorization: await t.driverToken(driver!.id) },
    tracker: {
      [TEST_PRINCIPAL_HEADER]: JSON.stringify({ kind: 'tracker', id: 1, tenantId, driverId: null }),
    },
    guardian: { [TEST_PRINCIPAL_HEADER]: JSON.stringify({ kind: 'guardian', id: 1, tenantId }) },
  };
});
afterAll(() => t.close());

const admits = (route: RegisteredRoute, kind: TPrincipalKind) =>
  route.access !== 'public' && route.access.includes(kind);

const apiRoutes = () =>
  t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
/**
 * Other spellings of one path. The router decodes percent-escapes, so the first three reach the same
 * route; the rest must reach no route at all. None may skip a guard.
 */
const spellings = (url: string): string[] => [
  url.replace('/api/', '/%61pi/'),
  url.replace('/api/', '/%61%70%69/').replace(/\/([a-z])/g, (_m, c: string) => `/${hex(c)}`),
  url.replace(/[a-z]/g, (c) => hex(c).toLowerCase()),
  `/${url}`,
  url.replace('/api/', '/api//'),
  `${url}/`,
  url.replace('/api/', '/API/'),
  url.replace('/api/', '/api/./'),
  url.replace('/api/', '/x/../api/'),
  url.replace('/api/', '/%2Fapi/'),
  `${url};x=1`,
  `${url}%00`,
];

/** 0 for a failure in either envelope: `{responseCode: 0, …}`, or the `v1/` calls' `{success: false, …}`. */
const failureCode = (body: { responseCode?: number; success?: boolean }) =>
  body.responseCode ?? (body.success === false ? 0 : 1);

describe('route security', () => {
  it('knows the routes it walks', () => {
    expect(apiRoutes().length).toBeGreaterThan(8);
  });

  it('declares who may call each route, and only the public list is public', () => {
    const publicOnes = apiRoutes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicOnes)).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401 without a session on every non-public route', async () => {
    for (const route of apiRoutes()) {
      if (PUBLIC_ROUTES.has(`${route.method} ${route.url}`)) continue;
      const res = await t.app.inject({
        method: route.method as Method,
        url: concrete(route.url),
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(failureCode(res.json()), `${route.method} ${route.url}`).toBe(0);
    }
  });

  it('answers 401 or 404 without a session, whatever spelling the path uses, and never runs the handler', async () => {
    for (const route of apiRoutes()) {
      if (PUBLIC_ROUTES.has(`${route.method} ${route.url}`)) continue;
      for (const url of spellings(concrete(route.url))) {
        const res = await t.app.inject({ method: route.method as Method, url, payload: {} });
        expect([401, 404], `${route.method} ${url}`).toContain(res.statusCode);
        expect(failureCode(res.json()), `${route.method} ${url}`).toBe(0);
      }
      // The router decodes this spelling to the route itself: the guard must still stand in front.
      const encoded = concrete(route.url).replace('/api/', '/%61pi/');
      const res = await t.app.inject({ method: route.method as Method, url: encoded, payload: {} });
      expect(res.statusCode, `${route.method} ${encoded}`).toBe(401);
    }
  });

  it('refuses a cross-site write under every spelling of its path, even with a valid session', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/tenant/get', headers: { cookie: superAdmin } })
    ).body;
    for (const route of apiRoutes()) {
      if (route.method === 'GET') continue;
      const cookie = admits(route, 'tenant_admin') ? tenantAdmin : superAdmin;
      for (const url of [concrete(route.url), ...spellings(concrete(route.url))]) {
        const res = await t.app.inject({
          method: route.method as Method,
          url,
          headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          payload: { id: 1 },
        });
        expect([403, 404], `${route.method} ${url}`).toContain(res.statusCode);
      }
    }
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/tenant/get', headers: { cookie: superAdmin } })
    ).body;
    expect(after).toBe(before);
  });

  it("refuses another tenant's tenant_id in the query or the body on every signed-in route", async () => {
    const otherTenant = DEMO.namat.tenantId;
    for (const route of apiRoutes()) {
      if (!admits(route, 'tenant_admin')) continue;
      const url = `${concrete(route.url)}?tenant_id=${otherTenant}`;
      const viaQuery = await t.app.inject({
        method: route.method as Method,
        url,
        headers: { cookie: tenantAdmin },
      });
      expect(viaQuery.statusCode, `${route.method} ${url}`).toBe(403);
      if (route.method !== 'GET') {
        const viaBody = await t.app.inject({
          method: route.method as Method,
          url: concrete(route.url),
          headers: { cookie: tenantAdmin },
          payload: { tenant_id: otherTenant },
        });
        expect(viaBody.statusCode, `${route.method} ${route.url} (body)`).toBe(403);
      }
    }
  });

  it('refuses every kind of caller a route does not admit: super admin, tenant admin, driver, tracker, guardian', async () => {
    let refusals = 0;
    for (const route of apiRoutes()) {
      if (route.access === 'public') continue;
      for (const kind of PRINCIPAL_KINDS) {
        if (admits(route, kind)) continue;
        const res = await t.app.inject({
          method: route.method as Method,
          url: concrete(route.url),
          headers: as[kind],
          payload: {},
        });
        expect(res.statusCode, `${kind} → ${route.method} ${route.url}`).toBe(403);
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(apiRoutes().length * 2);
  });

  it("takes an admin's session only as the console cookie and a driver's only as a bearer token", async () => {
    const adminToken = tenantAdmin.split('=')[1]!;
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const driverToken = as.driver.authorization!.replace('Bearer ', '');
    const asCookie = await t.app.inject({
      method: 'POST',
      url: '/api/trip/get-all-trips',
      headers: { cookie: `fleet_session=${driverToken}` },
      payload: {},
    });
    expect(asCookie.statusCode).toBe(401);
  });

  /** The headers of a caller the route admits: none on a public route, else the first kind it takes. */
  const callerOf = (route: RegisteredRoute): Record<string, string> => {
    if (route.access === 'public') return {};
    const kind = PRINCIPAL_KINDS.find((k) => admits(route, k))!;
    return as[kind];
  };

  it('cuts every body that never finishes arriving with a 408 at its deadline, and gives uploads the longer one', async () => {
    const { bodyTimeoutMs, uploadTimeoutMs } = t.config.http;
    let cut = 0;
    for (const route of apiRoutes()) {
      if (route.method === 'GET') continue;
      deadlines.clear();
      const body = new PassThrough();
      body.write('{"id": 1, "name": "one byte every few seconds');
      const answer = t.app.inject({
        method: route.method as Method,
        url: concrete(route.url),
        headers: { ...callerOf(route), 'content-type': 'application/json' },
        payload: body,
      });
      const name = `${route.method} ${route.url}`;
      await vi.waitFor(() => expect(deadlines.size, name).toBe(1));
      const { ms } = [...deadlines.values()][0]!;
      expect(ms, name).toBe(route.bodyLimit > DEFAULT_BODY_LIMIT ? uploadTimeoutMs : bodyTimeoutMs);
      for (const { run } of [...deadlines.values()]) run();
      const res = await answer;
      body.destroy();
      expect(res.statusCode, name).toBe(408);
      expect(res.headers.connection, name).toBe('close');
      expect(res.json().responseMessage ?? res.json().message, name).toBe(MESSAGES.http.bodyTooSlow);
      cut++;
    }
    expect(cut).toBeGreaterThan(50);
    expect(t.app.server.headersTimeout).toBe(t.config.http.headersTimeoutMs);
    expect(t.app.server.requestTimeout).toBe(t.config.http.headersTimeoutMs + uploadTimeoutMs);
    expect(t.app.server.keepAliveTimeout).toBe(t.config.http.keepAliveTimeoutMs);
    expect(t.app.server.timeout).toBe(t.config.http.idleTimeoutMs);
  });

  it("refuses another tenant's tenant_id in a multipart form on every route that takes one", async () => {
    const uploads = apiRoutes().filter((r) => r.consumes.includes('multipart/form-data'));
    expect(uploads.length).toBeGreaterThan(5);
    for (const route of uploads) {
      const { payload, headers } = multipartForm([{ name: 'tenant_id', value: String(DEMO.namat.tenantId) }]);
      const res = await t.app.inject({
        method: route.method as Method,
        url: concrete(route.url),
        headers: { ...callerOf(route), ...headers },
        payload,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('sign-in routes', () => {
  /** An account of each sign-in route's kind; a new sign-in route fails the walk until it is listed here. */
  async function accounts(): Promise<Record<string, { email: string; password: string }>> {
    const [driver] = await t.database.db
      .select({ email: drivers.email })
      .from(drivers)
      .where(eq(drivers.tenantId, DEMO.namat.tenantId))
      .limit(1);
    const [guardian] = await t.database.db
      .select({ email: guardians.email })
      .from(guardians)
      .where(eq(guardians.tenantId, DEMO.school.tenantId))
      .limit(1);
    return {
      '/api/admin/login': DEMO.namat,
      '/api/v1/driver/login': { email: driver!.email, password: DEMO_DRIVER_PASSWORD },
      '/api/v1/guardian/login': { email: guardian!.email, password: DEMO_GUARDIAN_PASSWORD },
    };
  }

  it("let the owner's known browser in while strangers' failures hold the account, and count IPv6 by /64", async () => {
    const known = await accounts();
    const signIns = apiRoutes()
      .filter((r) => r.access === 'public' && r.method === 'POST' && r.url.endsWith('/login'))
      .map((r) => r.url);
    expect(new Set(signIns)).toEqual(new Set(Object.keys(known)));

    for (const [n, [url, account]] of Object.entries(known).entries()) {
      const post = (payload: object, remoteAddress: string, cookie?: string) =>
        t.app.inject({
          method: 'POST',
          url,
          payload: payload as Record<string, unknown>,
          remoteAddress,
          headers: cookie ? { cookie } : {},
        });
      const first = await post(account, '10.60.0.1');
      expect(first.statusCode, url).toBe(200);
      const device = first.cookies.find((c) => c.name === 'fleet_device');
      expect(device, url).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
      const knownBrowser = `fleet_device=${device!.value}`;

      for (let round = 0; round < 3; round++) {
        // Strangers fail from several addresses until the account is paced…
        for (let i = 0; i < 3; i++) {
          const res = await post(
            { ...account, password: 'not-the-password' },
            `10.61.${n * 10 + round}.${i}`,
          );
          expect(res.statusCode, url).toBe(401);
        }
        // …so the right password from a client the account does not know waits…
        expect((await post(account, '10.60.0.1')).statusCode, url).toBe(429);
        // …but the owner, in a browser that signed in before, gets in every time.
        expect((await post(account, '10.60.0.1', knownBrowser)).statusCode, url).toBe(200);
      }

      // Two failures from one IPv6 /64 lock that network out of the account, whichever address it uses…
      for (const host of ['1', '2'])
        expect((await post({ ...account, password: 'nope' }, `2001:db8:${n}:60::${host}`)).statusCode).toBe(
          401,
        );
      expect((await post(account, `2001:db8:${n}:60:ffff::7`)).statusCode, url).toBe(429);
      // …and no other network.
      expect((await post(account, `2001:db8:${n}:61::1`)).statusCode, url).toBe(200);
    }
    // Some sixty sign-ins, each hashing a password on purpose slowly: twice the usual bound.
  }, 120_000);
});
