import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { LIST_EXACT_COUNT, orderIdOfReference, type TCrmOrderStatus } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { plannedRows } from '../../db/bounded-count.ts';
import { selectRows } from '../../db/rows.ts';
import { anyId, groupBy } from '../../db/id-lists.ts';
import { escapeLike } from '../../db/like.ts';
import type { TListCursor, TListKey } from '../../db/list-cursor.ts';
import {
  crmAddresses,
  crmContacts,
  crmCustomers,
  crmItems,
  crmOrderHistory,
  crmOrderLines,
  crmOrderPets,
  crmOrders,
  crmPets,
  crmTrackingLinks,
  taskPhotos,
} from '../../db/schema/index.ts';

/*
 * CRM orders in the database: the list (newest first, paged by keyset on the id so a page deep in
 * a million orders costs what the first costs), an order with its lines, pets and history, and the
 * writes. Every query is confined to one tenant.
 */

/** Customers or addresses a search can name at most; a broader search narrows by its other arms. */
const SEARCH_REFS_MAX = 500;

export interface TOrderFilter {
  search?: string | undefined;
  status?: TCrmOrderStatus | undefined;
  customerId?: number | undefined;
  /** Requested days, both included (`YYYY-MM-DD`). */
  from?: string | undefined;
  to?: string | undefined;
}

interface TSearchRefs {
  orderId: number | null;
  customerIds: number[];
  addressIds: number[];
}

/** What a search names: an order by its reference or number, customers by name, addresses by label or text. */
async function searchRefs(db: Db, tenantId: number, search: string): Promise<TSearchRefs> {
  const pattern = `%${escapeLike(search)}%`;
  const byNumber = /^\d{1,9}$/.test(search) ? Number(search) : null;
  const [customers, addresses] = await Promise.all([
    db
      .select({ id: crmCustomers.id })
      .from(crmCustomers)
      .where(and(eq(crmCustomers.tenantId, tenantId), ilike(crmCustomers.name, pattern)))
      .limit(SEARCH_REFS_MAX),
    db
      .select({ id: crmAddresses.id })
      .from(crmAddresses)
      .where(
        and(
          eq(crmAddresses.tenantId, tenantId),
          or(ilike(crmAddresses.label, pattern), ilike(crmAddresses.address, pattern)),
        ),
      )
      .limit(SEARCH_REFS_MAX),
  ]);
  return {
    orderId: orderIdOfReference(search.toUpperCase()) ?? byNumber,
    customerIds: customers.map((c) => c.id),
    addressIds: addresses.map((a) => a.id),
  };
}

function orderWhere(tenantId: number, filter: TOrderFilter, refs: TSearchRefs | undefined): SQL {
  const searched =
    refs &&
    (or(
      ...(refs.orderId !== null ? [eq(crmOrders.id, refs.orderId)] : []),
      ...(refs.customerIds.length ? [anyId(crmOrders.customerId, refs.customerIds)] : []),
      ...(refs.addressIds.length ? [anyId(crmOrders.addressId, refs.addressIds)] : []),
    ) ??
      sql`false`);
  return and(
    eq(crmOrders.tenantId, tenantId),
    eq(crmOrders.archived, false),
    filter.status ? eq(crmOrders.status, filter.status) : undefined,
    filter.customerId ? eq(crmOrders.customerId, filter.customerId) : undefined,
    filter.from ? gte(crmOrders.requestedDate, filter.from) : undefined,
    filter.to ? lte(crmOrders.requestedDate, filter.to) : undefined,
    searched,
  )!;
}

/** The most orders a filter by requested days reads from the day index and sorts (above, along the ids). */
const DAYS_SORTED_MAX = 100_000;

/** One page of order ids, newest first, how many match, and where the neighbouring pages start. */
export interface TOrderIdPage {
  ids: number[];
  total: number;
  exact: boolean;
  next: TListKey | null;
  prev: TListKey | null;
}

/**
 * The ids of one page of the list (newest id first): `limit` rows after `offset` rows, or after
 * (before) a cursor's row, read along the tenant's live-orders index (or, for requested days, its
 * day index); and how many match, exact up to LIST_EXACT_COUNT and the planner's estimate past it
 * (decision 0014).
 */
