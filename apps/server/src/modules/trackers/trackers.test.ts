import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRACKER_MESSAGES } from '@fleet/contract';
import {
  driverLocations,
  drivers,
  sessions,
  tripDestinations,
  trips,
  tripTypes,
  warehouses,
} from '../../db/schema/index.ts';
import { routePort } from '../../platform/route-port.ts';
import { call, createTestApp, DEMO, type TestApp, WAIT } from '../../test/app.ts';

/**
 * Tracker intake: OsmAnd (Traccar Client and compatible apps) and OwnTracks report positions with
 * the Tracker ID the server made for a driver (docs/decisions/0023).
 */

/** Refused reports an address may send before it is answered 429 (small, to test it). */
const MAX_REFUSALS = 5;
/** Reports taken at once before another is answered 503 (small, to test it). */
const MAX_PENDING = 3;
const REFUSED = { responseCode: 0, responseMessage: TRACKER_MESSAGES.refused, data: null };

let t: TestApp;
let admin: string;
let namatAdmin: string;
let osmDriver: number;
let osmId: string;
let owntracksDriver: number;
let owntracksId: string;

// Each request comes from an address of its own unless a test says otherwise, so the refusals of
// one test never slow another down.
let addressCount = 0;
const nextAddress = () => {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
};

/** A driver of the demo tenant without a tracker, with an e-mail of its own. */
let driverCount = 0;
const addDriver = async (fname: string, cookie = admin) =>
  (
    await call(t, cookie, 'POST', '/api/driver/add-driver', {
      fname,
      lname: 'Tracker',
      email: `${fname.toLowerCase()}.${++driverCount}@trackers.example`,
      password: 'lemon-tree-42',
      bus_id: null,
      hourly_rate: 0,
      language: null,
    })
  ).body.data.id as number;
const setUp = (driverId: number, trackerId?: string, cookie = admin) =>
  call(t, cookie, 'POST', '/api/v1/trackers/setup', {
    driver_id: driverId,
    ...(trackerId === undefined ? {} : { tracker_id: trackerId }),
  });
/** A new driver with a tracker, and the Tracker ID the server made for it. */
const trackedDriver = async (fname: string) => {
  const driverId = await addDriver(fname);
  const res = await setUp(driverId);
  expect(res.status, res.body.responseMessage).toBe(200);
  return { driverId, trackerId: res.body.data.tracker_id as string };
};

