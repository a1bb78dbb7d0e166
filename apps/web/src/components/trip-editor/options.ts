import { queryOptions } from '@tanstack/react-query';
import { ZDriverRow, ZDriverStudent } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../lib/api';
import {
  DESTINATIONS_QUERY_KEY,
  ORIGINS_QUERY_KEY,
  TRIP_TYPES_QUERY_KEY,
  fetchDestinations,
  fetchOrigins,
  fetchTripTypes,
} from '../../lib/places';

/** The lists a plan picks from are small and change rarely while a dialog is open. */
const STALE_MS = 30_000;

/** Drivers to choose from: archived drivers are hidden (spec 000 §3, 001 "Trips"). */
export const driverOptionsQuery = () =>
  queryOptions({
    queryKey: ['drivers', 'options'],
    queryFn: async ({ signal }) =>
      (await api.get('driver/get-drivers', { schema: z.array(ZDriverRow), signal })).filter(
        (driver) => driver.archived === 0,
      ),
    staleTime: STALE_MS,
  });

export const originOptionsQuery = () =>
  queryOptions({
    queryKey: [...ORIGINS_QUERY_KEY, 'options'],
    queryFn: ({ signal }) => fetchOrigins('', signal),
    staleTime: STALE_MS,
  });

export const typeOptionsQuery = () =>
  queryOptions({
    queryKey: [...TRIP_TYPES_QUERY_KEY, 'options'],
    queryFn: ({ signal }) => fetchTripTypes('', signal),
    staleTime: STALE_MS,
  });

export const destinationOptionsQuery = () =>
  queryOptions({
    queryKey: [...DESTINATIONS_QUERY_KEY, 'options'],
    queryFn: ({ signal }) => fetchDestinations('', signal),
    staleTime: STALE_MS,
  });

/** School bus: the students a driver carries, with their stops (`driver/get-driver-students`). */
export const driverStudentsQuery = (driverId: number) =>
  queryOptions({
    queryKey: ['drivers', driverId, 'students'],
    queryFn: ({ signal }) =>
      api.get('driver/get-driver-students', {
        schema: z.array(ZDriverStudent),
        query: { id: driverId },
        signal,
      }),
    staleTime: STALE_MS,
  });