export async function pageOrderIds(
  db: Db,
  tenantId: number,
  filter: TOrderFilter,
  page: { limit: number; offset: number; cursor?: TListCursor | undefined; firstRow: number },
): Promise<TOrderIdPage> {
  const refs = filter.search ? await searchRefs(db, tenantId, filter.search) : undefined;
  const where = orderWhere(tenantId, filter, refs);
  const { cursor, limit } = page;
  const upwards = cursor?.dir === 'before';
  const after = cursor
    ? upwards
      ? sql`${crmOrders.id} > ${cursor.key.id}`
      : sql`${crmOrders.id} < ${cursor.key.id}`
    : undefined;
  const skip = cursor ? 0 : page.offset;
  // Days asked for: along the id index, the planner would pass every newer order (the tenant's and
  // everyone's) before reaching days further back. The days' orders are few enough to be read from
  // the day index and sorted; a range holding more reads along the ids as any other filter does.
  const days =
    Boolean(filter.from || filter.to) &&
    (await plannedRows(db, db.select({ id: crmOrders.id }).from(crmOrders).where(where))) <= DAYS_SORTED_MAX;
  const idsQuery = days
    ? selectRows<{ id: number }>(
        db,
        sql`with days as materialized (select ${crmOrders.id} as id from ${crmOrders} where ${where})
          select id from days
          ${cursor ? (upwards ? sql`where id > ${cursor.key.id}` : sql`where id < ${cursor.key.id}`) : sql``}
          order by id ${upwards ? sql`asc` : sql`desc`} limit ${limit + 1} offset ${skip}`,
      )
    : db
        .select({ id: crmOrders.id })
        .from(crmOrders)
        .where(and(where, after))
        .orderBy(upwards ? asc(crmOrders.id) : desc(crmOrders.id))
        .limit(limit + 1)
        .offset(skip);
  const bounded = db
    .select({ one: sql`1` })
    .from(crmOrders)
    .where(where)
    .limit(LIST_EXACT_COUNT + 1)
    .as('bounded');
  const [[counted], fetched] = await Promise.all([db.select({ n: count() }).from(bounded), idsQuery]);
  const more = fetched.length > limit;
  const rows = upwards ? fetched.slice(0, limit).reverse() : fetched.slice(0, limit);
  const hasNext = upwards ? rows.length > 0 : more;
  const hasPrev = upwards ? more : rows.length > 0 && (cursor !== undefined || page.offset > 0);
  const keyOf = (row: { id: number } | undefined) => (row ? { at: '', id: row.id } : null);
  const result = {
    ids: rows.map((r) => r.id),
    next: hasNext ? keyOf(rows.at(-1)) : null,
    prev: hasPrev ? keyOf(rows[0]) : null,
  };
  const n = counted?.n ?? 0;
  if (n <= LIST_EXACT_COUNT) return { ...result, total: n, exact: true };
  if (!hasNext && rows.length && page.firstRow + rows.length > LIST_EXACT_COUNT)
    return { ...result, total: page.firstRow + rows.length, exact: true };
  const estimate = Math.max(
    await plannedRows(db, db.select({ id: crmOrders.id }).from(crmOrders).where(where)),
    LIST_EXACT_COUNT + 1,
  );
  const total =
    !rows.length && page.firstRow > LIST_EXACT_COUNT ? Math.min(estimate, page.firstRow) : estimate;
  return { ...result, total, exact: false };
}

