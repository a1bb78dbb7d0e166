import { queryOptions } from '@tanstack/react-query';
import { ZDriverStudent } from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { api } from './client';

/*
 * School bus students: the driver details' Students tab and the trip editor's students' stops.
 */

export const studentKeys = {
  all: queryRoots.students,
  ofDriver: (driverId: number) => [...queryRoots.students, 'of-driver', driverId] as const,
};

/** The students a driver carries, with their stops (`driver/get-driver-students`); the trip editor asks
 * for them each time a driver is picked, so they are kept a little while. */
export const driverStudentsQuery = (driverId: number) =>
  queryOptions({
    queryKey: studentKeys.ofDriver(driverId),
    queryFn: ({ signal }) =>
      api.get('driver/get-driver-students', {
        schema: z.array(ZDriverStudent),
        query: { id: driverId },
        signal,
      }),
    staleTime: 30_000,
  });
