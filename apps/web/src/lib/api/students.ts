import { queryOptions } from '@tanstack/react-query';
import {
  ZDriverStudent,
  ZStudentAdded,
  ZStudentDeleted,
  ZStudentList,
  type TStudentInput,
} from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { api, apiSuccessRequest } from './client';
import { useChange } from './change';

/*
 * School bus students: the Students screen (`v1/school-bus/students`, the spec's `{success, …}`
 * envelopes), the driver details' Students tab and the trip editor's students' stops.
 */

export const studentKeys = {
  all: queryRoots.students,
  list: (search: string) => [...queryRoots.students, 'list', { search }] as const,
  ofDriver: (driverId: number) => [...queryRoots.students, 'of-driver', driverId] as const,
};

const STUDENTS_PATH = 'v1/school-bus/students';
/** The students list's .xlsx export: the same search (`GET v1/school-bus/students/export`). */
export const STUDENTS_EXPORT_PATH = `${STUDENTS_PATH}/export`;

/** The live students whose first, last or full name matches the search, with driver and guardians. */
export const studentListQuery = (search: string) =>
  queryOptions({
    queryKey: studentKeys.list(search),
    queryFn: async ({ signal }) =>
      (
        await apiSuccessRequest(STUDENTS_PATH, {
          schema: ZStudentList,
          query: { search: search || undefined },
          signal,
        })
      ).data,
  });

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

/** Adds a student with its guardians; new guardians are announced too, so the picker refreshes. */
export function useAddStudent() {
  return useChange('student', (student: TStudentInput) =>
    apiSuccessRequest(STUDENTS_PATH, { method: 'POST', body: student, schema: ZStudentAdded }),
  );
}

export function useArchiveStudent() {
  return useChange('student', (id: number) =>
    apiSuccessRequest(`${STUDENTS_PATH}/${id}`, { method: 'DELETE', schema: ZStudentDeleted }),
  );
}