/** Every order matching the filter, newest first, at most `limit` (the export). */
export async function orderIdsMatching(
  db: Db,
  tenantId: number,
  filter: TOrderFilter,
  limit: number,
): Promise<number[]> {
  const refs = filter.search ? await searchRefs(db, tenantId, filter.search) : undefined;
  const rows = await db
    .select({ id: crmOrders.id })
    .from(crmOrders)
    .where(orderWhere(tenantId, filter, refs))
    .orderBy(desc(crmOrders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

const orderColumns = {
  order: crmOrders,
  customerName: crmCustomers.name,
  customerEmail: crmCustomers.email,
  address: {
    id: crmAddresses.id,
    label: crmAddresses.label,
    address: crmAddresses.address,
    lat: crmAddresses.lat,
    lon: crmAddresses.lon,
    destinationId: crmAddresses.destinationId,
  },
};

/** The tenant's orders with these ids (archived ones too), with their customer and address, in no order. */
export function loadOrders(db: Db, tenantId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select(orderColumns)
    .from(crmOrders)
    .innerJoin(
      crmCustomers,
      and(eq(crmCustomers.id, crmOrders.customerId), eq(crmCustomers.tenantId, tenantId)),
    )
    .innerJoin(
      crmAddresses,
      and(eq(crmAddresses.id, crmOrders.addressId), eq(crmAddresses.tenantId, tenantId)),
    )
    .where(and(eq(crmOrders.tenantId, tenantId), anyId(crmOrders.id, ids)));
}
export type TLoadedOrder = Awaited<ReturnType<typeof loadOrders>>[number];

/** The live orders of the tenant with these ids, locked for the rest of the transaction. */
export async function lockOrders(db: Db, tenantId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: crmOrders.id,
      status: crmOrders.status,
      tripId: crmOrders.tripId,
      taskId: crmOrders.taskId,
    })
    .from(crmOrders)
    .where(and(eq(crmOrders.tenantId, tenantId), anyId(crmOrders.id, ids), eq(crmOrders.archived, false)))
    .orderBy(asc(crmOrders.id))
    .for('update');
}

export async function linesOf(db: Db, tenantId: number, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, (typeof crmOrderLines.$inferSelect)[]>();
  const rows = await db
    .select()
    .from(crmOrderLines)
    .where(and(eq(crmOrderLines.tenantId, tenantId), anyId(crmOrderLines.orderId, orderIds)))
    .orderBy(asc(crmOrderLines.orderId), asc(crmOrderLines.position));
  return groupBy(rows, (r) => r.orderId);
}

export function petsOf(db: Db, tenantId: number, orderId: number) {
  return db
    .select({ id: crmPets.id, name: crmPets.name, species: crmPets.species })
    .from(crmOrderPets)
    .innerJoin(crmPets, and(eq(crmPets.id, crmOrderPets.petId), eq(crmPets.tenantId, tenantId)))
    .where(and(eq(crmOrderPets.tenantId, tenantId), eq(crmOrderPets.orderId, orderId)))
    .orderBy(asc(crmPets.name));
}

export function historyOf(db: Db, tenantId: number, orderId: number) {
  return db
    .select({ status: crmOrderHistory.status, at: crmOrderHistory.at, by: crmOrderHistory.by })
    .from(crmOrderHistory)
    .where(and(eq(crmOrderHistory.tenantId, tenantId), eq(crmOrderHistory.orderId, orderId)))
    .orderBy(asc(crmOrderHistory.id));
}

export type TOrderWrite = Pick<
  typeof crmOrders.$inferInsert,
  'customerId' | 'addressId' | 'requestedDate' | 'windowStart' | 'windowEnd' | 'notes' | 'total' | 'lineCount'
>;
export type TLineWrite = Omit<typeof crmOrderLines.$inferInsert, 'id' | 'tenantId' | 'orderId'>;

export async function insertOrder(
  db: Db,
  tenantId: number,
  values: TOrderWrite & { status: TCrmOrderStatus; createdDate?: Date },
): Promise<number> {
  const [row] = await db
    .insert(crmOrders)
    .values({ ...values, tenantId, statusDate: values.createdDate ?? new Date() })
    .returning({ id: crmOrders.id });
  return row!.id;
}

export async function updateOrder(db: Db, tenantId: number, id: number, values: TOrderWrite): Promise<void> {
  await db
    .update(crmOrders)
    .set(values)
    .where(and(eq(crmOrders.tenantId, tenantId), eq(crmOrders.id, id)));
}

/** The order's lines and pets, replaced by these. */
export async function replaceContents(
  db: Db,
  tenantId: number,
  orderId: number,
  lines: TLineWrite[],
  petIds: number[],
): Promise<void> {
  await db
    .delete(crmOrderLines)
    .where(and(eq(crmOrderLines.tenantId, tenantId), eq(crmOrderLines.orderId, orderId)));
  await db
    .delete(crmOrderPets)
    .where(and(eq(crmOrderPets.tenantId, tenantId), eq(crmOrderPets.orderId, orderId)));
  if (lines.length) await db.insert(crmOrderLines).values(lines.map((l) => ({ ...l, tenantId, orderId })));
  if (petIds.length)
    await db.insert(crmOrderPets).values(petIds.map((petId) => ({ tenantId, orderId, petId })));
}

/** What a status change writes beside the status (the trip and task it follows, when delivered). */
export interface TStatusChange {
  status: TCrmOrderStatus;
  at: Date;
  by: string;
  tripId?: number | null;
  taskId?: number | null;
  deliveredDate?: Date | null;
}

/** Moves orders to a status and records it in their history. */
export async function changeStatus(
  db: Db,
  tenantId: number,
  ids: number[],
  change: TStatusChange,
): Promise<void> {
  if (!ids.length) return;
  await db
    .update(crmOrders)
    .set({
      status: change.status,
      statusDate: change.at,
      ...(change.tripId !== undefined ? { tripId: change.tripId } : {}),
      ...(change.taskId !== undefined ? { taskId: change.taskId } : {}),
      ...(change.deliveredDate !== undefined ? { deliveredDate: change.deliveredDate } : {}),
    })
    .where(and(eq(crmOrders.tenantId, tenantId), anyId(crmOrders.id, ids)));
  await db
    .insert(crmOrderHistory)
    .values(
      ids.map((orderId) => ({ tenantId, orderId, status: change.status, at: change.at, by: change.by })),
    );
}

export async function archiveOrder(db: Db, tenantId: number, id: number): Promise<void> {
  await db
    .update(crmOrders)
    .set({ archived: true })
    .where(and(eq(crmOrders.tenantId, tenantId), eq(crmOrders.id, id)));
}

/** The address's destination, set once it first becomes a stop. */
export async function setAddressDestination(
  db: Db,
  tenantId: number,
  addressId: number,
  destinationId: number,
): Promise<void> {
  await db
    .update(crmAddresses)
    .set({ destinationId })
    .where(and(eq(crmAddresses.tenantId, tenantId), eq(crmAddresses.id, addressId)));
}

// ---------- Following trips ----------

/** An order on its way with what its task and trip say now. */
export interface TFollowedOrder {
  id: number;
  status: TCrmOrderStatus;
  trip_id: number | null;
  task_id: number | null;
  /** pending, completed or missed; null when the task is gone (its stop was removed). */
  task_status: string | null;
  completed_date: Date | string | null;
  /** The driver who completed the task. */
  completed_by: string | null;
  trip_started: boolean | null;
  started_date: Date | string | null;
  ended_date: Date | string | null;
  /** The trip is neither archived nor cancelled. */
  trip_live: boolean | null;
}

/**
 * The orders on a trip (planned, in progress, or finished) and those carried by these tasks, with
 * what their task and trip say now: the follower moves each order to the status they imply.
 */
export async function followedOrders(
  db: Db,
  tenantId: number,
  by: { tripIds?: number[]; taskIds?: number[]; statuses?: readonly TCrmOrderStatus[] },
) {
  const arms = [
    ...(by.tripIds?.length ? [anyId(sql`o.trip_id`, by.tripIds)] : []),
    ...(by.taskIds?.length ? [anyId(sql`o.task_id`, by.taskIds)] : []),
    ...(by.statuses?.length ? [sql`o.status = any(${sql.param([...by.statuses])}::text[])`] : []),
  ];
  if (!arms.length) return [];
  return selectRows<TFollowedOrder>(
    db,
    sql`
    select o.id, o.status, o.trip_id, o.task_id,
      k.status as task_status, k.completed_date,
      nullif(trim(coalesce(d.fname, '') || ' ' || coalesce(d.lname, '')), '') as completed_by,
      (t.started_date is not null) as trip_started, t.started_date, t.ended_date,
      (t.id is not null and not t.archived and not t.cancelled) as trip_live
    from crm_orders o
    left join tasks k on k.tenant_id = o.tenant_id and k.id = o.task_id
    left join trip_destinations s on s.tenant_id = o.tenant_id and s.id = k.trip_destination_id
    left join trips t on t.tenant_id = o.tenant_id and t.id = s.trip_id
    left join drivers d on d.tenant_id = o.tenant_id and d.id = k.completed_by_driver_id
    where o.tenant_id = ${tenantId} and o.archived = false
      and o.status in ('planned', 'in_progress')
      and (${sql.join(arms, sql` or `)})`,
  );
}

/** Tenants with orders on their way: the periodic sweep follows each. */
export async function tenantsWithOrdersOnTheWay(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ tenantId: crmOrders.tenantId })
    .from(crmOrders)
    .where(and(inArray(crmOrders.status, ['planned', 'in_progress']), eq(crmOrders.archived, false)));
  return rows.map((r) => r.tenantId);
}

