import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { HSTS, securityHeadersPlugin } from './security-headers.ts';

/*
 * The content security policy names only the product and its configured map hosts for data and
 * images, and Strict-Transport-Security goes out over HTTPS only (a trusted proxy's word counts).
 */

const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values] as const),
  );

async function appWith(env: Record<string, string>, trustProxy: boolean) {
  const config = loadConfig(env);
  const app = Fastify({ trustProxy });
  await app.register(securityHeadersPlugin, {
    mapStyleUrl: config.maps.styleUrl,
    mapAssetHosts: config.maps.assetHosts,
    imageHosts: config.imageHosts,
  });
  app.get('/page', async () => 'page');
  return app;
}

describe('security headers', () => {
  it('lets pages fetch and show images only from the product and the configured map and image hosts', async () => {
    const app = await appWith(
      {
        MAP_STYLE_URL: 'https://maps.example.com/styles/streets.json',
        MAP_ASSET_HOSTS: 'https://tiles.example.com, https://fonts.example.net:8443',
        IMAGE_HOSTS: 'https://cdn.example.org',
        GEOCODER_URL: 'https://nominatim.example.org/search',
        ROUTER_URL: 'https://osrm.example.org',
      },
      false,
    );
    const res = await app.inject({ method: 'GET', url: '/page' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://maps.example.com',
      'https://tiles.example.com',
      'https://fonts.example.net:8443',
    ]);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://maps.example.com',
      'https://tiles.example.com',
      'https://fonts.example.net:8443',
      'https://cdn.example.org',
    ]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    // The geocoder and the router are the server's to call, never the browser's.
    expect(String(res.headers['content-security-policy'])).not.toMatch(/nominatim|osrm|https:(\s|;|$)/);
    await app.close();
  });

  it('without map hosts (MAP_STYLE_URL=none), names the product alone', async () => {
    const app = await appWith({ MAP_STYLE_URL: 'none' }, false);
    const csp = directives(
      (await app.inject({ method: 'GET', url: '/page' })).headers['content-security-policy'],
    );
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    await app.close();
  });

  it("by default admits OpenFreeMap's street map, which serves its style, tiles, fonts and sprites from one host", async () => {
    const app = await appWith({}, false);
    const csp = directives(
      (await app.inject({ method: 'GET', url: '/page' })).headers['content-security-policy'],
    );
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://tiles.openfreemap.org']);
    expect(csp.get('img-src')).toContain('https://tiles.openfreemap.org');
    await app.close();
  });

  it('sends HSTS over HTTPS only: a trusted proxy saying https counts, an untrusted header does not', async () => {
    const behindProxy = await appWith({}, true);
    const viaHttps = await behindProxy.inject({
      method: 'GET',
      url: '/page',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaHttps.headers['strict-transport-security']).toBe(HSTS);
    const viaHttp = await behindProxy.inject({ method: 'GET', url: '/page' });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
    await behindProxy.close();

    const direct = await appWith({}, false);
    const forged = await direct.inject({
      method: 'GET',
      url: '/page',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    await direct.close();
  });

  it('refuses a map or image host that is not an https origin', () => {
    expect(() => loadConfig({ MAP_ASSET_HOSTS: 'http://tiles.example.com' })).toThrowError(/MAP_ASSET_HOSTS/);
    expect(() => loadConfig({ IMAGE_HOSTS: 'https://cdn.example.org/images' })).toThrowError(/IMAGE_HOSTS/);
    expect(loadConfig({ IMAGE_HOSTS: ' https://cdn.example.org/ ' }).imageHosts).toEqual([
      'https://cdn.example.org',
    ]);
  });
});
