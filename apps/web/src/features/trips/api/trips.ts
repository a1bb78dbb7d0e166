import { queryOptions } from '@tanstack/react-query';
import { ZTripPage, ZTripRow, type TTripInput, type TTripSave, type ZTripRangeBody } from '@fleet/contract';
import type { z } from 'zod';
import { api, ApiError } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { localDayBoundsUtc, type TDayRange } from '../../../lib/dates';
import { queryRoots } from '../../../lib/query-keys';

/** The trips list's filter as `trip/get-all-trips` takes it: UTC bounds of local days, and the search. */
export type TTripFilter = NonNullable<z.input<typeof ZTripRangeBody>>;

export const tripKeys = {
  all: queryRoots.trips,
  lists: () => [...queryRoots.trips, 'list'] as const,
  list: (page: number, pageSize: number, filter: TTripFilter, cursor?: string) =>
    [...queryRoots.trips, 'list', { page, pageSize, ...filter, cursor }] as const,
  detail: (id: number) => [...queryRoots.trips, 'detail', id] as const,
};

/** A range of local days as the UTC bounds the trips calls take (the first day's start, the last's end). */
export function tripRangeBounds(range: TDayRange | null): Pick<TTripFilter, 'fdate' | 'tdate'> {
  const from = range && localDayBoundsUtc(range.from);
  const to = range && localDayBoundsUtc(range.to);
  return { fdate: from?.start ?? '', tdate: to?.end ?? '' };
}

/**
 * One server page of trips (1-based), newest planned first, planned within the filter's dates (spec
 * 001 "Trips"). With the `cursor` an earlier page answered, the server starts from that row's place
 * (a deep page costs what the first does); a cursor it no longer takes (the server restarted) is
 * dropped and the page asked for by its number.
 */
export const tripListQuery = (page: number, pageSize: number, filter: TTripFilter, cursor?: string) =>
  queryOptions({
    queryKey: tripKeys.list(page, pageSize, filter, cursor),
    queryFn: async ({ signal }) => {
      const body = {
        fdate: filter.fdate,
        tdate: filter.tdate,
        search: filter.search || undefined,
      } satisfies TTripFilter;
      const ask = (withCursor: string | undefined) =>
        api.post('trip/get-all-trips', body, {
          schema: ZTripPage,
          query: { page, page_size: pageSize, ...(withCursor ? { cursor: withCursor } : {}) },
          signal,
        });
      try {
        return await ask(cursor);
      } catch (error) {
        if (cursor && error instanceof ApiError && error.status === 400) return ask(undefined);
        throw error;
      }
    },
  });

/** A trip with its stops and tasks, as the dialog shows it. */
export const tripDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: tripKeys.detail(id),
    queryFn: ({ signal }) => api.post('trip/get-trip-details', { id }, { schema: ZTripRow, signal }),
    staleTime: 0,
  });

export const TRIPS_EXPORT_PATH = 'v1/trips/export';

/** `trip/add-trip`, or `trip/save` with the trip's id. */
export function useSaveTrip() {
  return useChange('trip', (body: TTripInput | TTripSave) =>
    'id' in body ? api.post('trip/save', body) : api.post('trip/add-trip', body),
  );
}

/** Deletes (archives) a trip. */
export function useArchiveTrip() {
  return useChange('trip', (id: number) => api.post('trip/archive', { id }));
}
