import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

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
 *
 * Days are kept (decision 0034): once a day ended four days ago its result is written to
 * `worked_days`, and a report reads those rows rather than computing the day again from every trip
 * of it. `withKeptDays` makes the period's missing kept days before the report's statement reads
 * them; the days since are computed as before. A trigger on `trips` (migration 0029) forgets the
 * kept days a changed trip touches.
 */

export interface TPeriod {
  tenantId: number;
  fdate: string;
  tdate: string;
  timeZone: string;
  /**
   * The first day (`YYYY-MM-DD`) not read from the kept days: the days of the period before it are
   * read from `worked_days`, which `withKeptDays` has completed. Unset: every day is computed.
   */
  keptUntil?: string;
}

/**
 * A day is kept once it ended this many days ago. The trigger of migration 0029 watches trips that
 * started less than a day later than that (three days ago), so a change made in a transaction that
 * began up to a day before a report's cannot be missed.
 */
const KEEP_AFTER_DAYS = 4;
/** The lock key (with the tenant's id) between keeping a tenant's days and forgetting them (0029). */
const KEEP_LOCK = 20260034;
/** The lock key (with the tenant's id) one report holds while it keeps a tenant's days. */
const KEEP_WRITE_LOCK = 20260035;

/** The first day, on the tenant's clock, that is not yet kept at `now`. */
export const keptUntilOf = (timeZone: string, now: Date): string =>
  DateTime.fromJSDate(now).minus({ days: KEEP_AFTER_DAYS }).setZone(timeZone).startOf('day').toISODate()!;

/** postgres.js answers an array, PGlite `{rows}`. */
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
  const tz = p.timeZone;
  // The days computed from trips: from the first day not kept (or the period's start) to its end.
  const computedFrom = p.keptUntil
    ? sql`select greatest(b.lo, ${p.keptUntil}::date::timestamp at time zone ${tz}) as lo, b.hi from b`
    : sql`select lo, hi from b`;
  const kept = p.keptUntil
    ? sql`
      union all
      select w.driver_id, w.day::timestamp, w.first_start, w.last_end, w.minutes
      from worked_days w
      where w.tenant_id = ${p.tenantId} and w.day >= ${p.fdate}::date
        and w.day < least(${p.keptUntil}::date, ${p.tdate}::date + 1)
        and ${driverFilter(sql`w.driver_id`, ids)}`
    : sql``;
  return sql`
    with b as (${bounds(p)}),
    cb as (${computedFrom}),
    worked as (
      select t.driver_id, greatest(t.started_date, cb.lo) as s, least(t.ended_date, cb.hi) as e
      from trips t, cb
      where t.tenant_id = ${p.tenantId} and t.archived = false and cb.lo < cb.hi
        and t.started_date is not null and t.ended_date is not null and t.driver_id is not null
        and t.ended_date > cb.lo and t.started_date < cb.hi and t.ended_date > t.started_date
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
        greatest(m.s, d.day at time zone ${tz}) as s,
        least(m.e, (d.day + interval '1 day') at time zone ${tz}) as e
      from merged m
      cross join lateral generate_series(
        (m.s at time zone ${tz})::date::timestamp,
        (m.e at time zone ${tz})::date::timestamp,
        interval '1 day') as d(day)
    ),
    computed as (
      select driver_id, day, min(s) as first_start, max(e) as last_end,
        round(sum(extract(epoch from (e - s))) / 60)::int as minutes
      from cut where e > s
      group by driver_id, day
    ),
    days as (
      select driver_id, day, first_start, last_end, minutes from computed${kept}
    )`;
}

/**
 * Completes the kept days of the period before `p.keptUntil`: the days without a `worked_days_kept`
 * row in the tenant's time zone, from the first to the last of them, are computed again for every
 * driver and written with their mark. Two reports keeping the same days write the same rows.
 */
async function keepDays(db: Db, p: TPeriod & { keptUntil: string }): Promise<void> {
  const tz = p.timeZone;
  const findMissing = async () =>
    rowsOf<{ first: string | null; last: string | null }>(
      await db.execute(sql`
        select to_char(min(d), 'YYYY-MM-DD') as first, to_char(max(d), 'YYYY-MM-DD') as last
        from generate_series(${p.fdate}::date, least(${p.keptUntil}::date, ${p.tdate}::date + 1) - 1,
                             interval '1 day') as d
        where not exists (select 1 from worked_days_kept k
                          where k.tenant_id = ${p.tenantId} and k.day = d::date and k.time_zone = ${tz})`),
    )[0];
  if (!(await findMissing())?.first) return;
  // One report at a time keeps a tenant's days; the next one finds them kept.
  await db.execute(sql`select pg_advisory_xact_lock(${KEEP_WRITE_LOCK}::int4, ${p.tenantId}::int4)`);
  const missing = await findMissing();
  if (!missing?.first || !missing.last) return;
  const { first, last } = missing;
  await db.execute(sql`
    delete from worked_days where tenant_id = ${p.tenantId} and day >= ${first}::date and day <= ${last}::date`);
  await db.execute(sql`
    ${workedDaysSql({ tenantId: p.tenantId, fdate: first, tdate: last, timeZone: tz }, null)}
    insert into worked_days (tenant_id, day, driver_id, first_start, last_end, minutes)
    select ${p.tenantId}, day::date, driver_id, first_start, last_end, minutes from days where minutes > 0
    on conflict (tenant_id, day, driver_id) do update set first_start = excluded.first_start,
      last_end = excluded.last_end, minutes = excluded.minutes`);
  await db.execute(sql`
    insert into worked_days_kept (tenant_id, day, time_zone)
    select ${p.tenantId}, d::date, ${tz} from generate_series(${first}::date, ${last}::date, interval '1 day') as d
    on conflict (tenant_id, day) do update set time_zone = excluded.time_zone`);
}

/**
 * Runs `read` (a report's statements built on `workedDaysSql`) with the period's kept days complete:
 * in one transaction holding the tenant's lock shared, so no change to an old trip (which takes it
 * alone, migration 0029) can forget a day between its keeping and its reading.
 */
export async function withKeptDays<T>(
  db: Db,
  p: TPeriod,
  read: (db: Db, p: TPeriod) => Promise<T>,
  now = new Date(),
): Promise<T> {
  const keptUntil = keptUntilOf(p.timeZone, now);
  if (keptUntil <= p.fdate) return read(db, p);
  const kept = { ...p, keptUntil };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${KEEP_LOCK}::int4, ${p.tenantId}::int4)`);
    await keepDays(tx, kept);
    return read(tx, kept);
  });
}

export interface TWorkedDay {
  driverId: number;
  day: string;
  firstStart: Date;
  lastEnd: Date;
  minutes: number;
}

/** One driver's (or some drivers') worked days of the period, by driver then day. */
export async function workedDays(db: Db, period: TPeriod, ids: readonly number[]): Promise<TWorkedDay[]> {
  const result = await withKeptDays(db, period, (db, p) =>
    db.execute(sql`
    ${workedDaysSql(p, ids)}
    select driver_id, to_char(day, 'YYYY-MM-DD') as day, first_start, last_end, minutes
    from days where minutes > 0 order by driver_id, day`),
  );
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
  period: TPeriod,
  ids: readonly number[] | null,
): Promise<TSummaryDbRow[]> {
  const result = await withKeptDays(db, period, (db, p) =>
    db.execute(sql`
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
    order by lower(d.fname), lower(d.lname), d.id`),
  );
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
