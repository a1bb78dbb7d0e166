import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/client';
import { isDayRangeValid, type TDayRange } from '../date-range-filter';
import { useSearch } from '../page-header';
import { useSnackbar } from '../snackbar';
import {
  rowId,
  type ListConfig,
  type TListPage,
  type TListParams,
  type TListRow,
  type TListSort,
} from './list-types';

/** Auto-refresh of the screens the spec refreshes every 10 s. */
export const LIST_REFRESH_MS = 10_000;
const DEFAULT_PAGING = { size: 10, options: [5, 10, 25, 50] } as const;
const NO_CURSORS: ReadonlyMap<number, string> = new Map();

/** A client-paged answer is the list's rows themselves. */
const isRowList = <T>(data: unknown): data is T[] => Array.isArray(data);

/**
 * The state of one list: its page, search, dates and order, its query, the rows to show and the
 * delete confirmation. `ListPage` and `ListView` render it.
 */
export function useList<T extends TListRow, TData, TKey extends QueryKey>(
  config: ListConfig<T, TData, TKey>,
) {
  const { serverPage, rowsOf, order, remove, rowKey = rowId } = config;
  const paging = config.paging === false ? null : (config.paging ?? DEFAULT_PAGING);
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();

  const [page, setPageOnly] = useState(0);
  // The cursors of the pages reached by Next and Previous (server lists that answer them), by page:
  // a page asked again (its 10 s refresh, or going back) starts at the same row's place.
  const [cursors, setCursors] = useState<ReadonlyMap<number, string>>(NO_CURSORS);
  const setPage = useCallback((next: number) => {
    setPageOnly(next);
    if (next === 0) setCursors(NO_CURSORS);
  }, []);
  const [pageSize, setPageSize] = useState<number>(paging?.size ?? 0);
  const resetPage = useCallback(() => setPage(0), [setPage]);
  const searchBox = useSearch(resetPage);
  const search = config.searchLabel ? searchBox.search : '';
  const heldRange = config.dateRange && 'value' in config.dateRange ? config.dateRange : null;
  const [ownRange, setOwnRange] = useState<TDayRange | null>(() =>
    config.dateRange && 'initial' in config.dateRange ? config.dateRange.initial() : null,
  );
  const range = heldRange ? heldRange.value : ownRange;
  const setRange = heldRange ? heldRange.onChange : setOwnRange;
  // Other dates, whoever set them, start again from the first page.
  const [rangeShown, setRangeShown] = useState(range);
  if (range?.from !== rangeShown?.from || range?.to !== rangeShown?.to) {
    setRangeShown(range);
    setPage(0);
  }
  const [sort, setSort] = useState<TListSort | null>(config.defaultSort ?? null);
  const rangeValid = range === null || isDayRangeValid(range);

  const params: TListParams = { page: page + 1, pageSize, search, range, sort, cursor: cursors.get(page) };
  const options = config.query(params);
  const query = useQuery({
    ...options,
    // An invalid date range is not asked for: the list asks for a valid one instead.
    ...(rangeValid ? {} : { enabled: false }),
    refetchInterval: config.refetchIntervalMs ?? options.refetchInterval,
    // Another page keeps the current one on screen, under a thin progress bar, until it arrives.
    ...(serverPage ? { placeholderData: keepPreviousData } : {}),
  });

  let rows: T[] | undefined;
  let total = 0;
  let exact: boolean | undefined = true;
  let shownPage = page;
  let neighbours: Pick<TListPage<T>, 'next' | 'prev'> = {};
  const data = query.data;
  if (data !== undefined && serverPage) {
    const answered = serverPage(data);
    ({ rows, total, exact } = answered);
    neighbours = { next: answered.next, prev: answered.prev };
    // The last page is known when the server says no page follows, or when a page of an estimated
    // count comes back short: the count is then where this page ends, and Next is disabled.
    const last = answered.next === null || (exact === false && rows.length < pageSize);
    if (last && rows.length > 0) {
      total = page * pageSize + rows.length;
      exact = true;
    }
  } else if (data !== undefined) {
    const answered = rowsOf ? rowsOf(data) : isRowList<T>(data) ? data : [];
    const all = order ? [...answered].sort(order) : answered;
    total = all.length;
    shownPage = pageSize > 0 ? Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1)) : 0;
    rows = paging ? all.slice(shownPage * pageSize, shownPage * pageSize + pageSize) : all;
  }

  const errorText = config.errorText ?? ((message: string) => message);
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirmDelete = async () => {
    if (!deleting || !remove) return;
    try {
      await remove.run(deleting);
      // A list answered whole drops the row at once; the archive call refreshes the rest.
      const key: QueryKey = options.queryKey;
      if (!serverPage && !rowsOf)
        queryClient.setQueryData<T[]>(key, (old) => old?.filter((row) => rowKey(row) !== rowKey(deleting)));
      snackbar.show(remove.successMessage, 'success');
      setDeleting(null);
    } catch (error) {
      snackbar.show(
        error instanceof ApiError && error.responseMessage
          ? error.responseMessage
          : (remove.failureMessage ?? 'Delete failed.'),
        'error',
      );
    }
  };

  return {
    params,
    resetPage,
    rangeValid,
    range: range && { value: range, onChange: setRange },
    search: config.searchLabel ? { label: config.searchLabel, ...searchBox.field } : null,
    table: {
      rows: query.data === undefined ? undefined : rows,
      paging: paging
        ? {
            total,
            totalExact: exact !== false,
            page: shownPage,
            pageSize,
            pageSizeOptions: paging.options,
            onPageChange: (next: number) => {
              // Next and Previous start from the place of a row of the page shown (its cursor),
              // unless the page asked for already has one; the first page needs none.
              const cursor =
                next === page + 1 ? neighbours.next : next === page - 1 ? neighbours.prev : undefined;
              if (next > 0 && cursor && !cursors.has(next))
                setCursors((known) => new Map(known).set(next, cursor));
              setPage(next);
            },
            onPageSizeChange: (size: number) => {
              setPageSize(size);
              setPage(0);
            },
          }
        : undefined,
      sort: {
        value: sort,
        onChange: (next: TListSort) => {
          setSort(next);
          setPage(0);
        },
      },
      loading: query.isPending && rangeValid,
      // The 10 s refreshes of lists answered whole go unnoticed; server pages show a thin bar.
      fetching: serverPage ? query.isFetching && !query.isPending : undefined,
      error: query.isError
        ? errorText(query.error instanceof ApiError ? query.error.responseMessage : query.error.message)
        : null,
    },
    deleting: {
      row: deleting,
      ask: setDeleting,
      confirm: confirmDelete,
      cancel: () => setDeleting(null),
    },
  };
}

export type TListState<T extends TListRow> = ReturnType<typeof useList<T, unknown, QueryKey>>;
