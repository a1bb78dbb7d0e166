import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleet/contract';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { withoutPlusCode } from './service.ts';

/** A real local HTTP service answering every request with `answer(url)`; records the URLs asked. */
async function fakeService(answer: (url: URL) => { status: number; body: unknown }) {
  const asked: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    asked.push(url);
    const { status, body } = answer(url);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, asked, close: () => new Promise((r) => server.close(r)) };
}

const NOMINATIM = [
  {
    display_name: 'Dubai Mall, Financial Centre Road, Downtown Dubai, Dubai, UAE',
    lat: '25.1985',
    lon: '55.2796',
  },
  { display_name: 'broken row', lat: 'north', lon: '55' },
  { display_name: '6P2R+X4 Al Quoz Industrial Area 3, Dubai, UAE', lat: '25.1301', lon: '55.2409' },
];
const PHOTON = {
  type: 'FeatureCollection',
  features: [
    {
      geometry: { type: 'Point', coordinates: [55.1403, 25.0763] },
      properties: { name: 'Dubai Marina Mall', street: 'Sheikh Zayed Road', city: 'Dubai', country: 'UAE' },
    },
  ],
};

describe('app config and address search without a geocoder', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  });
  afterAll(() => t.close());

  it('tells the console that maps draw offline and address search is off', async () => {
    const res = await call(t, cookie, 'GET', '/api/app-config');
    expect(res.body.data).toEqual({ map_style_url: null, geocoder: false });
  });

  it('answers a search with 503 and a plain explanation', async () => {
    const res = await call(t, cookie, 'GET', '/api/geocode/search?q=dubai%20mall');
    expect(res.status).toBe(503);
    expect(res.body.responseMessage).toBe(MESSAGES.places.geocoderOff);
  });
});

describe('address search through a Nominatim- or Photon-compatible service', () => {
  const nominatim = fakeService(() => ({ status: 200, body: NOMINATIM }));
  const photon = fakeService(() => ({ status: 200, body: PHOTON }));
  const failing = fakeService(() => ({ status: 500, body: { error: 'down' } }));
  const apps: TestApp[] = [];
  const appFor = async (geocoderUrl: string, extra: Record<string, string> = {}) => {
    const t = await createTestApp({ GEOCODER_URL: geocoderUrl, ...extra });
    apps.push(t);
    return { t, cookie: await t.login(DEMO.delivery.email, DEMO.delivery.password) };
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await Promise.all([nominatim, photon, failing].map(async (s) => (await s).close()));
  });

  it('returns formatted addresses with their points from a Nominatim answer, skipping broken rows', async () => {
    const service = await nominatim;
    const { t, cookie } = await appFor(`${service.base}/search`, {
      MAP_STYLE_URL: 'https://tiles.example.org/style.json',
    });
    expect((await call(t, cookie, 'GET', '/api/app-config')).body.data).toEqual({
      map_style_url: 'https://tiles.example.org/style.json',
      geocoder: true,
    });
    const res = await call(t, cookie, 'GET', '/api/geocode/search?q=%20dubai%20mall%20');
    expect(res.body.data).toEqual([
      { name: 'Dubai Mall, Financial Centre Road, Downtown Dubai, Dubai, UAE', lat: 25.1985, lon: 55.2796 },
      { name: 'Al Quoz Industrial Area 3, Dubai, UAE', lat: 25.1301, lon: 55.2409 },
    ]);
    const asked = service.asked.at(-1)!;
    expect(asked.pathname).toBe('/search');
    expect(asked.searchParams.get('q')).toBe('dubai mall');
    expect(asked.searchParams.get('limit')).toBe('5');
  });

  it('reads a Photon answer and builds the address from its parts', async () => {
    const { t, cookie } = await appFor(`${(await photon).base}/api`);
    const res = await call(t, cookie, 'GET', '/api/geocode/search?q=marina');
    expect(res.body.data).toEqual([
      { name: 'Dubai Marina Mall, Sheikh Zayed Road, Dubai, UAE', lat: 25.0763, lon: 55.1403 },
    ]);
  });

  it('replaces plus-code style addresses with the formatted address around them', () => {
    expect(withoutPlusCode('7HQQ6P2R+X4, Al Quoz, Dubai')).toBe('Al Quoz, Dubai');
    expect(withoutPlusCode('6P2R+X4 Al Quoz, Dubai')).toBe('Al Quoz, Dubai');
    expect(withoutPlusCode('6P2R+X4')).toBe('6P2R+X4');
    expect(withoutPlusCode('Gate 4+5, Jebel Ali Port')).toBe('Gate 4+5, Jebel Ali Port');
  });

  it('refuses a too short query, and reports a failing service as 502 without its details', async () => {
    const { t, cookie } = await appFor(`${(await failing).base}/search`);
    const short = await call(t, cookie, 'GET', '/api/geocode/search?q=ab');
    expect(short.status).toBe(400);
    expect(short.body.responseMessage).toBe('Type at least 3 characters to search');
    const down = await call(t, cookie, 'GET', '/api/geocode/search?q=dubai');
    expect(down.status).toBe(502);
    expect(down.body.responseMessage).toBe(MESSAGES.places.geocoderFailed);
    expect(JSON.stringify(down.body)).not.toContain('500');
  });
});
