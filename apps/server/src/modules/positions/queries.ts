import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { driverIgnoredFixes, driverLastPositions, driverLocations, drivers } from '../../db/schema/index.ts';
import { tripInProgressAt } from '../../db/trip-in-progress.ts';
import { selectRows } from '../../db/rows.ts';

/** A fix as it is written: every column of `driver_locations` the writer sets. */
export interface TFixRow {
  tenantId: number;
  driverId: number;
  lat: number;
  lon: number;
  recordedAt: Date;
  speed: number | null;
  course: number | null;
  altitude: number | null;
  accuracy: number | null;
  battery: number | null;
  source: string;
  attributes: Record<string, unknown> | null;
}

/** What became of one fix: stored now or already there, its trip, and whether it is its driver's newest. */
export interface TFixWritten {
  stored: boolean;
  tripId: number | null;
  /** It moved the driver's last position (no stored fix of the driver is newer). */
  latest: boolean;
}

const fixKey = (tenantId: number, driverId: number, ms: number) => `${tenantId}:${driverId}:${ms}`;

/** Fixes of one driver acknowledged but not stored, and the reason of the last of them. */
export interface TIgnoredRow {
  tenantId: number;
  driverId: number;
  count: number;
  reason: string;
  detail: string;
}

/**
 * Adds ignored fixes to their drivers' counts in one statement, whatever the drivers and tenants:
 * rows of the same driver are summed, and the last one's reason is kept.
 */
export async function countIgnoredFixes(db: Db, rows: TIgnoredRow[]): Promise<void> {
  if (rows.length === 0) return;
  const byDriver = new Map<string, TIgnoredRow>();
  for (const row of rows) {
    const key = `${row.tenantId}:${row.driverId}`;
    const before = byDriver.get(key);
    byDriver.set(key, { ...row, count: row.count + (before?.count ?? 0) });
  }
  const json = JSON.stringify(
    [...byDriver.values()].map((r) => ({
      tenant_id: r.tenantId,
      driver_id: r.driverId,
      count: r.count,
      reason: r.reason,
      detail: r.detail,
    })),
  );
  await db.execute(sql`
    insert into driver_ignored_fixes as i (tenant_id, driver_id, count, last_reason, last_detail)
    select f.tenant_id, f.driver_id, f.count, f.reason, f.detail
    from jsonb_to_recordset(${json}::jsonb) as f(tenant_id int, driver_id int, count int, reason text, detail text)
    on conflict (tenant_id, driver_id) do update set
      count = i.count + excluded.count, last_reason = excluded.last_reason,
      last_detail = excluded.last_detail, last_received_at = now()`);
}

/** The ignored fixes of a driver of the tenant, if any ever were. */
export const ignoredFixesOf = async (db: Db, tenantId: number, driverId: number) =>
  (
    await db
      .select({
        count: driverIgnoredFixes.count,
        reason: driverIgnoredFixes.lastReason,
        detail: driverIgnoredFixes.lastDetail,
        receivedAt: driverIgnoredFixes.lastReceivedAt,
      })
      .from(driverIgnoredFixes)
      .where(and(eq(driverIgnoredFixes.tenantId, tenantId), eq(driverIgnoredFixes.driverId, driverId)))
  )[0] ?? null;

/**
 * Writes fixes of any drivers and tenants in one statement, so one commit: each fix is attached to
 * its driver's trip in progress at the fix time and inserted unless the same driver already has a
 * fix at that time; each driver's last position moves to the newest fix stored, never back in time.
 * Answers per fix, in order. The fixes travel as one JSON parameter: one statement whatever their
 * number, on PostgreSQL and the embedded database alike.
 */
