import type { z } from 'zod';
import {
  APPROVAL_STATUS_DISPLAY,
  MANAGER_APPROVAL_STATUSES,
  MESSAGES,
  ORDER_STATUSES,
  toUtcString,
  UNKNOWN_APPROVAL_STATUS,
  type TApprovalDecision,
  type TApprovalPage,
  type TApprovalRecord,
  type TApprovalSummary,
  type TManagerApprovalStatus,
  type TOrderRow,
  type TOrdersPage,
  type TOrderStatus,
  type ZClientApprovalsQuery,
  type ZManagerApprovalsQuery,
  type ZOrdersQuery,
} from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { groupBy } from '../../db/id-lists.ts';
import { AppError } from '../../platform/errors.ts';
import { guardianChildren } from '../students/service.ts';
import { taskPhotoUrl } from '../trips/service.ts';
import {
  approvalState,
  decidePending,
  isTenantAdmin,
  managerStatusCounts,
  ordersPage,
  pendingRequests,
  photosOfTasks,
  requestById,
  requestsPage,
  type TRequestFilter,
  type TRequestRow,
} from './queries.ts';

/*
 * Approvals and orders (spec 000 §3–§4 and §7, 002 "Approvals dashboards"): the manager's queue of
 * approval requests and their decisions, the client's view of proof photos, the summary counts, and
 * the orders monitoring table. An approval request is a task of a live trip that asks a manager's
 * approval (manager side) or the client's proof (client side); an order is a task with an order id.
 * The module's door: routes, the simulator and other modules call these functions only.
 *
 * A manager moves a pending request to accepted or rejected, once: the decision is one guarded
 * UPDATE, so of two managers deciding at the same moment one wins and the other is told where the
 * request stands. Who decided and when are recorded, and `approval.updated` names the task.
 */

export type TManagerApprovalsFilter = z.output<typeof ZManagerApprovalsQuery>;
export type TClientApprovalsFilter = z.output<typeof ZClientApprovalsQuery>;
export type TOrdersFilter = z.output<typeof ZOrdersQuery>;

/** Said when a decision names a task that asks for no manager approval. */
export const NO_MANAGER_APPROVAL = 'This task asks for no manager approval: there is nothing to decide.';

const utc = (d: Date | null) => (d ? toUtcString(d) : null);
const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** When a request was made: the driver's submission, or the trip's creation while it is awaited. */
const requestedDate = (row: TRequestRow): Date =>
  (row.managerApprovalStatus !== 'awaiting_submission' && row.completedDate) || row.tripCreatedDate;

/** The API rows of these requests, each with the addresses of its proof photos. */
async function toRecords(ctx: TTenantContext, rows: TRequestRow[]): Promise<TApprovalRecord[]> {
  const photos = await photosOfTasks(
    ctx.db,
    ctx.tenantId,
    rows.map((r) => r.id),
  );
  const photosOf = groupBy(photos, (p) => p.taskId);
  const imagesOf = (taskId: number, kind: 'manager' | 'client') =>
    (photosOf.get(taskId) ?? []).filter((p) => p.kind === kind).map((p) => taskPhotoUrl(taskId, p.id));
  return rows.map((row) => ({
    id: row.id,
    task_id: row.id,
    trip_id: row.tripId,
    driver:
      row.driverId === null
        ? null
        : { id: row.driverId, fname: row.driverFname ?? '', lname: row.driverLname ?? '' },
    destination_name: row.destinationName,
    description: row.description,
    order_id: row.orderId,
    created_date: toUtcString(requestedDate(row)),
    note: row.driverNote,
    manager_approval_status: row.managerApproval ? row.managerApprovalStatus : null,
    client_approval: row.clientApproval ? 1 : 0,
    manager_approval_images: imagesOf(row.id, 'manager'),
    client_approval_images: imagesOf(row.id, 'client'),
    decided_date: utc(row.managerDecidedDate),
  }));
}

async function approvalsPage(
  ctx: TTenantContext,
  filter: TRequestFilter,
  paging: { page: number; page_size: number; oldestFirst?: boolean },
): Promise<TApprovalPage> {
  const { rows, total, exact } = await requestsPage(ctx.db, ctx.tenantId, filter, {
    limit: paging.page_size,
    offset: offsetOf(paging.page, paging.page_size),
    oldestFirst: paging.oldestFirst ?? false,
  });
  return {
    success: true,
    data: await toRecords(ctx, rows),
    pagination: {
      total,
      page: paging.page,
      page_size: paging.page_size,
      ...(exact ? {} : { total_exact: false }),
    },
  };
}

/** The manager's requests, newest first: one status or all four, by driver name. */
export function managerApprovals(
  ctx: TTenantContext,
  query: TManagerApprovalsFilter,
): Promise<TApprovalPage> {
  return approvalsPage(
    ctx,
    { side: 'manager', status: query.manager_approval_status, driverName: query.driver_name },
    query,
  );
}

/**
 * The client's proof requests (view only), by driver name and order id, newest or oldest first. A
 * guardian (a parent) sees only the tasks at their own children's stops, and only the client proof.
 */
