import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, sum } from 'drizzle-orm';
import {
  cornersAlong,
  drive,
  gpsReading,
  offset,
  pathLength,
  pointAlong,
  roadPath,
  seeded,
  type TPoint,
} from '@fleet/sim';
import { vehicleDistanceDays, vehicles } from '../../db/schema/index.ts';
import { systemActor } from '../../platform/principal.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { countOdometers } from './service.ts';

/*
 * Vehicles' odometers as the console reads them: a driver with a vehicle drives a simulated route
 * (a phone's GPS noise included) through the driver app, the odometer job counts it, and the
 * vehicle's odometer is its recorded mileage plus the distance the simulator drove.
 */

let t: TestApp;
let admin: string;
const tenantId = DEMO.delivery.tenantId;
const ctx = () => ({ db: t.database.db, actor: systemActor('odometer test'), publish: () => {} });

/** Runs the job until it has nothing left to count; answers the kilometres it counted. */
async function countAll(now = new Date()): Promise<number> {
  let km = 0;
  for (;;) {
    const run = await countOdometers(ctx(), now);
    if (!run || run.drivers === 0) return km;
    km += run.km;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  // The demo's replayed days are counted first.
  await countAll();
});
afterAll(() => t.close());

let made = 0;
async function vehicleWithDriver(mileage: number | null) {
  made += 1;
  const vehicle = await call(t, admin, 'POST', '/api/bus/add', {
    reference: `ODO-${made}`,
    brand: 'Toyota',
    model: 'Hiace',
    year: 2022,
    mileage,
  });
  expect(vehicle.status, vehicle.body.responseMessage).toBe(200);
  const vehicleId: number = vehicle.body.data.id;
  const driver = await call(t, admin, 'POST', '/api/driver/add-driver', {
    fname: `Odo${made}`,
    lname: 'Meter',
    email: `odo.${made}@odometer.example`,
    password: 'lemon-tree-42',
    bus_id: vehicleId,
    hourly_rate: 0,
    language: null,
  });
  expect(driver.status, driver.body.responseMessage).toBe(200);
  const driverId: number = driver.body.data.id;
  return { vehicleId, driverId, token: await t.driverToken(driverId) };
}

/**
 * The vehicle's mileage as if recorded `minutes` ago: a drive sent now is in the past, and only what
 * was driven after the reading is added to it.
 */
