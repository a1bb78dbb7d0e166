import { z } from 'zod';
import { MANAGER_APPROVAL_STATUSES, ORDER_STATUSES } from './driver-app.ts';
import { zId, zPage, zPageSize } from './numbers.ts';

/*
 * The live console's approval and order calls (spec 000 §7, 002 §7). Their envelopes are the spec's,
 * not the usual `{responseCode, …}` one:
 *   approvals: {success, data: [...], pagination: {total, page, page_size}}
 *   orders:    {success, data: {data: [...], pagination: {total_count, page, page_size}}}
 * The decision (`PATCH trip/update-approval-status`) answers the usual envelope.
 */

export type TManagerApprovalStatus = (typeof MANAGER_APPROVAL_STATUSES)[number];
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

/** A manager decides a pending request one of these two ways (spec 000 §5). */
export const APPROVAL_DECISIONS = ['accepted', 'rejected'] as const;
export type TApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** The approvals tables' and the orders table's page size (spec 000 §9). */
export const APPROVALS_PAGE_SIZE = 10;
export const ORDERS_PAGE_SIZE = 10;
/** Polling of the approvals dashboards (spec 002 §9) and of the dashboard and map (spec 000 §9). */
export const APPROVALS_REFRESH_MS = 30_000;
export const LIVE_REFRESH_MS = 10_000;

/** Labels and colours of the manager approval statuses (spec 002 §4); anything else is "Unknown Status". */
export const APPROVAL_STATUS_DISPLAY: Record<TManagerApprovalStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: '#f9a825' },
  accepted: { label: 'Approved', color: '#2e7d32' },
  rejected: { label: 'Rejected', color: '#c62828' },
  awaiting_submission: { label: 'Awaiting Submission', color: '#ef6c00' },
};
export const UNKNOWN_APPROVAL_STATUS = 'Unknown Status';

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');
const searchText = (field: string) =>
  z.string().trim().max(100, `${field} must be at most 100 characters`).optional();

/** `GET v1/trips/destinations/approvals/manager`: status filter (none = all), paging, driver search. */
export const ZManagerApprovalsQuery = z.object({
  manager_approval_status: z.enum(MANAGER_APPROVAL_STATUSES).optional(),
  page: zPage(),
  page_size: zPageSize(APPROVALS_PAGE_SIZE),
  driver_name: searchText('driver_name'),
});
export type TManagerApprovalsQuery = z.input<typeof ZManagerApprovalsQuery>;

/** `GET v1/trips/destinations/approvals/client`: paging, driver search, order id filter, sort. */
export const ZClientApprovalsQuery = z.object({
  page: zPage(),
  page_size: zPageSize(APPROVALS_PAGE_SIZE),
  driver_name: searchText('driver_name'),
  order_id: searchText('order_id'),
  sort: z.enum(['newest', 'oldest']).default('newest'),
});
export type TClientApprovalsQuery = z.input<typeof ZClientApprovalsQuery>;

/**
 * One approval request: a task that asks for a manager's approval (manager side) or for the client's
 * proof (client side). `id` is the task's id.
 */
export const ZApprovalRecord = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  trip_id: z.number().int(),
  driver: z.object({ id: z.number().int(), fname: z.string(), lname: z.string() }).nullable(),
  destination_name: z.string().nullable(),
  /** The task's description. */
  description: z.string(),
  order_id: z.string().nullable(),
  /** When the request was made: the driver's submission, or the trip's creation while awaiting it. */
  created_date: utcDate,
  /** The driver's note on completing the task; null when none (shown as "No note provided"). */
  note: z.string().nullable(),
  /** null on client-side rows whose task asks no manager approval. */
  manager_approval_status: z.string().nullable(),
  /** 0 when the task asks no client proof (spec 002 §4 "Not Requested"). */
  client_approval: z.number().int(),
  /** Addresses of the proof photos (signed-in GETs). */
  manager_approval_images: z.array(z.string()),
  client_approval_images: z.array(z.string()),
  /** When and by whom a manager decided; null until then. */
  decided_date: utcDate.nullable(),
});
export type TApprovalRecord = z.infer<typeof ZApprovalRecord>;