export async function writeFixes(db: Db, fixes: TFixRow[]): Promise<TFixWritten[]> {
  if (fixes.length === 0) return [];
  const json = JSON.stringify(
    fixes.map((f) => ({
      tenant_id: f.tenantId,
      driver_id: f.driverId,
      lat: f.lat,
      lon: f.lon,
      recorded_at: f.recordedAt.toISOString(),
      speed: f.speed,
      course: f.course,
      altitude: f.altitude,
      accuracy: f.accuracy,
      battery: f.battery,
      source: f.source,
      attributes: f.attributes,
    })),
  );
  const tripId = tripInProgressAt(sql`f.tenant_id`, sql`f.driver_id`, sql`f.recorded_at`);
  const rows = await selectRows<{
    tenant_id: number;
    driver_id: number;
    at_ms: number;
    trip_id: number | null;
    latest: boolean;
  }>(
    db,
    sql`
    with fix as (
      select * from jsonb_to_recordset(${json}::jsonb) as f(
        tenant_id int, driver_id int, lat float8, lon float8, recorded_at timestamptz, speed float8,
        course float8, altitude float8, accuracy float8, battery float8, source text, attributes jsonb)
    ),
    stored as (
      insert into driver_locations as l (tenant_id, driver_id, trip_id, lat, lon, recorded_at, speed,
        course, altitude, accuracy, battery, source, attributes)
      select f.tenant_id, f.driver_id, ${tripId}, f.lat, f.lon, f.recorded_at, f.speed, f.course,
        f.altitude, f.accuracy, f.battery, f.source, f.attributes
      from fix f
      on conflict do nothing
      returning l.tenant_id, l.driver_id, l.trip_id, l.lat, l.lon, l.recorded_at, l.speed, l.course,
        l.accuracy, l.battery, l.source
    ),
    newest as (
      select distinct on (tenant_id, driver_id) * from stored
      order by tenant_id, driver_id, recorded_at desc
    ),
    moved as (
      insert into driver_last_positions as p (tenant_id, driver_id, trip_id, lat, lon, recorded_at,
        speed, course, accuracy, battery, source)
      select tenant_id, driver_id, trip_id, lat, lon, recorded_at, speed, course, accuracy, battery, source
      from newest
      on conflict (tenant_id, driver_id) do update set
        trip_id = excluded.trip_id, lat = excluded.lat, lon = excluded.lon,
        recorded_at = excluded.recorded_at, speed = excluded.speed, course = excluded.course,
        accuracy = excluded.accuracy, battery = excluded.battery, source = excluded.source
      -- A fix that arrives late is kept, but never moves the last position back in time.
      where p.recorded_at < excluded.recorded_at
      returning p.tenant_id, p.driver_id
    )
    select s.tenant_id, s.driver_id, s.trip_id,
      round(extract(epoch from s.recorded_at) * 1000)::float8 as at_ms,
      (m.driver_id is not null and n.recorded_at = s.recorded_at) as latest
    from stored s
    join newest n on n.tenant_id = s.tenant_id and n.driver_id = s.driver_id
    left join moved m on m.tenant_id = s.tenant_id and m.driver_id = s.driver_id`,
  );
  const written = new Map(rows.map((r) => [fixKey(r.tenant_id, r.driver_id, r.at_ms), r]));
  return fixes.map((f) => {
    const key = fixKey(f.tenantId, f.driverId, f.recordedAt.getTime());
    const row = written.get(key);
    // The same fix twice in one statement is stored once: the first of them claims the row.
    written.delete(key);
    return row
      ? { stored: true, tripId: row.trip_id, latest: row.latest }
      : { stored: false, tripId: null, latest: false };
  });
}

const locationColumns = {
  id: driverLocations.id,
  lat: driverLocations.lat,
  lon: driverLocations.lon,
  recordedAt: driverLocations.recordedAt,
  speed: driverLocations.speed,
  course: driverLocations.course,
  altitude: driverLocations.altitude,
  accuracy: driverLocations.accuracy,
  battery: driverLocations.battery,
  source: driverLocations.source,
  tripId: driverLocations.tripId,
};

/** A driver's positions recorded in [from, to), oldest first. */
export const listDriverPositions = (db: Db, tenantId: number, driverId: number, from: Date, to: Date) =>
  db
    .select(locationColumns)
    .from(driverLocations)
    .where(
      and(
        eq(driverLocations.tenantId, tenantId),
        eq(driverLocations.driverId, driverId),
        gte(driverLocations.recordedAt, from),
        lt(driverLocations.recordedAt, to),
      ),
    )
    .orderBy(asc(driverLocations.recordedAt));
export type TLocationRow = Awaited<ReturnType<typeof listDriverPositions>>[number];

const driverName = { driverId: drivers.id, fname: drivers.fname, lname: drivers.lname };
const liveDriverOf = (tenantId: number, driverId: SQL | typeof driverLocations.driverId) =>
  and(eq(drivers.tenantId, tenantId), eq(drivers.id, driverId), eq(drivers.archived, false));

