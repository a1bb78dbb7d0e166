import {
  EXCEPTION_ENGINE_DEFAULTS,
  MESSAGES,
  PLANNING_MAX_STOPS,
  PLANNING_MESSAGES,
  PLANNING_TIME_LIMIT_S,
  TRIP_ORDER_MESSAGES,
  type TPlannedRoute,
  type TPlanningConfirmed,
  type TPlanningDay,
  type TPlanningProposal,
  type TPlanningStop,
  type ZPlanningConfirmRequest,
  type ZPlanningProposeRequest,
} from '@fleet/contract';
import {
  matrix,
  RoutingCancelledError,
  solveInWorker,
  type TRoutingProblem,
  type TUnassignedReason,
} from '@fleet/routing';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { planCrmOrders, plannableStopsOfDay, TRIP_STOPS_MAX, type TDayStop } from '../crm/service.ts';
import { drivers } from '../drivers/service.ts';
import { drivingTable } from '../geo/service.ts';
import { findOrigin } from '../places/service.ts';
import { tenantProfile } from '../settings/service.ts';
import { metersBetween } from '../trips/service.ts';
import { vehicles } from '../vehicles/service.ts';

/*
 * Plan a day (issue "Route optimisation", item 2): the day's confirmed CRM orders, one stop per
 * address, are shared among the drivers the admin chose, each within their shift, their vehicle's
 * load capacity and a trip's stop limit, keeping every order's window; stops the admin locked stay
 * with their driver. The search runs on a worker thread (`@fleet/routing`), one per admin at a time,
 * at most PLANNING_TIME_LIMIT_S seconds, and the same day and choices give the same plan. Nothing is
 * stored until the admin confirms; then each route becomes an ordinary trip carrying its orders, all
 * in one transaction, with the drives the plan estimated.
 */

type TProposeRequest = z.output<typeof ZPlanningProposeRequest>;
type TConfirmRequest = z.output<typeof ZPlanningConfirmRequest>;

const SPEED_MPS = EXCEPTION_ENGINE_DEFAULTS.typicalSpeedKmh / 3.6;
/** The most orders a day plan reads (several to an address share a stop). */
const MAX_ORDERS = 5 * PLANNING_MAX_STOPS;
/** A stop without a window can be served until the end of the next day (a shift may run past midnight). */
const OPEN_END_S = 48 * 3600;

/** Minutes from now before a plan of today may have anyone leave. */
const LEAD_MINUTES = 10;

/** The admins whose plan is being worked out: a second request of the same admin is refused meanwhile. */
const running = new Set<string>();

/** Where drives are estimated from: the router (`ROUTER_URL`) when one is configured. */
export interface TPlanningRouting {
  routerUrl: string | undefined;
  log: { warn: (obj: object, msg: string) => void };
}

/** The day's clock: seconds since its midnight in the tenant's zone, and back to `HH:mm`. */
function dayClock(date: string, zone: string) {
  const midnight = DateTime.fromISO(date, { zone }).startOf('day');
  return {
    secondsOf: (at: Date) => (at.getTime() - midnight.toMillis()) / 1000,
    minutesOfTime: (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)),
    timeOfMinutes: (minutes: number) => midnight.plus({ minutes }).toFormat('HH:mm'),
  };
}

function stopView(stop: TDayStop, zone: string): TPlanningStop {
  const clock = (at: Date | null) => (at ? DateTime.fromJSDate(at).setZone(zone).toFormat('HH:mm') : null);
  return {
    stop_id: stop.key,
    address_id: stop.addressId,
    name: stop.name,
    lat: stop.lat,
    lon: stop.lon,
    order_ids: stop.orderIds,
    references: stop.references,
    window_start: clock(stop.windowStart),
    window_end: clock(stop.windowEnd),
    load: Math.round(stop.load * 100) / 100,
    service_minutes: stop.serviceMinutes,
  };
}

/** The day's stops, refused with a clear message when there are too many for one plan. */
async function stopsOfDay(ctx: TTenantContext, date: string): Promise<TDayStop[]> {
  const { stops, tooMany } = await plannableStopsOfDay(ctx, date, MAX_ORDERS);
  if (tooMany || stops.length > PLANNING_MAX_STOPS)
    throw AppError.field('date', PLANNING_MESSAGES.tooManyStops);
  return stops;
}

