import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { LIVE_REFRESH_MS, ZTripPage, ZTripRow, type TTripRow, type ZTripRangeBody } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { queryRoots } from '../../../lib/query-keys';

/*
 * The dashboard's trips (spec 000 "Dashboard", §7): today's trips of the tenant, polled every 10 s
 * and refreshed at once by trip, stop and task events (query root `trips`), and the namat
 * calendar's trips of the days it shows.
 */

type TTripRange = NonNullable<z.input<typeof ZTripRangeBody>>;

export const dashboardTripKeys = {
  today: () => [...queryRoots.trips, 'dashboard', 'today'] as const,
  calendar: (range: { fdate: string; tdate: string }) =>
    [...queryRoots.trips, 'dashboard', 'calendar', range] as const,
};

/** Today's (UTC) trips: `trip/get-trips` with an empty body. */
export const todayTripsQuery = () =>
  queryOptions({
    queryKey: dashboardTripKeys.today(),
    queryFn: ({ signal }) => api.post('trip/get-trips', {}, { schema: z.array(ZTripRow), signal }),
    refetchInterval: LIVE_REFRESH_MS,
    // A refetch keeps the rows on screen: the dashboard stays open all day and must not flicker.
    placeholderData: keepPreviousData,
  });

/** The calendar asks for this many trips a page, the most the call allows… */
export const CALENDAR_PAGE_SIZE = 100;
/** …and stops after this many pages, so a runaway range cannot keep the browser busy. */
export const CALENDAR_MAX_PAGES = 20;

/**
 * Every trip planned between `fdate` and `tdate` (UTC date-times: the shown local days' bounds),
 * gathered page by page from `trip/get-all-trips`.
 */
export const calendarTripsQuery = (range: { fdate: string; tdate: string }) =>
  queryOptions({
    queryKey: dashboardTripKeys.calendar(range),
    queryFn: async ({ signal }) => {
      const trips: TTripRow[] = [];
      for (let page = 1; page <= CALENDAR_MAX_PAGES; page += 1) {
        const answer = await api.post('trip/get-all-trips', range satisfies TTripRange, {
          schema: ZTripPage,
          query: { page, page_size: CALENDAR_PAGE_SIZE },
          signal,
        });
        trips.push(...answer.trips);
        if (answer.trips.length < CALENDAR_PAGE_SIZE || trips.length >= answer.pagination.total_items) break;
      }
      return trips;
    },
    placeholderData: keepPreviousData,
  });
