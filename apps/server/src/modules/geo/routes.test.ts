import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LRUCache } from 'lru-cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleet/contract';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { loadConfig } from '../../config.ts';
import {
  drivingTable,
  parseRouterAnswer,
  ROUTER_TABLE_MAX,
  withoutPlusCode,
  type TDriveCache,
} from './service.ts';

/**
 * A real local HTTP service answering every request with `answer(url)` (JSON, or `raw` text as it
 * is); records the URLs asked.
 */
async function fakeService(answer: (url: URL) => { status: number; body?: unknown; raw?: string }) {
  const asked: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    asked.push(url);
    const { status, body, raw } = answer(url);
    res.writeHead(status, { 'content-type': raw === undefined ? 'application/json' : 'text/html' });
    res.end(raw ?? JSON.stringify(body));
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

const WAYPOINTS = '55.2796,25.1985;55.1403,25.0763;55.2409,25.1301';
/** An OSRM answer for a route through the waypoints: a GeoJSON line, metres and seconds. */
const OSRM = {
  code: 'Ok',
  routes: [
    {
      geometry: {
        type: 'LineString',
        coordinates: [
          [55.27961, 25.19852],
          [55.2, 25.12],
          [55.14031, 25.07629],
          [55.24088, 25.13012],
        ],
      },
      distance: 41_250.4,
      duration: 2_710.9,
      legs: [],
    },
  ],
  waypoints: [],
};

describe('app config, address search and directions without a geocoder or a router', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  });
  afterAll(() => t.close());

  it("tells the console the default street map (OpenFreeMap's), and that address search and road directions are off", async () => {
    const res = await call(t, cookie, 'GET', '/api/app-config');
    expect(res.body.data).toEqual({
      map_style_url: 'https://tiles.openfreemap.org/styles/liberty',
      geocoder: false,
      router: false,
    });
  });

  it('tells the driver app the map style too, with its bearer token', async () => {
    const drivers = await call(t, cookie, 'POST', '/api/driver/get-drivers', {});
    const driverId: number = drivers.body.data.drivers?.[0]?.id ?? drivers.body.data[0].id;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/app-config',
      headers: { authorization: await t.driverToken(driverId) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      map_style_url: 'https://tiles.openfreemap.org/styles/liberty',
      geocoder: false,
      router: false,
    });
  });

  it('answers a search with 503 and a plain explanation', async () => {
    const res = await call(t, cookie, 'GET', '/api/geocode/search?q=dubai%20mall');
    expect(res.status).toBe(503);
    expect(res.body.responseMessage).toBe(MESSAGES.places.geocoderOff);
  });

  it('says plainly that legs are drawn straight', async () => {
    const res = await call(t, cookie, 'GET', `/api/v1/directions?coordinates=${WAYPOINTS}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ responseCode: 0, responseMessage: MESSAGES.directions.off, data: null });
  });

  it('refuses waypoints that are not 2 to 23 "lon,lat" pairs, naming the field', async () => {
    const tooMany = Array.from({ length: 24 }, (_, i) => `55.${i},25.1`).join(';');
    for (const coordinates of ['55.2,25.1', '55.2,25.1;55.3', 'a,b;c,d', '55.2,95;55.3,25.1', tooMany, '']) {
      const res = await call(
        t,
        cookie,
        'GET',
        `/api/v1/directions?coordinates=${encodeURIComponent(coordinates)}`,
      );
      expect(res.status, coordinates).toBe(400);
      expect(res.body.errors?.[0]?.path, coordinates).toBe('coordinates');
    }
    const missing = await call(t, cookie, 'GET', '/api/v1/directions');
    expect([missing.status, missing.body.errors?.[0]?.path]).toEqual([400, 'coordinates']);
  });

  it('is for signed-in admins only', async () => {
    const res = await t.app.inject({ url: `/api/v1/directions?coordinates=${WAYPOINTS}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('address search through a Nominatim- or Photon-compatible service', () => {
  // One geocoder answering in either service's shape, or failing, by the query: the console reads
  // an answer by its shape, so one app asks it all.
  const geocoder = fakeService((url) => {
    const q = url.searchParams.get('q');
    if (q === 'marina') return { status: 200, body: PHOTON };
    if (q === 'dubai') return { status: 500, body: { error: 'down' } };
    return { status: 200, body: NOMINATIM };
  });
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({
      GEOCODER_URL: `${(await geocoder).base}/search`,
      MAP_STYLE_URL: 'https://tiles.example.org/style.json',
    });
    cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  });
  afterAll(async () => {
    await t.close();
    await (await geocoder).close();
  });

  it('returns formatted addresses with their points from a Nominatim answer, skipping broken rows', async () => {
    const service = await geocoder;
    expect((await call(t, cookie, 'GET', '/api/app-config')).body.data).toEqual({
      map_style_url: 'https://tiles.example.org/style.json',
      geocoder: true,
      router: false,
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
    const short = await call(t, cookie, 'GET', '/api/geocode/search?q=ab');
    expect(short.status).toBe(400);
    expect(short.body.responseMessage).toBe('Type at least 3 characters to search');
    const down = await call(t, cookie, 'GET', '/api/geocode/search?q=dubai');
    expect(down.status).toBe(502);
    expect(down.body.responseMessage).toBe(MESSAGES.places.geocoderFailed);
    expect(JSON.stringify(down.body)).not.toContain('500');
  });
});

describe('GET /api/v1/directions through an OSRM-compatible router', () => {
  // The fake router answers by the first waypoint's longitude: 1 no route, 2 down, 3 nonsense, else the route.
  const router = fakeService((url) => {
    const path = decodeURIComponent(url.pathname);
    if (path.includes('/table/v1/driving/')) {
      // Every drive 10 minutes and 5 km; down when a place is at longitude 2.
      const places = path.split('/').at(-1)!.split(';');
      if (places.some((p) => p.startsWith('2,'))) return { status: 503, raw: '<h1>down</h1>' };
      const square = (value: number) => places.map((_, i) => places.map((_, j) => (i === j ? 0 : value)));
      return { status: 200, body: { code: 'Ok', durations: square(600), distances: square(5000) } };
    }
    const first = path.split('/').at(-1)?.split(',')[0];
    if (first === '1')
      return { status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } };
    if (first === '2') return { status: 503, raw: '<h1>upstream maintenance window</h1>' };
    if (first === '3') return { status: 200, body: { routes: 'none' } };
    return { status: 200, body: OSRM };
  });
  const apps = new Map<string, Promise<{ t: TestApp; cookie: string }>>();
  /** The app asking the router at `routerUrl`, made once for the tests that share it. */
  const appFor = (routerUrl: string) => {
    let made = apps.get(routerUrl);
    if (!made) {
      made = createTestApp({ ROUTER_URL: routerUrl }).then(async (t) => ({
        t,
        cookie: await t.login(DEMO.delivery.email, DEMO.delivery.password),
      }));
      apps.set(routerUrl, made);
    }
    return made;
  };
  const directions = (t: TestApp, cookie: string, coordinates: string) =>
    call(t, cookie, 'GET', `/api/v1/directions?coordinates=${encodeURIComponent(coordinates)}`);
  afterAll(async () => {
    await Promise.all([...apps.values()].map(async (made) => (await made).t.close()));
    await (await router).close();
  });

  it('answers the road path through the waypoints, asking the router for the full GeoJSON line', async () => {
    const service = await router;
    const { t, cookie } = await appFor(`${service.base}/osrm/`);
    expect((await call(t, cookie, 'GET', '/api/app-config')).body.data).toMatchObject({ router: true });
    const res = await directions(t, cookie, WAYPOINTS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      responseCode: 1,
      responseMessage: '',
      data: {
        coordinates: OSRM.routes[0]!.geometry.coordinates,
        distance_m: 41_250.4,
        duration_s: 2_710.9,
      },
    });
    const asked = service.asked.at(-1)!;
    expect(decodeURIComponent(asked.pathname)).toBe(`/osrm/route/v1/driving/${WAYPOINTS}`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ overview: 'full', geometries: 'geojson' });

    // "No route", a router that fails, one that answers nonsense: 502, never in the router's words.
    for (const [first, message] of [
      ['1', MESSAGES.directions.failed],
      ['2', MESSAGES.directions.unavailable],
      ['3', MESSAGES.directions.unavailable],
    ] as const) {
      const failed = await directions(t, cookie, `${first},25.1;55.2,25.2`);
      expect(failed.status, first).toBe(502);
      expect(failed.body).toEqual({ responseCode: 0, responseMessage: message, data: null });
      expect(JSON.stringify(failed.body)).not.toMatch(/Impossible|maintenance|503|NoRoute/);
    }
  });

  it("orders a trip's stops by the router's table, and by straight lines when it does not answer", async () => {
    const service = await router;
    const { t, cookie } = await appFor(`${service.base}/osrm/`);
    const origin = (await call(t, cookie, 'GET', '/api/warehouse/get-warehouse')).body.data[0];
    const stop = (lon: number, lat: number) => ({
      lon,
      lat,
      driving_time: '',
      staying_time: '',
      driving_time_range: '',
    });
    const order = (destinations: object[]) =>
      call(t, cookie, 'POST', '/api/v1/trips/optimise-order', { warehouse_id: origin.id, destinations });
    const routed = await order([stop(55.2, 25.1), stop(55.3, 25.2)]);
    expect(routed.status, routed.body.responseMessage).toBe(200);
    expect(routed.body.data).toMatchObject({
      order: [0, 1],
      driving_time: [10, 10],
      before: { distance_km: 10, driving_minutes: 20, late_stops: 0 },
      estimate: 'Driving times and distances are the router’s.',
    });
    const asked = service.asked.at(-1)!;
    expect(decodeURIComponent(asked.pathname)).toBe(
      `/osrm/table/v1/driving/${origin.lon},${origin.lat};55.2,25.1;55.3,25.2`,
    );
    expect(Object.fromEntries(asked.searchParams)).toEqual({ annotations: 'duration,distance' });

    const fallback = await order([stop(2, 25.1), stop(55.3, 25.2)]);
    expect(fallback.status).toBe(200);
    expect(fallback.body.data.estimate).toBe(
      'The router did not answer: driving times are estimated from straight-line distances at 40 km/h.',
    );
  });

  it('reports a router nobody answers at as 502', async () => {
    const closed = await fakeService(() => ({ status: 200, body: OSRM }));
    await closed.close();
    const { t, cookie } = await appFor(closed.base);
    const res = await directions(t, cookie, WAYPOINTS);
    expect([res.status, res.body.responseMessage]).toEqual([502, MESSAGES.directions.unavailable]);
  });

  it('reads only well-formed routes from an answer', () => {
    expect(parseRouterAnswer({ code: 'NoSegment' })).toBe('no-route');
    expect(parseRouterAnswer({ code: 'Ok', routes: [] })).toBe('no-route');
    expect(
      parseRouterAnswer({
        code: 'Ok',
        routes: [{ geometry: { coordinates: [[200, 25]] }, distance: 1, duration: 1 }],
      }),
    ).toBeNull();
    expect(
      parseRouterAnswer({
        code: 'Ok',
        routes: [{ geometry: { coordinates: [] }, distance: '1', duration: 1 }],
      }),
    ).toBeNull();
    expect(parseRouterAnswer('<html>')).toBeNull();
  });

  it('takes ROUTER_URL as an http(s) address only', () => {
    expect(loadConfig({ ROUTER_URL: 'https://router.example.org' }).maps.routerUrl).toBe(
      'https://router.example.org',
    );
    expect(loadConfig({}).maps.routerUrl).toBeUndefined();
    expect(() => loadConfig({ ROUTER_URL: 'ftp://router.example.org' })).toThrowError(/ROUTER_URL/);
    expect(() => loadConfig({ ROUTER_URL: 'router' })).toThrowError(/ROUTER_URL/);
  });
});

