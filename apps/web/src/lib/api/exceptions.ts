import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  EXCEPTION_FALLBACKS,
  EXCEPTION_TYPE_LABELS,
  EXCEPTIONS_PAGE_SIZE,
  ZExceptionOne,
  ZExceptionPage,
  ZExceptionsSeen,
  type TException,
  type TExceptionPage,
  type TExceptionsQuery,
  type TTerms,
} from '@fleet/contract';
import { formatUtc } from '../dates';
import { refreshAfterChange, queryRoots } from '../query-keys';
import { apiSuccessRequest } from './client';

/*
 * Exceptions (spec 000 §7, 002 §7): the bell's not-seen list, the Exceptions page's list, one
 * exception, and marking them seen. Marking is optimistic: the bell's counter and the rows' seen state
 * change at once, and the exceptions root is asked again once the server has answered.
 */

const NOT_SEEN = 'not-seen';
const DETAIL = 'detail';

export const exceptionKeys = {
  all: queryRoots.exceptions,
  notSeen: () => [...queryRoots.exceptions, NOT_SEEN] as const,
  list: (query: TExceptionsQuery) => [...queryRoots.exceptions, 'list', query] as const,
  detail: (id: number) => [...queryRoots.exceptions, DETAIL, id] as const,
};

/** The bell: the newest not-seen exceptions (page 1 of 10); `pagination.total` is the unread count. */
export const notSeenExceptionsQuery = () =>
  queryOptions({
    queryKey: exceptionKeys.notSeen(),
    queryFn: ({ signal }) =>
      apiSuccessRequest('v1/exceptions/not_seen', {
        schema: ZExceptionPage,
        query: { page: 1, page_size: EXCEPTIONS_PAGE_SIZE },
        signal,
      }),
  });

/** The Exceptions page's .xlsx export: the same type and driver name (`GET v1/exceptions/export`). */
export const EXCEPTIONS_EXPORT_PATH = 'v1/exceptions/export';

/** The Exceptions page: one server page, filtered by type and driver name. */
export const exceptionsQuery = (query: TExceptionsQuery) =>
  queryOptions({
    queryKey: exceptionKeys.list(query),
    queryFn: ({ signal }) =>
      apiSuccessRequest('v1/exceptions', { schema: ZExceptionPage, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export const exceptionQuery = (id: number) =>
  queryOptions({
    queryKey: exceptionKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiSuccessRequest(`v1/exceptions/${id}`, { schema: ZExceptionOne, signal })).data,
  });

// ---- Marking seen ----

type TCacheSnapshot = [QueryKey, unknown][];

const isExceptionPage = (data: unknown): data is TExceptionPage =>
  typeof data === 'object' && data !== null && 'data' in data && Array.isArray(data.data);

/**
 * Shows `seen` exceptions as seen in every cached list and detail, and takes them out of the bell's
 * list; `unread` is the bell's new counter given the old one. Returns what was cached, to put back
 * if the server refuses.
 */
async function markSeenInCache(
  queryClient: QueryClient,
  seen: (exception: TException) => boolean,
  unread: (total: number) => number,
): Promise<TCacheSnapshot> {
  // A poll answered after this change would bring the old state back.
  await queryClient.cancelQueries({ queryKey: exceptionKeys.all });
  const snapshot = queryClient.getQueriesData({ queryKey: exceptionKeys.all });
  for (const [key, data] of snapshot) {
    if (key[1] === NOT_SEEN && isExceptionPage(data)) {
      queryClient.setQueryData<TExceptionPage>(key, {
        ...data,
        data: data.data.filter((exception) => !seen(exception)),
        pagination: { ...data.pagination, total: unread(data.pagination.total) },
      });
    } else if (isExceptionPage(data)) {
      queryClient.setQueryData<TExceptionPage>(key, {
        ...data,
        data: data.data.map((exception) => (seen(exception) ? { ...exception, seen: true } : exception)),
      });
    } else if (key[1] === DETAIL && data && seen(data as TException)) {
      queryClient.setQueryData<TException>(key, { ...(data as TException), seen: true });
    }
  }
  return snapshot;
}

function useMarkSeen<TVariables>(
  write: (variables: TVariables) => Promise<unknown>,
  inCache: (variables: TVariables) => {
    seen: (exception: TException) => boolean;
    unread: (total: number) => number;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onMutate: (variables: TVariables) => {
      const { seen, unread } = inCache(variables);
      return markSeenInCache(queryClient, seen, unread);
    },
    onError: (_error, _variables, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => refreshAfterChange(queryClient, 'exception'),
  });
}

/** `POST v1/exceptions/{id}/seen` for a not-seen exception: the bell's counter lowers at once. */
export function useMarkExceptionSeen() {
  return useMarkSeen(
    (id: number) =>
      apiSuccessRequest(`v1/exceptions/${id}/seen`, { method: 'POST', schema: ZExceptionsSeen }),
    (id: number) => ({ seen: (exception) => exception.id === id, unread: (total) => Math.max(0, total - 1) }),
  );
}

/** `POST v1/exceptions/seen` ("Mark all as read"): the counter goes to 0 at once. */
export function useMarkAllExceptionsSeen() {
  return useMarkSeen(
    () => apiSuccessRequest('v1/exceptions/seen', { method: 'POST', schema: ZExceptionsSeen }),
    () => ({ seen: () => true, unread: () => 0 }),
  );
}

// ---- What the bell and the page show ----

/** The readable name of a type; an unknown type shows raw (spec 002 §3), a missing one the fallback. */
export function exceptionTypeLabel(type: string): string {
  if (type.trim() === '') return EXCEPTION_FALLBACKS.type;
  return (EXCEPTION_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/**
 * The spec's fallbacks (002 §8), in the tenant's words: 'Unknown Driver', 'Unknown Origin' and
 * 'Unknown Destination' with the default terms.
 */
export const exceptionFallbacks = (terms: TTerms) => ({
  ...EXCEPTION_FALLBACKS,
  driver: `Unknown ${terms.driver}`,
  origin: `Unknown ${terms.warehouse}`,
  destination: `Unknown ${terms.destination}`,
});

export function exceptionDriverName(exception: TException, terms: TTerms): string {
  const name = [exception.driver?.fname, exception.driver?.lname].filter(Boolean).join(' ').trim();
  return name || exceptionFallbacks(terms).driver;
}

/** When it happened, in local time. */
export const exceptionTime = (exception: TException): string =>
  formatUtc(exception.creation_date) || EXCEPTION_FALLBACKS.date;

export function exceptionOrigin(exception: TException, terms: TTerms): string {
  return exception.trip?.warehouse?.title?.trim() || exceptionFallbacks(terms).origin;
}
