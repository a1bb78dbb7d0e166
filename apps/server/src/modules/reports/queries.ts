import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/*
 * Working time in SQL (decision 0028), one statement per report, on PGlite and PostgreSQL alike.
 *
 * A trip's worked interval runs from `started_date` to `ended_date`; a trip without an end (or an
 * archived one) has none. A driver's intervals are clipped to the period, merged where they overlap
 * or touch (gaps and islands: an interval opens a new island when it starts after every earlier
 * one has ended), then cut at the tenant's local midnights. A day's minutes are its seconds / 60,
 * rounded; a period's minutes are the sum of its days'. Every report (summary, finance days, files,
 * analytics) reads `workedDays` below, and nothing else computes working time.
 *
 * The period is `fdate` 00:00 to the day after `tdate` 00:00 on the tenant's clock (`time_zone`).
 */

export interface TPeriod {
  tenantId: number;
  fdate: string;
  tdate: string;
  timeZone: string;
}

/** postgres.js answers an array, PGlite `{rows}`. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const bounds = (p: TPeriod) => sql`
  select (${p.fdate}::date::timestamp at time zone ${p.timeZone}) as lo,
         ((${p.tdate}::date + 1)::timestamp at time zone ${p.timeZone}) as hi`;

/** The drivers filter of a statement: all (null) or these ids. */
const driverFilter = (column: SQL, ids: readonly number[] | null) =>
  ids === null ? sql`true` : sql`${column} = any(${sql.param([...ids])}::int[])`;

/**
 * Each driver's worked days of the period: the day (the tenant's), the first start and last end of
 * work that day, and the minutes. Reads trips through `trips_tenant_ended_idx` (migration 0026):
 * those ended after the period began, started before it ended. Its CTEs `b` (the period's bounds)
 * and `days` are what a statement built on it reads; analytics builds on it through service.ts.
 */
export function workedDaysSql(p: TPeriod, ids: readonly number[] | null): SQL {
  return sql`
    with b as (${bounds(p)}),
    worked as (
      select t.driver_id, greatest(t.started_date, b.lo) as s, least(t.ended_date, b.hi) as e
      from trips t, b
      where t.tenant_id = ${p.tenantId} and t.archived = false
        and t.started_date is not null and t.ended_date is not null and t.driver_id is not null
        and t.ended_date > b.lo and t.started_date < b.hi and t.ended_date > t.started_date
        and ${driverFilter(sql`t.driver_id`, ids)}
    ),
    marked as (
      select driver_id, s, e,
        case when s <= max(e) over (partition by driver_id order by s, e
                                    rows between unbounded preceding and 1 preceding)
             then 0 else 1 end as opens
      from worked
    ),
    islands as (
      select driver_id, s, e, sum(opens) over (partition by driver_id order by s, e rows unbounded preceding) as island
      from marked
    ),
    merged as (select driver_id, min(s) as s, max(e) as e from islands group by driver_id, island),
    cut as (
      select m.driver_id, d.day,
        greatest(m.s, d.day at time zone ${p.timeZone}) as s,
        least(m.e, (d.day + interval '1 day') at time zone ${p.timeZone}) as e
      from merged m
      cross join lateral generate_series(
        (m.s at time zone ${p.timeZone})::date::timestamp,
        (m.e at time zone ${p.timeZone})::date::timestamp,
        interval '1 day') as d(day)
    ),
    days as (
      select driver_id, day, min(s) as first_start, max(e) as last_end,
        round(sum(extract(epoch from (e - s))) / 60)::int as minutes
      from cut where e > s
      group by driver_id, day
    )`;
}

export interface TWorkedDay {
  driverId: number;
  day: string;
  firstStart: Date;
  lastEnd: Date;
  minutes: number;
}

