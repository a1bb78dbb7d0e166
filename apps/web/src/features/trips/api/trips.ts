import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ZTripPage, ZTripRow } from '@fleet/contract';
import { api } from '../../../lib/api';
import type { TTripBody } from '../trip-form';

export const TRIPS_QUERY_KEY = ['trips'] as const;

/** The date filter and search of the trips list; the bounds are UTC `YYYY-MM-DD HH:mm:ss`. */
export interface TTripFilter {
  fdate: string;
  tdate: string;
  search: string;
}

/** One server page of trips (1-based), newest first (spec 001 "Trips"). */
export const tripsPageQuery = (page: number, pageSize: number, filter: TTripFilter, refetchMs: number) =>
  queryOptions({
    queryKey: [...TRIPS_QUERY_KEY, 'page', { page, pageSize, ...filter }],
    queryFn: ({ signal }) =>
      api.post(
        'trip/get-all-trips',
        { fdate: filter.fdate, tdate: filter.tdate, search: filter.search || undefined },
        { schema: ZTripPage, query: { page, page_size: pageSize }, signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
  });

/** A trip with its stops and tasks, as the dialog shows it. */
export const tripDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: [...TRIPS_QUERY_KEY, 'details', id],
    queryFn: ({ signal }) => api.post('trip/get-trip-details', { id }, { schema: ZTripRow, signal }),
    staleTime: 0,
  });

export const addTrip = (body: TTripBody) => api.post('trip/add-trip', body);
export const saveTrip = (id: number, body: TTripBody) => api.post('trip/save', { ...body, id });
export const archiveTrip = (id: number) => api.post('trip/archive', { id });