/** Each live driver's newest position (the live views' table), with the stored fix's id. */
export const latestPositions = (db: Db, tenantId: number) =>
  db
    .select({ ...driverName, ...locationColumns })
    .from(driverLastPositions)
    .innerJoin(drivers, liveDriverOf(tenantId, sql`${driverLastPositions.driverId}`))
    .innerJoin(
      driverLocations,
      and(
        eq(driverLocations.tenantId, tenantId),
        eq(driverLocations.driverId, driverLastPositions.driverId),
        eq(driverLocations.recordedAt, driverLastPositions.recordedAt),
      ),
    )
    .where(eq(driverLastPositions.tenantId, tenantId))
    .orderBy(asc(drivers.fname), asc(drivers.lname), asc(drivers.id));

/** Each live driver's newest position recorded in [from, to). */
export function latestPositionsBetween(db: Db, tenantId: number, from: Date, to: Date) {
  const newest = db
    .selectDistinctOn([driverLocations.driverId], { driverId: driverLocations.driverId, ...locationColumns })
    .from(driverLocations)
    .where(
      and(
        eq(driverLocations.tenantId, tenantId),
        gte(driverLocations.recordedAt, from),
        lt(driverLocations.recordedAt, to),
      ),
    )
    .orderBy(driverLocations.driverId, sql`${driverLocations.recordedAt} desc`)
    .as('newest');
  return db
    .select({
      ...driverName,
      id: newest.id,
      lat: newest.lat,
      lon: newest.lon,
      recordedAt: newest.recordedAt,
      speed: newest.speed,
      course: newest.course,
      altitude: newest.altitude,
      accuracy: newest.accuracy,
      battery: newest.battery,
      source: newest.source,
      tripId: newest.tripId,
    })
    .from(newest)
    .innerJoin(drivers, liveDriverOf(tenantId, sql`${newest.driverId}`))
    .orderBy(asc(drivers.fname), asc(drivers.lname), asc(drivers.id));
}

// ---------- Partitions (one per UTC day of the fix) ----------

const PARTITION = /^driver_locations_p(\d{4})(\d{2})(\d{2})$/;
export const DEFAULT_PARTITION = 'driver_locations_default';

/** The day partitions of `driver_locations` (`driver_locations_pYYYYMMDD`), by their UTC day. */
export async function dayPartitions(db: Db): Promise<{ name: string; day: string }[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
        where p.relname = 'driver_locations'`,
  );
  return rows.flatMap(({ name }) => {
    const m = PARTITION.exec(name);
    return m ? [{ name, day: `${m[1]}-${m[2]}-${m[3]}` }] : [];
  });
}

export const partitionName = (day: string) => `driver_locations_p${day.replaceAll('-', '')}`;

/** UTC days in [from, to) that have rows in the default partition. */
export async function daysInDefaultPartition(db: Db, from: Date, to: Date): Promise<Set<string>> {
  const rows = await selectRows<{ day: string }>(
    db,
    sql`select distinct to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD') as day
        from ${sql.identifier(DEFAULT_PARTITION)}
        where recorded_at >= ${from.toISOString()}::timestamptz and recorded_at < ${to.toISOString()}::timestamptz`,
  );
  return new Set(rows.map((r) => r.day));
}

/** Creates the partition of one UTC day (`YYYY-MM-DD`, already checked) unless it exists. */
export async function createDayPartition(db: Db, day: string): Promise<void> {
  const from = `${day}T00:00:00Z`;
  const to = new Date(Date.parse(from) + 86_400_000).toISOString();
  await db.execute(
    sql`create table if not exists ${sql.identifier(partitionName(day))} partition of driver_locations
        for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`,
  );
}

export async function dropPartition(db: Db, name: string): Promise<void> {
  await db.execute(sql`drop table if exists ${sql.identifier(name)}`);
}

/** Removes rows older than `before` from the default partition; answers how many. */
export async function deleteFromDefaultPartition(db: Db, before: Date): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`with gone as (
          delete from ${sql.identifier(DEFAULT_PARTITION)} where recorded_at < ${before.toISOString()}::timestamptz
          returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/** Holds, until the transaction ends, the lock that lets one process at a time change the partitions. */
export async function lockPartitions(db: Db, namespace: number, key: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${namespace}::int4, ${key}::int4)`);
}
