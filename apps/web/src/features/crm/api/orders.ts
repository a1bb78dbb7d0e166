import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZCrmDeleted,
  ZCrmOne,
  ZCrmOrderDetails,
  ZCrmOrderPlanned,
  ZCrmOrderRow,
  ZCrmPage,
  type TCrmOrderInput,
  type TCrmOrderPlanInput,
  type TCrmOrderStatus,
} from '@fleet/contract';
import { ApiError, apiSuccessRequest } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { queryRoots } from '../../../lib/query-keys';

/*
 * CRM orders (issue 28): the cursor-paged list, one order whole, add, save, delete, the status an
 * admin sets, planning into a trip, and the customer's tracking link. Every write refreshes through
 * the `crm_order` change (orders, customers' counts, trips, the orders monitoring table).
 */

const ORDERS_PATH = 'v1/crm/orders';
const orderPath = (id: number) => `${ORDERS_PATH}/${id}`;

/** The .xlsx export of the list, of the same search and filters. */
export const CRM_ORDERS_EXPORT_PATH = `${ORDERS_PATH}/export`;

/** The list's filters besides the search: a status and the requested days (either end open). */
export interface TCrmOrderFilter {
  status: TCrmOrderStatus | null;
  /** Requested from this day (`YYYY-MM-DD`), '' for no bound. */
  from: string;
  /** Requested until this day (`YYYY-MM-DD`), '' for no bound. */
  to: string;
}

/** What a list page asks for: its number (1-based), size, search, filters and the cursor to start at. */
export interface TCrmOrderListParams extends TCrmOrderFilter {
  page: number;
  pageSize: number;
  search: string;
  cursor?: string | undefined;
}

export const crmOrderKeys = {
  all: queryRoots.crmOrders,
  list: (params: TCrmOrderListParams) => [...queryRoots.crmOrders, 'list', params] as const,
  one: (id: number) => [...queryRoots.crmOrders, 'one', id] as const,
};

/** The filters as the list and its export send them; bounds left open are left out. */
export const crmOrderFilterQuery = (filter: TCrmOrderFilter) => ({
  status: filter.status ?? undefined,
  fdate: filter.from || undefined,
  tdate: filter.to || undefined,
});

const ZOrderPage = ZCrmPage(ZCrmOrderRow);

/**
 * One page of orders, newest first. With the `cursor` a neighbouring page answered, the server starts
 * from that row's place (a deep page costs what the first does); a cursor it no longer takes is
 * dropped and the page asked for by its number.
 */
export const crmOrderListQuery = (params: TCrmOrderListParams) =>
  queryOptions({
    queryKey: crmOrderKeys.list(params),
    queryFn: async ({ signal }) => {
      const ask = (cursor: string | undefined) =>
        apiSuccessRequest(ORDERS_PATH, {
          schema: ZOrderPage,
          query: {
            page: params.page,
            page_size: params.pageSize,
            search: params.search || undefined,
            ...crmOrderFilterQuery(params),
            cursor,
          },
          signal,
        });
      try {
        return await ask(params.cursor);
      } catch (error) {
        if (params.cursor && error instanceof ApiError && error.status === 400) return ask(undefined);
        throw error;
      }
    },
  });

/** One order whole: lines, pets, notes, history, proof photos and tracking link. */
export const crmOrderQuery = (id: number) =>
  queryOptions({
    queryKey: crmOrderKeys.one(id),
    queryFn: async ({ signal }) =>
      (await apiSuccessRequest(orderPath(id), { schema: ZCrmOne(ZCrmOrderDetails), signal })).data,
    // A missing order stays missing: asking again would only delay the message.
    retry: false,
  });

/** The answers of the writes: their message (shown), and the saved order's id where there is one. */
const ZMessage = z.object({ success: z.literal(true), message: z.string() });
const ZSavedOrder = ZMessage.extend({ data: z.object({ id: z.number().int() }) });
const ZTrackingLink = ZMessage.extend({
  data: z.object({ url: z.string(), expires_date: z.string().nullable() }),
});

/** Adds an order (a draft, or confirmed at once with `status`). */
export function useAddCrmOrder() {
  return useChange('crm_order', (input: TCrmOrderInput) =>
    apiSuccessRequest(ORDERS_PATH, { method: 'POST', body: input, schema: ZSavedOrder }),
  );
}

/** Saves an order's customer, address, day, window, lines, pets and notes. */
export function useSaveCrmOrder() {
  return useChange('crm_order', ({ id, input }: { id: number; input: TCrmOrderInput }) =>
    apiSuccessRequest(orderPath(id), { method: 'PUT', body: input, schema: ZSavedOrder }),
  );
}

/** Deletes (archives) a draft or cancelled order. */
export function useDeleteCrmOrder() {
  return useChange('crm_order', (id: number) =>
    apiSuccessRequest(orderPath(id), { method: 'DELETE', schema: ZCrmDeleted }),
  );
}

/** Sets a status an admin may set by hand (confirm, back to draft, cancel). */
export function useSetCrmOrderStatus() {
  return useChange('crm_order', ({ id, status }: { id: number; status: TCrmOrderStatus }) =>
    apiSuccessRequest(`${orderPath(id)}/status`, { method: 'POST', body: { status }, schema: ZMessage }),
  );
}

/** Plans confirmed (or failed) orders of one day into a new trip, or adds them to one not started. */
export function usePlanCrmOrders() {
  return useChange('crm_order', (input: TCrmOrderPlanInput) =>
    apiSuccessRequest(`${ORDERS_PATH}/plan`, { method: 'POST', body: input, schema: ZCrmOrderPlanned }),
  );
}

/** Makes the order's tracking link, or replaces it (the old one stops working). */
export function useMakeTrackingLink() {
  return useChange('crm_order', (id: number) =>
    apiSuccessRequest(`${orderPath(id)}/tracking`, { method: 'POST', schema: ZTrackingLink }),
  );
}

/** Revokes the order's tracking link. */
export function useRevokeTrackingLink() {
  return useChange('crm_order', (id: number) =>
    apiSuccessRequest(`${orderPath(id)}/tracking`, { method: 'DELETE', schema: ZMessage }),
  );
}

/** E-mails the tracking link, to the customer's e-mail unless another is given (nothing cached changes). */
export function useSendTrackingLink() {
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email: string | null }) =>
      apiSuccessRequest(`${orderPath(id)}/tracking/send`, {
        method: 'POST',
        body: email ? { email } : {},
        schema: ZMessage,
      }),
  });
}
