import { and, asc, count, desc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stopColumns, taskColumns, type TStopPlan, type TStoredStop } from '../../db/planned-stops.ts';
import {
  drivers,
  scheduleDestinations,
  scheduleTasks,
  tripSchedules,
  tripTypes,
  warehouses,
} from '../../db/schema/index.ts';
import { refColumns, refJoins, refsSearch } from '../../db/trip-refs.ts';
import { anyId, groupBy } from '../../db/id-lists.ts';

export type TScheduleValues = Omit<typeof tripSchedules.$inferInsert, 'tenantId' | 'id'>;

// Advisory lock namespace of the materialiser: (namespace, schedule id) serialises every writer of
// one schedule's trips across processes; transaction-scoped, so it ends with the transaction.
const SCHEDULE_LOCK_NAMESPACE = 7_204_312;

/** Holds the schedule's lock until the transaction ends (PostgreSQL and PGlite alike). */
export async function lockSchedule(tx: Db, scheduleId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_NAMESPACE}::int4, ${scheduleId}::int4)`);
}

// ---------- Writing ----------

async function insertScheduleStops(db: Db, tenantId: number, scheduleId: number, stops: TStopPlan[]) {
  if (!stops.length) return;
  const ids = await db
    .insert(scheduleDestinations)
    .values(stops.map((stop, position) => ({ tenantId, scheduleId, position, ...stopColumns(stop) })))
    .returning({ id: scheduleDestinations.id });
  const taskRows = stops.flatMap((stop, i) =>
    stop.tasks.map((t) => ({ tenantId, scheduleDestinationId: ids[i]!.id, ...taskColumns(t) })),
  );
  if (taskRows.length) await db.insert(scheduleTasks).values(taskRows);
}

export async function insertSchedule(db: Db, tenantId: number, values: TScheduleValues, stops: TStopPlan[]) {
  const [row] = await db
    .insert(tripSchedules)
    .values({ ...values, tenantId })
    .returning({ id: tripSchedules.id });
  await insertScheduleStops(db, tenantId, row!.id, stops);
  return row!.id;
}

/** Replaces a live schedule's values and stops; false when there is no such schedule. */
export async function updateSchedule(
  db: Db,
  tenantId: number,
  id: number,
  values: TScheduleValues,
  stops: TStopPlan[],
): Promise<boolean> {
  const [row] = await db
    .update(tripSchedules)
    .set(values)
    .where(
      and(eq(tripSchedules.tenantId, tenantId), eq(tripSchedules.id, id), eq(tripSchedules.archived, false)),
    )
    .returning({ id: tripSchedules.id });
  if (!row) return false;
  await db
    .delete(scheduleDestinations)
    .where(and(eq(scheduleDestinations.tenantId, tenantId), eq(scheduleDestinations.scheduleId, id)));
  await insertScheduleStops(db, tenantId, id, stops);
  return true;
}

export async function archiveSchedule(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(tripSchedules)
    .set({ archived: true })
    .where(
      and(eq(tripSchedules.tenantId, tenantId), eq(tripSchedules.id, id), eq(tripSchedules.archived, false)),
    )
    .returning({ id: tripSchedules.id });
  return rows.length > 0;
}

// ---------- Reading ----------

const live = (tenantId: number) =>
  and(eq(tripSchedules.tenantId, tenantId), eq(tripSchedules.archived, false));

export async function findLiveSchedule(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(tripSchedules)
    .where(and(live(tenantId), eq(tripSchedules.id, id)))
    .limit(1);
  return row;
}

export interface TScheduleFilter {
  /** Driver name, origin or type. */
  search?: string | undefined;
  id?: number | undefined;
}

function scheduleWhere(tenantId: number, { search, id }: TScheduleFilter): SQL | undefined {
  return and(live(tenantId), id ? eq(tripSchedules.id, id) : undefined, refsSearch(search));
}

/** Live schedules with their driver, origin and type, newest first: one page and the total. */
export async function pageSchedules(
  db: Db,
  tenantId: number,
  filter: TScheduleFilter,
  page: { limit: number; offset: number },
) {
  const j = refJoins(tenantId, tripSchedules);
  const base = () =>
    db
      .select({ schedule: tripSchedules, ...refColumns })
      .from(tripSchedules)
      .leftJoin(drivers, j.driver)
      .leftJoin(warehouses, j.warehouse)
      .leftJoin(tripTypes, j.type)
      .where(scheduleWhere(tenantId, filter));
  const [total] = await db.select({ n: count() }).from(base().as('matching'));
  const rows = await base().orderBy(desc(tripSchedules.id)).limit(page.limit).offset(page.offset);
  const stops = await scheduleStops(
    db,
    tenantId,
    rows.map((r) => r.schedule.id),
  );
  return {
    rows: rows.map((r) => ({ ...r, stops: stops.get(r.schedule.id) ?? [] })),
    total: total?.n ?? 0,
  };
}
export type TScheduleDetails = Awaited<ReturnType<typeof pageSchedules>>['rows'][number];

/** The stops (with tasks) of these schedules, in order, by schedule id. */
export async function scheduleStops(db: Db, tenantId: number, scheduleIds: number[]) {
  const result = new Map<number, TStoredStop[]>();
  if (!scheduleIds.length) return result;
  const stops = await db
    .select()
    .from(scheduleDestinations)
    .where(
      and(eq(scheduleDestinations.tenantId, tenantId), anyId(scheduleDestinations.scheduleId, scheduleIds)),
    )
    .orderBy(asc(scheduleDestinations.scheduleId), asc(scheduleDestinations.position));
  const stopIds = stops.map((s) => s.id);
  const tasks = stopIds.length
    ? await db
        .select()
        .from(scheduleTasks)
        .where(and(eq(scheduleTasks.tenantId, tenantId), anyId(scheduleTasks.scheduleDestinationId, stopIds)))
        .orderBy(asc(scheduleTasks.priority), asc(scheduleTasks.id))
    : [];
  const tasksOf = groupBy(tasks, (t) => t.scheduleDestinationId);
  for (const s of stops) {
    const own = tasksOf.get(s.id) ?? [];
    const list = result.get(s.scheduleId) ?? [];
    list.push({
      ...s,
      tasks: own.map((t) => ({ id: t.id, ...taskColumns(t) })),
    });
    result.set(s.scheduleId, list);
  }
  return result;
}

/** Every live schedule that may still have occurrences after `now`, across tenants (the materialiser). */
export const activeSchedules = (db: Db, now: Date) =>
  db
    .select({ id: tripSchedules.id, tenantId: tripSchedules.tenantId })
    .from(tripSchedules)
    .where(
      and(
        eq(tripSchedules.archived, false),
        or(isNull(tripSchedules.endDate), gte(tripSchedules.endDate, now)),
      ),
    )
    .orderBy(asc(tripSchedules.id));
