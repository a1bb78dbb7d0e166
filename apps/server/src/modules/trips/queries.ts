import { and, asc, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import { LIST_EXACT_COUNT } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { stopColumns, taskColumns, type TStopPlan, type TTaskPlan } from '../../db/planned-stops.ts';
import {
  accidents,
  drivers,
  fines,
  taskPhotos,
  tasks,
  tripDestinations,
  trips,
  tripTypes,
  vehicles,
  warehouses,
} from '../../db/schema/index.ts';
import { escapeLike } from '../../db/like.ts';
import { refColumns, refJoins } from '../../db/trip-refs.ts';
import type { TNewTrip, TTripStop, TTripToInsert } from './plan.ts';
import { anyId, groupBy, noneOfIds } from '../../db/id-lists.ts';
import type { TListCursor, TListKey } from '../../db/list-cursor.ts';
import { plannedRows } from '../../db/bounded-count.ts';

// ---------- Lookups of the things a trip points at ----------

/** The vehicle the driver drives now, within the tenant (trips do not record one). */
export async function driverVehicle(db: Db, tenantId: number, driverId: number) {
  const [vehicle] = await db
    .select({ reference: vehicles.reference, brand: vehicles.brand, model: vehicles.model })
    .from(drivers)
    .innerJoin(vehicles, and(eq(vehicles.id, drivers.busId), eq(vehicles.tenantId, tenantId)))
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, driverId)))
    .limit(1);
  return vehicle;
}

// ---------- Reading trips ----------

export interface TTripFilter {
  /** Planned start (or creation, for a trip without one) in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
  driverId?: number | undefined;
  /** Driver name, origin or type. */
  search?: string | undefined;
}

/** When a trip is planned (its start, or its creation without one): the stored column the lists' indexes hold. */
const planned = trips.plannedDate;
/** Live trips, written as a literal so the partial indexes (`where archived = false`) apply to every plan. */
const live = sql`${trips.archived} = false`;

const tripJoins = (tenantId: number) => refJoins(tenantId, trips);

/** The drivers, origins and types a search names: the small tables are searched first, not every trip's joins. */
export async function searchedRefs(db: Db, tenantId: number, search: string) {
  const pattern = `%${escapeLike(search)}%`;
  const [driverRows, warehouseRows, typeRows] = await Promise.all([
    db
      .select({ id: drivers.id })
      .from(drivers)
      .where(
        and(eq(drivers.tenantId, tenantId), ilike(sql`${drivers.fname} || ' ' || ${drivers.lname}`, pattern)),
      ),
    db
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), ilike(warehouses.title, pattern))),
    db
      .select({ id: tripTypes.id })
      .from(tripTypes)
      .where(and(eq(tripTypes.tenantId, tenantId), ilike(tripTypes.title, pattern))),
  ]);
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return { driverIds: ids(driverRows), warehouseIds: ids(warehouseRows), typeIds: ids(typeRows) };
}
export type TSearchedRefs = Awaited<ReturnType<typeof searchedRefs>>;

/** The trips' own conditions: the search arrives as the ids of what it names. */
export function tripWhere(
  tenantId: number,
  f: TTripFilter,
  refs: TSearchedRefs | undefined,
): SQL | undefined {
  return and(
    eq(trips.tenantId, tenantId),
    live,
    f.from ? sql`${planned} >= ${f.from.toISOString()}::timestamptz` : undefined,
    f.to ? sql`${planned} < ${f.to.toISOString()}::timestamptz` : undefined,
    f.driverId ? eq(trips.driverId, f.driverId) : undefined,
    refs ? searchedBy(refs) : undefined,
  );
}

/**
 * Trips that point at a driver, origin or type the search names. Only what it names is asked (a
 * search naming one driver is `driver_id = $1`, which the driver's planned-time index answers in
 * order); nothing named matches no trip.
 */
function searchedBy(refs: TSearchedRefs): SQL {
  const arms = (
    [
      [trips.driverId, refs.driverIds],
      [trips.warehouseId, refs.warehouseIds],
      [trips.typeId, refs.typeIds],
    ] as const
  ).flatMap(([column, ids]) =>
    ids.length === 0 ? [] : ids.length === 1 ? [eq(column, ids[0]!)] : [anyId(column, ids)],
  );
  return or(...arms) ?? sql`false`;
}

