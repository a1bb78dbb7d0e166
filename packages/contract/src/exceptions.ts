import { z } from 'zod';
import { zId, zPage, zPageSize } from './numbers.ts';

/*
 * Exceptions (spec 000 §3 "Exception", 002 "Exceptions", §3, §8): what the exceptions engine raises
 * when a running trip breaks its plan. The calls answer the spec's `{success, data, …}` envelope.
 */

/** The eleven types of spec 002 §3, with the labels the console shows (unknown types show the raw type). */
export const EXCEPTION_TYPES = [
  'started_late',
  'started_soon',
  'missed_destination',
  'driving_time_out_of_range',
  'idle_location',
  'exceeded_staying_time',
  'departure_early',
  'arrival_early',
  'departure_late',
  'arrival_late',
  'not_enough_time_to_next_destination',
] as const;
export type TExceptionType = (typeof EXCEPTION_TYPES)[number];

export const EXCEPTION_TYPE_LABELS: Record<TExceptionType, string> = {
  started_late: 'Started late',
  started_soon: 'Started early',
  missed_destination: 'Missed destination',
  driving_time_out_of_range: 'Driving time out of range',
  idle_location: 'Idle at an unplanned place',
  exceeded_staying_time: 'Exceeded staying time',
  departure_early: 'Departed early',
  arrival_early: 'Arrived early',
  departure_late: 'Departed late',
  arrival_late: 'Arrived late',
  not_enough_time_to_next_destination: 'Not enough time to next destination',
};

/** Page size of the bell's not-seen list and of the Exceptions page (spec 000 §9, 002 §9). */
export const EXCEPTIONS_PAGE_SIZE = 10;
/** Polling of the bell and of the Exceptions page (spec 000 §9, 002 §9). */
export const EXCEPTIONS_REFRESH_MS = 10_000;
/** Session-storage key of the exception to highlight, checked every second (spec 002 "Exceptions"). */
export const EXCEPTION_HIGHLIGHT_KEY = 'exceptionId';
export const EXCEPTION_HIGHLIGHT_CHECK_MS = 1_000;

/** The spec's fallbacks (002 §8). */
export const EXCEPTION_FALLBACKS = {
  driver: 'Unknown Driver',
  origin: 'Unknown Origin',
  type: 'Unknown Type',
  date: 'Unknown Date',
  message: 'Unknown Exception',
  time: 'Unknown Time',
  destination: 'Unknown Destination',
} as const;

/**
 * The exceptions engine's own defaults, beside the tenant's stop radius and idle speed
 * (`DEFAULT_THRESHOLDS`) and each plan's ranges (a missing range is 0).
 */
export const EXCEPTION_ENGINE_DEFAULTS = {
  /**
   * The speed a leg is estimated at from its straight-line distance when no router is configured
   * (`ROUTER_URL`): what "not enough time to the next destination" is judged by. Straight lines are
   * shorter than roads, so this city average errs on the side of raising too few.
   */
  typicalSpeedKmh: 40,
} as const;

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');

/** `GET v1/exceptions`: paging (1, 10), type filter, driver name search. */
export const ZExceptionsQuery = z.object({
  page: zPage(),
  page_size: zPageSize(EXCEPTIONS_PAGE_SIZE),
  type: z.enum(EXCEPTION_TYPES).optional(),
  driver_name: z.string().trim().max(100, 'driver_name must be at most 100 characters').optional(),
});
export type TExceptionsQuery = z.input<typeof ZExceptionsQuery>;
/** `GET v1/exceptions/export`: the list's filters without its paging. */
export const ZExceptionsExportQuery = ZExceptionsQuery.pick({ type: true, driver_name: true });

/** `GET v1/exceptions/not_seen`: paging only. */
export const ZNotSeenQuery = z.object({
  page: zPage(),
  page_size: zPageSize(EXCEPTIONS_PAGE_SIZE),
});

export const ZExceptionIdParams = z.object({ id: zId('id') });

const ZExceptionTask = z.object({
  id: z.number().int(),
  description: z.string(),
  order_id: z.string().nullable(),
});

/** One exception, as the bell, the page and its info dialog read it. */
export const ZException = z.object({
  id: z.number().int(),
  /** One of EXCEPTION_TYPES (a client shows an unknown one raw). */
  type: z.string(),
  seen: z.boolean(),
  /** When it happened (the fix's or the transition's own time, not when it was computed). */
  creation_date: utcDate,
  /** The trip's planned start. */
  start_date: utcDate.nullable(),
  /** The message (spec 002 §3 `data`). */
  data: z.string(),
  /** For the timing types: the planned and the actual time of what was late or early. */
  expected_date: utcDate.nullable(),
  actual_date: utcDate.nullable(),
  driver: z.object({ id: z.number().int(), fname: z.string(), lname: z.string() }).nullable(),
  /** The stop it is about, when it is about one. */
  destination: z.object({ id: z.number().int(), destination_name: z.string().nullable() }).nullable(),
  trip: z
    .object({
      id: z.number().int(),
      start_date: utcDate.nullable(),
      warehouse: z.object({ title: z.string() }).nullable(),
      destinations: z.array(
        z.object({
          id: z.number().int(),
          destination_name: z.string().nullable(),
          task: z.array(ZExceptionTask),
        }),
      ),
    })
    .nullable(),
});
export type TException = z.infer<typeof ZException>;

export const ZExceptionPage = z.object({
  success: z.literal(true),
  data: z.array(ZException),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Beyond the spec: false when `total` is an estimate past LIST_EXACT_COUNT (shown "10,000+"). */
    total_exact: z.boolean().optional(),
  }),
});
export type TExceptionPage = z.infer<typeof ZExceptionPage>;

export const ZExceptionOne = z.object({ success: z.literal(true), data: ZException });

/** `POST v1/exceptions/{id}/seen` and `POST v1/exceptions/seen`: how many were marked. */
export const ZExceptionsSeen = z.object({
  success: z.literal(true),
  data: z.object({ updated: z.number().int() }),
});
