import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/app.ts';

let t: TestApp;
let webDir: string;
let driverDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Fleet Console</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  driverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-driver-'));
  fs.mkdirSync(path.join(driverDir, 'assets'));
  fs.writeFileSync(path.join(driverDir, 'index.html'), '<!doctype html><title>Driver</title>');
  fs.writeFileSync(path.join(driverDir, 'assets', 'index-abcd.js'), 'console.log(2)');
  fs.writeFileSync(path.join(driverDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(driverDir, 'manifest.webmanifest'), '{"name":"Fleet Driver"}');
  t = await createTestApp({ WEB_DIST_DIR: webDir, DRIVER_DIST_DIR: driverDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
  fs.rmSync(driverDir, { recursive: true, force: true });
});

describe('driver app hosting (/driver)', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it("answers the driver app's page at /driver/ and at any of its own paths, never the console's", async () => {
    for (const url of ['/driver/', '/driver/trips/12', '/driver/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Driver</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const bare = await get('/driver');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/driver/');
  });

  it('serves its files: hashed assets for a year, the service worker and the manifest revalidated', async () => {
    const asset = await get('/driver/assets/index-abcd.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await get('/driver/sw.js');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/driver/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect(manifest.json()).toEqual({ name: 'Fleet Driver' });
  });

  it("answers a missing file under /driver with a 404, and leaves the console's pages to the console", async () => {
    const missing = await get('/driver/assets/gone-0000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ responseCode: 0 });
    const console = await get('/drivers');
    expect(console.body).toContain('<title>Fleet Console</title>');
  });
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
