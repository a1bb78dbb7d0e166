import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, selectRows } from '../../db/rows.ts';

/** One lock a database: a single process counts at a time (others skip their run). */
const ODOMETER_LOCK_NAMESPACE = 7_204_315;
const ODOMETER_LOCK = 1;

/** Takes the counting lock for this transaction, or answers false when another process holds it. */
export async function tryOdometerLock(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ got: boolean }>(
    await db.execute(
      sql`select pg_try_advisory_xact_lock(${ODOMETER_LOCK_NAMESPACE}::int4, ${ODOMETER_LOCK}::int4) as got`,
    ),
  );
  return Boolean(row?.got);
}

export interface TDriverToCount {
  tenantId: number;
  driverId: number;
  /** The vehicle the driver has now: the distance goes to it (none: counted for nobody). */
  vehicleId: number | null;
  track: { lat: number; lon: number; at: Date; jumps: number } | null;
  /** The time of the last fix read (null: none yet). */
  readUntil: Date | null;
}

/**
 * Up to `drivers` live drivers with fixes stored after their track's end (and before `until`),
 * those waiting longest first, each with the vehicle they have and their track.
 */
export async function driversToCount(db: Db, until: Date, drivers: number): Promise<TDriverToCount[]> {
  const rows = rowsOf<{
    tenant_id: number;
    driver_id: number;
    bus_id: number | null;
    lat: number | null;
    lon: number | null;
    at: string | Date | null;
    jumps: number | null;
    read_until: string | Date | null;
  }>(
    await db.execute(sql`
      select d.tenant_id, d.id as driver_id, d.bus_id, t.lat, t.lon, t.at, t.jumps, t.read_until
      from driver_last_positions p
      join drivers d on d.tenant_id = p.tenant_id and d.id = p.driver_id and d.archived = false
      left join odometer_tracks t on t.tenant_id = p.tenant_id and t.driver_id = p.driver_id
      where (t.read_until is null or p.recorded_at > t.read_until)
        and exists (select 1 from driver_locations f
                    where f.tenant_id = p.tenant_id and f.driver_id = p.driver_id
                      and f.recorded_at > coalesce(t.read_until, '-infinity') and f.recorded_at <= ${until.toISOString()}::timestamptz)
      order by t.read_until asc nulls first, d.tenant_id, d.id
      limit ${drivers}`),
  );
  return rows.map((r) => ({
    tenantId: Number(r.tenant_id),
    driverId: Number(r.driver_id),
    vehicleId: r.bus_id === null ? null : Number(r.bus_id),
    track:
      r.at === null
        ? null
        : { lat: Number(r.lat), lon: Number(r.lon), at: new Date(r.at), jumps: Number(r.jumps) },
    readUntil: r.read_until === null ? null : new Date(r.read_until),
  }));
}

export interface TStoredFix {
  lat: number;
  lon: number;
  at: Date;
  accuracy: number | null;
}

/** A driver's fixes after `after` (all when null) up to `until`, in time order, at most `limit`. */
export async function fixesAfter(
  db: Db,
  tenantId: number,
  driverId: number,
  after: Date | null,
  until: Date,
  limit: number,
): Promise<TStoredFix[]> {
  const rows = rowsOf<{ lat: number; lon: number; recorded_at: string | Date; accuracy: number | null }>(
    await db.execute(sql`
      select lat, lon, recorded_at, accuracy from driver_locations
      where tenant_id = ${tenantId} and driver_id = ${driverId}
        and recorded_at > ${(after ?? new Date(0)).toISOString()}::timestamptz
        and recorded_at <= ${until.toISOString()}::timestamptz
      order by recorded_at asc
      limit ${limit}`),
  );
  return rows.map((r) => ({
    lat: Number(r.lat),
    lon: Number(r.lon),
    at: new Date(r.recorded_at),
    accuracy: r.accuracy === null ? null : Number(r.accuracy),
  }));
}

export interface TTrackRow {
  tenantId: number;
  driverId: number;
  lat: number;
  lon: number;
  at: Date;
  jumps: number;
  readUntil: Date;
}

export interface TDistanceRow {
  tenantId: number;
  vehicleId: number;
  /** The tenant's day, `YYYY-MM-DD`. */
  day: string;
  /** When the step ended: distance before the vehicle's mileage was recorded is not added to it. */
  at: Date;
  km: number;
}

/**
 * Writes what a run counted, in the caller's transaction: the drivers' track ends, the vehicles'
 * distance by day, and each vehicle's distance since its mileage was recorded.
 */
export async function writeCounted(db: Db, tracks: TTrackRow[], distance: TDistanceRow[]): Promise<void> {
  if (tracks.length > 0)
    await db.execute(sql`
      insert into odometer_tracks (tenant_id, driver_id, lat, lon, at, jumps, read_until)
      select s."tenantId", s."driverId", s.lat, s.lon, s.at, s.jumps, s."readUntil"
      from jsonb_to_recordset(${JSON.stringify(tracks)}::jsonb) as s("tenantId" int, "driverId" int,
        lat float8, lon float8, at timestamptz, jumps int, "readUntil" timestamptz)
      on conflict (tenant_id, driver_id) do update set lat = excluded.lat, lon = excluded.lon,
        at = excluded.at, jumps = excluded.jumps, read_until = excluded.read_until`);
  if (distance.length === 0) return;
  const steps = sql`jsonb_to_recordset(${JSON.stringify(distance)}::jsonb)
    as s("tenantId" int, "vehicleId" int, day date, at timestamptz, km float8)`;
  await db.execute(sql`
    insert into vehicle_distance_days (tenant_id, vehicle_id, day, km)
    select s."tenantId", s."vehicleId", s.day, sum(s.km) from ${steps}
    join vehicles v on v.tenant_id = s."tenantId" and v.id = s."vehicleId"
    group by 1, 2, 3
    on conflict (tenant_id, vehicle_id, day) do update set km = vehicle_distance_days.km + excluded.km`);
  // The vehicle's own mileage_at is read again if an admin records a mileage meanwhile.
  await db.execute(sql`
    update vehicles v
    set gps_km = v.gps_km + coalesce(
      (select sum(s.km) from ${steps} where s."vehicleId" = v.id and s.at > v.mileage_at), 0)
    where (v.tenant_id, v.id) in (select s."tenantId", s."vehicleId" from ${steps})`);
}

/**
 * Each of the tenant's vehicles' counted distance by day, oldest first: a row a vehicle, its days
 * (day numbers, days since 1970-01-01) and kilometres in two arrays. Two years of days of a
 * 500-vehicle fleet are 365,000 rows; as 500 rows of arrays they read about four times faster.
 */
export async function distanceDays(db: Db, tenantId: number) {
  return selectRows<{ vehicle_id: number; days: number[]; km: number[] }>(
    db,
    sql`select vehicle_id,
          array_agg(day - date '1970-01-01' order by day) as days,
          array_agg(km order by day) as km
        from vehicle_distance_days where tenant_id = ${tenantId}
        group by vehicle_id`,
  );
}
