import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ZOrdersPage, type TOrdersQuery } from '@fleet/contract';
import { queryRoots } from '../query-keys';
import { apiSuccessRequest } from './client';

/** The orders monitoring table (spec 000 "Orders Monitoring"): tasks with an order id, server paged. */
export const orderKeys = {
  all: queryRoots.orders,
  page: (query: TOrdersQuery) => [...queryRoots.orders, query] as const,
};

export const ordersQuery = (query: TOrdersQuery) =>
  queryOptions({
    queryKey: orderKeys.page(query),
    queryFn: async ({ signal }) =>
      (
        await apiSuccessRequest('v1/trips/destinations/tasks/orders', {
          schema: ZOrdersPage,
          query: { ...query },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
