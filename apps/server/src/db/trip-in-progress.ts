import { sql, type SQL } from 'drizzle-orm';
import { trips } from './schema/index.ts';

/*
 * The trip a driver had in progress at a moment: started by then, not yet ended then, neither
 * cancelled nor archived. Positions attach each fix to it inside the very statement that stores the
 * fix, so this is SQL over the trips' own columns rather than a call per fix.
 */

/** A scalar subquery: the id of the trip `driverId` (of `tenantId`) had in progress at `at`, or null. */
export const tripInProgressAt = (tenantId: SQL, driverId: SQL, at: SQL): SQL => sql`(
  select ${trips.id} from ${trips}
  where ${trips.tenantId} = ${tenantId} and ${trips.driverId} = ${driverId}
    and ${trips.archived} = false and ${trips.cancelled} = false
    and ${trips.startedDate} <= ${at}
    and (${trips.endedDate} is null or ${trips.endedDate} > ${at})
  order by ${trips.startedDate} desc
  limit 1)`;

/** The same for one driver and moment given as values (a record the driver reports, say). */
export const tripInProgressOf = (tenantId: number, driverId: number, at: Date): SQL =>
  tripInProgressAt(sql`${tenantId}::int`, sql`${driverId}::int`, sql`${at.toISOString()}::timestamptz`);
