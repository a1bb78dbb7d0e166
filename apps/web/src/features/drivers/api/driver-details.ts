import { queryOptions } from '@tanstack/react-query';
import {
  ZDriverAccident,
  ZDriverFinesPage,
  ZDriverFuel,
  ZDriverDay,
  TOTAL_COUNT_HEADER,
  ZDriverTrip,
  type ZDriverFinesRequest,
  type ZDriverIdRequest,
  type ZDriverLocationsRequest,
  type ZDriverTripsRequest,
} from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { livePositionsOf } from '../../../lib/live-events';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Calls of the driver details tabs (spec 000 §7); the Students tab reads `lib/api/students.ts`.
 */

export const driverDetailsKeys = {
  all: queryRoots.driverDetails,
  of: (driverId: number) => [...queryRoots.driverDetails, driverId] as const,
  tab: (driverId: number, tab: string, params: object = {}) =>
    [...queryRoots.driverDetails, driverId, tab, params] as const,
};

/** The spec's default start of a driver's trips; they run to today (UTC). */
const TRIPS_FROM = '2020-01-01';
const today = () => new Date().toISOString().slice(0, 10);

/** One server page of the driver's trips (1-based), newest first, and how many there are. */
export const driverTripsQuery = (driverId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: driverDetailsKeys.tab(driverId, 'trips', { page, pageSize }),
    queryFn: async ({ signal }) => {
      let total: number | undefined;
      const trips = await api.post(
        'trip/get-driver-all-trips',
        { driver_id: driverId, fdate: TRIPS_FROM, tdate: today() } satisfies z.input<
          typeof ZDriverTripsRequest
        >,
        {
          schema: z.array(ZDriverTrip),
          // The page travels in the query; the answer stays the spec's array, its total in a header.
          query: { page, page_size: pageSize },
          onHeaders: (headers) => {
            const header = headers.get(TOTAL_COUNT_HEADER);
            if (header !== null) total = Number(header);
          },
          signal,
        },
      );
      return { trips, total: total ?? (page - 1) * pageSize + trips.length };
    },
  });

export const driverAccidentsQuery = (driverId: number) =>
  queryOptions({
    queryKey: driverDetailsKeys.tab(driverId, 'accidents'),
    queryFn: ({ signal }) =>
      api.post(
        'accident/get-driver-accidents',
        { driver_id: driverId } satisfies z.input<typeof ZDriverIdRequest>,
        { schema: z.array(ZDriverAccident), signal },
      ),
  });

/** One server page of the driver's fines (1-based). */
export const driverFinesQuery = (driverId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: driverDetailsKeys.tab(driverId, 'fines', { page, pageSize }),
    queryFn: ({ signal }) =>
      api.post(
        'fine/get-driver-fines',
        // The page travels in the query (the spec's client); the body names the driver.
        { did: driverId } satisfies Omit<z.input<typeof ZDriverFinesRequest>, 'page' | 'page_size'>,
        { schema: ZDriverFinesPage, query: { page, page_size: pageSize }, signal },
      ),
  });

export const driverFuelQuery = (driverId: number) =>
  queryOptions({
    queryKey: driverDetailsKeys.tab(driverId, 'fuel'),
    queryFn: ({ signal }) =>
      api.post(
        'diesel-tank/get-driver-diesel-tanks',
        { driver_id: driverId } satisfies z.input<typeof ZDriverIdRequest>,
        { schema: z.array(ZDriverFuel), signal },
      ),
  });

/** The driver's positions today, and the fixes of the driver's devices ignored so far. */
export const driverLocationsQuery = (driverId: number) =>
  queryOptions({
    queryKey: driverDetailsKeys.tab(driverId, 'locations'),
    // Refreshed when the driver moves (the event stream), besides the screen's own polling.
    meta: livePositionsOf(driverId),
    queryFn: ({ signal }) =>
      api.post(
        'driver/get-driver-locations-for-today',
        { id: driverId } satisfies z.input<typeof ZDriverLocationsRequest>,
        { schema: ZDriverDay, signal },
      ),
  });