/** Where a page starts: skip `offset` rows, or take the rows after (or before) a row's place. */
export interface TTripPageAt {
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: TListCursor | undefined;
}

/**
 * The queries of a trips list, built without running them (the EXPLAIN test reads their plans):
 * the ids of one page in the list's order — newest planned first, then newest id — with each row's
 * place (`at`, the planned time as the database writes it), and the count of matches up to one past
 * the bound. Both read the trips table alone, in the order of its planned-time index (tenant,
 * planned_date, id), so a page is the next entries of the index: no sort, no joins, and a cursor's
 * page starts where the index entry of its row is. Rows before a cursor are read upwards and
 * answered in the same (downward) order by the caller.
 */
export function tripListQueries(
  db: Db,
  tenantId: number,
  filter: TTripFilter,
  refs: TSearchedRefs | undefined,
  page: TTripPageAt = {},
) {
  const where = tripWhere(tenantId, filter, refs);
  const { cursor } = page;
  const place = cursor && sql`(${planned}, ${trips.id})`;
  const key = cursor && sql`(${cursor.key.at}::timestamptz, ${cursor.key.id}::int)`;
  const upwards = cursor?.dir === 'before';
  const ids = db
    .select({ id: trips.id, at: sql<string>`${planned}::text` })
    .from(trips)
    .where(and(where, cursor ? (upwards ? sql`${place} > ${key}` : sql`${place} < ${key}`) : undefined))
    .orderBy(...(upwards ? [asc(planned), asc(trips.id)] : [desc(planned), desc(trips.id)]))
    .$dynamic();
  if (page.limit !== undefined) ids.limit(page.limit);
  if (page.offset) ids.offset(page.offset);
  const bounded = db
    .select({ one: sql`1` })
    .from(trips)
    .where(where)
    .limit(LIST_EXACT_COUNT + 1)
    .as('bounded');
  return {
    ids,
    count: db.select({ n: count() }).from(bounded),
    matching: db.select({ id: trips.id }).from(trips).where(where),
  };
}

/** The search's referenced ids, or undefined without a search. */
const refsOf = (db: Db, tenantId: number, search: string | undefined) =>
  search ? searchedRefs(db, tenantId, search) : Promise.resolve(undefined);

/** One page of a trips list: its ids in the list's order, how many match, and where its neighbours start. */
export interface TTripIdPage {
  ids: number[];
  /** Exact up to LIST_EXACT_COUNT; past it the planner's estimate (never less than the bound), `exact` false. */
  total: number;
  exact: boolean;
  /** The place of the page's last row when rows follow it (the next page's cursor), else null. */
  next: TListKey | null;
  /** The place of the page's first row when rows come before it (the previous page's cursor), else null. */
  prev: TListKey | null;
}

/**
 * Ids of the matching trips in the list's order (newest planned first), one page of them: the
 * `limit` rows after `offset` rows, or after (before) a cursor's row; and how many match. `firstRow`
 * is where the caller numbers the page to start (its page number's offset): when the last page is
 * reached past the exact bound, the count is that page's end, exactly.
 */
export async function pageTripIds(
  db: Db,
  tenantId: number,
  filter: TTripFilter,
  page: { limit: number; offset: number; cursor?: TListCursor | undefined; firstRow?: number },
): Promise<TTripIdPage> {
  const { cursor, limit } = page;
  const q = tripListQueries(db, tenantId, filter, await refsOf(db, tenantId, filter.search), {
    limit: limit + 1,
    offset: cursor ? 0 : page.offset,
    cursor,
  });
  const [[counted], fetched] = await Promise.all([q.count, q.ids]);
  // One row more than the page says whether another page follows (before a cursor: precedes).
  const more = fetched.length > limit;
  const upwards = cursor?.dir === 'before';
  const rows = upwards ? fetched.slice(0, limit).reverse() : fetched.slice(0, limit);
  const hasNext = upwards ? rows.length > 0 : more;
  const hasPrev = upwards ? more : rows.length > 0 && (cursor !== undefined || page.offset > 0);
  const keyOf = (row: { id: number; at: string } | undefined) => (row ? { at: row.at, id: row.id } : null);
  const result = {
    ids: rows.map((r) => r.id),
    next: hasNext ? keyOf(rows.at(-1)) : null,
    prev: hasPrev ? keyOf(rows[0]) : null,
  };
  const n = counted?.n ?? 0;
  if (n <= LIST_EXACT_COUNT) return { ...result, total: n, exact: true };
  const firstRow = page.firstRow ?? page.offset;
  // The last page, past the bound: the count is where it ends.
  if (!hasNext && rows.length && firstRow + rows.length > LIST_EXACT_COUNT)
    return { ...result, total: firstRow + rows.length, exact: true };
  const estimate = Math.max(await plannedRows(db, q.matching), LIST_EXACT_COUNT + 1);
  // Past the end: no more than the rows before this page, still an estimate.
  const total = !rows.length && firstRow > LIST_EXACT_COUNT ? Math.min(estimate, firstRow) : estimate;
  return { ...result, total, exact: false };
}