export const ZApprovalPage = z.object({
  success: z.literal(true),
  data: z.array(ZApprovalRecord),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Beyond the spec: false when `total` is an estimate past LIST_EXACT_COUNT (shown "10,000+"). */
    total_exact: z.boolean().optional(),
  }),
});
export type TApprovalPage = z.infer<typeof ZApprovalPage>;

/** `GET v1/trips/destinations/approvals/manager/summary`: the four counts of the tenant. */
export const ZApprovalSummary = z.object({
  success: z.literal(true),
  data: z.object({
    pending: z.number().int(),
    accepted: z.number().int(),
    rejected: z.number().int(),
    awaiting_submission: z.number().int(),
  }),
});
export type TApprovalSummary = z.infer<typeof ZApprovalSummary>['data'];

/** `PATCH trip/update-approval-status` body. */
export const ZApprovalDecision = z.object({
  task_id: zId('task_id'),
  status: z.enum(APPROVAL_DECISIONS, { error: 'status must be accepted or rejected' }),
});
export type TApprovalDecisionInput = z.input<typeof ZApprovalDecision>;

/** `GET v1/trips/destinations/tasks/orders`; `status` left out (or `all`) means every status. */
export const ZOrdersQuery = z.object({
  order_id: searchText('order_id'),
  order: z.enum(['asc', 'desc']).default('desc'),
  sort_by: z.enum(['completed_date']).default('completed_date'),
  page: zPage(),
  page_size: zPageSize(ORDERS_PAGE_SIZE),
  status: z.enum(['all', ...ORDER_STATUSES]).default('all'),
});
export type TOrdersQuery = z.input<typeof ZOrdersQuery>;

/** One order: a task with an order id (spec 000 §3 "Order history row"). `id` is the task's id. */
export const ZOrderRow = z.object({
  id: z.number().int(),
  trip_id: z.number().int(),
  order_id: z.string(),
  description: z.string(),
  /** The driver who completed it ("fname lname"), or null while not completed. */
  completed_by: z.string().nullable(),
  destination_name: z.string().nullable(),
  arrival_time: utcDate.nullable(),
  departure_time: utcDate.nullable(),
  task_completed_date: utcDate.nullable(),
  status: z.enum(ORDER_STATUSES),
});
export type TOrderRow = z.infer<typeof ZOrderRow>;

export const ZOrdersPage = z.object({
  success: z.literal(true),
  data: z.object({
    data: z.array(ZOrderRow),
    pagination: z.object({
      total_count: z.number().int(),
      /** Beyond the spec: false when `total_count` is an estimate past LIST_EXACT_COUNT (shown "10,000+"). */
      total_exact: z.boolean().optional(),
      page: z.number().int(),
      page_size: z.number().int(),
    }),
  }),
});
export type TOrdersPage = z.infer<typeof ZOrdersPage>;

// ---------- Driving directions (ROUTER_URL) ----------

/** A path is asked of the router in segments of at most this many waypoints (spec 000 §9)… */
export const ROUTE_SEGMENT_MAX_WAYPOINTS = 23;
/** …with this pause between two requests. */
export const ROUTE_SEGMENT_PAUSE_MS = 100;

/** `GET /api/v1/directions?coordinates=lon,lat;lon,lat;…`: 2 to 23 waypoints. */
export const ZDirectionsQuery = z.object({
  coordinates: z
    .string()
    .max(23 * 40, 'coordinates is too long')
    .transform((text, ctx) => {
      const points = text.split(';').map((pair) => pair.split(',').map(Number));
      const valid = points.every(
        (p) => p.length === 2 && p.every(Number.isFinite) && Math.abs(p[0]!) <= 180 && Math.abs(p[1]!) <= 90,
      );
      if (!valid || points.length < 2 || points.length > ROUTE_SEGMENT_MAX_WAYPOINTS) {
        ctx.addIssue({
          code: 'custom',
          message: `coordinates must be 2 to ${ROUTE_SEGMENT_MAX_WAYPOINTS} "lon,lat" pairs separated by ";"`,
        });
        return z.NEVER;
      }
      return points as [number, number][];
    }),
});

/** The road path through the waypoints: [lon, lat] pairs, metres, seconds. */
export const ZDirections = z.object({
  coordinates: z.array(z.tuple([z.number(), z.number()])),
  distance_m: z.number(),
  duration_s: z.number(),
});
export type TDirections = z.infer<typeof ZDirections>;
