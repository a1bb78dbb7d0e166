import {
  EXCEPTION_ENGINE_DEFAULTS,
  MESSAGES,
  plannedStops,
  TRIP_ORDER_MESSAGES,
  type TTripOrder,
  type TTripOrderSummary,
  type ZTripOrderRequest,
} from '@fleet/contract';
import { matrix, orderTripInWorker, tripSummary, type TTripSummary } from '@fleet/routing';
import type { z } from 'zod';
import type { TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { drivingTable, type TDrivingTable } from '../geo/service.ts';
import { findOrigin } from '../places/service.ts';
import { metersBetween } from './execution.ts';

/*
 * Optimise order (issue "Route optimisation", 1): the order of a trip's stops that drives least
 * while keeping each stop's promised arrival. A stop's promise is its planned arrival (from the
 * trip's start and the driving and staying times as they stand) plus its driving range; a stop
 * whose arrival is not computed has none, and none is kept when the admin orders by driving alone.
 * Drives are the router's (`ROUTER_URL`, its `table` service) where it finds a road, otherwise
 * straight-line distances at the speed the exceptions engine assumes. The search runs on a worker
 * thread, one per admin at a time.
 */

type TOrderRequest = z.output<typeof ZTripOrderRequest>;

const SPEED_MPS = EXCEPTION_ENGINE_DEFAULTS.typicalSpeedKmh / 3.6;

/** The admins whose ordering is running: a second one of the same admin is refused meanwhile (429). */
const running = new Set<string>();

const figures = (summary: TTripSummary): TTripOrderSummary => ({
  distance_km: Math.round(summary.distance / 100) / 10,
  driving_minutes: Math.round(summary.drivingTime / 60),
  late_stops: summary.lateStops.length,
});

/** Where drives are estimated from: the router (`ROUTER_URL`) when one is configured. */
export interface TOrderRouting {
  routerUrl: string | undefined;
  log: { warn: (obj: object, msg: string) => void };
}

export async function optimiseTripOrder(
  ctx: TTenantContext,
  input: TOrderRequest,
  routing: TOrderRouting,
): Promise<TTripOrder> {
  const who = `${ctx.tenantId}:${ctx.actor.kind}:${ctx.actor.id}`;
  if (running.has(who)) throw new AppError('TOO_MANY_REQUESTS', TRIP_ORDER_MESSAGES.busy);
  running.add(who);
  try {
    return await order(ctx, input, routing);
  } finally {
    running.delete(who);
  }
}

/** The router's drives between the places (kept by `drivingTable`), or null without a router. */
async function routerTable(
  routing: TOrderRouting,
  places: { lat: number; lon: number }[],
): Promise<TDrivingTable | null> {
  if (!routing.routerUrl) return null;
  return drivingTable(
    routing.routerUrl,
    places.map((p): [number, number] => [p.lon, p.lat]),
    routing.log,
  );
}

async function order(ctx: TTenantContext, input: TOrderRequest, routing: TOrderRouting): Promise<TTripOrder> {
  const origin = await findOrigin(ctx, input.warehouse_id);
  if (!origin) throw AppError.field('warehouse_id', MESSAGES.trips.originUnknown);
  const stops = input.destinations;
  const places = [origin, ...stops];
  const n = places.length;
  const straight = (from: number, to: number) =>
    from === to ? 0 : metersBetween(places[from]!, places[to]!);
  // The router's drives where it found a road; a straight line at the typical speed elsewhere.
  const routed = await routerTable(routing, places);
  const distance = matrix(n, (from, to) => routed?.meters[from]![to] ?? straight(from, to));
  const time = matrix(n, (from, to) => routed?.seconds[from]![to] ?? straight(from, to) / SPEED_MPS);
  // Promised arrivals, seconds after the start; node 0 is the origin.
  const planned = plannedStops(new Date(0), stops).stops;
  const windowEnd = [
    Infinity,
    ...stops.map((stop, i) => {
      const arrival = planned[i]?.arrival;
      return arrival ? arrival.getTime() / 1000 + (stop.driving_time_range ?? 0) * 60 : Infinity;
    }),
  ];
  const serviceTime = [0, ...stops.map((stop) => (stop.staying_time ?? 0) * 60)];
  const promised = { distance, time, serviceTime, windowEnd };

  const found = await orderTripInWorker({
    ...promised,
    windowEnd: input.keep_arrivals ? windowEnd : undefined,
    seed: 1,
  });
  // Late stops are counted against the promises either way, so ordering by driving alone shows them.
  const current = stops.map((_, i) => i + 1);
  let previous = 0;
  const drivingTime = found.order.map((node) => {
    const seconds = time.values[previous * n + node]!;
    previous = node;
    return Math.max(1, Math.round(seconds / 60));
  });
  return {
    order: found.order.map((node) => node - 1),
    driving_time: drivingTime,
    before: figures(tripSummary(promised, current)),
    after: figures(tripSummary(promised, found.order)),
    estimate: routed
      ? TRIP_ORDER_MESSAGES.routed
      : routing.routerUrl
        ? TRIP_ORDER_MESSAGES.routerFailed(EXCEPTION_ENGINE_DEFAULTS.typicalSpeedKmh)
        : TRIP_ORDER_MESSAGES.straightLine(EXCEPTION_ENGINE_DEFAULTS.typicalSpeedKmh),
  };
}
