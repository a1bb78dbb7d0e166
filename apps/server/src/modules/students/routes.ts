import {
  MESSAGES,
  ZDriverStudent,
  ZEnvelope,
  ZGuardianList,
  ZStudentAdded,
  ZStudentDeleted,
  ZStudentIdParams,
  ZStudentInput,
  ZStudentList,
  ZStudentListQuery,
  zId,
} from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import {
  ERROR_RESPONSES as errors,
  ok,
  SUCCESS_ENVELOPE_ROUTE,
  SUCCESS_ERROR_RESPONSES,
} from '../../platform/envelope.ts';
import { registerListExport } from '../../platform/xlsx.ts';
import {
  addStudent,
  archiveStudent,
  driverStudents,
  guardianList,
  studentExport,
  students,
} from './service.ts';

const tags = ['Students'];

/**
 * The driver details' Students tab (spec 000 §7) and the school-bus Students screen (spec 001
 * "Students", §7): the `v1/school-bus/` calls answer the spec's `{success, …}` envelopes, failures
 * included, and refuse tenants of other types (403).
 */
export const studentRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/api/driver/get-driver-students',
    {
      schema: {
        tags: ['Driver details'],
        summary: 'The students a school-bus driver carries',
        querystring: z.object({ id: zId('id') }),
        response: { 200: ZEnvelope(z.array(ZDriverStudent)), ...errors },
      },
    },
    async (request) => ok(await driverStudents(tenantContext(request, deps), request.query.id)),
  );

  app.get(
    '/api/v1/school-bus/students',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary:
          'The live students, with their driver and guardians, by name; search by first, last or full name',
        querystring: ZStudentListQuery,
        response: { 200: ZStudentList, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, data: await students(tenantContext(r, deps), r.query) }),
  );

  app.post(
    '/api/v1/school-bus/students',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary:
          'Adds a student with its bus stop, driver and guardians (new accounts or existing guardians)',
        body: ZStudentInput,
        response: { 200: ZStudentAdded, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({
      success: true as const,
      message: MESSAGES.students.added,
      data: await addStudent(tenantContext(r, deps), r.body),
    }),
  );

  app.delete(
    '/api/v1/school-bus/students/:id',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: 'Deletes (archives) a student',
        params: ZStudentIdParams,
        response: { 200: ZStudentDeleted, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => {
      await archiveStudent(tenantContext(r, deps), r.params.id);
      return { success: true as const, message: MESSAGES.students.deleted };
    },
  );

  app.get(
    '/api/v1/school-bus/guardians',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: "The tenant's guardians, by name, for the student dialog's picker",
        response: { 200: ZGuardianList, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, guardians: await guardianList(tenantContext(r, deps)) }),
  );

  registerListExport(app, {
    url: '/api/v1/school-bus/students/export',
    tag: tags[0]!,
    summary:
      'The students of the list as an .xlsx file, matching `search` (first, last or full name), with driver, bus stop and guardians; school-bus tenants only',
    config: SUCCESS_ENVELOPE_ROUTE,
    querystring: ZStudentListQuery,
    open: (r, query) => studentExport(tenantContext(r, deps), query.search),
  });
};
