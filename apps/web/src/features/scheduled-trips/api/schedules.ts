import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ZTripSchedulePage } from '@fleet/contract';
import { api } from '../../../lib/api';
import type { TScheduleBody } from '../schedule-form';

export const SCHEDULES_QUERY_KEY = ['trip-schedules'] as const;

/** One server page of schedules (1-based), newest first; `search` matches driver, origin or type. */
export const schedulesPageQuery = (page: number, pageSize: number, search: string, refetchMs: number) =>
  queryOptions({
    queryKey: [...SCHEDULES_QUERY_KEY, 'page', { page, pageSize, search }],
    queryFn: ({ signal }) =>
      api.get('trip-schedule/get-scheduled-trips', {
        schema: ZTripSchedulePage,
        query: { page, page_size: pageSize, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
  });

export const addSchedule = (body: TScheduleBody) => api.post('trip-schedule/add-trip-schedule', body);
export const saveSchedule = (id: number, body: TScheduleBody) =>
  api.post('trip-schedule/edit-trip-schedule', { ...body, id });
export const deleteSchedule = (id: number) =>
  api.post('trip-schedule/delete-trip-schedule', undefined, { query: { id } });