/** The drivers of the tenant, with their vehicle and what it carries. */
async function driversWithVehicles(ctx: TTenantContext) {
  const [driverRows, vehicleRows] = await Promise.all([drivers(ctx), vehicles(ctx)]);
  const capacityOf = new Map(vehicleRows.map((v) => [v.id, v.load_capacity]));
  return driverRows
    .map((d) => ({
      driver_id: d.id,
      name: `${d.fname} ${d.lname}`.trim(),
      vehicle_reference: d.bus?.reference ?? null,
      capacity: d.bus ? (capacityOf.get(d.bus.id) ?? null) : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.driver_id - b.driver_id);
}

/** `GET v1/planning/day`: what there is to plan on a day, and who can drive it. */
export async function planningDay(ctx: TTenantContext, date: string): Promise<TPlanningDay> {
  const { timeZone } = await tenantProfile(ctx);
  const [stops, driverList] = await Promise.all([stopsOfDay(ctx, date), driversWithVehicles(ctx)]);
  return { date, stops: stops.map((s) => stopView(s, timeZone)), drivers: driverList };
}

const REASONS: Record<TUnassignedReason, string> = {
  'over-capacity': PLANNING_MESSAGES.overCapacity,
  unreachable: PLANNING_MESSAGES.unreachable,
  'no-room': PLANNING_MESSAGES.noRoom,
};

/** `POST v1/planning/propose`: routes for the chosen drivers; nothing is stored. */
export async function proposePlan(
  ctx: TTenantContext,
  input: TProposeRequest,
  routing: TPlanningRouting,
  signal?: AbortSignal,
): Promise<TPlanningProposal> {
  const who = `${ctx.tenantId}:${ctx.actor.kind}:${ctx.actor.id}`;
  if (running.has(who)) throw new AppError('TOO_MANY_REQUESTS', PLANNING_MESSAGES.busy);
  running.add(who);
  try {
    return await propose(ctx, input, routing, signal);
  } finally {
    running.delete(who);
  }
}

async function propose(
  ctx: TTenantContext,
  input: TProposeRequest,
  routing: TPlanningRouting,
  signal?: AbortSignal,
): Promise<TPlanningProposal> {
  const { timeZone } = await tenantProfile(ctx);
  const clock = dayClock(input.date, timeZone);
  if (clock.secondsOf(new Date()) >= 24 * 3600) throw AppError.field('date', PLANNING_MESSAGES.pastDay);
  const origin = await findOrigin(ctx, input.warehouse_id);
  if (!origin) throw AppError.field('warehouse_id', MESSAGES.trips.originUnknown);
  const known = new Set((await driversWithVehicles(ctx)).map((d) => d.driver_id));
  if (input.drivers.some((d) => !known.has(d.driver_id)))
    throw AppError.field('drivers', PLANNING_MESSAGES.driverUnknown);
  const stops = await stopsOfDay(ctx, input.date);
  if (!stops.length) throw AppError.field('date', PLANNING_MESSAGES.noStops);

  const places = [origin, ...stops];
  const n = places.length;
  const straight = (from: number, to: number) =>
    from === to ? 0 : metersBetween(places[from]!, places[to]!);
  const routed = routing.routerUrl
    ? await drivingTable(
        routing.routerUrl,
        places.map((p): [number, number] => [p.lon, p.lat]),
        routing.log,
      )
    : null;
  const distance = matrix(n, (from, to) => routed?.meters[from]![to] ?? straight(from, to));
  const time = matrix(n, (from, to) => routed?.seconds[from]![to] ?? straight(from, to) / SPEED_MPS);

  // Today's plan starts from now: nobody leaves in the past.
  const earliest = Math.max(0, Math.ceil(clock.secondsOf(new Date()) / 60) + LEAD_MINUTES);
  const shiftStarts = input.drivers.map((d) => Math.max(clock.minutesOfTime(d.start_time), earliest));
  const driverIndex = new Map(input.drivers.map((d, i) => [d.driver_id, i]));
  // A stop is named by any of its orders' ids.
  const stopIndex = new Map(stops.flatMap((s, i) => s.orderIds.map((id) => [id, i + 1] as const)));
  const lockedTo = new Array<number>(n).fill(-1);
  for (const lock of input.locks) {
    const node = stopIndex.get(lock.stop_id);
    if (node === undefined) throw AppError.field('locks', PLANNING_MESSAGES.lockUnknownStop);
    lockedTo[node] = driverIndex.get(lock.driver_id)!;
  }
  const problem: TRoutingProblem = {
    distance,
    time,
    demand: [0, ...stops.map((s) => s.load)],
    serviceTime: [0, ...stops.map((s) => s.serviceMinutes * 60)],
    windowStart: [0, ...stops.map((s) => (s.windowStart ? Math.max(0, clock.secondsOf(s.windowStart)) : 0))],
    windowEnd: [OPEN_END_S, ...stops.map((s) => (s.windowEnd ? clock.secondsOf(s.windowEnd) : OPEN_END_S))],
    capacity: Number.POSITIVE_INFINITY,
    vehicles: input.drivers.length,
    fleet: input.drivers.map((d, i) => ({
      capacity: d.capacity ?? undefined,
      windowStart: shiftStarts[i]! * 60,
      windowEnd: clock.minutesOfTime(d.end_time) * 60,
      maxStops: TRIP_STOPS_MAX,
    })),
    lockedTo,
  };
  const plan = await solveInWorker(
    problem,
    { seed: 1, timeLimitMs: PLANNING_TIME_LIMIT_S * 1000 },
    signal,
  ).catch((error: unknown) => {
    // Only a client that went away cancels: nobody reads this answer.
    if (error instanceof RoutingCancelledError)
      throw new AppError('REQUEST_TIMEOUT', PLANNING_MESSAGES.cancelled);
    throw error;
  });

  // Each route's schedule in whole minutes, as the trip will be created: the drive to each stop,
  // a wait when early, its service; the driver leaves as late as the first stop allows.
  const routes: TPlannedRoute[] = input.drivers.map((driver, v) => {
    const nodes = plan.vehicleRoutes[v] ?? [];
    const driveMinutes = (from: number, to: number) =>
      Math.max(1, Math.round(time.values[from * n + to]! / 60));
    const opens = (node: number) => Math.ceil(problem.windowStart[node]! / 60);
    const shiftStart = shiftStarts[v]!;
    const first = nodes[0];
    let at = first === undefined ? shiftStart : Math.max(shiftStart, opens(first) - driveMinutes(0, first));
    const startTime = at;
    let previous = 0;
    let meters = 0;
    let driving = 0;
    let load = 0;
    const visits = nodes.map((node) => {
      const drive = driveMinutes(previous, node);
      const arrival = Math.max(at + drive, opens(node));
      const departure = arrival + stops[node - 1]!.serviceMinutes;
      const visit = {
        stop_id: stops[node - 1]!.key,
        driving_minutes: arrival - at,
        arrival: clock.timeOfMinutes(arrival),
        departure: clock.timeOfMinutes(departure),
      };
      meters += distance.values[previous * n + node]!;
      driving += drive;
      load += stops[node - 1]!.load;
      at = departure;
      previous = node;
      return visit;
    });
    if (previous !== 0) {
      meters += distance.values[previous * n]!;
      driving += driveMinutes(previous, 0);
      at += driveMinutes(previous, 0);
    }
    return {
      driver_id: driver.driver_id,
      start_time: clock.timeOfMinutes(startTime),
      return_time: clock.timeOfMinutes(at),
      visits,
      load: Math.round(load * 100) / 100,
      distance_km: Math.round(meters / 100) / 10,
      driving_minutes: driving,
    };
  });

  return {
    date: input.date,
    routes,
    unassigned: plan.unassigned.map((u) => ({
      stop_id: stops[u.node - 1]!.key,
      reason: REASONS[u.reason],
    })),
    stops: stops.map((s) => stopView(s, timeZone)),
    distance_km: Math.round(routes.reduce((sum, r) => sum + r.distance_km, 0) * 10) / 10,
    estimate: routed
      ? TRIP_ORDER_MESSAGES.routed
      : routing.routerUrl
        ? TRIP_ORDER_MESSAGES.routerFailed(EXCEPTION_ENGINE_DEFAULTS.typicalSpeedKmh)
        : TRIP_ORDER_MESSAGES.straightLine(EXCEPTION_ENGINE_DEFAULTS.typicalSpeedKmh),
    stopped_by_time: plan.stoppedByTime,
  };
}

/**
 * `POST v1/planning/confirm`: each route as shown becomes a trip of its driver carrying the orders
 * of its stops, in its order and with its drives; all of them or none (a stop whose orders were
 * planned, cancelled or moved meanwhile refuses the whole plan).
 */
export async function confirmPlan(ctx: TTenantContext, input: TConfirmRequest): Promise<TPlanningConfirmed> {
  const { timeZone } = await tenantProfile(ctx);
  if (dayClock(input.date, timeZone).secondsOf(new Date()) >= 24 * 3600)
    throw AppError.field('date', PLANNING_MESSAGES.pastDay);
  const stopIds = input.routes.flatMap((r) => r.visits.map((v) => v.stop_id));
  if (new Set(stopIds).size !== stopIds.length) throw AppError.field('routes', PLANNING_MESSAGES.stopTwice);
  input.routes.forEach((route, i) => {
    if (route.visits.length > TRIP_STOPS_MAX)
      throw AppError.field(`routes.${i}.visits`, PLANNING_MESSAGES.tooManyTripStops(TRIP_STOPS_MAX));
  });
  return inTransaction(ctx, async (tx) => {
    // A stop is named by any of its orders' ids.
    const stopOf = new Map<number, TDayStop>();
    for (const stop of await stopsOfDay(tx, input.date)) for (const id of stop.orderIds) stopOf.set(id, stop);
    const named = input.routes.flatMap((r) => r.visits.map((v) => stopOf.get(v.stop_id)));
    if (named.some((stop) => !stop)) throw new AppError('CONFLICT', PLANNING_MESSAGES.changed);
    if (new Set(named).size !== named.length) throw AppError.field('routes', PLANNING_MESSAGES.stopTwice);
    const trips: TPlanningConfirmed['trips'] = [];
    for (const route of input.routes) {
      const sequence = route.visits.map((v) => ({
        orderIds: stopOf.get(v.stop_id)!.orderIds,
        drivingMinutes: v.driving_minutes,
      }));
      const planned = await planCrmOrders(
        tx,
        {
          order_ids: sequence.flatMap((stop) => stop.orderIds),
          driver_id: route.driver_id,
          warehouse_id: input.warehouse_id,
          type_id: input.type_id,
          start_time: route.start_time,
        },
        { sequence },
      );
      trips.push({ trip_id: planned.trip_id, driver_id: route.driver_id, order_ids: planned.order_ids });
    }
    return { trips };
  });
}