beforeAll(async () => {
  t = await createTestApp({
    TRACKER_MAX_REFUSALS_PER_IP: String(MAX_REFUSALS),
    TRACKER_MAX_PENDING: String(MAX_PENDING),
  });
  admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namatAdmin = await t.login(DEMO.namat.email, DEMO.namat.password);
  ({ driverId: osmDriver, trackerId: osmId } = await trackedDriver('Osman'));
  ({ driverId: owntracksDriver, trackerId: owntracksId } = await trackedDriver('Jane'));
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

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
  init: { method?: 'GET' | 'POST' | 'PUT'; payload?: string; type?: string; from?: string } = {},
) =>
  t.app.inject({
    method: init.method ?? 'GET',
    url: `/api/osmand${query ? `?${query}` : ''}`,
    remoteAddress: init.from ?? nextAddress(),
    ...(init.payload !== undefined
      ? {
          payload: init.payload,
          headers: { 'content-type': init.type ?? 'application/x-www-form-urlencoded' },
        }
      : {}),
  });
const osmandJson = (payload: unknown, from = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/osmand',
    remoteAddress: from,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const ignoredOf = async (driverId: number) =>
  (await call(t, admin, 'POST', '/api/driver/get-driver-locations-for-today', { id: driverId })).body.data
    .ignored_fixes;

describe('setting a tracker up', () => {
  it('makes a random Tracker ID of 130 bits, shows it once, and keeps only its digest', async () => {
    const driverId = await addDriver('Sami');
    const first = await setUp(driverId);
    expect(first.status).toBe(200);
    expect(first.body.responseMessage).toBe(TRACKER_MESSAGES.issued);
    expect(first.body.data).toMatchObject({ driver_id: driverId, state: 'issued' });
    const id: string = first.body.data.tracker_id;
    expect(id).toMatch(/^[a-z2-7]{26}$/);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/driver/get-drivers',
      headers: { cookie: admin },
    });
    expect(list.body).not.toContain(id);
    const row = list.json().data.find((d: { id: number }) => d.id === driverId);
    expect(row).toMatchObject({ tracker: 'issued' });
    expect(row).not.toHaveProperty('device_id');
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v1/drivers/export',
      headers: { cookie: admin },
    });
    expect(exported.rawPayload.toString('latin1')).not.toContain(id);
    // The database holds its SHA-256 alone.
    const [stored] = await t.database.db.select().from(drivers).where(eq(drivers.id, driverId));
    expect(JSON.stringify(stored)).not.toContain(id);
    expect(stored!.trackerDigest).toBe(createHash('sha256').update(id).digest('hex'));

    const again = (await setUp(driverId)).body.data.tracker_id as string;
    expect(again).not.toBe(id);
  });

  it('stops the old id at once when it is regenerated, and the new one when the tracker is removed', async () => {
    const { driverId, trackerId: before } = await trackedDriver('Rami');
    expect((await osmand(`id=${before}&lat=25&lon=55`)).statusCode).toBe(200);
    const after = (await setUp(driverId)).body.data.tracker_id as string;
    expect((await osmand(`id=${before}&lat=25&lon=55.01`)).json()).toEqual(REFUSED);
    expect((await osmand(`id=${after}&lat=25&lon=55.02`)).statusCode).toBe(200);

    const removed = await call(t, admin, 'POST', '/api/v1/trackers/remove', { driver_id: driverId });
    expect(removed).toMatchObject({ status: 200, body: { responseMessage: TRACKER_MESSAGES.removed } });
    expect((await osmand(`id=${after}&lat=25&lon=55.03`)).json()).toEqual(REFUSED);
    const list = await call(t, admin, 'GET', '/api/driver/get-drivers');
    expect(list.body.data.find((d: { id: number }) => d.id === driverId).tracker).toBe('none');
  });

  it('takes a custom Tracker ID only when it is hard to guess, and says why not', async () => {
    const driverId = await addDriver('Cora');
    const weak: [string, RegExp][] = [
      ['358240051111110', /too easy to guess \(about 32 bits/],
      ['TT', /too easy to guess/],
      ['a'.repeat(40), /too easy to guess/],
      ['abcdefghijklmnopqrstuvwxyz', /too easy to guess/],
      ['desertexpress-tracker-23', /too easy to guess/],
      ['has spaces in it and is long enough', /letters, digits or the characters/],
      ['x'.repeat(101), /letters, digits or the characters/],
    ];
    for (const [id, message] of weak) {
      const res = await setUp(driverId, id);
      expect(res.status, id).toBe(400);
      expect(res.body.responseMessage, id).toMatch(message);
      expect(res.body.errors?.[0]?.path, id).toBe('tracker_id');
    }
    const list = await call(t, admin, 'GET', '/api/driver/get-drivers');
    expect(list.body.data.find((d: { id: number }) => d.id === driverId).tracker).toBe('none');

    const strong = 'k2Vf9sQx7LmP3wRt8bYn4Jc6';
    const res = await setUp(driverId, `  ${strong} `);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      responseMessage: TRACKER_MESSAGES.set,
      data: { tracker_id: strong, state: 'custom' },
    });
    expect((await osmand(`id=${strong}&lat=25.1&lon=55.1`)).statusCode).toBe(200);
    expect(await newest(driverId)).toMatchObject({ lat: 25.1, lon: 55.1 });
  });

  it("never tells one tenant of another's tracker ids, nor lets it take or set them up", async () => {
    const namatDriver = await addDriver('Nour', namatAdmin);
    const secret = 'Wq8ZtR3nX6vL2pK9sB4mY7cD';
    expect((await setUp(namatDriver, secret, namatAdmin)).status).toBe(200);
    const ownSecret = 'Hj5GtN8rV2xC6qM3zW9bP4kS';
    const own = await addDriver('Dana');
    expect((await setUp(own, ownSecret)).status).toBe(200);

    // Another tenant's id and one of the tenant's own get the same answer, naming nobody.
    const mine = await addDriver('Eman');
    const theirs = await setUp(mine, secret);
    const ours = await setUp(mine, ownSecret);
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual(ours.body);
    expect(theirs.body.responseMessage).toBe(TRACKER_MESSAGES.idUnavailable);
    // The driver calls answer alike, with a 400, never the 409 that told of another tenant.
    const added = await call(t, admin, 'POST', '/api/driver/add-driver', {
      fname: 'Fadi',
      lname: 'Tracker',
      email: 'fadi.clash@trackers.example',
      password: 'lemon-tree-42',
      bus_id: null,
      hourly_rate: 0,
      language: null,
      device_id: secret,
    });
    expect(added.status).toBe(400);
    expect(added.body.responseMessage).toBe(TRACKER_MESSAGES.idUnavailable);

    // The namat driver still reports with it; the delivery tenant cannot touch that driver.
    expect((await osmand(`id=${secret}&lat=24.5&lon=54.5`)).statusCode).toBe(200);
    expect(await newest(namatDriver)).toMatchObject({ tenantId: DEMO.namat.tenantId, lat: 24.5 });
    const foreign = await setUp(namatDriver);
    const missing = await setUp(99_999_999);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await call(t, admin, 'POST', '/api/v1/trackers/remove', { driver_id: namatDriver })).status).toBe(
      404,
    );
    expect((await osmand(`id=${secret}&lat=24.6&lon=54.6`)).statusCode).toBe(200);
  });
});

