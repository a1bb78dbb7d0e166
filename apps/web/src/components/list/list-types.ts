import type { Key, ReactElement, ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { TDayRange } from '../date-range-filter';

/** A row of a list: its `id` keys it unless the list gives a `rowKey`. */
export interface TListRow {
  id: number;
}
export const rowId = (row: TListRow): Key => row.id;

/** One column: its header and how a row shows in it. */
export interface ListColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Keeps the cell on one line (dates). */
  nowrap?: boolean;
  /**
   * Free text (a description, a message): on a phone, where every other cell keeps to one line and the
   * table scrolls sideways, it wraps within a readable width instead.
   */
  prose?: boolean;
  /** The API's name of what this column sorts by; its header becomes a sort button (server order). */
  sortBy?: string;
}

export interface TListSort {
  by: string;
  direction: 'asc' | 'desc';
}

/** What a list asks its query for: the page (1-based, as the API counts), search, dates and order. */
export interface TListParams {
  page: number;
  pageSize: number;
  /** The trimmed search once typing pauses; '' without a search box. */
  search: string;
  /** The date filter's local days (`YYYY-MM-DD`); null without one. */
  range: TDayRange | null;
  sort: TListSort | null;
  /**
   * The cursor of the page asked for, when the server answered one for it (`TListPage.next`/`prev`):
   * the query sends it so the server starts from a row's place instead of counting rows; undefined
   * on the first page and for lists without cursors.
   */
  cursor?: string | undefined;
}

/** One page of a server-paged answer: its rows and how many there are on every page together. */
export interface TListPage<T> {
  rows: T[];
  total: number;
  /** False when `total` is the server's estimate past LIST_EXACT_COUNT: the footer shows "of 10,000+". */
  exact?: boolean;
  /**
   * Lists paged by cursor: the cursor of the next page, null when this page is the last (Next is then
   * disabled and the count is where the page ends).
   */
  next?: string | null;
  /** Lists paged by cursor: the cursor of the previous page, null on the first. */
  prev?: string | null;
}

/** The query of a list: a `queryOptions` factory of the entity's api file, given the list's params. */
export type ListQuery<TData, TKey extends QueryKey> = (
  params: TListParams,
) => UseQueryOptions<TData, Error, TData, TKey>;

/** An icon action of a row: a button (`onClick`) or a link inside the console (`href`). */
export interface RowAction<T> {
  id: string;
  /** Accessible name and tooltip, e.g. `row => 'Files of ' + name`. */
  label: (row: T) => string;
  icon: ReactNode;
  onClick?: (row: T) => void;
  href?: (row: T) => string;
}

/** An entry of a row's ⋮ menu. */
export interface RowMenuItem<T> {
  id: string;
  label: string;
  icon: ReactNode;
  /** What it does; `'remove'` asks the list's delete question (see `remove`). */
  onClick: ((row: T) => void) | 'remove';
  /** Why the entry is unavailable for this row (shown under it), or null when it is available. */
  unavailable?: (row: T) => string | null;
}

/** Delete (archive) with the spec's confirmation. */
export interface ListRemove<T> {
  question: (row: T) => string;
  /** The entity's archive call (its mutation refreshes what it changed). */
  run: (row: T) => Promise<unknown>;
  successMessage: string;
  /** Shown when the server gives no reason. */
  failureMessage?: string;
}

/** Where a list's rows come from, and how they are paged, searched, filtered by dates and ordered. */
export interface ListData<T extends TListRow, TData, TKey extends QueryKey> {
  /** The query for the current params: paged on the server with `serverPage`, else every row at once. */
  query: ListQuery<TData, TKey>;
  /** Server paging: the page's rows and the total in the answer (`data.trips`, `data.pagination.total_items`). */
  serverPage?: (data: TData) => TListPage<T>;
  /** Without server paging, where every row is in the answer (`data.locations`); the answer itself if left out. */
  rowsOf?: (data: TData) => T[];
  /** Order of rows the server answers all at once (ListPage: newest id first). */
  order?: (a: T, b: T) => number;
  /** Rows per page and the choices offered; `false` shows every row on one page. Default 10 of 5, 10, 25, 50. */
  paging?: { size: number; options: readonly number[] } | false;
  /**
   * A From/To day filter (first in the bar), both days required; an invalid range asks for a valid one.
   * It starts at `initial` (`DAY_RANGES`), or the page holds it (`value`, `onChange`) to set it itself.
   */
  dateRange?: { initial: () => TDayRange } | { value: TDayRange; onChange: (range: TDayRange) => void };
  /** A debounced search box with this label (after the dates); none when left out. */
  searchLabel?: string;
  /** The server's first order when columns have `sortBy`. */
  defaultSort?: TListSort;
  /** Auto-refresh interval (`LIST_REFRESH_MS`, 10 s, on the screens the spec says). */
  refetchIntervalMs?: number;
  /** Text of a failed load, from the error's message. */
  errorText?: (message: string) => string;
}

/** How a list's rows show, and what each row offers. */
export interface ListDisplay<T extends TListRow> {
  columns: ListColumn<T>[];
  /** A row's key (React, and the row a delete drops); the row's `id` unless given. */
  rowKey?: (row: T) => Key;
  emptyText?: string;
  /** Narrower cells, for tables of many columns. */
  dense?: boolean;
  /** More filters after the search box; the page keeps their state and puts it in its query. */
  filters?: (list: { resetPage: () => void }) => ReactNode;
  /** Names a row in action labels ("Edit Ali Hassan"). */
  rowName?: (row: T) => string;
  onEdit?: (row: T) => void;
  /** Delete with a confirmation: a Delete icon, or the ⋮ menu entry whose `onClick` is `'remove'`. */
  remove?: ListRemove<T>;
  rowActions?: RowAction<T>[];
  /** A ⋮ menu per row instead of icons; `label` names its button ("Actions for Trip 12"). */
  rowMenu?: { label: (row: T) => string; items: RowMenuItem<T>[] };
}

/**
 * A list's configuration. The same configuration serves a page (`ListPage`) and a table inside a
 * dialog or a tab (`ListView`).
 */
export type ListConfig<T extends TListRow, TData, TKey extends QueryKey> = ListData<T, TData, TKey> &
  ListDisplay<T>;

/**
 * A list component of the configuration plus `TMore` (a page's title and buttons, a table's label),
 * typed by how the answer is read: every row (the answer is `T[]`), one server page (`serverPage`),
 * or every row inside a larger answer (`rowsOf`).
 */
export interface ListComponent<TMore> {
  <T extends TListRow, TKey extends QueryKey>(
    props: ListConfig<T, T[], TKey> & TMore & { serverPage?: undefined; rowsOf?: undefined },
  ): ReactElement;
  <T extends TListRow, TData, TKey extends QueryKey>(
    props: ListConfig<T, TData, TKey> & TMore & { serverPage: (data: TData) => TListPage<T> },
  ): ReactElement;
  <T extends TListRow, TData, TKey extends QueryKey>(
    props: ListConfig<T, TData, TKey> & TMore & { rowsOf: (data: TData) => T[] },
  ): ReactElement;
}
