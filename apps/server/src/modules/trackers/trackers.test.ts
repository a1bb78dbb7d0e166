import { and, asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverLocations, tripDestinations, trips, tripTypes, warehouses } from '../../db/schema/index.ts';
import { routePort } from '../../platform/route-port.ts';
import { call, createTestApp, DEMO, type TestApp, WAIT } from '../../test/app.ts';

/**
 * Tracker intake: OsmAnd (Traccar Client and compatible apps) and OwnTracks report positions by the
 * Tracker ID set on a driver.
 */

let t: TestApp;
let admin: string;
let osmDriver: number;
let owntracksDriver: number;
let headerDriver: number;
let tidDriver: number;

/** A driver of the demo tenant whose Tracker ID is `device_id`. */
const addDriver = async (fname: string, device_id: string) =>
  (
    await call(t, admin, 'POST', '/api/driver/add-driver', {
      fname,
      lname: 'Tracker',
      email: `${fname.toLowerCase()}.tracker@desert.example`,
      password: 'lemon-tree-42',
      bus_id: null,
      hourly_rate: 0,
      language: null,
      device_id,
    })
  ).body.data.id as number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  osmDriver = await addDriver('Osman', '358240051111110');
  owntracksDriver = await addDriver('Jane', 'owntracks-jane-phone');
  headerDriver = await addDriver('Omar', 'omar-pixel');
  tidDriver = await addDriver('Tina', 'TT');
});
afterAll(() => t.close());

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const minutesAgo = (minutes: number) => new Date(Math.floor((Date.now() - minutes * 60_000) / 1000) * 1000);
const newest = async (driverId: number) =>
  (
    await t.database.db
      .select()
      .from(driverLocations)
      .where(eq(driverLocations.driverId, driverId))
      .orderBy(desc(driverLocations.receivedAt), desc(driverLocations.id))
      .limit(1)
  )[0];
const storedCount = async () => (await t.database.db.select({ n: count() }).from(driverLocations))[0]!.n;
const osmand = (
  query: string,
  init: { method?: 'GET' | 'POST' | 'PUT'; payload?: string; type?: string } = {},
) =>
  t.app.inject({
    method: init.method ?? 'GET',
    url: `/api/osmand${query ? `?${query}` : ''}`,
    ...(init.payload !== undefined
      ? {
          payload: init.payload,
          headers: { 'content-type': init.type ?? 'application/x-www-form-urlencoded' },
        }
      : {}),
  });

