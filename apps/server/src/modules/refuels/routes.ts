import { ZDriverFuel, ZDriverIdRequest, ZEnvelope } from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { driverRefuels } from './service.ts';

export const refuelRoutes: ModuleRoutes = async (app, deps) => {
  app.post(
    '/api/diesel-tank/get-driver-diesel-tanks',
    {
      schema: {
        tags: ['Driver details'],
        summary: "A driver's refuels, newest first",
        body: ZDriverIdRequest,
        response: { 200: ZEnvelope(z.array(ZDriverFuel)), ...errors },
      },
    },
    async (request) => ok(await driverRefuels(tenantContext(request, deps), request.body.driver_id)),
  );
};