/** Every trip of the tenant with these ids (archived ones included), with all the details a row shows. */
export async function loadTrips(db: Db, tenantId: number, ids: number[]) {
  if (!ids.length) return [];
  const j = tripJoins(tenantId);
  const rows = await db
    .select({ trip: trips, ...refColumns })
    .from(trips)
    .leftJoin(drivers, j.driver)
    .leftJoin(warehouses, j.warehouse)
    .leftJoin(tripTypes, j.type)
    .where(and(eq(trips.tenantId, tenantId), anyId(trips.id, ids)));
  const [stops, tripFines, tripAccidents] = await Promise.all([
    db
      .select()
      .from(tripDestinations)
      .where(and(eq(tripDestinations.tenantId, tenantId), anyId(tripDestinations.tripId, ids)))
      .orderBy(asc(tripDestinations.tripId), asc(tripDestinations.position)),
    db
      .select()
      .from(fines)
      .where(and(eq(fines.tenantId, tenantId), anyId(fines.tripId, ids), eq(fines.archived, false)))
      .orderBy(asc(fines.issuedDate)),
    db
      .select()
      .from(accidents)
      .where(
        and(eq(accidents.tenantId, tenantId), anyId(accidents.tripId, ids), eq(accidents.archived, false)),
      )
      .orderBy(asc(accidents.createdDate)),
  ]);
  const stopIds = stops.map((s) => s.id);
  const stopTasks = stopIds.length
    ? await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.tenantId, tenantId), anyId(tasks.tripDestinationId, stopIds)))
        .orderBy(asc(tasks.priority), asc(tasks.id))
    : [];
  const taskIds = stopTasks.map((k) => k.id);
  const photos = taskIds.length
    ? await db
        .select({
          id: taskPhotos.id,
          taskId: taskPhotos.taskId,
          kind: taskPhotos.kind,
          contentType: taskPhotos.contentType,
          bytes: taskPhotos.bytes,
          createdDate: taskPhotos.createdDate,
        })
        .from(taskPhotos)
        .where(and(eq(taskPhotos.tenantId, tenantId), anyId(taskPhotos.taskId, taskIds)))
        .orderBy(asc(taskPhotos.id))
    : [];
  // Grouped once each (linear in rows): a month's export assembles tens of thousands of trips.
  const byId = new Map(rows.map((r) => [r.trip.id, r]));
  const stopsOf = groupBy(stops, (s) => s.tripId);
  const tasksOf = groupBy(stopTasks, (t) => t.tripDestinationId);
  const photosOf = groupBy(photos, (p) => p.taskId);
  const finesOf = groupBy(tripFines, (f) => f.tripId);
  const accidentsOf = groupBy(tripAccidents, (a) => a.tripId);
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        ...r,
        stops: (stopsOf.get(id) ?? []).map((s) => ({
          ...s,
          tasks: (tasksOf.get(s.id) ?? []).map((t) => ({ ...t, photos: photosOf.get(t.id) ?? [] })),
        })),
        fines: finesOf.get(id) ?? [],
        accidents: accidentsOf.get(id) ?? [],
      },
    ];
  });
}
export type TTripDetails = Awaited<ReturnType<typeof loadTrips>>[number];

