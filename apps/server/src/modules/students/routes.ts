import { ZDriverStudent, ZEnvelope, zId } from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { driverStudents } from './service.ts';

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
};
