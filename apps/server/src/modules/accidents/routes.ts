import { ZDriverAccident, ZDriverIdRequest, ZEnvelope } from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { driverAccidents } from './service.ts';

export const accidentRoutes: ModuleRoutes = async (app, deps) => {
  app.post(
    '/api/accident/get-driver-accidents',
    {
      schema: {
        tags: ['Driver details'],
        summary: "A driver's accidents, newest first",
        body: ZDriverIdRequest,
        response: { 200: ZEnvelope(z.array(ZDriverAccident)), ...errors },
      },
    },
    async (request) => ok(await driverAccidents(tenantContext(request, deps), request.body.driver_id)),
  );
};