const recordedAgo = (vehicleId: number, minutes: number) =>
  t.database.db
    .update(vehicles)
    .set({ mileageAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(vehicles.id, vehicleId));

/** A seeded drive of `legs` road-like legs, a fix every 5 s with GPS noise, ending `endsAgoMin` minutes ago. */
function simulatedDrive(seed: number, legs: number, endsAgoMin: number) {
  const random = seeded(seed);
  const points: { point: TPoint; second: number }[] = [];
  let here: TPoint = { lat: 25.2048, lon: 55.2708 };
  let second = 0;
  let driven = 0;
  for (let leg = 0; leg < legs; leg++) {
    const to = offset(here, random.int(-4000, 4000), random.int(-4000, 4000));
    const path = roadPath(here, to, random);
    driven += pathLength(path);
    for (const sample of drive(pathLength(path), random, { cruiseKmh: 50, corners: cornersAlong(path) })) {
      if (sample.second % 5 === 0) points.push({ point: pointAlong(path, sample.meters).point, second });
      second += 1;
    }
    here = to;
  }
  const start = Date.now() - endsAgoMin * 60_000 - second * 1000;
  const fixes = points.map(({ point, second: s }) => {
    const { point: read, accuracy } = gpsReading(point, random);
    return { lat: read.lat, lon: read.lon, accuracy, recorded_at: new Date(start + s * 1000).toISOString() };
  });
  return { fixes, drivenKm: driven / 1000 };
}

async function send(token: string, fixes: unknown[]) {
  for (let i = 0; i < fixes.length; i += 1000) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/positions',
      headers: { authorization: token },
      payload: { positions: fixes.slice(i, i + 1000) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const vehicleRow = async (id: number) => {
  const list = await call(t, admin, 'GET', '/api/bus/get-buses');
  return (
    list.body.data as {
      id: number;
      mileage: number | null;
      odometer: number | null;
      counted_distance: number;
    }[]
  ).find((v) => v.id === id)!;
};
const distanceDays = async (vehicleId: number) =>
  Number(
    (
      await t.database.db
        .select({ km: sum(vehicleDistanceDays.km) })
        .from(vehicleDistanceDays)
        .where(and(eq(vehicleDistanceDays.tenantId, tenantId), eq(vehicleDistanceDays.vehicleId, vehicleId)))
    )[0]!.km ?? 0,
  );

describe('odometer from GPS', () => {
  it("adds the distance the vehicle's driver drove to its recorded mileage, within 2 % of the simulator's", async () => {
    const { vehicleId, token } = await vehicleWithDriver(12_000);
    expect(await vehicleRow(vehicleId)).toMatchObject({
      mileage: 12_000,
      odometer: 12_000,
      counted_distance: 0,
    });
    await recordedAgo(vehicleId, 180);
    const { fixes, drivenKm } = simulatedDrive(7, 4, 5);
    await send(token, fixes);
    await countAll();

    const row = await vehicleRow(vehicleId);
    expect(Math.abs(row.counted_distance - drivenKm) / drivenKm).toBeLessThan(0.02);
    expect(row.odometer).toBeCloseTo(12_000 + row.counted_distance, 1);
    expect(await distanceDays(vehicleId)).toBeCloseTo(row.counted_distance, 0);
    // Counted once: another run finds nothing new.
    await countAll();
    expect((await vehicleRow(vehicleId)).counted_distance).toBe(row.counted_distance);
  });

  it('starts the count again from a newly recorded mileage, and leaves the last minute for the next run', async () => {
    const { vehicleId, token } = await vehicleWithDriver(5_000);
    await recordedAgo(vehicleId, 180);
    const first = simulatedDrive(8, 2, 40);
    await send(token, first.fixes);
    await countAll();
    expect((await vehicleRow(vehicleId)).counted_distance).toBeGreaterThan(0);

    const saved = await call(t, admin, 'POST', '/api/bus/save', {
      id: vehicleId,
      reference: `ODO-${made}`,
      brand: 'Toyota',
      model: 'Hiace',
      year: 2022,
      mileage: 5_100,
    });
    expect(saved.status, saved.body.responseMessage).toBe(200);
    expect(saved.body.data).toMatchObject({ mileage: 5_100, odometer: 5_100, counted_distance: 0 });
    // As if read 25 minutes ago: after the first drive, before the next.
    await recordedAgo(vehicleId, 25);

    // Driven after the reading: added to it. Fixes of the last minute wait for the next run.
    const second = simulatedDrive(9, 1, 0);
    await send(token, second.fixes);
    await countAll();
    const partly = (await vehicleRow(vehicleId)).counted_distance;
    expect(partly).toBeGreaterThan(0);
    expect(second.drivenKm - partly).toBeGreaterThan(0.1);
    await countAll(new Date(Date.now() + 2 * 60_000));
    const row = await vehicleRow(vehicleId);
    expect(Math.abs(row.counted_distance - second.drivenKm) / second.drivenKm).toBeLessThan(0.02);
    expect(row.odometer).toBeCloseTo(5_100 + row.counted_distance, 1);
    // The day rows keep both drives, before and after the reading.
    const both = first.drivenKm + second.drivenKm;
    expect(Math.abs((await distanceDays(vehicleId)) - both) / both).toBeLessThan(0.02);

    // Saved again with the same mileage: the count goes on.
    const unchanged = await call(t, admin, 'POST', '/api/bus/save', {
      id: vehicleId,
      reference: `ODO-${made}`,
      brand: 'Toyota',
      model: 'Hilux',
      year: 2022,
      mileage: 5_100,
    });
    expect(unchanged.body.data).toMatchObject({ model: 'Hilux', counted_distance: row.counted_distance });
  });

  it('shows the distance counted but no odometer without a recorded mileage; a driver without a vehicle adds to none', async () => {
    const { vehicleId, token } = await vehicleWithDriver(null);
    await recordedAgo(vehicleId, 180);
    const { fixes, drivenKm } = simulatedDrive(10, 1, 5);
    await send(token, fixes);
    await countAll();
    const row = await vehicleRow(vehicleId);
    expect(row.odometer).toBeNull();
    expect(Math.abs(row.counted_distance - drivenKm) / drivenKm).toBeLessThan(0.02);

    const tenantKm = async () =>
      Number(
        (
          await t.database.db
            .select({ km: sum(vehicleDistanceDays.km) })
            .from(vehicleDistanceDays)
            .where(eq(vehicleDistanceDays.tenantId, tenantId))
        )[0]!.km ?? 0,
      );
    const before = await tenantKm();
    const walker = await call(t, admin, 'POST', '/api/driver/add-driver', {
      fname: 'Walker',
      lname: 'Meter',
      email: 'walker@odometer.example',
      password: 'lemon-tree-42',
      bus_id: null,
      hourly_rate: 0,
      language: null,
    });
    await send(await t.driverToken(walker.body.data.id), simulatedDrive(11, 1, 5).fixes);
    await countAll();
    expect(await tenantKm()).toBe(before);
  });
});
