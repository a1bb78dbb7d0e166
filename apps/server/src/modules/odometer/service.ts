import { DateTime } from 'luxon';
import type { Db } from '../../db/client.ts';
import { kmToUnit } from '@fleet/contract';
import { inTenant, type TServiceContext, type TTenantContext } from '../../platform/context.ts';
import { tenantProfile } from '../settings/service.ts';
import {
  distanceDays,
  driversToCount,
  fixesAfter,
  tryOdometerLock,
  writeCounted,
  type TDistanceRow,
  type TTrackRow,
} from './queries.ts';
import { countTrack } from './track.ts';

/*
 * Vehicles' odometers from GPS (issue 27, decision 0035). A periodic job reads each driver's fixes
 * stored since it last read them, in time order, counts the distance they drove with the filter of
 * `track.ts`, and adds it to the vehicle the driver has, by the tenant's day: to
 * `vehicle_distance_days` (the distance a day, for predictions) and to `vehicles.gps_km` (the distance
 * since the vehicle's mileage was recorded; the odometer is the mileage plus it). Fixes of the last
 * `SETTLE_MS` are left for the next run, so a driver app's batch sent a little late is read in order.
 * One process counts at a time, a chunk of drivers a transaction; a run stops after `RUN_BUDGET_MS`
 * and the next one carries on, so a first start over a long history catches up without holding the
 * database.
 */

export const ODOMETER_INTERVAL_MS = 60_000;
const SETTLE_MS = 60_000;
const DRIVERS_A_CHUNK = 25;
const FIXES_A_DRIVER = 2000;
const RUN_BUDGET_MS = 10_000;

export interface TOdometerRun {
  drivers: number;
  fixes: number;
  km: number;
}

/**
 * Counts the fixes stored up to `now` less `SETTLE_MS`, chunk by chunk (a transaction each), until
 * none is left or the run's time is up. Answers what it counted, or null when another process is
 * counting.
 */
export async function countOdometers(ctx: TServiceContext, now = new Date()): Promise<TOdometerRun | null> {
  const until = new Date(now.getTime() - SETTLE_MS);
  const started = performance.now();
  const total: TOdometerRun = { drivers: 0, fixes: 0, km: 0 };
  const zones = new Map<number, string>();
  const zoneOf = async (db: Db, tenantId: number) => {
    let zone = zones.get(tenantId);
    if (!zone)
      zones.set(tenantId, (zone = (await tenantProfile(inTenant({ ...ctx, db }, tenantId))).timeZone));
    return zone;
  };
  while (performance.now() - started < RUN_BUDGET_MS) {
    const chunk = await ctx.db.transaction(async (tx) => {
      if (!(await tryOdometerLock(tx))) return null;
      return countChunk(tx, until, zoneOf);
    });
    if (!chunk) return total.drivers > 0 ? total : null;
    total.drivers += chunk.drivers;
    total.fixes += chunk.fixes;
    total.km += chunk.km;
    if (chunk.drivers < DRIVERS_A_CHUNK) break;
    // The embedded database answers one statement at a time: requests go between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
}

async function countChunk(
  db: Db,
  until: Date,
  zoneOf: (db: Db, tenantId: number) => Promise<string>,
): Promise<TOdometerRun> {
  const drivers = await driversToCount(db, until, DRIVERS_A_CHUNK);
  const tracks: TTrackRow[] = [];
  const distance: TDistanceRow[] = [];
  let fixesRead = 0;
  let meters = 0;
  for (const driver of drivers) {
    const fixes = await fixesAfter(
      db,
      driver.tenantId,
      driver.driverId,
      driver.readUntil,
      until,
      FIXES_A_DRIVER,
    );
    const last = fixes.at(-1);
    if (!last) continue;
    fixesRead += fixes.length;
    const { steps, end } = countTrack(driver.track, fixes);
    // No readable fix yet: the track starts where the last one was, and the filter judges the next.
    const track = end ?? { lat: last.lat, lon: last.lon, at: last.at, jumps: 0 };
    tracks.push({ tenantId: driver.tenantId, driverId: driver.driverId, ...track, readUntil: last.at });
    if (driver.vehicleId === null || steps.length === 0) continue;
    const zone = await zoneOf(db, driver.tenantId);
    for (const step of steps) {
      meters += step.meters;
      distance.push({
        tenantId: driver.tenantId,
        vehicleId: driver.vehicleId,
        day: DateTime.fromJSDate(step.at).setZone(zone).toISODate()!,
        at: step.at,
        km: step.meters / 1000,
      });
    }
  }
  await writeCounted(db, tracks, distance);
  return { drivers: drivers.length, fixes: fixesRead, km: meters / 1000 };
}

/**
 * A vehicle's distance counted from GPS on each day it was driven (a day number, `dayNumber`), in
 * the tenant's distance unit.
 */
export type TCountedDays = { day: number; distance: number }[];

/**
 * The tenant's vehicles' counted distance by day in its distance unit (`unit`, a symbol: the caller
 * has the tenant's profile), what the maintenance predictions read.
 */
export async function countedDays(ctx: TTenantContext, unit: string): Promise<Map<number, TCountedDays>> {
  const byVehicle = new Map<number, TCountedDays>();
  for (const r of await distanceDays(ctx.db, ctx.tenantId)) {
    byVehicle.set(
      Number(r.vehicle_id),
      r.days.map((day, i) => ({ day: Number(day), distance: kmToUnit(Number(r.km[i]), unit) })),
    );
  }
  return byVehicle;
}
