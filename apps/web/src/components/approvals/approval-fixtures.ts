import type { TApprovalRecord, TApprovalSummary } from '@fleet/contract';
import { fail, ok, type MockHandler } from '../../test/mock-api';

/*
 * Test data of the approvals dashboards (tests only): request rows and a mock of the approval calls
 * that filters, searches, pages and records decisions as the server does, so a decided row really
 * leaves the pending list on the next fetch.
 */

export function approvalRecord(id: number, overrides: Partial<TApprovalRecord> = {}): TApprovalRecord {
  return {
    id,
    task_id: id,
    trip_id: 100 + id,
    driver: { id: 7, fname: 'Ali', lname: 'Hassan' },
    destination_name: 'Dubai Mall',
    description: `Deliver parcel ${id}`,
    order_id: `ORD-${id}`,
    created_date: '2026-03-10 08:30:00',
    note: 'Left at reception',
    manager_approval_status: 'pending',
    client_approval: 1,
    manager_approval_images: [`/api/v1/tasks/${id}/photos/1`, `/api/v1/tasks/${id}/photos/2`],
    client_approval_images: [`/api/v1/tasks/${id}/photos/3`],
    decided_date: null,
    ...overrides,
  };
}

export interface ApprovalMockOptions {
  /** Answer to every decision instead of recording it: a refusal's status and message. */
  refuse?: { status: number; message: string };
  summary?: TApprovalSummary;
}

const page = (rows: TApprovalRecord[], query: URLSearchParams) => {
  const number = Number(query.get('page') ?? 1);
  const size = Number(query.get('page_size') ?? 10);
  return {
    body: {
      success: true,
      data: rows.slice((number - 1) * size, number * size),
      pagination: { total: rows.length, page: number, page_size: size },
    },
  };
};

const driverMatches = (row: TApprovalRecord, query: URLSearchParams) => {
  const name = query.get('driver_name')?.toLowerCase();
  return !name || `${row.driver?.fname} ${row.driver?.lname}`.toLowerCase().includes(name);
};

/** `mockApi` handlers of the four approval calls over `records` (changed in place by decisions). */
export function approvalHandlers(
  records: TApprovalRecord[],
  options: ApprovalMockOptions = {},
): Record<string, MockHandler> {
  return {
    'GET /api/v1/trips/destinations/approvals/manager': ({ query }) => {
      const status = query.get('manager_approval_status');
      return page(
        records.filter(
          (row) =>
            row.manager_approval_status !== null &&
            (!status || row.manager_approval_status === status) &&
            driverMatches(row, query),
        ),
        query,
      );
    },
    'GET /api/v1/trips/destinations/approvals/client': ({ query }) => {
      const orderId = query.get('order_id')?.toLowerCase();
      const rows = records
        .filter(
          (row) =>
            driverMatches(row, query) && (!orderId || (row.order_id ?? '').toLowerCase().includes(orderId)),
        )
        .sort((a, b) =>
          query.get('sort') === 'oldest'
            ? a.created_date.localeCompare(b.created_date)
            : b.created_date.localeCompare(a.created_date),
        );
      return page(rows, query);
    },
    'GET /api/v1/trips/destinations/approvals/manager/summary': () => ({
      body: {
        success: true,
        data: options.summary ?? {
          pending: records.filter((r) => r.manager_approval_status === 'pending').length,
          accepted: records.filter((r) => r.manager_approval_status === 'accepted').length,
          rejected: records.filter((r) => r.manager_approval_status === 'rejected').length,
          awaiting_submission: records.filter((r) => r.manager_approval_status === 'awaiting_submission')
            .length,
        },
      },
    }),
    'PATCH /api/trip/update-approval-status': ({ body }) => {
      if (options.refuse) return fail(options.refuse.status, options.refuse.message);
      const { task_id, status } = body as { task_id: number; status: 'accepted' | 'rejected' };
      const row = records.find((r) => r.task_id === task_id);
      if (!row) return fail(404, 'This approval request does not exist.');
      row.manager_approval_status = status;
      return ok(row);
    },
  };
}
