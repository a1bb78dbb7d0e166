import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/app.ts';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Fleet Console</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports that the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
  });
});

describe('GET /api/openapi.json', () => {
  it('describes the API from the route schemas, and /api/docs serves the interactive docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/admin/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
    expect(Object.keys(doc.paths)).toContain('/api/tenant-settings/get-settings');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/html/);
  });
});

describe('web app hosting', () => {
  it('answers index.html for console and public paths (path-based routing)', async () => {
    for (const url of ['/', '/overview', '/tenant/3/admins', '/login?next=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Fleet Console</title>');
    }
  });

  it('serves built assets with long caching, and a missing asset is a real 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-9999.js' })).statusCode).toBe(404);
  });

  it('answers an unknown API path with the 404 envelope, not the app', async () => {
    const cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ responseCode: 0, responseMessage: 'No such API route.', data: null });
  });
});
