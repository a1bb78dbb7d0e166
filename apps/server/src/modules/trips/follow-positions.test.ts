import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverLocations, tripDestinations, trips } from '../../db/schema/index.ts';
import { systemContext } from '../../platform/context.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { followPositions, metersBetween } from './service.ts';

/*
 * Trips followed from positions: a tracker cannot press buttons, so its fixes start the trip when
 * the driver leaves the origin, arrive at a stop when they enter its radius and depart when they
 * leave it. The fixes are stored as the position ingest stores them, then followed as it does.
 */

let t: TestApp;
let admin: string;
let origin: { id: number; lat: number; lon: number };
let typeId: number;
const tenantId = DEMO.delivery.tenantId;

/** A point `meters` north of the origin (a degree of latitude is about 111.32 km). */
const north = (meters: number) => ({ lat: origin.lat + meters / 111_320, lon: origin.lon });
const utc = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

let unique = 0;
async function newDriver(): Promise<number> {
  const res = await call(t, admin, 'POST', '/api/driver/add-driver', {
    fname: 'Tariq',
    lname: `Tracker${++unique}`,
    email: `tracker-${unique}@fleet.example`,
    password: 'long-enough-pass-1',
    hourly_rate: 15,
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data.id;
}

/** A trip north of the origin: stops 2, 4 and 6 km away, planned to start at `start`. */
async function newTrip(driverId: number, start: Date, departureRange = 15) {
  const stop = (name: string, meters: number) => ({
    destination_name: name,
    destination_lat: north(meters).lat,
    destination_lon: north(meters).lon,
    driving_time: 5,
    staying_time: 5,
    tasks: [{ description: `Deliver at ${name}` }],
  });
  const res = await call(t, admin, 'POST', '/api/trip/add-trip', {
    driver_id: driverId,
    warehouse_id: origin.id,
    type: typeId,
    start_date: utc(start),
    departure_time_range: departureRange,
    destinations: [stop('North gate', 2000), stop('Canal bridge', 4000), stop('Hill depot', 6000)],
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data as { id: number; destinations: { id: number }[] };
}

/** The ingest's context: the product acting for a tracker; its events go where the test reads them. */
const tracker = () => systemContext(t.database.db, (event) => void t.events.push(event), 'tracker', tenantId);

/** Stores the fixes as the ingest does, then lets the trips follow them. */
async function report(driverId: number, fixes: { at: Date; meters: number }[]) {
  const rows = fixes.map((f) => ({ ...north(f.meters), recordedAt: f.at, speed: 30 }));
  await t.database.db
    .insert(driverLocations)
    .values(rows.map((r) => ({ ...r, tenantId, driverId, source: 'osmand' })))
    .onConflictDoNothing();
  await followPositions(tracker(), driverId, rows);
}

async function stateOf(tripId: number) {
  const [trip] = await t.database.db.select().from(trips).where(eq(trips.id, tripId));
  const stops = await t.database.db
    .select()
    .from(tripDestinations)
    .where(eq(tripDestinations.tripId, tripId))
    .orderBy(tripDestinations.position);
  return { trip: trip!, stops };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  origin = (await call(t, admin, 'GET', '/api/warehouse/get-warehouse')).body.data[0];
  typeId = (await call(t, admin, 'GET', '/api/type/get-types')).body.data[0].id;
});
afterAll(() => t.close());

describe('followPositions', () => {
  it('starts the trip when the driver leaves the origin, arrives within the radius and departs beyond it', async () => {
    const driverId = await newDriver();
    const now = Date.now();
    const trip = await newTrip(driverId, new Date(now - 5 * 60_000));
    const [first, second] = trip.destinations;
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    // One fix per call, as OsmAnd trackers send them: each is judged with the ones before it.
    const track = [
      { at: at(600), meters: 20 }, // at the depot
      { at: at(590), meters: 60 },
      { at: at(560), meters: 400 }, // left it: the trip starts here
      { at: at(400), meters: 1850 }, // 150 m short of the first stop: not there yet
      { at: at(380), meters: 1960 }, // within 100 m: arrived
      { at: at(300), meters: 2110 }, // 110 m off while parked: GPS noise, still there
      { at: at(200), meters: 2400 }, // left
    ];
    const events = await t.eventsDuring(async () => {
      for (const fix of track) await report(driverId, [fix]);
    });
    const { trip: row, stops } = await stateOf(trip.id);
    expect(row).toMatchObject({ startedDate: at(560), flag: 1, activeTripDestinationId: second!.id });
    expect(stops[0]).toMatchObject({ id: first!.id, arrivedDate: at(380), departedDate: at(200) });
    expect(stops[1]).toMatchObject({ arrivedDate: null });
    expect(events.map((e) => [e.type, e.ids, e.actor.kind])).toEqual([
      ['trip.updated', [trip.id], 'system'],
      ['stop.updated', [first!.id], 'system'],
      ['stop.updated', [first!.id], 'system'],
      ['trip.updated', [trip.id], 'system'],
    ]);
  });

  it('does not arrive at a stop 150 m away with a 100 m radius, and follows a whole batch at once', async () => {
    const driverId = await newDriver();
    const now = Date.now();
    const trip = await newTrip(driverId, new Date(now - 5 * 60_000));
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    await report(driverId, [
      { at: at(300), meters: 0 },
      { at: at(290), meters: 300 },
      { at: at(200), meters: 1850 },
      { at: at(150), meters: 2150 },
      { at: at(100), meters: 1850 },
    ]);
    const { trip: row, stops } = await stateOf(trip.id);
    expect(row.startedDate).toEqual(at(290));
    expect(metersBetween(north(1850), north(2000))).toBeCloseTo(150, 0);
    expect(stops.map((s) => s.arrivedDate)).toEqual([null, null, null]);
  });

  it('arrives at a later stop only when the driver stays there, not when passing by', async () => {
    const driverId = await newDriver();
    const now = Date.now();
    const trip = await newTrip(driverId, new Date(now - 5 * 60_000));
    const [, second] = trip.destinations;
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    // Started, heading to the first stop, the driver drives through the second one's radius…
    await report(driverId, [
      { at: at(900), meters: 0 },
      { at: at(890), meters: 500 },
      { at: at(600), meters: 3950 },
      { at: at(590), meters: 4050 },
      { at: at(580), meters: 4400 },
    ]);
    expect((await stateOf(trip.id)).stops.map((s) => s.arrivedDate)).toEqual([null, null, null]);
    // …and later stops there for more than a minute: arrived, from the first fix inside.
    await report(driverId, [
      { at: at(300), meters: 3980 },
      { at: at(270), meters: 4010 },
      { at: at(230), meters: 4005 },
    ]);
    const { trip: row, stops } = await stateOf(trip.id);
    expect(stops[1]).toMatchObject({ id: second!.id, arrivedDate: at(300), departedDate: null });
    expect(row.activeTripDestinationId).toBe(second!.id);
  });

  it('leaves a trip alone before its departure window, and starts a trip whose tracker woke at the first stop', async () => {
    const driverId = await newDriver();
    const now = Date.now();
    const later = await newTrip(driverId, new Date(now + 2 * 3600_000));
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    await report(driverId, [
      { at: at(120), meters: 0 },
      { at: at(60), meters: 500 },
    ]);
    expect((await stateOf(later.id)).trip.startedDate).toBeNull();

    const otherDriver = await newDriver();
    const due = await newTrip(otherDriver, new Date(now - 10 * 60_000));
    await report(otherDriver, [{ at: at(30), meters: 2010 }]);
    const { trip: row, stops } = await stateOf(due.id);
    expect(row.startedDate).toEqual(at(30));
    expect(stops[0]!.arrivedDate).toEqual(at(30));
  });

  it('records nothing on an ended trip, and nothing for a driver without a trip', async () => {
    const driverId = await newDriver();
    const now = Date.now();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    const events = await t.eventsDuring(() =>
      report(driverId, [
        { at: at(60), meters: 0 },
        { at: at(30), meters: 500 },
      ]),
    );
    expect(events).toEqual([]);
    const trip = await newTrip(driverId, new Date(now - 60_000));
    await t.database.db
      .update(trips)
      .set({ startedDate: at(50), endedDate: at(40), flag: 1 })
      .where(eq(trips.id, trip.id));
    await report(driverId, [{ at: at(10), meters: 2000 }]);
    expect((await stateOf(trip.id)).stops[0]!.arrivedDate).toBeNull();
  });

  it('never arrives from a fix older than the departure before it (a batch the phone sends late)', async () => {
    const driverId = await newDriver();
    const now = Date.now();
    const trip = await newTrip(driverId, new Date(now - 10 * 60_000));
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    await report(driverId, [
      { at: at(600), meters: 0 },
      { at: at(590), meters: 300 }, // started
      { at: at(400), meters: 2000 }, // arrived at the first stop
      { at: at(100), meters: 2400 }, // departed
    ]);
    // A fix at the next stop, recorded before that departure, arrives after it.
    await report(driverId, [{ at: at(110), meters: 4000 }]);
    const { stops } = await stateOf(trip.id);
    expect(stops[0]).toMatchObject({ arrivedDate: at(400), departedDate: at(100) });
    expect(stops[1]!.arrivedDate).toBeNull();
    await report(driverId, [{ at: at(50), meters: 4000 }]);
    expect((await stateOf(trip.id)).stops[1]!.arrivedDate).toEqual(at(50));
  });

  it('follows the fixes a driver app sends through the positions API', async () => {
    const driverId = await newDriver();
    const auth = await t.driverToken(driverId);
    const now = Date.now();
    const trip = await newTrip(driverId, new Date(now - 5 * 60_000));
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
    const positions = [
      { at: at(120), meters: 10 },
      { at: at(100), meters: 500 },
      { at: at(20), meters: 1990 },
    ].map((f) => ({ ...north(f.meters), recorded_at: f.at.toISOString(), speed: 20 }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/positions',
      headers: { authorization: auth },
      payload: { positions },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { trip: row, stops } = await stateOf(trip.id);
    expect(row.startedDate).toEqual(at(100));
    expect(stops[0]!.arrivedDate).toEqual(at(20));
  });
});
