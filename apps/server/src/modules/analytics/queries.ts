import { sql, type SQL } from 'drizzle-orm';
import type { TAnalyticsRanking } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { withKeptDays, workedDaysSql, type TPeriod } from '../reports/service.ts';
import { rowsOf } from '../../db/rows.ts';

/*
 * The analytics rankings in one statement each, built on the reports' definition of working time
 * (`workedDaysSql`, decision 0028): the period's bounds `b` and each driver's worked `days` come from
 * it, and every other figure is counted here in the same statement, per driver, inside the tenant.
 */

export interface TAnalyticsDbRow {
  driverId: number;
  fname: string;
  lname: string;
  hourlyRate: number;
  minutes: number;
  trips: number;
  exceptions: number;
  incidents: number;
  approvalsAccepted: number;
}

/** postgres.js answers an array, PGlite `{rows}`. */
const byName = sql`lower(d.fname), lower(d.lname), d.id`;

/** Which drivers each ranking lists, and in what order (fixed fragments: nothing of the request). */
const RANKINGS: Record<TAnalyticsRanking, { where: SQL; order: SQL }> = {
  'most-trips': {
    where: sql`coalesce(ct.trips, 0) > 0`,
    order: sql`coalesce(ct.trips, 0) desc, coalesce(mi.minutes, 0) desc, ${byName}`,
  },
  'most-working-hours': {
    where: sql`coalesce(mi.minutes, 0) > 0`,
    order: sql`coalesce(mi.minutes, 0) desc, coalesce(ct.trips, 0) desc, ${byName}`,
  },
  // Only drivers who worked in the period: nobody earns "fewest incidents" by not driving.
  'fewest-incidents': {
    where: sql`(coalesce(ct.trips, 0) > 0 or coalesce(mi.minutes, 0) > 0)`,
    order: sql`coalesce(ac.n, 0) + coalesce(fi.n, 0) asc, coalesce(ct.trips, 0) desc,
               coalesce(mi.minutes, 0) desc, ${byName}`,
  },
  'most-approval-accepted': {
    where: sql`coalesce(ap.n, 0) > 0`,
    order: sql`coalesce(ap.n, 0) desc, coalesce(ct.trips, 0) desc, ${byName}`,
  },
  'most-exceptions': {
    where: sql`coalesce(ex.n, 0) > 0`,
    order: sql`coalesce(ex.n, 0) desc, ${byName}`,
  },
};

/**
 * The drivers of one ranking over the period with all their figures: minutes worked (decision 0028),
 * trips completed (live, not cancelled, ended in the period), exceptions raised (not withdrawn,
 * occurred in the period), incidents (live accidents reported and live fines issued in the period)
 * and manager approvals accepted in the period (decided then; the task's completing driver, else its
 * trip's driver). Archived drivers appear when they have the ranking's figure in the period.
 */
export async function rankedDrivers(
  db: Db,
  period: TPeriod,
  ranking: TAnalyticsRanking,
): Promise<TAnalyticsDbRow[]> {
  const { where, order } = RANKINGS[ranking];
  const tenant = period.tenantId;
  const result = await withKeptDays(db, period, (db, p) =>
    db.execute(sql`
    ${workedDaysSql(p, null)},
    minutes as (select driver_id, sum(minutes)::int as minutes from days group by driver_id),
    completed_trips as (
      select t.driver_id, count(*)::int as trips from trips t, b
      where t.tenant_id = ${tenant} and t.archived = false and t.cancelled = false
        and t.driver_id is not null and t.ended_date >= b.lo and t.ended_date < b.hi
      group by t.driver_id
    ),
    exception_counts as (
      select e.driver_id, count(*)::int as n from exceptions e, b
      where e.tenant_id = ${tenant} and e.withdrawn_date is null and e.driver_id is not null
        and e.occurred_at >= b.lo and e.occurred_at < b.hi
      group by e.driver_id
    ),
    accident_counts as (
      select a.driver_id, count(*)::int as n from accidents a, b
      where a.tenant_id = ${tenant} and a.archived = false and a.driver_id is not null
        and a.created_date >= b.lo and a.created_date < b.hi
      group by a.driver_id
    ),
    fine_counts as (
      select f.driver_id, count(*)::int as n from fines f, b
      where f.tenant_id = ${tenant} and f.archived = false and f.driver_id is not null
        and f.issued_date >= b.lo and f.issued_date < b.hi
      group by f.driver_id
    ),
    approval_counts as (
      select coalesce(k.completed_by_driver_id, t.driver_id) as driver_id, count(*)::int as n
      from tasks k
      join trip_destinations td on td.id = k.trip_destination_id and td.tenant_id = ${tenant}
      join trips t on t.id = td.trip_id and t.tenant_id = ${tenant}, b
      where k.tenant_id = ${tenant} and k.manager_approval and k.manager_approval_status = 'accepted'
        and t.archived = false
        and k.manager_decided_date >= b.lo and k.manager_decided_date < b.hi
      group by 1
    )
    select d.id, d.fname, d.lname, d.hourly_rate::text as hourly_rate,
      coalesce(mi.minutes, 0) as minutes, coalesce(ct.trips, 0) as trips,
      coalesce(ex.n, 0) as exceptions, coalesce(ac.n, 0) + coalesce(fi.n, 0) as incidents,
      coalesce(ap.n, 0) as approvals
    from drivers d
    left join minutes mi on mi.driver_id = d.id
    left join completed_trips ct on ct.driver_id = d.id
    left join exception_counts ex on ex.driver_id = d.id
    left join accident_counts ac on ac.driver_id = d.id
    left join fine_counts fi on fi.driver_id = d.id
    left join approval_counts ap on ap.driver_id = d.id
    where d.tenant_id = ${tenant} and ${where}
    order by ${order}`),
  );
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    driverId: Number(r.id),
    fname: String(r.fname),
    lname: String(r.lname),
    hourlyRate: Number(r.hourly_rate),
    minutes: Number(r.minutes),
    trips: Number(r.trips),
    exceptions: Number(r.exceptions),
    incidents: Number(r.incidents),
    approvalsAccepted: Number(r.approvals),
  }));
}