// ---------- Tracking links ----------

export function liveLinkOf(db: Db, tenantId: number, orderId: number) {
  return db
    .select()
    .from(crmTrackingLinks)
    .where(
      and(
        eq(crmTrackingLinks.tenantId, tenantId),
        eq(crmTrackingLinks.orderId, orderId),
        sql`${crmTrackingLinks.revokedDate} is null`,
      ),
    )
    .orderBy(desc(crmTrackingLinks.id))
    .limit(1);
}

export async function revokeLinks(db: Db, tenantId: number, orderId: number, at: Date): Promise<number> {
  const rows = await db
    .update(crmTrackingLinks)
    .set({ revokedDate: at })
    .where(
      and(
        eq(crmTrackingLinks.tenantId, tenantId),
        eq(crmTrackingLinks.orderId, orderId),
        sql`${crmTrackingLinks.revokedDate} is null`,
      ),
    )
    .returning({ id: crmTrackingLinks.id });
  return rows.length;
}

export async function insertLink(
  db: Db,
  tenantId: number,
  orderId: number,
  token: string,
  expires: Date | null,
) {
  await db.insert(crmTrackingLinks).values({ tenantId, orderId, token, expiresDate: expires });
}

/** Links of these orders still open: they expire a set time after the order ends. */
export async function expireLinks(
  db: Db,
  tenantId: number,
  orderIds: number[],
  expires: Date,
): Promise<void> {
  if (!orderIds.length) return;
  await db
    .update(crmTrackingLinks)
    .set({ expiresDate: expires })
    .where(
      and(
        eq(crmTrackingLinks.tenantId, tenantId),
        anyId(crmTrackingLinks.orderId, orderIds),
        sql`${crmTrackingLinks.revokedDate} is null`,
      ),
    );
}