describe("the router's table for more places than one request may name", () => {
  // Place i is at longitude 50 + i / 1000: the fake router drives 60 s and 1,000 m a step of i.
  const placeAt = (i: number): [number, number] => [50 + i / 1000, 25];
  const stepOf = (place: string) => Math.round((Number(place.split(',')[0]) - 50) * 1000);
  /** Longitudes whose chunks the router refuses (none by default). */
  let refused = new Set<number>();
  const router = fakeService((url) => {
    const named = decodeURIComponent(url.pathname).split('/').at(-1)!.split(';');
    if (named.length > ROUTER_TABLE_MAX) return { status: 400, body: { code: 'TooBig' } };
    if (named.some((p) => refused.has(stepOf(p)))) return { status: 503, raw: '<h1>down</h1>' };
    const pick = (name: string) => {
      const value = url.searchParams.get(name);
      return value === null ? named.map((_, i) => i) : value.split(';').map(Number);
    };
    const [sources, destinations] = [pick('sources'), pick('destinations')];
    const grid = (per: number) =>
      sources.map((s) => destinations.map((d) => per * Math.abs(stepOf(named[s]!) - stepOf(named[d]!))));
    return { status: 200, body: { code: 'Ok', durations: grid(60), distances: grid(1000) } };
  });
  const log = { warn: () => {} };
  afterAll(async () => (await router).close());

  it('asks in chunks of at most 100 places, assembles the whole table, and asks nothing again for known drives', async () => {
    const service = await router;
    const places = Array.from({ length: 130 }, (_, i) => placeAt(i));
    const cache: TDriveCache = new LRUCache({ max: 100_000 });
    const table = await drivingTable(`${service.base}/osrm`, places, log, cache);
    expect(table).not.toBeNull();
    for (const [from, to] of [
      [0, 129],
      [129, 0],
      [49, 50],
      [77, 3],
      [5, 5],
    ] as const) {
      expect(table!.seconds[from]![to], `${from} → ${to}`).toBe(60 * Math.abs(from - to));
      expect(table!.meters[from]![to], `${from} → ${to}`).toBe(1000 * Math.abs(from - to));
    }
    // Three runs of at most 50 places: each run with itself and with each other run.
    expect(service.asked).toHaveLength(9);
    for (const asked of service.asked)
      expect(decodeURIComponent(asked.pathname).split(';').length).toBeLessThanOrEqual(ROUTER_TABLE_MAX);

    const again = await drivingTable(`${service.base}/osrm`, places.slice(10, 60), log, cache);
    expect(again!.seconds[0]![49]).toBe(60 * 49);
    expect(service.asked).toHaveLength(9);
  });

  it('answers no table when one chunk fails, and keeps the drives the router did answer', async () => {
    const service = await router;
    const before = service.asked.length;
    refused = new Set([120]);
    const cache: TDriveCache = new LRUCache({ max: 100_000 });
    const places = Array.from({ length: 130 }, (_, i) => placeAt(i));
    expect(await drivingTable(`${service.base}/osrm`, places, log, cache)).toBeNull();
    expect(service.asked.length - before).toBeLessThanOrEqual(9);
    refused = new Set();
    expect(await drivingTable(`${service.base}/osrm`, places.slice(0, 50), log, cache)).not.toBeNull();
  });
});