/** One page of the matching trips' ids, newest planned first, and the exact count (a driver's trips: index only). */
export async function pageTripIdsExact(
  db: Db,
  tenantId: number,
  filter: TTripFilter,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const where = tripListQueries(db, tenantId, filter, await refsOf(db, tenantId, filter.search), page);
  const [rows, [counted]] = await Promise.all([
    where.ids,
    db.select({ n: count() }).from(where.matching.as('matching')),
  ]);
  return { ids: rows.map((r) => r.id), total: counted?.n ?? 0 };
}

/** Ids of the matching trips, newest planned first, capped when a limit is given. */
export async function tripIdsWhere(db: Db, tenantId: number, filter: TTripFilter, limit?: number) {
  const refs = await refsOf(db, tenantId, filter.search);
  const rows = await tripListQueries(db, tenantId, filter, refs, { limit }).ids;
  return rows.map((r) => r.id);
}

/** A live trip of the tenant: its own columns only. */
export async function findTrip(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(trips)
    .where(and(eq(trips.tenantId, tenantId), eq(trips.id, id), eq(trips.archived, false)))
    .limit(1);
  return row;
}

// ---------- Writing trips ----------

/**
 * Inserts trips with their stops and tasks in three statements, whatever their number. With
 * `skipExisting`, a trip whose (schedule, occurrence) already exists is left out (ON CONFLICT DO
 * NOTHING): the materialiser relies on it to create each occurrence once.
 */
export async function insertTrips(
  db: Db,
  tenantId: number,
  items: TTripToInsert[],
  { skipExisting = false } = {},
): Promise<number[]> {
  if (!items.length) return [];
  const insert = db.insert(trips).values(items.map((i) => ({ ...i.trip, tenantId })));
  const inserted = await (skipExisting ? insert.onConflictDoNothing() : insert).returning({
    id: trips.id,
    occurrenceStart: trips.occurrenceStart,
  });
  // Rows come back in the order given; skipped ones are found again by their occurrence.
  const byOccurrence = new Map(items.map((i) => [i.trip.occurrenceStart?.getTime(), i]));
  const planOf = (row: (typeof inserted)[number], index: number) =>
    skipExisting ? byOccurrence.get(row.occurrenceStart?.getTime())! : items[index]!;
  await insertStops(
    db,
    tenantId,
    inserted.flatMap((row, index) =>
      planOf(row, index).stops.map((stop, position) => ({ tripId: row.id, position, stop })),
    ),
  );
  return inserted.map((r) => r.id);
}

/**
 * A new task of a trip: one that needs a manager's approval waits for the driver's proof
 * (`awaiting_submission`) from the start (spec 002 §4).
 */
const tripTaskColumns = (t: TTaskPlan) => ({
  ...taskColumns(t),
  managerApprovalStatus: t.managerApproval ? 'awaiting_submission' : null,
});

/**
 * An edited task keeps where its approval stands while one is asked, starts awaiting the proof when
 * one is asked anew, and has none when none is asked any more.
 */
const keptApprovalStatus = (managerApproval: boolean) =>
  managerApproval ? sql`coalesce(${tasks.managerApprovalStatus}, 'awaiting_submission')` : null;

/** Inserts stops and their tasks in two statements. */
async function insertStops(
  db: Db,
  tenantId: number,
  flat: { tripId: number; position: number; stop: TTripStop }[],
) {
  if (!flat.length) return;
  const ids = await db
    .insert(tripDestinations)
    .values(
      flat.map(({ tripId, position, stop }) => ({
        tenantId,
        tripId,
        position,
        ...stopColumns(stop),
        arrivedDate: stop.arrivedDate ?? null,
        departedDate: stop.departedDate ?? null,
      })),
    )
    .returning({ id: tripDestinations.id });
  const taskRows = flat.flatMap(({ stop }, i) =>
    stop.tasks.map((t) => ({ tenantId, tripDestinationId: ids[i]!.id, ...tripTaskColumns(t) })),
  );
  if (taskRows.length) await db.insert(tasks).values(taskRows);
}

export async function updateTrip(db: Db, tenantId: number, id: number, values: Partial<TNewTrip>) {
  const [row] = await db
    .update(trips)
    .set(values)
    .where(and(eq(trips.tenantId, tenantId), eq(trips.id, id), eq(trips.archived, false)))
    .returning({ id: trips.id });
  return row;
}

