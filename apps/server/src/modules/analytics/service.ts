import {
  minutesToClock,
  payFor,
  type TAnalyticsQuery,
  type TAnalyticsRanking,
  type TAnalyticsRow,
} from '@fleet/contract';
import type { TTenantContext } from '../../platform/context.ts';
import { periodOf } from '../reports/service.ts';
import { tenantProfile } from '../settings/service.ts';
import { rankedDrivers, type TAnalyticsDbRow } from './queries.ts';

/*
 * Analytics (spec 002 "Analytics at /analytics"): five rankings of the tenant's drivers over the
 * tenant's days `fdate`..`ldate`. The module's door: routes call these functions only.
 *
 * Every row carries the same figures, so a client can show any of them beside the ranked one:
 * - `trip_count`: trips completed: live, not cancelled, ended in the period (the "trips completed"
 *   of the bar chart; the Driver Summary's `totalTrips` counts trips *planned* in it instead);
 * - `total_time` / `total_minutes`: working time as decision 0028 defines it (the reports' SQL, the
 *   same minutes as the Driver Summary's `TotalWorkingHours`), `hh:mm:ss`;
 * - `total_rate`: pay for that time, minutes / 60 × hourly rate rounded to cents (`payFor`, as the
 *   Driver Summary's `totalAmmount`), in the tenant's currency;
 * - `exception_count`: exceptions raised in the period and not withdrawn;
 * - `incident_count`: accidents reported and fines issued in the period (live ones): the two kinds
 *   of incident the product records against a driver;
 * - `approval_accepted_count`: manager approval requests accepted in the period, credited to the
 *   driver who completed the task (else the trip's driver).
 *
 * Which drivers a ranking lists: those with a figure above zero in it (most trips, working hours,
 * approvals accepted, exceptions), most first; fewest incidents lists the drivers who worked in the
 * period (a completed trip or worked time), fewest first, then most trips. Ties go by name.
 */

const fullName = (d: { fname: string; lname: string }) => `${d.fname} ${d.lname}`.trim();

export const toAnalyticsRow = (r: TAnalyticsDbRow, currency: string): TAnalyticsRow => ({
  id: r.driverId,
  fname: r.fname,
  lname: r.lname,
  fullname: fullName(r),
  trip_count: r.trips,
  total_time: minutesToClock(r.minutes),
  total_minutes: r.minutes,
  total_rate: payFor(r.minutes, r.hourlyRate),
  currency,
  exception_count: r.exceptions,
  incident_count: r.incidents,
  approval_accepted_count: r.approvalsAccepted,
});

/** One ranking of the tenant's drivers over the period, in its order. */
export async function rankDrivers(
  ctx: TTenantContext,
  ranking: TAnalyticsRanking,
  query: TAnalyticsQuery,
): Promise<TAnalyticsRow[]> {
  const profile = await tenantProfile(ctx);
  const period = periodOf(profile, { fdate: query.fdate, tdate: query.ldate });
  const rows = await rankedDrivers(ctx.db, period, ranking);
  return rows.map((r) => toAnalyticsRow(r, profile.terms.currency.name));
}
