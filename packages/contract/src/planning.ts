import { z } from 'zod';
import { TIME_OF_DAY, zCrmDay } from './crm.ts';
import { zId } from './numbers.ts';
import { TRIP_ORDER_MESSAGES } from './trip-order.ts';
import { zRequiredId } from './trips.ts';

/*
 * Plan a day (beyond the spec, issue "Route optimisation", item 2): a day's confirmed CRM orders
 * and the drivers available that day become proposed trips, who goes where in which order; nothing
 * is stored until the admin confirms, and then each route becomes an ordinary trip carrying its
 * orders. A stop is orders to one address whose windows meet (one apart is another stop there).
 *
 * - `GET v1/planning/day?date=`: the day's unplanned orders as stops, and the tenant's drivers.
 * - `POST v1/planning/propose`: routes per driver (shift and capacity), with locked stops kept.
 * - `POST v1/planning/confirm`: the routes as shown become trips, all or none.
 */

/** The most stops one plan takes, and the most drivers. */
export const PLANNING_MAX_STOPS = 1_000;
export const PLANNING_MAX_DRIVERS = 100;
/** How long a proposal may search, seconds (it answers with the best plan found by then). */
export const PLANNING_TIME_LIMIT_S = 10;

export const PLANNING_MESSAGES = {
  cancelled: 'The plan was cancelled before it was ready',
  busy: 'Your previous plan is still being worked out; try again when it has finished',
  tooManyStops: `A day plan takes at most ${PLANNING_MAX_STOPS} stops`,
  noDrivers: 'Choose at least one driver',
  tooManyDrivers: `A day plan takes at most ${PLANNING_MAX_DRIVERS} drivers`,
  driverTwice: 'A driver is listed twice',
  driverUnknown: 'A chosen driver does not exist (or was deleted)',
  timeInvalid: 'Enter a time as HH:MM',
  shiftOrder: 'The shift must end after it starts',
  capacityInvalid: 'Capacity must be a number above 0',
  pastDay: 'Choose today or a later day',
  noStops: 'There are no unplanned orders on this day',
  stopTwice: 'A stop is on two routes',
  lockUnknownStop:
    'A locked stop is no longer among the day’s orders (planned or changed meanwhile); propose again',
  lockUnknownDriver: 'A stop is locked to a driver who is not in the plan',
  noRoutes: 'The plan has no routes to create',
  changed:
    'The day’s orders changed since this plan was proposed (an order was planned, cancelled or moved); propose again',
  tooManyTripStops: (max: number) => `A trip has at most ${max} stops; move some to another driver`,
  /** Why a stop was left out, for the admin. */
  overCapacity: 'Heavier than any chosen vehicle can carry',
  unreachable: 'Cannot be reached within its window and a driver’s shift',
  noRoom: 'No driver has room for it within the shifts',
  estimate: TRIP_ORDER_MESSAGES,
} as const;

const zTime = () =>
  z.string({ error: PLANNING_MESSAGES.timeInvalid }).regex(TIME_OF_DAY, PLANNING_MESSAGES.timeInvalid);

export const ZPlanningDayQuery = z.object({ date: zCrmDay() });

/** One stop of the day: unplanned orders to one address whose windows meet. */
export const ZPlanningStop = z.object({
  /** The stop's key in a plan: its lowest order id (any of its orders' ids names it too). */
  stop_id: z.number().int(),
  address_id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  order_ids: z.array(z.number().int()),
  /** The orders' references (`SO-000042`). */
  references: z.array(z.string()),
  /** The tightest window of its orders (`HH:mm`, tenant's time zone), or null for any time. */
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  /** The orders' weight, in the tenant's weight unit (items without a weight count 0). */
  load: z.number(),
  service_minutes: z.number().int(),
});
export type TPlanningStop = z.infer<typeof ZPlanningStop>;

export const ZPlanningDriver = z.object({
  driver_id: z.number().int(),
  name: z.string(),
  vehicle_reference: z.string().nullable(),
  /** The vehicle's load capacity in the tenant's weight unit; null when not recorded. */
  capacity: z.number().nullable(),
});
export type TPlanningDriver = z.infer<typeof ZPlanningDriver>;

export const ZPlanningDay = z.object({
  date: z.string(),
  stops: z.array(ZPlanningStop),
  drivers: z.array(ZPlanningDriver),
});
export type TPlanningDay = z.infer<typeof ZPlanningDay>;