/** One driver's (or some drivers') worked days of the period, by driver then day. */
export async function workedDays(db: Db, p: TPeriod, ids: readonly number[]): Promise<TWorkedDay[]> {
  const result = await db.execute(sql`
    ${workedDaysSql(p, ids)}
    select driver_id, to_char(day, 'YYYY-MM-DD') as day, first_start, last_end, minutes
    from days where minutes > 0 order by driver_id, day`);
  return rowsOf<{
    driver_id: number;
    day: string;
    first_start: Date | string;
    last_end: Date | string;
    minutes: number;
  }>(result).map((r) => ({
    driverId: Number(r.driver_id),
    day: r.day,
    firstStart: new Date(r.first_start),
    lastEnd: new Date(r.last_end),
    minutes: Number(r.minutes),
  }));
}

export interface TSummaryDbRow {
  driverId: number;
  fname: string;
  lname: string;
  email: string;
  hourlyRate: number;
  archived: boolean;
  minutes: number;
  trips: number;
  accidents: number;
  liters: number;
  dieselAmount: number;
}

/**
 * A row per driver of the tenant: every live one, and an archived one who has something in the
 * period; minutes worked, trips planned, accidents and refuels (volume, amount) of the period.
 * `ids` narrows it to those drivers (null: all).
 */
export async function summaryRows(
  db: Db,
  p: TPeriod,
  ids: readonly number[] | null,
): Promise<TSummaryDbRow[]> {
  const result = await db.execute(sql`
    ${workedDaysSql(p, ids)},
    minutes as (select driver_id, sum(minutes)::int as minutes from days group by driver_id),
    trip_counts as (
      select t.driver_id, count(*)::int as trips from trips t, b
      where t.tenant_id = ${p.tenantId} and t.archived = false and t.driver_id is not null
        and t.planned_date >= b.lo and t.planned_date < b.hi and ${driverFilter(sql`t.driver_id`, ids)}
      group by t.driver_id
    ),
    accident_counts as (
      select a.driver_id, count(*)::int as accidents from accidents a, b
      where a.tenant_id = ${p.tenantId} and a.archived = false and a.driver_id is not null
        and a.created_date >= b.lo and a.created_date < b.hi and ${driverFilter(sql`a.driver_id`, ids)}
      group by a.driver_id
    ),
    refuel_sums as (
      select f.driver_id, sum(f.volume)::float8 as liters, sum(f.amount)::numeric(14,2)::text as amount
      from diesel_tanks f, b
      where f.tenant_id = ${p.tenantId} and f.archived = false and f.driver_id is not null
        and f.created_date >= b.lo and f.created_date < b.hi and ${driverFilter(sql`f.driver_id`, ids)}
      group by f.driver_id
    )
    select d.id, d.fname, d.lname, d.email, d.hourly_rate::text as hourly_rate, d.archived,
      coalesce(mi.minutes, 0) as minutes, coalesce(tc.trips, 0) as trips,
      coalesce(ac.accidents, 0) as accidents, coalesce(rs.liters, 0) as liters,
      coalesce(rs.amount, '0') as amount
    from drivers d
    left join minutes mi on mi.driver_id = d.id
    left join trip_counts tc on tc.driver_id = d.id
    left join accident_counts ac on ac.driver_id = d.id
    left join refuel_sums rs on rs.driver_id = d.id
    where d.tenant_id = ${p.tenantId} and ${driverFilter(sql`d.id`, ids)}
      and (d.archived = false or mi.driver_id is not null or tc.driver_id is not null
           or ac.driver_id is not null or rs.driver_id is not null)
    order by lower(d.fname), lower(d.lname), d.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    driverId: Number(r.id),
    fname: String(r.fname),
    lname: String(r.lname),
    email: String(r.email),
    hourlyRate: Number(r.hourly_rate),
    archived: r.archived === true || r.archived === 't',
    minutes: Number(r.minutes),
    trips: Number(r.trips),
    accidents: Number(r.accidents),
    liters: Math.round(Number(r.liters) * 100) / 100,
    dieselAmount: Number(r.amount),
  }));
}

/** Ids of the tenant's drivers among `ids` (archived or not). */
export async function tenantDriverIds(db: Db, tenantId: number, ids: readonly number[]): Promise<number[]> {
  const result = await db.execute(
    sql`select id from drivers where tenant_id = ${tenantId} and id = any(${sql.param([...ids])}::int[])`,
  );
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}
