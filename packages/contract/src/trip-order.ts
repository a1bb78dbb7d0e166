import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { ZLat, ZLon } from './places.ts';
import { zMinutes, zRequiredId } from './trips.ts';

/*
 * `POST v1/trips/optimise-order` (beyond the spec, issue "Route optimisation"): the order of a
 * planned trip's stops that drives least while keeping each stop's promised arrival. The trip
 * dialog sends its stops as they stand (saved or not); nothing is stored.
 */

/** The most stops one trip may have (as `trip/add-trip`). */
export const TRIP_ORDER_MAX_STOPS = 50;

export const TRIP_ORDER_MESSAGES = {
  tooFew: (destinationTerm: string) => `Add at least two ${destinationTerm.toLowerCase()}s to order them`,
  tooMany: `A trip has at most ${TRIP_ORDER_MAX_STOPS} stops`,
  busy: 'Your previous ordering is still running; try again when it has finished',
  /** When the trip's stops are already in the best order found. */
  unchanged: 'The stops are already in the best order found.',
  /** How the drives were estimated: by the router (`ROUTER_URL`), or without one. */
  routed: 'Driving times and distances are the router’s.',
  routerFailed: (speedKmh: number) =>
    `The router did not answer: driving times are estimated from straight-line distances at ${speedKmh} km/h.`,
  straightLine: (speedKmh: number) =>
    `Driving times are estimated from straight-line distances at ${speedKmh} km/h.`,
} as const;

export const ZTripOrderStop = z.object({
  lat: ZLat,
  lon: ZLon,
  /** The stop's times as the dialog holds them: its promised arrival comes from them. */
  driving_time: zMinutes(),
  staying_time: zMinutes(),
  driving_time_range: zMinutes(),
});

export const tripOrderRequestSchema = (destinationTerm = 'Destination') =>
  z.object({
    /** The trip's origin: where the first drive starts. */
    warehouse_id: zRequiredId('warehouse_id'),
    /**
     * Keep each stop's promised arrival (its planned arrival plus its driving range, from the
     * times as they stand): an order that makes a stop later is taken only if no order keeps it.
     * Off, the stops are ordered by driving alone.
     */
    keep_arrivals: z.boolean().default(true),
    destinations: z
      .array(ZTripOrderStop, { error: MESSAGES.formInvalid })
      .min(2, TRIP_ORDER_MESSAGES.tooFew(destinationTerm))
      .max(TRIP_ORDER_MAX_STOPS, TRIP_ORDER_MESSAGES.tooMany),
  });
export const ZTripOrderRequest = tripOrderRequestSchema();
export type TTripOrderRequest = z.input<typeof ZTripOrderRequest>;

/** One order's figures, both estimated the same way. */
export const ZTripOrderSummary = z.object({
  distance_km: z.number().describe('Straight-line (or routed) distance from the origin to the last stop'),
  driving_minutes: z.number().int(),
  /** Stops reached after their promised arrival plus their driving range. */
  late_stops: z.number().int(),
});
export type TTripOrderSummary = z.infer<typeof ZTripOrderSummary>;

export const ZTripOrder = z.object({
  /** The stops in their new order, as indexes into the request's `destinations`. */
  order: z.array(z.number().int()),
  /** The estimated driving time to each stop in the new order, minutes (at least 1). */
  driving_time: z.array(z.number().int()),
  before: ZTripOrderSummary,
  after: ZTripOrderSummary,
  /** How the drives were estimated. */
  estimate: z.string(),
});
export type TTripOrder = z.infer<typeof ZTripOrder>;