/** A driver available for the day: their shift and what their vehicle carries. */
export const ZPlanningShift = z
  .object({
    driver_id: zId('driver_id'),
    start_time: zTime(),
    end_time: zTime(),
    /** In the tenant's weight unit; null or absent: no limit. */
    capacity: z
      .number({ error: PLANNING_MESSAGES.capacityInvalid })
      .positive(PLANNING_MESSAGES.capacityInvalid)
      .max(1e9, PLANNING_MESSAGES.capacityInvalid)
      .nullable()
      .optional(),
  })
  .refine((s) => s.end_time > s.start_time, { message: PLANNING_MESSAGES.shiftOrder, path: ['end_time'] });

export const ZPlanningProposeRequest = z
  .object({
    date: zCrmDay(),
    warehouse_id: zRequiredId('warehouse_id'),
    drivers: z
      .array(ZPlanningShift, { error: PLANNING_MESSAGES.noDrivers })
      .min(1, PLANNING_MESSAGES.noDrivers)
      .max(PLANNING_MAX_DRIVERS, PLANNING_MESSAGES.tooManyDrivers),
    /** Stops that must stay with a driver (moved or locked by the admin). */
    locks: z
      .array(z.object({ stop_id: zId('stop_id'), driver_id: zId('driver_id') }))
      .max(PLANNING_MAX_STOPS, PLANNING_MESSAGES.tooManyStops)
      .default([]),
  })
  .refine((r) => new Set(r.drivers.map((d) => d.driver_id)).size === r.drivers.length, {
    message: PLANNING_MESSAGES.driverTwice,
    path: ['drivers'],
  })
  .refine((r) => r.locks.every((l) => r.drivers.some((d) => d.driver_id === l.driver_id)), {
    message: PLANNING_MESSAGES.lockUnknownDriver,
    path: ['locks'],
  });
export type TPlanningProposeRequest = z.input<typeof ZPlanningProposeRequest>;

/** A stop on a proposed route, with its estimated times (`HH:mm`, tenant's time zone). */
export const ZPlannedVisit = z.object({
  stop_id: z.number().int(),
  /** Driving minutes from the previous stop (or the origin). */
  driving_minutes: z.number().int(),
  arrival: z.string(),
  departure: z.string(),
});
export type TPlannedVisit = z.infer<typeof ZPlannedVisit>;

export const ZPlannedRoute = z.object({
  driver_id: z.number().int(),
  /** When the driver leaves the origin (`HH:mm`): as late as the first stop allows within the shift. */
  start_time: z.string(),
  /** Back at the origin (`HH:mm`). */
  return_time: z.string(),
  visits: z.array(ZPlannedVisit),
  load: z.number(),
  distance_km: z.number(),
  driving_minutes: z.number().int(),
});
export type TPlannedRoute = z.infer<typeof ZPlannedRoute>;

export const ZPlanningProposal = z.object({
  date: z.string(),
  /** One per driver of the request, in its order (a driver with nothing to do has no visits). */
  routes: z.array(ZPlannedRoute),
  unassigned: z.array(z.object({ stop_id: z.number().int(), reason: z.string() })),
  /** The day's stops as planned (the same as `v1/planning/day`'s, read again). */
  stops: z.array(ZPlanningStop),
  distance_km: z.number(),
  /** How drives were estimated (the router's, or straight lines at the typical speed). */
  estimate: z.string(),
  /** Whether the search's time limit ended it (the best plan found by then). */
  stopped_by_time: z.boolean(),
});
export type TPlanningProposal = z.infer<typeof ZPlanningProposal>;

export const ZPlanningConfirmRequest = z.object({
  date: zCrmDay(),
  warehouse_id: zRequiredId('warehouse_id'),
  type_id: zRequiredId('type_id'),
  routes: z
    .array(
      z.object({
        driver_id: zId('driver_id'),
        start_time: zTime(),
        visits: z
          .array(
            z.object({
              stop_id: zId('stop_id'),
              driving_minutes: z
                .number()
                .int()
                .min(0)
                .max(24 * 60),
            }),
          )
          .min(1)
          .max(PLANNING_MAX_STOPS, PLANNING_MESSAGES.tooManyStops),
      }),
      { error: PLANNING_MESSAGES.noRoutes },
    )
    .min(1, PLANNING_MESSAGES.noRoutes)
    .max(PLANNING_MAX_DRIVERS, PLANNING_MESSAGES.tooManyDrivers),
});
export type TPlanningConfirmRequest = z.input<typeof ZPlanningConfirmRequest>;

export const ZPlanningConfirmed = z.object({
  /** The trips created, one per route, in the request's order. */
  trips: z.array(
    z.object({
      trip_id: z.number().int(),
      driver_id: z.number().int(),
      order_ids: z.array(z.number().int()),
    }),
  ),
});
export type TPlanningConfirmed = z.infer<typeof ZPlanningConfirmed>;