/** The link of a token, whoever's (the public page's only way in). */
export async function linkOfToken(db: Db, token: string) {
  const [row] = await db.select().from(crmTrackingLinks).where(eq(crmTrackingLinks.token, token)).limit(1);
  return row;
}

/** The client proof photos of a task (what its customer sees), oldest first. */
export function proofPhotosOf(db: Db, tenantId: number, taskId: number) {
  return db
    .select({ id: taskPhotos.id, storageKey: taskPhotos.storageKey, contentType: taskPhotos.contentType })
    .from(taskPhotos)
    .where(
      and(eq(taskPhotos.tenantId, tenantId), eq(taskPhotos.taskId, taskId), eq(taskPhotos.kind, 'client')),
    )
    .orderBy(asc(taskPhotos.id));
}

/** The e-mail addresses of a customer and of its live contacts. */
export async function recipientsOf(db: Db, tenantId: number, customerId: number) {
  const [customer, contacts] = await Promise.all([
    db
      .select({ email: crmCustomers.email })
      .from(crmCustomers)
      .where(and(eq(crmCustomers.tenantId, tenantId), eq(crmCustomers.id, customerId))),
    db
      .select({ email: crmContacts.email })
      .from(crmContacts)
      .where(
        and(
          eq(crmContacts.tenantId, tenantId),
          eq(crmContacts.customerId, customerId),
          eq(crmContacts.archived, false),
        ),
      ),
  ]);
  return [...customer, ...contacts];
}

/**
 * The ids of the tenant's live orders asked for on a day that can be planned (confirmed, or failed
 * and to be tried again), at most `limit` (the caller asks one more than it takes to tell "too many").
 */
export async function plannableOrderIdsOfDay(
  db: Db,
  tenantId: number,
  day: string,
  statuses: readonly string[],
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: crmOrders.id })
    .from(crmOrders)
    .where(
      and(
        eq(crmOrders.tenantId, tenantId),
        eq(crmOrders.requestedDate, day),
        eq(crmOrders.archived, false),
        inArray(crmOrders.status, [...statuses]),
      ),
    )
    .orderBy(asc(crmOrders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Each order's weight: its lines' quantities times their items' weights (lines without one count 0). */
export async function orderWeights(
  db: Db,
  tenantId: number,
  orderIds: number[],
): Promise<Map<number, number>> {
  const weights = new Map<number, number>();
  if (!orderIds.length) return weights;
  const rows = await db
    .select({
      orderId: crmOrderLines.orderId,
      weight:
        sql<number>`coalesce(sum(${crmOrderLines.quantity} * coalesce(${crmItems.weight}, 0)), 0)`.mapWith(
          Number,
        ),
    })
    .from(crmOrderLines)
    .leftJoin(crmItems, and(eq(crmItems.id, crmOrderLines.itemId), eq(crmItems.tenantId, tenantId)))
    .where(and(eq(crmOrderLines.tenantId, tenantId), anyId(crmOrderLines.orderId, orderIds)))
    .groupBy(crmOrderLines.orderId);
  for (const row of rows) weights.set(row.orderId, row.weight);
  return weights;
}