export async function clientApprovals(
  ctx: TTenantContext,
  query: TClientApprovalsFilter,
): Promise<TApprovalPage> {
  const { actor } = ctx;
  const studentIds =
    actor.kind === 'guardian' ? (await guardianChildren(ctx, actor.id)).map((c) => c.id) : undefined;
  const page = await approvalsPage(
    ctx,
    { side: 'client', driverName: query.driver_name, orderId: query.order_id, studentIds },
    { ...query, oldestFirst: query.sort === 'oldest' },
  );
  if (actor.kind !== 'guardian') return page;
  // The manager's side (its proof, its decision) is the school's business, not the parents'.
  return {
    ...page,
    data: page.data.map((r) => ({
      ...r,
      manager_approval_status: null,
      manager_approval_images: [],
      decided_date: null,
    })),
  };
}

/** How many of the tenant's manager approval requests stand at each of the four statuses. */
export async function approvalSummary(ctx: TTenantContext): Promise<TApprovalSummary> {
  const summary: TApprovalSummary = { pending: 0, accepted: 0, rejected: 0, awaiting_submission: 0 };
  for (const { status, n } of await managerStatusCounts(ctx.db, ctx.tenantId)) {
    if ((MANAGER_APPROVAL_STATUSES as readonly (string | null)[]).includes(status))
      summary[status as TManagerApprovalStatus] = n;
  }
  return summary;
}

/** The admin a decision is recorded for: the signed-in manager, or the one the simulated demo acts as. */
async function decidingManager(ctx: TTenantContext, managerId: number | undefined): Promise<number> {
  const { actor } = ctx;
  if (actor.kind === 'tenant_admin') return actor.id;
  // The product acting for one of the tenant's managers (the demo's simulated manager).
  if (actor.kind === 'system' && managerId !== undefined) {
    if (await isTenantAdmin(ctx.db, ctx.tenantId, managerId)) return managerId;
    throw new AppError('BAD_REQUEST', MESSAGES.http.badRequest);
  }
  throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
}

const statusLabel = (status: string | null) =>
  APPROVAL_STATUS_DISPLAY[status as TManagerApprovalStatus]?.label ?? UNKNOWN_APPROVAL_STATUS;

/**
 * A manager accepts or rejects a pending request (spec 000 §4: only pending ones can be decided).
 * 404 for a task that is not one of the tenant's live trips, 409 for a task asking no manager
 * approval or a request no longer pending (decided meanwhile, or still awaiting the driver's proof).
 * `at` and `managerId` are for the product acting by itself (the demo's history); a signed-in
 * manager decides now, as themself. Answers the decided request.
 */
export async function decideApproval(
  ctx: TTenantContext,
  decision: { task_id: number; status: TApprovalDecision },
  { at = new Date(), managerId }: { at?: Date; managerId?: number } = {},
): Promise<TApprovalRecord> {
  const manager = await decidingManager(ctx, managerId);
  await inTransaction(ctx, async (tx) => {
    const decided = await decidePending(tx.db, tx.tenantId, decision.task_id, {
      status: decision.status,
      at,
      managerId: manager,
    });
    if (!decided) {
      const state = await approvalState(tx.db, tx.tenantId, decision.task_id);
      if (!state) throw new AppError('NOT_FOUND', MESSAGES.approvals.notFound);
      if (!state.managerApproval) throw new AppError('CONFLICT', NO_MANAGER_APPROVAL);
      throw new AppError('CONFLICT', MESSAGES.approvals.notPending(statusLabel(state.status)));
    }
    emit(tx, 'approval.updated', [decision.task_id]);
  });
  const row = await requestById(ctx.db, ctx.tenantId, decision.task_id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.approvals.notFound);
  const [record] = await toRecords(ctx, [row]);
  return record!;
}

/**
 * The tenant's pending requests, newest submission first (at most `limit`): the queue a manager
 * works through. The demo's simulated manager decides from it.
 */
export async function pendingApprovalQueue(
  ctx: TTenantContext,
  limit = 500,
): Promise<{ taskId: number; submittedDate: Date }[]> {
  const rows = await pendingRequests(ctx.db, ctx.tenantId, limit);
  return rows.map((r) => ({ taskId: r.id, submittedDate: r.submittedDate! }));
}

// ---------- Orders ----------

const orderStatus = (status: string): TOrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status) ? (status as TOrderStatus) : 'pending';

/**
 * The orders monitoring table (spec 000 "Orders Monitoring"): tasks with an order id, by part of the
 * order id and status, by completion date (newest first by default; orders not completed last).
 */
export async function orders(ctx: TTenantContext, query: TOrdersFilter): Promise<TOrdersPage['data']> {
  const { rows, total, exact } = await ordersPage(
    ctx.db,
    ctx.tenantId,
    { orderId: query.order_id, status: query.status === 'all' ? undefined : query.status },
    {
      limit: query.page_size,
      offset: offsetOf(query.page, query.page_size),
      oldestFirst: query.order === 'asc',
    },
  );
  return {
    data: rows.map((r): TOrderRow => ({
      id: r.id,
      trip_id: r.tripId,
      order_id: r.orderId ?? '',
      description: r.description,
      completed_by:
        r.completedDate && r.completerFname !== null
          ? `${r.completerFname} ${r.completerLname ?? ''}`.trim()
          : null,
      destination_name: r.destinationName,
      arrival_time: utc(r.arrivedDate),
      departure_time: utc(r.departedDate),
      task_completed_date: utc(r.completedDate),
      status: orderStatus(r.status),
    })),
    pagination: {
      total_count: total,
      page: query.page,
      page_size: query.page_size,
      ...(exact ? {} : { total_exact: false }),
    },
  };
}
