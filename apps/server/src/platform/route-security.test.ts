import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/app.ts';

/**
 * Walks every registered API route and proves its guard: no session → 401 (except the declared
 * public list), a tenant admin naming another tenant → 403, a tenant admin on a super-admin route → 403,
 * the super admin on a tenant route → 403. New routes are covered without touching this file.
 */

// The only API routes anybody may call without signing in.
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/openapi.json',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  // The public site's content and its contact forms.
  'GET /api/content/landing-page',
  'GET /api/content/blogs',
  'POST /api/content/contacts',
  'POST /api/admin/send-email',
]);

let t: TestApp;
let tenantAdmin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  tenantAdmin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
});
afterAll(() => t.close());

const apiRoutes = () =>
  t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
      expect(res.json().responseCode, `${route.method} ${route.url}`).toBe(0);
    }
  });

  it("refuses another tenant's tenant_id in the query or the body on every signed-in route", async () => {
    const otherTenant = DEMO.namat.tenantId;
    for (const route of apiRoutes()) {
      if (route.access === 'public' || route.access === 'super') continue;
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

  it('refuses a tenant admin on every super-admin route, and the super admin on every tenant route', async () => {
    for (const route of apiRoutes()) {
      const cookie = route.access === 'super' ? tenantAdmin : route.access === 'tenant' ? superAdmin : null;
      if (!cookie) continue;
      const res = await t.app.inject({
        method: route.method as Method,
        url: concrete(route.url),
        headers: { cookie },
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
