import { queryOptions } from '@tanstack/react-query';
import {
  ZDirections,
  ZDriverLocations,
  type TDriverLocationsRequest,
  type TRecentLocationsRequest,
} from '@fleet/contract';
import { z } from 'zod';
import { livePositionsOf } from '../live-events';
import { queryRoots } from '../query-keys';
import { api } from './client';

/*
 * Where drivers are and were (spec 000 §7): each driver's latest location (of one UTC day when a
 * day is given), and one driver's path over a UTC day. Both are refreshed when positions arrive on
 * the event stream (`livePositionsOf`), besides the screens' 10 s polling.
 */

export const locationKeys = {
  all: queryRoots.locations,
  recent: (day: string | undefined) => [...queryRoots.locations, 'recent', { day }] as const,
  day: (driverId: number, day: string | undefined) =>
    [...queryRoots.locations, 'day', driverId, { day }] as const,
  directions: (coordinates: string) => [...queryRoots.locations, 'directions', coordinates] as const,
};

/** Each driver's latest location; `day` (UTC `YYYY-MM-DD`) asks for the newest of that day. */
export const recentLocationsQuery = (day?: string) =>
  queryOptions({
    queryKey: locationKeys.recent(day),
    meta: livePositionsOf('all'),
    queryFn: ({ signal }) =>
      api.post(
        'driver/get-drivers-recent-location',
        (day ? { date: day } : {}) satisfies TRecentLocationsRequest,
        {
          schema: z.array(ZDriverLocations),
          signal,
        },
      ),
  });

/** One driver's positions over a UTC day (today when `day` is left out), oldest first. */
export const driverDayPathQuery = (driverId: number, day?: string) =>
  queryOptions({
    queryKey: locationKeys.day(driverId, day),
    meta: livePositionsOf(driverId),
    queryFn: ({ signal }) =>
      api.post(
        'driver/get-driver-locations-for-today',
        { id: driverId, ...(day ? { date: day } : {}) } satisfies TDriverLocationsRequest,
        { schema: ZDriverLocations, signal },
      ),
  });

/**
 * The road path through up to 23 waypoints (`ROUTER_URL`); only asked when the app config says a
 * router is configured. `coordinates` is "lon,lat;lon,lat;…".
 */
export const directionsQuery = (coordinates: string) =>
  queryOptions({
    queryKey: locationKeys.directions(coordinates),
    queryFn: ({ signal }) =>
      api.get('v1/directions', { schema: ZDirections, query: { coordinates }, signal }),
    staleTime: Infinity,
    retry: false,
  });
