import { queryOptions } from '@tanstack/react-query';
import { ZTripRow, type ZGetTripsRequest } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { queryRoots } from '../../../lib/query-keys';

/*
 * The Map page's trips of a day (`POST trip/get-trips` with the UTC day): the history replay marks
 * their start, each stop's arrival and departure, completed tasks and end on its timeline. Kept under
 * the `trips` root, so trip, stop and task events refresh it.
 */

export type TReplayTrip = z.infer<typeof ZTripRow>;

export const mapTripKeys = {
  day: (day: string) => [...queryRoots.trips, 'map', 'day', day] as const,
};

/** The tenant's trips of a UTC day (`YYYY-MM-DD`), with their stops and tasks. */
export const dayTripsQuery = (day: string) =>
  queryOptions({
    queryKey: mapTripKeys.day(day),
    queryFn: ({ signal }) =>
      api.post('trip/get-trips', { date: day } satisfies z.input<typeof ZGetTripsRequest>, {
        schema: z.array(ZTripRow),
        signal,
      }),
  });