describe('/api/osmand', () => {
  it('stores a position from the query string, in km/h, answering 200 with an empty body', async () => {
    const at = minutesAgo(10);
    const res = await osmand(
      `id=${osmId}&lat=25.2048&lon=55.2708&timestamp=${seconds(at)}&speed=10&bearing=92.5` +
        `&altitude=7&accuracy=4.5&hdop=1.2&batt=77&valid=true&driverUniqueId=badge-7&charge=false&x=0x19`,
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
      attributes: { hdop: 1.2, valid: true, driverUniqueId: 'badge-7', charge: false, x: '0x19' },
    });
  });

  it("takes Traccar Client's POST: the parameters in the query string, an empty body", async () => {
    const port = routePort(t.app, '/api/osmand');
    const number = await port.listen(0, '127.0.0.1');
    try {
      const at = minutesAgo(55);
      const res = await fetch(
        `http://127.0.0.1:${number}/api/osmand?id=${osmId}&lat=25.31&lon=55.31&timestamp=${seconds(at)}`,
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
      payload: `deviceid=${osmId}&location=25.1%2C55.1&timestamp=${seconds(at)}&heading=180`,
    });
    expect(form.statusCode).toBe(200);
    expect(await newest(osmDriver)).toMatchObject({ lat: 25.1, lon: 55.1, recordedAt: at, course: 180 });
    // Query and form together, as some apps send them, and any method.
    const mixed = await osmand(`id=${osmId}`, {
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
      const res = await osmand(`id=${osmId}&lat=25.4&lon=55.4&timestamp=${timestamp}`);
      expect(res.statusCode, timestamp).toBe(200);
      expect((await newest(osmDriver))?.recordedAt, timestamp).toEqual(expected);
    }
    const before = Date.now();
    expect((await osmand(`id=${osmId}&lat=25.5&lon=55.5`)).statusCode).toBe(200);
    const now = (await newest(osmDriver))!.recordedAt.getTime();
    expect(now).toBeGreaterThanOrEqual(before - 1);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('reads the JSON of Traccar Client 9+: speed in m/s, battery level 0–1, the rest kept', async () => {
    const at = minutesAgo(6);
    const res = await osmandJson({
      device_id: osmId,
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
    const unknown = await osmandJson({
      device_id: osmId,
      location: {
        timestamp: minutesAgo(5).toISOString(),
        coords: { latitude: 25.7, longitude: 55.7, speed: -1, heading: -1 },
        battery: { level: -1 },
      },
    });
    expect(unknown.statusCode).toBe(200);
    expect(await newest(osmDriver)).toMatchObject({ lat: 25.7, speed: null, course: null, battery: null });
  });

  it('answers every report it will not take alike (no id, an unknown id, an unreadable value, too many fixes) and stores nothing', async () => {
    const before = await storedCount();
    const fix = (i: number) => ({
      timestamp: new Date(Date.now() - (2000 - i) * 1000).toISOString(),
      coords: { latitude: 25, longitude: 55 },
    });
    const answers = [
      await osmand('lat=25.2&lon=55.2'),
      await osmand('id=no-such-phone&lat=25.2&lon=55.2'),
      await osmand(`id=${osmId.slice(0, -1)}a&lat=25.2&lon=55.2`),
      // A known id with a value that is no decimal number or date: the same answer.
      await osmand(`id=${osmId}&lat=0x19&lon=55`),
      await osmand(`id=${osmId}&lat=25&lon=Infinity`),
      await osmand(`id=${osmId}&lat=north&lon=55`),
      await osmand(`id=${osmId}&lon=55`),
      await osmand(`id=${osmId}&location=25.1`),
      await osmand(`id=${osmId}&lat=25&lon=55&timestamp=last-tuesday`),
      await osmand(`id=${osmId}&lat=25&lon=55&timestamp=2026-02-30%2010:00:00`),
      await osmand(`id=${osmId}&id=${osmId}&lat=25&lon=55`),
      await osmand(`id=${osmId}`, { method: 'POST', payload: '{"lat":', type: 'application/json' }),
      await osmandJson({ device_id: 'no-such-phone', location: { coords: { latitude: 1, longitude: 1 } } }),
      // More fixes than a driver app's batch may hold.
      await osmandJson({ device_id: osmId, location: Array.from({ length: 1001 }, (_, i) => fix(i)) }),
    ];
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, String(i)).toBe(400);
      expect(res.json(), String(i)).toEqual(REFUSED);
    }
    expect(await storedCount()).toBe(before);
    // A batch as large as the driver app's is taken.
    const full = await osmandJson({
      device_id: osmId,
      location: Array.from({ length: 1000 }, (_, i) => fix(i)),
    });
    expect(full.statusCode).toBe(200);
    expect(await storedCount()).toBe(before + 1000);
  });

  it('slows guessing: an address refused too often is answered 429 with Retry-After, known ids included, an IPv6 /64 counted as one', async () => {
    // A driver of its own: its fixes are timed by the moved clock.
    const { trackerId } = await trackedDriver('Clock');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    let guesses = 0;
    const guess = (from: string) => osmand(`id=guess-${++guesses}&lat=25&lon=55`, { from });
    const known = (from: string) => osmand(`id=${trackerId}&lat=25&lon=55`, { from });
    for (let i = 0; i < MAX_REFUSALS; i++) expect((await guess('198.51.100.7')).statusCode).toBe(400);
    for (const res of [await guess('198.51.100.7'), await known('198.51.100.7')]) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBe(600);
      expect(res.json().responseMessage).toBe(TRACKER_MESSAGES.tooManyRefused(600));
    }
    // Another address is not held back; an IPv4-mapped IPv6 address is the same IPv4 address.
    expect((await known('198.51.100.8')).statusCode).toBe(200);
    expect((await known('::ffff:198.51.100.7')).statusCode).toBe(429);
    // One /64 is one subscriber, whichever of its addresses it takes.
    for (let i = 0; i < MAX_REFUSALS; i++)
      expect((await guess(`2001:db8:1:2::${i + 1}`)).statusCode).toBe(400);
    expect((await known('2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await known('2001:db8:1:3::1')).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + 4 * 60_000);
    expect((await known('198.51.100.7')).headers['retry-after']).toBe('360');
    vi.setSystemTime(Date.now() + 6 * 60_000);
    expect((await known('198.51.100.7')).statusCode).toBe(200);
    expect((await known('2001:db8:1:2::1')).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After, unread, to a report beyond those being taken, and takes it when sent again', async () => {
    const { driverId, trackerId } = await trackedDriver('Busy');
    const times = Array.from({ length: 30 }, (_, i) => seconds(minutesAgo(30 - i)));
    const report = (at: number) => osmand(`id=${trackerId}&lat=25.1&lon=55.1&timestamp=${at}`);
    const answers = await Promise.all(times.map(report));
    const busy = answers.filter((res) => res.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThanOrEqual(MAX_PENDING);
    expect(busy.length + answers.filter((res) => res.statusCode === 200).length).toBe(times.length);
    for (const res of busy) {
      expect(res.headers['retry-after']).toBe('10');
      expect(res.json()).toEqual({ responseCode: 0, responseMessage: TRACKER_MESSAGES.busy(10), data: null });
    }
    const storedAt = async () =>
      (
        await t.database.db
          .select({ at: driverLocations.recordedAt })
          .from(driverLocations)
          .where(eq(driverLocations.driverId, driverId))
      )
        .map((row) => seconds(row.at))
        .sort((a, b) => a - b);
    // Exactly the acknowledged fixes are stored; the tracker keeps the others and sends them again.
    const taken = times.filter((_, i) => answers[i]!.statusCode === 200);
    expect(await storedAt()).toEqual(taken);
    for (const [i, at] of times.entries())
      if (answers[i]!.statusCode === 503) expect((await report(at)).statusCode).toBe(200);
    expect(await storedAt()).toEqual(times);
  });

  it("acknowledges a known tracker's fix it will not store, stores none of it, and shows the console why", async () => {
    const { driverId, trackerId } = await trackedDriver('Gina');
    const before = await storedCount();
    // Traccar Client resends its oldest fix until it is answered 200: a fix from 2013 is acknowledged.
    const old = await osmand(
      `id=${trackerId}&lat=25.2&lon=55.2&timestamp=${Date.UTC(2013, 7, 22, 9) / 1000}`,
    );
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('');
    expect(await storedCount()).toBe(before);
    expect(await ignoredOf(driverId)).toMatchObject({
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
      const res = await osmand(`id=${trackerId}&${query}`);
      expect(res.statusCode, query).toBe(200);
      count += 1;
      expect(await ignoredOf(driverId), query).toMatchObject({
        count,
        last_reason: reason,
        last_detail: detail,
      });
    }
    expect(await storedCount()).toBe(before);

    // Traccar Client 9+ sends several fixes at once: the good one is stored, the old one counted.
    const good = minutesAgo(3);
    const mixed = await osmandJson({
      device_id: trackerId,
      location: [
        { timestamp: '2013-08-22T09:05:00Z', coords: { latitude: 25.3, longitude: 55.3 } },
        { timestamp: good.toISOString(), coords: { latitude: 25.4, longitude: 55.4 } },
      ],
    });
    expect(mixed.statusCode).toBe(200);
    expect(await storedCount()).toBe(before + 1);
    expect(await newest(driverId)).toMatchObject({ lat: 25.4, recordedAt: good });
    expect(await ignoredOf(driverId)).toMatchObject({ count: count + 1, last_reason: 'too_old' });
  });

  it('is refused to a browser posting from another site, but not to trackers, which send no Origin', async () => {
    const query = `id=${osmId}&lat=25.8&lon=55.8&timestamp=${seconds(minutesAgo(4))}`;
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/osmand?${query}`,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await osmand(query, { method: 'POST', payload: '' })).statusCode).toBe(200);
  });

  it("stops taking an archived driver's tracker at once", async () => {
    const { driverId, trackerId } = await trackedDriver('Short');
    expect((await osmand(`id=${trackerId}&lat=25&lon=55`)).statusCode).toBe(200);
    await call(t, admin, 'POST', '/api/driver/archive', { id: driverId });
    expect((await osmand(`id=${trackerId}&lat=25&lon=55.02`)).json()).toEqual(REFUSED);
  });

  it('answers on a port of its own too (OSMAND_PORT), whatever the path', async () => {
    const port = routePort(t.app, '/api/osmand');
    const number = await port.listen(0, '127.0.0.1');
    try {
      const at = minutesAgo(3);
      const res = await fetch(
        `http://127.0.0.1:${number}/?id=${osmId}&lat=25.9&lon=55.9&timestamp=${seconds(at)}`,
      );
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      expect(await newest(osmDriver)).toMatchObject({ lat: 25.9, lon: 55.9, recordedAt: at });
      const form = await fetch(`http://127.0.0.1:${number}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=${osmId}&lat=25.95&lon=55.95&timestamp=${seconds(minutesAgo(2))}`,
      });
      expect(form.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${number}/?id=nobody&lat=1&lon=1`)).status).toBe(400);
    } finally {
      await port.close();
    }
  });
});

describe("a tracker and its driver's trip", () => {
  const tenantId = DEMO.delivery.tenantId;
  const setRule = async (value: 'true' | 'false') =>
    expect(
      (
        await call(t, admin, 'POST', '/api/tenant-settings/save-all', {
          data: [{ key: 'tracker_trips_while_signed_in', value }],
        })
      ).status,
    ).toBe(200);

  /** A driver with a tracker, and a trip of theirs due now from an origin to a stop 2 km north. */
  async function tripOfTracker(fname: string) {
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
    const { driverId, trackerId } = await trackedDriver(fname);
    const start = new Date(Date.now() - 5 * 60_000);
    const trip = await call(t, admin, 'POST', '/api/trip/add-trip', {
      driver_id: driverId,
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
    /** Leaves the origin and reaches the stop, one OsmAnd report a fix. */
    const drive = async () => {
      const at = (secondsAgo: number) => seconds(new Date(Date.now() - secondsAgo * 1000));
      for (const [secondsAgo, meters] of [
        [240, 10],
        [230, 400],
        [120, 1990],
      ] as const) {
        const { lat, lon } = north(meters);
        const res = await osmand(`id=${trackerId}&lat=${lat}&lon=${lon}&timestamp=${at(secondsAgo)}`);
        expect(res.statusCode).toBe(200);
      }
    };
    const tripRow = async () => (await t.database.db.select().from(trips).where(eq(trips.id, tripId)))[0]!;
    const firstStop = async () =>
      (
        await t.database.db
          .select()
          .from(tripDestinations)
          .where(and(eq(tripDestinations.tenantId, tenantId), eq(tripDestinations.tripId, tripId)))
          .orderBy(asc(tripDestinations.position))
      )[0]!;
    return { driverId, trackerId, drive, tripRow, firstStop };
  }

  it('follows the trip from the tracker: leaving the origin starts it, reaching a stop arrives', async () => {
    await setRule('false');
    const { drive, tripRow, firstStop } = await tripOfTracker('Follow');
    await drive();
    // The tracker was answered at commit; the trip follows right after.
    await vi.waitFor(async () => {
      expect((await tripRow()).startedDate).not.toBeNull();
      expect((await firstStop()).arrivedDate).not.toBeNull();
    }, WAIT);
  });

  it('runs no trip from a tracker while its driver is signed in to the driver app, unless the tenant allows it', async () => {
    const unclear = await call(t, admin, 'POST', '/api/tenant-settings/save-all', {
      data: [{ key: 'tracker_trips_while_signed_in', value: 'yes' }],
    });
    expect(unclear.status).toBe(400);
    expect(unclear.body.responseMessage).toBe('tracker_trips_while_signed_in must be true or false');
    await setRule('false');
    const { driverId, trackerId, drive, tripRow } = await tripOfTracker('Signed');
    const token = await t.driverToken(driverId);
    const before = await storedCount();
    await drive();
    // Acknowledged, so the phone moves on, but neither stored nor followed: the app reports now.
    expect(await storedCount()).toBe(before);
    expect((await tripRow()).startedDate).toBeNull();
    expect(await ignoredOf(driverId)).toMatchObject({
      count: 3,
      last_reason: 'signed_in',
      last_detail: 'from a tracker while the driver was signed in to the driver app (the app reports then)',
    });

    // The tenant lets trackers run trips of signed-in drivers: the same reports start the trip.
    await setRule('true');
    await drive();
    expect(await storedCount()).toBe(before + 3);
    await vi.waitFor(async () => expect((await tripRow()).startedDate).not.toBeNull(), WAIT);

    // Signed out, the tracker runs the trip whatever the setting.
    await setRule('false');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/logout',
      headers: { authorization: token },
    });
    expect(logout.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.driverId, driverId))).toEqual([]);
    const at = seconds(minutesAgo(1));
    expect((await osmand(`id=${trackerId}&lat=25&lon=55&timestamp=${at}`)).statusCode).toBe(200);
    expect(await storedCount()).toBe(before + 4);
    await setRule('true');
  });
});

describe('/api/owntracks', () => {
  const basic = (password: string, user = 'jane') =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const owntracks = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/owntracks', payload, headers, remoteAddress: nextAddress() });

  it('stores a location of the tracker whose Tracker ID is its Basic password, and answers an empty JSON array', async () => {
    const at = minutesAgo(10);
    const res = await owntracks(
      {
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
      },
      { authorization: basic(owntracksId) },
    );
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
      attributes: { conn: 'm', t: 'u', topic: 'owntracks/jane/phone', tid: 'JP' },
    });
  });

  it('takes no topic, tid or X-Limit header as an id, and answers them as an unknown id', async () => {
    const before = await storedCount();
    const location = { _type: 'location', lat: 25, lon: 55, tst: seconds(minutesAgo(1)) };
    const answers = [
      await owntracks({ ...location, topic: owntracksId, tid: owntracksId }),
      await owntracks(location, { 'x-limit-u': owntracksId, 'x-limit-d': owntracksId }),
      await owntracks(location, { authorization: basic('wrong-password') }),
      await owntracks(location, { authorization: `Bearer ${owntracksId}` }),
      await owntracks({ ...location, lat: 'north' }, { authorization: basic(owntracksId) }),
      await owntracks({ ...location, tst: 'soon' }, { authorization: basic(owntracksId) }),
      await owntracks({ lat: 25 }, { authorization: basic(owntracksId) }),
    ];
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, String(i)).toBe(400);
      expect(res.json(), String(i)).toEqual(REFUSED);
    }
    expect(await storedCount()).toBe(before);
  });

  it("answers a known tracker's other messages with an empty array, stores nothing, and refuses them from others", async () => {
    const before = await storedCount();
    for (const payload of [
      { _type: 'transition', event: 'enter', desc: 'Depot', tst: seconds(minutesAgo(1)), tid: 'TT' },
      { _type: 'lwt', tst: seconds(minutesAgo(1)) },
      { _type: 'waypoint', desc: 'Home', lat: 25, lon: 55, rad: 50, tst: 1 },
    ]) {
      const res = await owntracks(payload, { authorization: basic(owntracksId) });
      expect(res.statusCode, payload._type).toBe(200);
      expect(res.json()).toEqual([]);
      expect((await owntracks(payload)).json()).toEqual(REFUSED);
    }
    expect(await storedCount()).toBe(before);
  });

  it("acknowledges a known device's location it will not store with its JSON array, and counts it", async () => {
    const { driverId, trackerId } = await trackedDriver('Olga');
    const before = await storedCount();
    const location = { _type: 'location', lat: 25, lon: 55 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tst: Date.UTC(2013, 7, 22, 9) / 1000 }, 'too_old', 'time 2013-08-22, outside the 90-day window'],
      [{ lat: 100 }, 'coordinates', 'coordinates 100, 55 out of range'],
      [{ vel: 900 }, 'out_of_range', 'speed 900 out of range (0 to 400 km/h)'],
      [{ batt: 140 }, 'out_of_range', 'battery 140 out of range (0 to 100 percent)'],
    ];
    let count = 0;
    for (const [bad, reason, detail] of cases) {
      const res = await owntracks(
        { ...location, tst: seconds(minutesAgo(1)), ...bad },
        { authorization: basic(trackerId) },
      );
      const where = JSON.stringify(bad);
      expect(res.statusCode, where).toBe(200);
      expect(res.json(), where).toEqual([]);
      count += 1;
      expect(await ignoredOf(driverId), where).toMatchObject({
        count,
        last_reason: reason,
        last_detail: detail,
      });
    }
    expect(await storedCount()).toBe(before);
  });
});
