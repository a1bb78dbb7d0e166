import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ZFinanceRunPage } from '@fleet/contract';
import { apiSuccessRequest } from '../../../lib/api/client';
import { queryRoots } from '../../../lib/query-keys';

/* The monthly finance summary's runs (`GET v1/finance-runs`, decision 0032), the newest month first. */

export const financeRunKeys = {
  all: [...queryRoots.reports, 'finance-runs'] as const,
  page: (page: number, pageSize: number) => [...queryRoots.reports, 'finance-runs', page, pageSize] as const,
};

export const financeRunsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: financeRunKeys.page(page, pageSize),
    queryFn: ({ signal }) =>
      apiSuccessRequest('v1/finance-runs', {
        schema: ZFinanceRunPage,
        query: { page, page_size: pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
