import { queryOptions } from '@tanstack/react-query';
import { ZTripSchedulePage, type TTripScheduleInput, type TTripScheduleSave } from '@fleet/contract';
import { api } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { queryRoots } from '../../../lib/query-keys';

export const scheduleKeys = {
  all: queryRoots.schedules,
  list: (page: number, pageSize: number, search: string) =>
    [...queryRoots.schedules, 'list', { page, pageSize, search }] as const,
};

/** One server page of schedules (1-based), newest first; `search` matches driver, origin or type. */
export const scheduleListQuery = (page: number, pageSize: number, search: string) =>
  queryOptions({
    queryKey: scheduleKeys.list(page, pageSize, search),
    queryFn: ({ signal }) =>
      api.get('trip-schedule/get-scheduled-trips', {
        schema: ZTripSchedulePage,
        query: { page, page_size: pageSize, search: search || undefined },
        signal,
      }),
  });

export const SCHEDULES_EXPORT_PATH = 'v1/trip-schedules/export';

/** `trip-schedule/add-trip-schedule`, or `edit-trip-schedule` with the schedule's id. */
export function useSaveSchedule() {
  // Its trips are made or changed too.
  return useChange('schedule', (body: TTripScheduleInput | TTripScheduleSave) =>
    'id' in body
      ? api.post('trip-schedule/edit-trip-schedule', body)
      : api.post('trip-schedule/add-trip-schedule', body),
  );
}

export function useDeleteSchedule() {
  return useChange('schedule', (id: number) =>
    api.post('trip-schedule/delete-trip-schedule', undefined, { query: { id } }),
  );
}