/** The stops and tasks a trip has now, to check the ids a save names. */
export async function stopAndTaskIds(db: Db, tenantId: number, tripId: number) {
  const stops = await db
    .select({ id: tripDestinations.id })
    .from(tripDestinations)
    .where(and(eq(tripDestinations.tenantId, tenantId), eq(tripDestinations.tripId, tripId)));
  const stopIds = stops.map((s) => s.id);
  const stopTasks = stopIds.length
    ? await db
        .select({ id: tasks.id, stopId: tasks.tripDestinationId })
        .from(tasks)
        .where(and(eq(tasks.tenantId, tenantId), anyId(tasks.tripDestinationId, stopIds)))
    : [];
  return { stopIds, tasks: stopTasks };
}

/**
 * Makes a trip's stops and tasks what the plan says. Stops and tasks the plan names by id are
 * updated in place (keeping the driver's arrival and departure times and the task's identity);
 * the others are inserted; those the plan no longer has are deleted.
 */
export async function replaceTripStops(db: Db, tenantId: number, tripId: number, plan: TStopPlan[]) {
  const kept = plan.flatMap((s) => (s.id ? [s.id] : []));
  await db
    .delete(tripDestinations)
    .where(
      and(
        eq(tripDestinations.tenantId, tenantId),
        eq(tripDestinations.tripId, tripId),
        kept.length ? noneOfIds(tripDestinations.id, kept) : undefined,
      ),
    );
  for (const [position, stop] of plan.entries()) {
    if (!stop.id) continue;
    await db
      .update(tripDestinations)
      .set({ position, ...stopColumns(stop) })
      .where(and(eq(tripDestinations.tenantId, tenantId), eq(tripDestinations.id, stop.id)));
    const keptTasks = stop.tasks.flatMap((t) => (t.id ? [t.id] : []));
    await db
      .delete(tasks)
      .where(
        and(
          eq(tasks.tenantId, tenantId),
          eq(tasks.tripDestinationId, stop.id),
          keptTasks.length ? noneOfIds(tasks.id, keptTasks) : undefined,
        ),
      );
    for (const task of stop.tasks) {
      if (task.id) {
        await db
          .update(tasks)
          .set({ ...taskColumns(task), managerApprovalStatus: keptApprovalStatus(task.managerApproval) })
          .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, task.id)));
      }
    }
    const fresh = stop.tasks.filter((t) => !t.id);
    if (fresh.length) {
      await db
        .insert(tasks)
        .values(fresh.map((t) => ({ tenantId, tripDestinationId: stop.id!, ...tripTaskColumns(t) })));
    }
  }
  await insertStops(
    db,
    tenantId,
    plan.flatMap((stop, position) => (stop.id ? [] : [{ tripId, position, stop }])),
  );
}

/** Archives live trips of the tenant; answers the ids archived. */
export async function archiveTrips(db: Db, tenantId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .update(trips)
    .set({ archived: true })
    .where(and(eq(trips.tenantId, tenantId), anyId(trips.id, ids), eq(trips.archived, false)))
    .returning({ id: trips.id });
  return rows.map((r) => r.id);
}

// ---------- The trips of a schedule ----------

/** The schedule's trips planned from `now` on that are live (archived ones stay archived). */
export const futureScheduledTrips = (db: Db, tenantId: number, scheduleId: number, now: Date) =>
  db
    .select({
      id: trips.id,
      occurrenceStart: trips.occurrenceStart,
      startedDate: trips.startedDate,
      flag: trips.flag,
    })
    .from(trips)
    .where(
      and(
        eq(trips.tenantId, tenantId),
        eq(trips.scheduleId, scheduleId),
        eq(trips.archived, false),
        gte(trips.occurrenceStart, now),
      ),
    );

/**
 * Archives trips of a schedule and frees their occurrence, so a later edit that brings the
 * occurrence back can make it again. Answers the ids archived.
 */
export async function archiveScheduledTrips(db: Db, tenantId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .update(trips)
    .set({ archived: true, occurrenceStart: null })
    .where(and(eq(trips.tenantId, tenantId), anyId(trips.id, ids)))
    .returning({ id: trips.id });
  return rows.map((r) => r.id);
}
