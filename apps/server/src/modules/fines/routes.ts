import { ZDriverFinesPage, ZDriverFinesRequest, ZEnvelope, zWholeNumber } from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { driverFines } from './service.ts';

export const fineRoutes: ModuleRoutes = async (app, deps) => {
  app.post(
    '/api/fine/get-driver-fines',
    {
      schema: {
        tags: ['Driver details'],
        summary: "A driver's fines, one page (`page`, `page_size` in the query or the body; default 10)",
        querystring: z.object({
          page: zWholeNumber({ min: 1, message: 'page must be a positive whole number' }).optional(),
          page_size: zWholeNumber({
            min: 1,
            max: 100,
            message: 'page_size must be a whole number from 1 to 100',
          }).optional(),
        }),
        body: ZDriverFinesRequest,
        response: { 200: ZEnvelope(ZDriverFinesPage), ...errors },
      },
    },
    async (request) => {
      const page = request.query.page ?? request.body.page;
      const pageSize = request.query.page_size ?? request.body.page_size;
      return ok(await driverFines(tenantContext(request, deps), request.body.did, { page, pageSize }));
    },
  );
};