describe('/api/osmand', () => {
  it('stores a position from the query string, in km/h, answering 200 with an empty body', async () => {
    const at = minutesAgo(10);
    const res = await osmand(
      `id=358240051111110&lat=25.2048&lon=55.2708&timestamp=${seconds(at)}&speed=10&bearing=92.5` +
        `&altitude=7&accuracy=4.5&hdop=1.2&batt=77&valid=true&driverUniqueId=badge-7&charge=false`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(await newest(osmDriver)).toMatchObject({
      tenantId: DEMO.delivery.tenantId,
      lat: 25.2048,
      lon: 55.2708,
      recordedAt: at,
      speed: 18.52,
      course: 92.5,
      altitude: 7,
      accuracy: 4.5,
      battery: 77,
      source: 'osmand',
      attributes: { hdop: 1.2, valid: true, driverUniqueId: 'badge-7', charge: false },
    });
  });

  it("takes Traccar Client's POST: the parameters in the query string, an empty body", async () => {
    const port = routePort(t.app, '/api/osmand');
    const number = await port.listen(0, '127.0.0.1');
    try {
      const at = minutesAgo(55);
      const res = await fetch(
        `http://127.0.0.1:${number}/api/osmand?id=358240051111110&lat=25.31&lon=55.31&timestamp=${seconds(at)}`,
        { method: 'POST' },
      );
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      const [stored] = await t.database.db
        .select()
        .from(driverLocations)
        .where(and(eq(driverLocations.driverId, osmDriver), eq(driverLocations.recordedAt, at)));
      expect(stored).toMatchObject({ lat: 25.31, lon: 55.31, source: 'osmand' });
    } finally {
      await port.close();
    }
  });

  it('reads a form body (POST), `deviceid`, `heading` and `location=lat,lon`', async () => {
    const at = minutesAgo(9);
    const form = await osmand('', {
      method: 'POST',
      payload: `deviceid=358240051111110&location=25.1%2C55.1&timestamp=${seconds(at)}&heading=180`,
    });
    expect(form.statusCode).toBe(200);
    expect(await newest(osmDriver)).toMatchObject({ lat: 25.1, lon: 55.1, recordedAt: at, course: 180 });
    // Query and form together, as some apps send them, and any method.
    const mixed = await osmand('id=358240051111110', {
      method: 'PUT',
      payload: `lat=25.3&lon=55.3&timestamp=${seconds(minutesAgo(8))}`,
    });
    expect(mixed.statusCode).toBe(200);
    expect(await newest(osmDriver)).toMatchObject({ lat: 25.3, lon: 55.3 });
  });

  it('reads every timestamp style: Unix seconds and milliseconds, ISO 8601, yyyy-MM-dd HH:mm:ss (UTC), and none (now)', async () => {
    const at = minutesAgo(7);
    const later = (ms: number) => new Date(at.getTime() + ms);
    const styles: [string, Date][] = [
      [String(seconds(at)), at],
      [String(later(1000).getTime()), later(1000)],
      [later(2000).toISOString(), later(2000)],
      // The same moment written in Dubai time, with its offset.
      [
        encodeURIComponent(
          new Date(later(3000).getTime() + 4 * 3600_000).toISOString().replace('.000Z', '+04:00'),
        ),
        later(3000),
      ],
      [encodeURIComponent(later(4000).toISOString().replace('T', ' ').slice(0, 19)), later(4000)],
    ];
    for (const [timestamp, expected] of styles) {
      const res = await osmand(`id=358240051111110&lat=25.4&lon=55.4&timestamp=${timestamp}`);
      expect(res.statusCode, timestamp).toBe(200);
      expect((await newest(osmDriver))?.recordedAt, timestamp).toEqual(expected);
    }
    const before = Date.now();
    expect((await osmand('id=358240051111110&lat=25.5&lon=55.5')).statusCode).toBe(200);
    const now = (await newest(osmDriver))!.recordedAt.getTime();
    expect(now).toBeGreaterThanOrEqual(before - 1);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('reads the JSON of Traccar Client 9+: speed in m/s, battery level 0–1, the rest kept', async () => {
    const at = minutesAgo(6);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/osmand',
      payload: {
        device_id: '358240051111110',
        location: {
          timestamp: at.toISOString(),
          coords: { latitude: 25.6, longitude: 55.6, speed: 10, heading: 45, altitude: 12, accuracy: 6 },
          is_moving: true,
          odometer: 1234.5,
          event: 'motionchange',
          battery: { level: 0.83, is_charging: true },
          activity: { type: 'in_vehicle' },
          extras: { plate: 'DXB 1' },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(await newest(osmDriver)).toMatchObject({
      lat: 25.6,
      lon: 55.6,
      recordedAt: at,
      speed: 36,
      course: 45,
      altitude: 12,
      accuracy: 6,
      battery: 83,
      source: 'osmand',
      attributes: {
        event: 'motionchange',
        is_moving: true,
        odometer: 1234.5,
        activity: 'in_vehicle',
        charging: true,
        plate: 'DXB 1',
      },
    });
    // iOS reports −1 for a speed and heading it does not know: stored as unknown, not refused.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/osmand',
      payload: {
        device_id: '358240051111110',
        location: {
          timestamp: minutesAgo(5).toISOString(),
          coords: { latitude: 25.7, longitude: 55.7, speed: -1, heading: -1 },
          battery: { level: -1 },
        },
      },
    });
    expect(unknown.statusCode).toBe(200);
    expect(await newest(osmDriver)).toMatchObject({ lat: 25.7, speed: null, course: null, battery: null });
  });

  it('answers 400 to a missing or unknown id, and stores nothing', async () => {
    const before = await storedCount();
    const missing = await osmand('lat=25.2&lon=55.2');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'id', message: 'id is required: the Tracker ID set on the driver' },
    ]);
    const unknown = await osmand('id=no-such-phone&lat=25.2&lon=55.2');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().responseMessage).toBe(
      'Unknown tracker ID: set it as the Tracker ID of a driver first.',
    );
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/osmand',
      payload: { device_id: 'no-such-phone', location: { coords: { latitude: 1, longitude: 1 } } },
    });
    expect(json.statusCode).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it('refuses with a 400 naming the parameter what it cannot read, and stores nothing', async () => {
    const before = await storedCount();
    const cases: [string, string][] = [
      ['lat=north&lon=55', 'lat'],
      ['lon=55', 'lat'],
      ['location=25.1', 'location'],
      ['lat=25&lon=55&timestamp=last-tuesday', 'timestamp'],
      ['lat=25&lon=55&timestamp=2026-02-30%2010:00:00', 'timestamp'],
    ];
    for (const [query, field] of cases) {
      const res = await osmand(`id=358240051111110&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors?.[0]?.path, query).toBe(field);
      expect(res.json().responseMessage, query).toContain(field);
    }
    expect(await storedCount()).toBe(before);
  });

  it("acknowledges a known tracker's fix it will not store, stores none of it, and shows the console why", async () => {
    const driverId = await addDriver('Gina', 'phone-with-a-wrong-clock');
    const ignoredOf = async () =>
      (await call(t, admin, 'POST', '/api/driver/get-driver-locations-for-today', { id: driverId })).body.data
        .ignored_fixes;
    const before = await storedCount();
    // Traccar Client resends its oldest fix until it is answered 200: a fix from 2013 is acknowledged.
    const old = await osmand(
      `id=phone-with-a-wrong-clock&lat=25.2&lon=55.2&timestamp=${Date.UTC(2013, 7, 22, 9) / 1000}`,
    );
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('');
    expect(await storedCount()).toBe(before);
    expect(await ignoredOf()).toMatchObject({
      count: 1,
      last_reason: 'too_old',
      last_detail: 'time 2013-08-22, outside the 90-day window',
    });

    const cases: [string, string, string][] = [
      [
        `lat=25&lon=55&timestamp=${Date.UTC(2031, 4, 4, 10, 20) / 1000}`,
        'in_future',
        "time 2031-05-04 10:20, more than 5 minutes ahead of the server's clock",
      ],
      ['lat=95&lon=55', 'coordinates', 'coordinates 95, 55 out of range'],
      ['lat=25&lon=55&speed=300', 'out_of_range', 'speed 555.6 out of range (0 to 400 km/h)'],
      ['lat=25&lon=55&bearing=400', 'out_of_range', 'course 400 out of range (0 to 360 degrees)'],
      ['lat=25&lon=55&batt=150', 'out_of_range', 'battery 150 out of range (0 to 100 percent)'],
      ['lat=25&lon=55&accuracy=-5', 'out_of_range', 'accuracy -5 out of range (0 to 1000000 metres)'],
    ];
    let count = 1;
    for (const [query, reason, detail] of cases) {
      const res = await osmand(`id=phone-with-a-wrong-clock&${query}`);
      expect(res.statusCode, query).toBe(200);
      count += 1;
      expect(await ignoredOf(), query).toMatchObject({ count, last_reason: reason, last_detail: detail });
    }
    expect(await storedCount()).toBe(before);

    // Traccar Client 9+ sends several fixes at once: the good one is stored, the old one counted.
    const good = minutesAgo(3);
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/osmand',
      payload: {
        device_id: 'phone-with-a-wrong-clock',
        location: [
          { timestamp: '2013-08-22T09:05:00Z', coords: { latitude: 25.3, longitude: 55.3 } },
          { timestamp: good.toISOString(), coords: { latitude: 25.4, longitude: 55.4 } },
        ],
      },
    });
    expect(mixed.statusCode).toBe(200);
    expect(await storedCount()).toBe(before + 1);
    expect(await newest(driverId)).toMatchObject({ lat: 25.4, recordedAt: good });
    expect(await ignoredOf()).toMatchObject({ count: count + 1, last_reason: 'too_old' });

    // An id nobody has stays a 400, and counts nothing.
    const unknown = await osmand(
      `id=no-such-phone&lat=25.2&lon=55.2&timestamp=${Date.UTC(2013, 7, 22) / 1000}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(await ignoredOf()).toMatchObject({ count: count + 1 });
  });

  it('is refused to a browser posting from another site, but not to trackers, which send no Origin', async () => {
    const query = `id=358240051111110&lat=25.8&lon=55.8&timestamp=${seconds(minutesAgo(4))}`;
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/osmand?${query}`,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await osmand(query, { method: 'POST', payload: '' })).statusCode).toBe(200);
  });

  it("stops taking an archived driver's tracker at once, and takes a new Tracker ID at once", async () => {
    const driver = (
      await call(t, admin, 'POST', '/api/driver/add-driver', {
        fname: 'Short',
        lname: 'Lived',
        email: 'short.lived@desert.example',
        password: 'lemon-tree-42',
        bus_id: null,
        hourly_rate: 0,
        language: null,
        device_id: 'short-lived',
      })
    ).body.data;
    expect((await osmand('id=short-lived&lat=25&lon=55')).statusCode).toBe(200);
    expect((await osmand('id=renamed&lat=25&lon=55')).statusCode).toBe(400);
    await call(t, admin, 'POST', '/api/driver/save-web', {
      ...driver,
      password: null,
      device_id: 'renamed',
    });
    expect((await osmand('id=renamed&lat=25&lon=55.01')).statusCode).toBe(200);
    await call(t, admin, 'POST', '/api/driver/archive', { id: driver.id });
    expect((await osmand('id=renamed&lat=25&lon=55.02')).statusCode).toBe(400);
  });

  it("lets the driver's trip follow the tracker: leaving the origin starts it, reaching a stop arrives", async () => {
    const tenantId = DEMO.delivery.tenantId;
    const [origin] = await t.database.db
      .select()
      .from(warehouses)
      .where(eq(warehouses.tenantId, tenantId))
      .limit(1);
    const [type] = await t.database.db
      .select()
      .from(tripTypes)
      .where(eq(tripTypes.tenantId, tenantId))
      .limit(1);
    const north = (meters: number) => ({ lat: origin!.lat! + meters / 111_320, lon: origin!.lon! });
    const driver = (
      await call(t, admin, 'POST', '/api/driver/add-driver', {
        fname: 'Follow',
        lname: 'Tracker',
        email: 'follow.tracker@desert.example',
        password: 'lemon-tree-42',
        bus_id: null,
        hourly_rate: 0,
        language: null,
        device_id: 'follow-phone',
      })
    ).body.data;
    const start = new Date(Date.now() - 5 * 60_000);
    const trip = await call(t, admin, 'POST', '/api/trip/add-trip', {
      driver_id: driver.id,
      warehouse_id: origin!.id,
      type: type!.id,
      start_date: start.toISOString().slice(0, 19).replace('T', ' '),
      departure_time_range: 15,
      destinations: [
        {
          destination_name: 'North gate',
          destination_lat: north(2000).lat,
          destination_lon: north(2000).lon,
          tasks: [],
        },
      ],
    });
    expect(trip.status, trip.body.responseMessage).toBe(200);
    const tripId: number = trip.body.data.id;
    const at = (secondsAgo: number) => seconds(new Date(Date.now() - secondsAgo * 1000));
    for (const [secondsAgo, meters] of [
      [240, 10],
      [230, 400],
      [120, 1990],
    ] as const) {
      const { lat, lon } = north(meters);
      expect(
        (await osmand(`id=follow-phone&lat=${lat}&lon=${lon}&timestamp=${at(secondsAgo)}`)).statusCode,
      ).toBe(200);
    }
    // The tracker was answered at commit; the trip follows right after.
    await vi.waitFor(async () => {
      const [row] = await t.database.db.select().from(trips).where(eq(trips.id, tripId));
      expect(row?.startedDate).not.toBeNull();
      const [stop] = await t.database.db
        .select()
        .from(tripDestinations)
        .where(and(eq(tripDestinations.tenantId, tenantId), eq(tripDestinations.tripId, tripId)))
        .orderBy(asc(tripDestinations.position));
      expect(stop?.arrivedDate).not.toBeNull();
    }, WAIT);
  });

  it('answers on a port of its own too (OSMAND_PORT), whatever the path', async () => {
    const port = routePort(t.app, '/api/osmand');
    const number = await port.listen(0, '127.0.0.1');
    try {
      const at = minutesAgo(3);
      const res = await fetch(
        `http://127.0.0.1:${number}/?id=358240051111110&lat=25.9&lon=55.9&timestamp=${seconds(at)}`,
      );
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      expect(await newest(osmDriver)).toMatchObject({ lat: 25.9, lon: 55.9, recordedAt: at });
      const form = await fetch(`http://127.0.0.1:${number}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=358240051111110&lat=25.95&lon=55.95&timestamp=${seconds(minutesAgo(2))}`,
      });
      expect(form.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${number}/?id=nobody&lat=1&lon=1`)).status).toBe(400);
    } finally {
      await port.close();
    }
  });
});

describe('/api/owntracks', () => {
  const owntracks = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/owntracks', payload, headers });

  it('stores a location found by its topic, and answers an empty JSON array', async () => {
    const at = minutesAgo(10);
    const res = await owntracks({
      _type: 'location',
      topic: 'owntracks/jane/phone',
      tid: 'JP',
      lat: 25.21,
      lon: 55.31,
      tst: seconds(at),
      vel: 54,
      cog: 270,
      alt: 9,
      acc: 12,
      batt: 64,
      conn: 'm',
      t: 'u',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(await newest(owntracksDriver)).toMatchObject({
      lat: 25.21,
      lon: 55.31,
      recordedAt: at,
      speed: 54,
      course: 270,
      altitude: 9,
      accuracy: 12,
      battery: 64,
      source: 'owntracks',
      attributes: { conn: 'm', t: 'u' },
    });
  });

  it('finds the device by the X-Limit-U and X-Limit-D headers, or by its tid', async () => {
    const byHeaders = await owntracks(
      { _type: 'location', tid: 'OP', lat: 25.22, lon: 55.32, tst: seconds(minutesAgo(9)) },
      { 'x-limit-u': 'omar', 'x-limit-d': 'pixel' },
    );
    expect(byHeaders.statusCode).toBe(200);
    expect(await newest(headerDriver)).toMatchObject({ lat: 25.22, source: 'owntracks' });
    const byTid = await owntracks({
      _type: 'location',
      tid: 'TT',
      lat: 25.23,
      lon: 55.33,
      tst: seconds(minutesAgo(8)),
    });
    expect(byTid.statusCode).toBe(200);
    expect(await newest(tidDriver)).toMatchObject({ lat: 25.23 });
  });

  it('answers other messages with an empty array and stores nothing', async () => {
    const before = await storedCount();
    for (const payload of [
      { _type: 'transition', event: 'enter', desc: 'Depot', tst: seconds(minutesAgo(1)), tid: 'TT' },
      { _type: 'lwt', tst: seconds(minutesAgo(1)) },
      { _type: 'waypoint', desc: 'Home', lat: 25, lon: 55, rad: 50, tst: 1 },
    ]) {
      const res = await owntracks(payload);
      expect(res.statusCode, payload._type).toBe(200);
      expect(res.json()).toEqual([]);
    }
    expect(await storedCount()).toBe(before);
  });

  it('answers 400 to an unknown or missing device and to values it cannot read, and stores nothing', async () => {
    const before = await storedCount();
    const unknown = await owntracks({
      _type: 'location',
      topic: 'owntracks/x/y',
      lat: 25,
      lon: 55,
      tst: seconds(new Date()),
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await owntracks({ _type: 'location', lat: 25, lon: 55, tst: seconds(new Date()) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('topic');
    const cases: [Record<string, unknown>, string][] = [
      [{ tst: 'soon' }, 'tst'],
      [{ lat: 'north' }, 'lat'],
    ];
    for (const [bad, field] of cases) {
      const res = await owntracks({
        _type: 'location',
        tid: 'TT',
        lat: 25,
        lon: 55,
        tst: seconds(new Date()),
        ...bad,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[0].path, field).toBe(field);
    }
    expect(await storedCount()).toBe(before);
  });

  it("acknowledges a known device's location it will not store with its JSON array, and counts it", async () => {
    const driverId = await addDriver('Olga', 'owntracks-olga-phone');
    const ignoredOf = async () =>
      (await call(t, admin, 'POST', '/api/driver/get-driver-locations-for-today', { id: driverId })).body.data
        .ignored_fixes;
    const before = await storedCount();
    const location = { _type: 'location', topic: 'owntracks/olga/phone', lat: 25, lon: 55 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tst: Date.UTC(2013, 7, 22, 9) / 1000 }, 'too_old', 'time 2013-08-22, outside the 90-day window'],
      [{ lat: 100 }, 'coordinates', 'coordinates 100, 55 out of range'],
      [{ vel: 900 }, 'out_of_range', 'speed 900 out of range (0 to 400 km/h)'],
      [{ batt: 140 }, 'out_of_range', 'battery 140 out of range (0 to 100 percent)'],
    ];
    let count = 0;
    for (const [bad, reason, detail] of cases) {
      const res = await owntracks({ ...location, tst: seconds(minutesAgo(1)), ...bad });
      const where = JSON.stringify(bad);
      expect(res.statusCode, where).toBe(200);
      expect(res.json(), where).toEqual([]);
      count += 1;
      expect(await ignoredOf(), where).toMatchObject({ count, last_reason: reason, last_detail: detail });
    }
    expect(await storedCount()).toBe(before);
  });
});
