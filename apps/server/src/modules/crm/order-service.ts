import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  CRM_MESSAGES,
  CRM_ORDER_EDITABLE,
  CRM_ORDER_MANUAL_TRANSITIONS,
  CRM_ORDER_PLANNABLE,
  CRM_ORDER_STATUS_LABEL,
  EXCEPTION_ENGINE_DEFAULTS,
  LIST_EXACT_COUNT,
  orderReference,
  toUtcString,
  TRACKING_LINK_TTL_HOURS,
  type TCrmOrderDetails,
  type TCrmOrderPlanInput,
  type TCrmOrderRow,
  type TCrmOrderStatus,
  type TCrmOrderValues,
  type ZCrmOrderListQuery,
  type ZCrmOrderPlanInput,
} from '@fleet/contract';
import type { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../db/list-cursor.ts';
import { admins, drivers } from '../../db/schema/index.ts';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import type { Mailer } from '../../platform/mail.ts';
import { takeMailSlot, type TMailLimits } from '../../platform/mail-limits.ts';
import { AppError } from '../../platform/errors.ts';
import { addDestination, findDestinations, findOrigin } from '../places/service.ts';
import { tenantProfile } from '../settings/service.ts';
import { address, customer, findItems, findPets } from './records-service.ts';
import { metersBetween } from '../trips/service.ts';
import { addTrip, saveTrip, taskPhotoUrl, tripDetails, type TParsedStop } from '../trips/service.ts';
import {
  archiveOrder,
  changeStatus,
  expireLinks,
  followedOrders,
  historyOf,
  insertLink,
  insertOrder,
  linesOf,
  liveLinkOf,
  loadOrders,
  lockOrders,
  orderIdsMatching,
  orderWeights,
  pageOrderIds,
  plannableOrderIdsOfDay,
  petsOf,
  proofPhotosOf,
  recipientsOf,
  replaceContents,
  revokeLinks,
  setAddressDestination,
  updateOrder,
  type TFollowedOrder,
  type TLoadedOrder,
  type TOrderFilter,
} from './order-queries.ts';

/*
 * CRM orders: the module's door for orders. An order is written by an admin as a draft or
 * confirmed; planned, it becomes a task (carrying its reference as the task's order id) at its
 * address's stop on a trip; from then on its status follows that task and trip (`followOrders`, run
 * on their change events and by a periodic sweep): the trip starts → in progress, the task is
 * completed → delivered, missed when the trip ends → failed; its stop removed or its trip cancelled
 * → confirmed again. A failed order can be confirmed and planned again.
 */

type TListQuery = z.output<typeof ZCrmOrderListQuery>;
type TPlanInput = z.output<typeof ZCrmOrderPlanInput>;

const LIST = 'crm-orders';
/** Minutes planned at a stop for each order delivered there. */
export const SERVICE_MINUTES_PER_ORDER = 5;
const SPEED_MPS = EXCEPTION_ENGINE_DEFAULTS.typicalSpeedKmh / 3.6;
/** The most a trip may hold (the trip dialog's limit). */
export const TRIP_STOPS_MAX = 50;

const notFound = () => new AppError('NOT_FOUND', CRM_MESSAGES.orderNotFound);
const cents = (n: number) => Math.round(n * 100) / 100;
const utc = (d: Date | string | null) => (d === null ? null : toUtcString(new Date(d)));

/** Who acts, as an order's history names them. */
export async function actorName(ctx: TTenantContext): Promise<string> {
  const { actor } = ctx;
  if (actor.kind === 'tenant_admin' || actor.kind === 'super_admin') {
    const [row] = await ctx.db
      .select({ fname: admins.fname, lname: admins.lname, email: admins.email })
      .from(admins)
      .where(eq(admins.id, actor.id));
    const name = row ? `${row.fname} ${row.lname}`.trim() : '';
    return name || row?.email || 'Admin';
  }
  if (actor.kind === 'driver') {
    const [row] = await ctx.db
      .select({ fname: drivers.fname, lname: drivers.lname })
      .from(drivers)
      .where(eq(drivers.id, actor.id));
    return row ? `${row.fname} ${row.lname}`.trim() : 'Driver';
  }
  return 'System';
}

// ---------- Reading ----------

/** A wall-clock `HH:mm` of an instant in the zone. */
const clock = (at: Date | null, zone: string) =>
  at ? DateTime.fromJSDate(at).setZone(zone).toFormat('HH:mm') : null;

/** The instant of `HH:mm` on a day in the zone. */
export const instantOf = (day: string, time: string, zone: string): Date =>
  DateTime.fromISO(`${day}T${time}`, { zone }).toJSDate();

const toRow = (o: TLoadedOrder, zone: string): TCrmOrderRow => ({
  id: o.order.id,
  reference: orderReference(o.order.id),
  customer: { id: o.order.customerId, name: o.customerName },
  address: {
    id: o.address.id,
    label: o.address.label,
    address: o.address.address,
    lat: o.address.lat,
    lon: o.address.lon,
  },
  requested_date: o.order.requestedDate,
  window_start: clock(o.order.windowStart, zone),
  window_end: clock(o.order.windowEnd, zone),
  status: o.order.status as TCrmOrderStatus,
  status_date: toUtcString(o.order.statusDate),
  total: o.order.total,
  line_count: o.order.lineCount,
  trip_id: o.order.tripId,
  created_date: toUtcString(o.order.createdDate),
});

async function rowsOf(ctx: TTenantContext, ids: number[]): Promise<TCrmOrderRow[]> {
  const [{ timeZone }, loaded] = await Promise.all([
    tenantProfile(ctx),
    loadOrders(ctx.db, ctx.tenantId, ids),
  ]);
  const byId = new Map(loaded.map((o) => [o.order.id, o]));
  return ids.flatMap((id) => {
    const o = byId.get(id);
    return o ? [toRow(o, timeZone)] : [];
  });
}

const filterOf = (q: Omit<TListQuery, 'page' | 'page_size' | 'cursor'>): TOrderFilter => ({
  search: q.search || undefined,
  status: q.status,
  customerId: q.customer_id,
  from: q.fdate,
  to: q.tdate,
});

/** One page of the orders list, newest first. */
export async function crmOrdersPage(ctx: TTenantContext, q: TListQuery) {
  if (q.fdate && q.tdate && q.tdate < q.fdate)
    throw AppError.field('tdate', 'The end day must not be before the start day');
  const cursor = q.cursor ? decodeCursor(LIST, ctx.tenantId, q.cursor) : undefined;
  const offset = (q.page - 1) * q.page_size;
  const page = await pageOrderIds(ctx.db, ctx.tenantId, filterOf(q), {
    limit: q.page_size,
    offset,
    cursor,
    firstRow: offset,
  });
  return {
    success: true as const,
    data: await rowsOf(ctx, page.ids),
    pagination: {
      page: q.page,
      page_size: q.page_size,
      total_items: page.total,
      total_exact: page.exact,
      next_cursor: page.next && encodeCursor(LIST, ctx.tenantId, { dir: 'after', key: page.next }),
      prev_cursor: page.prev && encodeCursor(LIST, ctx.tenantId, { dir: 'before', key: page.prev }),
    },
  };
}

/** The orders of the list's filter for the export: the first LIST_EXACT_COUNT, newest first. */
export async function crmOrdersForExport(
  ctx: TTenantContext,
  q: Omit<TListQuery, 'page' | 'page_size' | 'cursor'>,
) {
  const ids = await orderIdsMatching(ctx.db, ctx.tenantId, filterOf(q), LIST_EXACT_COUNT);
  return rowsOf(ctx, ids);
}

/** Where the console shows a tracking link: the public page under the product's address. */
export const trackingUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/\/$/, '')}/track/${token}`;

/** An order whole (also an archived one's answer is 404). */
export async function crmOrder(ctx: TTenantContext, id: number, baseUrl: string): Promise<TCrmOrderDetails> {
  const [loaded] = await loadOrders(ctx.db, ctx.tenantId, [id]);
  if (!loaded || loaded.order.archived) throw notFound();
  const { timeZone } = await tenantProfile(ctx);
  const [lines, pets, history, [link], proof] = await Promise.all([
    linesOf(ctx.db, ctx.tenantId, [id]),
    petsOf(ctx.db, ctx.tenantId, id),
    historyOf(ctx.db, ctx.tenantId, id),
    liveLinkOf(ctx.db, ctx.tenantId, id),
    proofImagesOf(ctx, loaded.order.taskId),
  ]);
  const now = Date.now();
  const linkLive = link && (!link.expiresDate || link.expiresDate.getTime() > now);
  return {
    ...toRow(loaded, timeZone),
    lines: (lines.get(id) ?? []).map((l) => ({
      id: l.id,
      item_id: l.itemId,
      sku: l.sku,
      name: l.name,
      unit: l.unit,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      amount: l.amount,
    })),
    pets: pets.map((p) => ({
      id: p.id,
      name: p.name,
      species: p.species as TCrmOrderDetails['pets'][number]['species'],
    })),
    notes: loaded.order.notes,
    history: history.map((h) => ({ status: h.status as TCrmOrderStatus, at: toUtcString(h.at), by: h.by })),
    task_id: loaded.order.taskId,
    proof_images: proof,
    tracking: linkLive
      ? {
          url: trackingUrl(baseUrl, link.token),
          expires_date: link.expiresDate ? toUtcString(link.expiresDate) : null,
        }
      : null,
  };
}

/** The client proof photos of the order's task, as the console's signed-in addresses. */
async function proofImagesOf(ctx: TTenantContext, taskId: number | null): Promise<string[]> {
  if (taskId === null) return [];
  const photos = await proofPhotosOf(ctx.db, ctx.tenantId, taskId);
  return photos.map((p) => taskPhotoUrl(taskId, p.id));
}

// ---------- Writing ----------

/** The stored values of an order's input: its references checked, lines priced, window placed in time. */
async function orderWrite(ctx: TTenantContext, input: TCrmOrderValues) {
  const itemIds = [...new Set(input.lines.map((l) => l.item_id))];
  const petIds = [...new Set(input.pet_ids)];
  // The records' own lookups: another tenant's ids are as unknown as missing ones (404).
  await customer(ctx, input.customer_id);
  const place = await address(ctx, input.address_id);
  if (place.customer.id !== input.customer_id)
    throw AppError.field('address_id', CRM_MESSAGES.addressOfOtherCustomer);
  const [found, pets] = await Promise.all([findItems(ctx, itemIds), findPets(ctx, petIds)]);
  if (found.length !== itemIds.length) throw new AppError('NOT_FOUND', CRM_MESSAGES.itemNotFound);
  if (pets.length !== petIds.length) throw new AppError('NOT_FOUND', CRM_MESSAGES.petNotFound);
  if (pets.some((p) => p.customer.id !== input.customer_id))
    throw AppError.field('pet_ids', CRM_MESSAGES.petOfOtherCustomer);
  const items = new Map(found.map((i) => [i.id, i]));
  const lines = input.lines.map((l, position) => {
    const item = items.get(l.item_id)!;
    const unitPrice = l.unit_price ?? item.unit_price;
    return {
      position,
      itemId: item.id,
      sku: item.sku,
      name: item.name,
      unit: item.unit,
      quantity: l.quantity,
      unitPrice,
      amount: cents(l.quantity * unitPrice),
    };
  });
  const { timeZone } = await tenantProfile(ctx);
  const at = (time: string | null) => (time ? instantOf(input.requested_date, time, timeZone) : null);
  return {
    order: {
      customerId: input.customer_id,
      addressId: input.address_id,
      requestedDate: input.requested_date,
      windowStart: at(input.window_start),
      windowEnd: at(input.window_end),
      notes: input.notes,
      total: cents(lines.reduce((sum, l) => sum + l.amount, 0)),
      lineCount: lines.length,
    },
    lines,
    petIds,
  };
}

/** Adds an order, a draft unless `status` confirms it at once; answers it whole. */
export async function addCrmOrder(
  ctx: TTenantContext,
  input: TCrmOrderValues,
  baseUrl: string,
  createdDate?: Date,
): Promise<TCrmOrderDetails> {
  const write = await orderWrite(ctx, input);
  const status = input.status ?? 'draft';
  const by = await actorName(ctx);
  const id = await inTransaction(ctx, async (tx) => {
    const at = createdDate ?? new Date();
    const id = await insertOrder(tx.db, tx.tenantId, {
      ...write.order,
      status,
      ...(createdDate ? { createdDate } : {}),
    });
    await replaceContents(tx.db, tx.tenantId, id, write.lines, write.petIds);
    await changeStatus(tx.db, tx.tenantId, [id], { status, at, by });
    emit(tx, 'crm_order.created', [id]);
    return id;
  });
  return crmOrder(ctx, id, baseUrl);
}

/** Changes a draft, confirmed or failed order (its status stays, unless `status` is given). */
export async function saveCrmOrder(
  ctx: TTenantContext,
  id: number,
  input: TCrmOrderValues,
  baseUrl: string,
): Promise<TCrmOrderDetails> {
  const write = await orderWrite(ctx, input);
  const by = await actorName(ctx);
  await inTransaction(ctx, async (tx) => {
    const [current] = await lockOrders(tx.db, tx.tenantId, [id]);
    if (!current) throw notFound();
    const status = current.status as TCrmOrderStatus;
    if (!CRM_ORDER_EDITABLE.includes(status)) throw new AppError('CONFLICT', CRM_MESSAGES.orderNotEditable);
    await updateOrder(tx.db, tx.tenantId, id, write.order);
    await replaceContents(tx.db, tx.tenantId, id, write.lines, write.petIds);
    if (input.status && input.status !== status) {
      assertTransition(status, input.status);
      await changeStatus(tx.db, tx.tenantId, [id], { status: input.status, at: new Date(), by });
    }
    emit(tx, 'crm_order.updated', [id]);
  });
  return crmOrder(ctx, id, baseUrl);
}

function assertTransition(from: TCrmOrderStatus, to: TCrmOrderStatus) {
  if (!CRM_ORDER_MANUAL_TRANSITIONS[from].includes(to))
    throw new AppError(
      'CONFLICT',
      CRM_MESSAGES.transitionRefused(
        CRM_ORDER_STATUS_LABEL[from].toLowerCase(),
        CRM_ORDER_STATUS_LABEL[to].toLowerCase(),
      ),
    );
}

/** Moves an order to a status an admin may set (CRM_ORDER_MANUAL_TRANSITIONS). */
export async function setCrmOrderStatus(
  ctx: TTenantContext,
  id: number,
  status: TCrmOrderStatus,
  baseUrl: string,
): Promise<TCrmOrderDetails> {
  const by = await actorName(ctx);
  await inTransaction(ctx, async (tx) => {
    const [current] = await lockOrders(tx.db, tx.tenantId, [id]);
    if (!current) throw notFound();
    const from = current.status as TCrmOrderStatus;
    if (from === status) return;
    assertTransition(from, status);
    // A failed order confirmed again leaves its old trip: it is planned afresh.
    await changeStatus(tx.db, tx.tenantId, [id], {
      status,
      at: new Date(),
      by,
      ...(from === 'failed' ? { tripId: null, taskId: null } : {}),
    });
    emit(tx, 'crm_order.updated', [id]);
  });
  return crmOrder(ctx, id, baseUrl);
}

/** Deletes (archives) a draft or cancelled order. */
export async function archiveCrmOrder(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [current] = await lockOrders(tx.db, tx.tenantId, [id]);
    if (!current) throw notFound();
    if (current.status !== 'draft' && current.status !== 'cancelled')
      throw new AppError('CONFLICT', CRM_MESSAGES.orderNotDeletable);
    await archiveOrder(tx.db, tx.tenantId, id);
    await revokeLinks(tx.db, tx.tenantId, id, new Date());
    emit(tx, 'crm_order.archived', [id]);
  });
}

// ---------- Planning ----------

/** What one stop of a plan holds: an address and the orders delivered there. */
interface TPlannedStop {
  addressId: number;
  point: { lat: number; lon: number };
  name: string;
  destinationId: number | null;
  deliveryNotes: string | null;
  orders: TLoadedOrder[];
  windowStart: Date | null;
  windowEnd: Date | null;
}

/** A stop of these orders (one address): the tightest window of theirs, the latest start and earliest end. */
function plannedStop(orders: TLoadedOrder[]): TPlannedStop {
  const first = orders[0]!;
  const stop: TPlannedStop = {
    addressId: first.address.id,
    point: { lat: first.address.lat, lon: first.address.lon },
    name: `${first.customerName} — ${first.address.label}`.slice(0, 200),
    destinationId: first.address.destinationId,
    deliveryNotes: null,
    orders,
    windowStart: null,
    windowEnd: null,
  };
  for (const { order } of orders) {
    if (order.windowStart && (!stop.windowStart || order.windowStart > stop.windowStart))
      stop.windowStart = order.windowStart;
    if (order.windowEnd && (!stop.windowEnd || order.windowEnd < stop.windowEnd))
      stop.windowEnd = order.windowEnd;
  }
  return stop;
}

/**
 * Orders as stops: those to one address share a stop while their windows meet (an order without a
 * window joins the first); one whose window is apart from the stop's so far starts another. Stops
 * in the order of their addresses' first orders, orders by window start, then by id.
 */
export function groupIntoStops<
  T extends {
    order: { id: number; windowStart: Date | null; windowEnd: Date | null };
    address: { id: number };
  },
>(orders: T[]): T[][] {
  const byAddress = new Map<number, T[]>();
  for (const o of [...orders].sort((a, b) => a.order.id - b.order.id))
    byAddress.set(o.address.id, [...(byAddress.get(o.address.id) ?? []), o]);
  const stops: T[][] = [];
  for (const list of byAddress.values()) {
    list.sort(
      (a, b) =>
        (a.order.windowStart?.getTime() ?? -Infinity) - (b.order.windowStart?.getTime() ?? -Infinity) ||
        a.order.id - b.order.id,
    );
    let stop: T[] = [];
    let start = -Infinity;
    let end = Infinity;
    for (const o of list) {
      const from = Math.max(start, o.order.windowStart?.getTime() ?? -Infinity);
      const to = Math.min(end, o.order.windowEnd?.getTime() ?? Infinity);
      if (stop.length && from > to) {
        stops.push(stop);
        stop = [];
        start = o.order.windowStart?.getTime() ?? -Infinity;
        end = o.order.windowEnd?.getTime() ?? Infinity;
      } else {
        start = from;
        end = to;
      }
      stop.push(o);
    }
    stops.push(stop);
  }
  return stops;
}

const minutesBetween = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / 60_000);

/** The task that carries an order: what to deliver, and the order's reference as its order id. */
function taskOf(
  o: TLoadedOrder,
  lines: Map<number, { quantity: number; name: string; unit: string }[]>,
  priority: number,
) {
  const summary = (lines.get(o.order.id) ?? []).map((l) => `${l.quantity} × ${l.name}`).join(', ');
  const reference = orderReference(o.order.id);
  return {
    description: `Deliver ${reference} to ${o.customerName}${summary ? `: ${summary}` : ''}`.slice(0, 1000),
    order_id: reference,
    // The driver's proof photo is what the customer's tracking page shows after delivery.
    client_approval: true,
    manager_approval: false,
    priority,
    note: o.order.notes ? o.order.notes.slice(0, 2000) : null,
  };
}

/**
 * Plans confirmed (or failed) orders of one requested day: one stop per address, one task per order
 * carrying its reference, the stops in the order of their windows, each planned to arrive at its
 * window's start (or as soon as it can be reached, at the tenant's typical speed in a straight line)
 * with the rest of its window as the arrival's range. A new trip, or the stops added at the end of
 * a trip that has not started. The orders become planned on the trip, in one transaction with it.
 */
export async function planCrmOrders(
  ctx: TTenantContext,
  input: TPlanInput,
  /** When the plan was made (the demo's history plans its past days at their morning); now by default. */
  {
    at: plannedAt,
    sequence,
  }: {
    at?: Date;
    /**
     * The stops, in order: the orders of each (all of `order_ids`, each once) and the minutes from
     * the stop before to its arrival (a day plan's route, as proposed). Without it stops follow
     * their windows and drives are straight lines at the typical speed.
     */
    sequence?: { orderIds: number[]; drivingMinutes: number }[];
  } = {},
) {
  const ids = [...new Set(input.order_ids)];
  if (sequence && sequence.flatMap((stop) => stop.orderIds).length !== ids.length)
    throw new Error('planCrmOrders: the sequence names every order once');
  const by = await actorName(ctx);
  const { timeZone } = await tenantProfile(ctx);
  return inTransaction(ctx, async (tx) => {
    const txCtx = { ...tx, tenantId: ctx.tenantId };
    const locked = await lockOrders(tx.db, ctx.tenantId, ids);
    if (locked.length !== ids.length) throw notFound();
    if (locked.some((o) => !CRM_ORDER_PLANNABLE.includes(o.status as TCrmOrderStatus)))
      throw new AppError('CONFLICT', CRM_MESSAGES.planNotConfirmed);
    const orders = await loadOrders(tx.db, ctx.tenantId, ids);
    const days = new Set(orders.map((o) => o.order.requestedDate));
    if (days.size !== 1) throw AppError.field('order_ids', CRM_MESSAGES.planOneDay);
    const day = [...days][0]!;
    const lines = await linesOf(tx.db, ctx.tenantId, ids);

    // One stop per address and window (orders whose windows meet share it), in the order of their
    // windows (those without one last, by reference); or the stops given, in their order.
    const byId = new Map(orders.map((o) => [o.order.id, o]));
    const stops = (
      sequence ? sequence.map((stop) => stop.orderIds.map((id) => byId.get(id)!)) : groupIntoStops(orders)
    ).map(plannedStop);
    if (!sequence)
      stops.sort(
        (a, b) =>
          (a.windowStart?.getTime() ?? Number.MAX_SAFE_INTEGER) -
            (b.windowStart?.getTime() ?? Number.MAX_SAFE_INTEGER) ||
          a.orders[0]!.order.id - b.orders[0]!.order.id,
      );

    // Each address becomes (or reuses) a destination of the tenant.
    const known = await findDestinations(
      txCtx,
      stops.flatMap((s) => (s.destinationId ? [s.destinationId] : [])),
    );
    const live = new Set(known.map((d) => d.id));
    const made = new Map<number, number>();
    for (const stop of stops) {
      if (stop.destinationId && live.has(stop.destinationId)) continue;
      // Two stops at one address (windows apart) share the destination made for it.
      let destinationId = made.get(stop.addressId);
      if (destinationId === undefined) {
        destinationId = (await addDestination(txCtx, { name: stop.name, ...stop.point })).id;
        made.set(stop.addressId, destinationId);
        await setAddressDestination(tx.db, ctx.tenantId, stop.addressId, destinationId);
      }
      stop.destinationId = destinationId;
    }

    // Where the trip is, and when, before the new stops.
    let trip: Awaited<ReturnType<typeof tripDetails>> | null = null;
    let from: { lat: number; lon: number } | null;
    let clockAt: Date;
    let kept: TParsedStop[] = [];
    if (input.trip_id) {
      trip = await tripDetails(txCtx, input.trip_id).catch(() => {
        throw new AppError('NOT_FOUND', 'Trip not found');
      });
      if (trip.started_date || trip.ended_date)
        throw new AppError('CONFLICT', CRM_MESSAGES.planTripNotPlanned);
      if (trip.destinations.length + stops.length > TRIP_STOPS_MAX)
        throw AppError.field('order_ids', CRM_MESSAGES.planStopsMax);
      kept = trip.destinations.map((d) => ({
        id: d.id,
        destination_id: d.destination_id,
        destination_name: d.destination_name ?? d.destination?.name ?? '',
        destination_lat: d.destination_lat,
        destination_lon: d.destination_lon,
        staying_time: d.staying_time,
        staying_time_range: d.staying_time_range,
        driving_time: d.driving_time,
        driving_time_range: d.driving_time_range,
        student_id: d.student_id,
        student_fname: d.student_fname,
        student_lname: d.student_lname,
        tasks: d.tasks.map((t) => ({
          task_id: t.id,
          description: t.description,
          order_id: t.order_id,
          client_approval: t.client_approval,
          manager_approval: t.manager_approval,
          priority: t.priority,
          note: t.note,
        })),
      }));
      const last = trip.destinations.at(-1);
      from =
        last?.destination_lat != null && last.destination_lon != null
          ? { lat: last.destination_lat, lon: last.destination_lon }
          : trip.lat !== null && trip.lon !== null
            ? { lat: trip.lat, lon: trip.lon }
            : null;
      const leaves = last?.expected_departure_date ?? trip.start_date;
      clockAt = leaves ? new Date(`${leaves.replace(' ', 'T')}Z`) : instantOf(day, '08:00', timeZone);
    } else {
      if (stops.length > TRIP_STOPS_MAX) throw AppError.field('order_ids', CRM_MESSAGES.planStopsMax);
      const origin = await findOrigin(txCtx, input.warehouse_id!);
      if (!origin) throw new AppError('NOT_FOUND', 'Origin not found');
      from = { lat: origin.lat, lon: origin.lon };
      clockAt = instantOf(day, input.start_time!, timeZone);
    }
    const startDate = clockAt;

    const planned: TParsedStop[] = stops.map((stop, i) => {
      const driveMinutes =
        sequence?.[i]!.drivingMinutes ??
        (from ? Math.max(1, Math.ceil(metersBetween(from, stop.point) / SPEED_MPS / 60)) : 10);
      const reached = new Date(clockAt.getTime() + driveMinutes * 60_000);
      const arrival = stop.windowStart && stop.windowStart > reached ? stop.windowStart : reached;
      const range = stop.windowEnd ? Math.max(0, minutesBetween(arrival, stop.windowEnd)) : null;
      const staying = SERVICE_MINUTES_PER_ORDER * stop.orders.length;
      const drivingTime = minutesBetween(clockAt, arrival);
      clockAt = new Date(arrival.getTime() + staying * 60_000);
      from = stop.point;
      return {
        destination_id: stop.destinationId,
        destination_name: stop.name,
        destination_lat: stop.point.lat,
        destination_lon: stop.point.lon,
        staying_time: staying,
        staying_time_range: null,
        driving_time: drivingTime,
        driving_time_range: range,
        student_id: null,
        student_fname: null,
        student_lname: null,
        tasks: stop.orders.map((o, k) => taskOf(o, lines, i * 10 + k)),
      } as TParsedStop;
    });

    const saved = trip
      ? await saveTrip(txCtx, {
          id: trip.id,
          driver_id: trip.driver_id!,
          warehouse_id: trip.warehouse_id!,
          type: trip.type?.id ?? 0,
          start_date: trip.start_date!,
          note: trip.note,
          departure_time_range: trip.departure_time_range,
          destinations: [...kept, ...planned],
        })
      : await addTrip(txCtx, {
          driver_id: input.driver_id!,
          warehouse_id: input.warehouse_id!,
          type: input.type_id!,
          start_date: toUtcString(startDate),
          note: null,
          departure_time_range: null,
          destinations: planned,
        });

    // Each order follows the task that carries its reference.
    const taskOfOrder = new Map<string, number>();
    for (const d of saved.destinations)
      for (const t of d.tasks) if (t.order_id) taskOfOrder.set(t.order_id, t.id);
    const at = plannedAt ?? new Date();
    for (const o of orders) {
      await changeStatus(tx.db, ctx.tenantId, [o.order.id], {
        status: 'planned',
        at,
        by,
        tripId: saved.id,
        taskId: taskOfOrder.get(orderReference(o.order.id)) ?? null,
        deliveredDate: null,
      });
    }
    emit(tx, 'crm_order.updated', ids);
    return { trip_id: saved.id, order_ids: ids };
  });
}

/** A stop of a day to plan: orders to one address whose windows meet, and that can be planned. */
export interface TDayStop {
  /** Its lowest order id: the stop's name in a plan (any of its orders' ids names it too). */
  key: number;
  addressId: number;
  name: string;
  lat: number;
  lon: number;
  orderIds: number[];
  references: string[];
  /** The tightest window of its orders (the latest start, the earliest end), or null. */
  windowStart: Date | null;
  windowEnd: Date | null;
  /** The orders' weight, in the tenant's weight unit. */
  load: number;
  serviceMinutes: number;
}

/**
 * The orders asked for on a day that can be planned (confirmed, or failed and to be tried again),
 * as stops (`groupIntoStops`). At most `maxOrders` orders are read; `tooMany` says whether there
 * were more.
 */
export async function plannableStopsOfDay(
  ctx: TTenantContext,
  day: string,
  maxOrders: number,
): Promise<{ stops: TDayStop[]; tooMany: boolean }> {
  const ids = await plannableOrderIdsOfDay(ctx.db, ctx.tenantId, day, CRM_ORDER_PLANNABLE, maxOrders + 1);
  if (ids.length > maxOrders) return { stops: [], tooMany: true };
  const [orders, weights] = await Promise.all([
    loadOrders(ctx.db, ctx.tenantId, ids),
    orderWeights(ctx.db, ctx.tenantId, ids),
  ]);
  const stops = groupIntoStops(orders).map((group): TDayStop => {
    const stop = plannedStop(group);
    return {
      key: Math.min(...group.map((o) => o.order.id)),
      addressId: stop.addressId,
      name: stop.name,
      lat: stop.point.lat,
      lon: stop.point.lon,
      orderIds: group.map((o) => o.order.id),
      references: group.map((o) => orderReference(o.order.id)),
      windowStart: stop.windowStart,
      windowEnd: stop.windowEnd,
      load: group.reduce((sum, o) => sum + (weights.get(o.order.id) ?? 0), 0),
      serviceMinutes: SERVICE_MINUTES_PER_ORDER * group.length,
    };
  });
  return { stops: stops.sort((a, b) => a.key - b.key), tooMany: false };
}

// ---------- Following trips ----------

/** The status an order on its way should have, from its task and trip. */
function statusFromTrip(o: TFollowedOrder): TCrmOrderStatus {
  if (o.task_id === null || o.task_status === null || !o.trip_live) return 'confirmed';
  if (o.task_status === 'completed') return 'delivered';
  if (o.task_status === 'missed') return 'failed';
  return o.trip_started ? 'in_progress' : 'planned';
}

/**
 * Moves the tenant's orders on their way to the status their task and trip imply: those on these
 * trips or carried by these tasks, or all of them (`all`). Idempotent; two processes following the
 * same change write it once (a status is changed only from the one read).
 */
export async function followOrders(
  ctx: TTenantContext,
  by: { tripIds?: number[]; taskIds?: number[]; all?: boolean },
): Promise<number> {
  const rows = await followedOrders(ctx.db, ctx.tenantId, {
    tripIds: by.tripIds,
    taskIds: by.taskIds,
    statuses: by.all ? ['planned', 'in_progress'] : undefined,
  });
  const moves = rows.flatMap((o) => {
    const status = statusFromTrip(o);
    return status === o.status ? [] : [{ o, status }];
  });
  if (!moves.length) return 0;
  return inTransaction(ctx, async (tx) => {
    const now = new Date();
    const locked = new Map(
      (
        await lockOrders(
          tx.db,
          ctx.tenantId,
          moves.map((m) => m.o.id),
        )
      ).map((l) => [l.id, l.status]),
    );
    const moved: number[] = [];
    const ended: number[] = [];
    for (const { o, status } of moves) {
      if (locked.get(o.id) !== o.status) continue; // moved meanwhile, by another process or an admin
      const finished = status === 'delivered' || status === 'failed';
      // When it happened on the road (a history replayed later keeps its times), else now.
      const when =
        status === 'delivered'
          ? o.completed_date
          : status === 'in_progress'
            ? o.started_date
            : status === 'failed'
              ? o.ended_date
              : null;
      const at = when ? new Date(when) : now;
      await changeStatus(tx.db, ctx.tenantId, [o.id], {
        status,
        at,
        by: (status === 'delivered' && o.completed_by) || 'System',
        ...(status === 'confirmed' ? { tripId: null, taskId: null } : {}),
        ...(status === 'delivered' ? { deliveredDate: at } : {}),
      });
      moved.push(o.id);
      if (finished) ended.push(o.id);
    }
    await expireLinks(
      tx.db,
      ctx.tenantId,
      ended,
      new Date(now.getTime() + TRACKING_LINK_TTL_HOURS * 3_600_000),
    );
    emit(tx, 'crm_order.updated', moved);
    return moved.length;
  });
}

// ---------- Tracking links ----------

const TRACKABLE: readonly TCrmOrderStatus[] = ['planned', 'in_progress', 'delivered', 'failed'];

/** Makes the order's tracking link, replacing (revoking) any it had; answers its address. */
export async function makeTrackingLink(ctx: TTenantContext, id: number, baseUrl: string) {
  return inTransaction(ctx, async (tx) => {
    const [current] = await lockOrders(tx.db, ctx.tenantId, [id]);
    if (!current) throw notFound();
    if (!TRACKABLE.includes(current.status as TCrmOrderStatus))
      throw new AppError('CONFLICT', CRM_MESSAGES.trackingNotPlanned);
    const now = new Date();
    await revokeLinks(tx.db, ctx.tenantId, id, now);
    const [loaded] = await loadOrders(tx.db, ctx.tenantId, [id]);
    const ended = current.status === 'delivered' || current.status === 'failed';
    const expires = ended
      ? new Date(loaded!.order.statusDate.getTime() + TRACKING_LINK_TTL_HOURS * 3_600_000)
      : null;
    // Ended longer ago than a link lives: a new one would be dead at once.
    if (expires && expires <= now) throw new AppError('CONFLICT', CRM_MESSAGES.trackingEnded);
    const token = randomBytes(32).toString('base64url');
    await insertLink(tx.db, ctx.tenantId, id, token, expires);
    emit(tx, 'crm_order.updated', [id]);
    return { url: trackingUrl(baseUrl, token), expires_date: utc(expires) };
  });
}

/** Revokes the order's tracking link: its page answers as an unknown one from now on. */
export async function revokeTrackingLink(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [current] = await lockOrders(tx.db, ctx.tenantId, [id]);
    if (!current) throw notFound();
    await revokeLinks(tx.db, ctx.tenantId, id, new Date());
    emit(tx, 'crm_order.updated', [id]);
  });
}

/** The addresses a tracking link may be sent to: the customer's own and its contacts'. */
async function customerAddresses(ctx: TTenantContext, customerId: number): Promise<string[]> {
  const rows = await recipientsOf(ctx.db, ctx.tenantId, customerId);
  return rows.flatMap((r) => (r.email ? [r.email.trim().toLowerCase()] : []));
}

/**
 * E-mails the order's tracking link (made now when it has none) to the customer, or to one of its
 * contacts: the link is the customer's, never sent elsewhere. Counted against the admin's and the
 * tenant's hourly e-mails. Answers how the message left and to whom.
 */
export async function sendTrackingLink(
  ctx: TTenantContext,
  id: number,
  baseUrl: string,
  mail: { mailer: Mailer; limits: TMailLimits },
  email: string | null | undefined,
): Promise<{ via: 'smtp' | 'outbox'; email: string }> {
  const [loaded] = await loadOrders(ctx.db, ctx.tenantId, [id]);
  if (!loaded || loaded.order.archived) throw notFound();
  const allowed = await customerAddresses(ctx, loaded.order.customerId);
  const to = (email ?? loaded.customerEmail ?? '').trim();
  if (!to) throw AppError.field('email', CRM_MESSAGES.trackingNoEmail);
  if (!allowed.includes(to.toLowerCase())) throw AppError.field('email', CRM_MESSAGES.trackingRecipient);
  const [live] = await liveLinkOf(ctx.db, ctx.tenantId, id);
  const url =
    live && (!live.expiresDate || live.expiresDate.getTime() > Date.now())
      ? trackingUrl(baseUrl, live.token)
      : (await makeTrackingLink(ctx, id, baseUrl)).url;
  const { name: tenantName, timeZone } = await tenantProfile(ctx);
  const reference = orderReference(id);
  const window =
    loaded.order.windowStart && loaded.order.windowEnd
      ? ` between ${clock(loaded.order.windowStart, timeZone)} and ${clock(loaded.order.windowEnd, timeZone)}`
      : '';
  const adminId = ctx.actor.kind === 'tenant_admin' ? ctx.actor.id : null;
  const slot = await takeMailSlot(ctx.db, { tenantId: ctx.tenantId, adminId }, mail.limits);
  try {
    await mail.mailer.send({
      to,
      subject: `Your order ${reference} from ${tenantName}`,
      text: `Hello ${loaded.customerName},\n\nYour order ${reference} is planned for delivery on ${loaded.order.requestedDate}${window}. Follow it here, with the driver's position while they head to you:\n\n${url}\n\n${tenantName}`,
    });
  } catch (error) {
    await slot.release().catch(() => undefined);
    throw error;
  }
  return { via: mail.mailer.via, email: to };
}

export type { TCrmOrderPlanInput };
