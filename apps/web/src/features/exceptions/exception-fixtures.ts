import type { TException } from '@fleet/contract';
import { fail, type MockAnswer, type MockHandler } from '../../test/mock-api';

/*
 * Test data of the exceptions bell and page (tests only): exception rows and a mock of the exception
 * calls that filters, searches, pages and marks seen as the server does, so a row marked seen really
 * is seen on the next fetch.
 */

export function exceptionRecord(id: number, overrides: Partial<TException> = {}): TException {
  return {
    id,
    type: 'started_late',
    seen: false,
    creation_date: '2026-03-10 08:40:00',
    start_date: '2026-03-10 08:00:00',
    data: `Trip ${100 + id} started 40 minutes after its planned start`,
    expected_date: '2026-03-10 08:00:00',
    actual_date: '2026-03-10 08:40:00',
    driver: { id: 7, fname: 'Ali', lname: 'Hassan' },
    destination: null,
    trip: {
      id: 100 + id,
      start_date: '2026-03-10 08:00:00',
      warehouse: { title: 'Jebel Ali Warehouse' },
      destinations: [
        {
          id: 11,
          destination_name: 'Dubai Mall',
          task: [{ id: 21, description: 'Deliver parcel', order_id: 'ORD-1' }],
        },
        { id: 12, destination_name: null, task: [] },
      ],
    },
    ...overrides,
  };
}

export interface ExceptionMockOptions {
  /** Answer every list call (page and bell) with this failure. */
  failLists?: { status: number; message: string };
  /** Keep every seen call pending: what shows meanwhile is the console's own (optimistic) change. */
  holdSeen?: boolean;
}

const success = (data: unknown): MockAnswer => ({ body: { success: true, data } });

const page = (rows: TException[], query: URLSearchParams): MockAnswer => {
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

const pending = () => new Promise<MockAnswer>(() => {});

/** `mockApi` handlers of the exception calls over `records` (changed in place when marked seen). */
export function exceptionHandlers(
  records: TException[],
  options: ExceptionMockOptions = {},
): Record<string, MockHandler> {
  const refuse = options.failLists && fail(options.failLists.status, options.failLists.message);
  const handlers: Record<string, MockHandler> = {
    'GET /api/v1/exceptions': ({ query }) => {
      if (refuse) return refuse;
      const type = query.get('type');
      const name = query.get('driver_name')?.toLowerCase();
      return page(
        records.filter(
          (row) =>
            (!type || row.type === type) &&
            (!name || `${row.driver?.fname} ${row.driver?.lname}`.toLowerCase().includes(name)),
        ),
        query,
      );
    },
    'GET /api/v1/exceptions/not_seen': ({ query }) =>
      refuse ??
      page(
        records.filter((row) => !row.seen),
        query,
      ),
    'POST /api/v1/exceptions/seen': () => {
      if (options.holdSeen) return pending();
      const unseen = records.filter((row) => !row.seen);
      for (const row of unseen) row.seen = true;
      return success({ updated: unseen.length });
    },
  };
  for (const row of records) {
    handlers[`GET /api/v1/exceptions/${row.id}`] = () => success(row);
    handlers[`POST /api/v1/exceptions/${row.id}/seen`] = () => {
      if (options.holdSeen) return pending();
      const updated = row.seen ? 0 : 1;
      row.seen = true;
      return success({ updated });
    };
  }
  return handlers;
}
