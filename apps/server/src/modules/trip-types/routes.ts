import {
  MESSAGES,
  ZEnvelope,
  ZIdBody,
  ZPlaceListQuery,
  ZTripTypeInput,
  ZTripTypeRow,
  ZTripTypeSave,
} from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { addTripType, archiveTripType, saveTripType, tripTypes } from './service.ts';

const tags = ['Trip types'];

export const tripTypeRoutes: ModuleRoutes = async (app, deps) => {
  const list = {
    tags,
    querystring: ZPlaceListQuery,
    response: { 200: ZEnvelope(z.array(ZTripTypeRow)), ...errors },
  };
  const summary = 'Trip types (`title` searches, `limit` caps)';
  const load = async (request: FastifyRequest, q: z.infer<typeof ZPlaceListQuery>) =>
    ok(await tripTypes(tenantContext(request, deps), { search: q.title ?? q.search, limit: q.limit }));
  app.get('/api/type/get-types', { schema: { ...list, summary } }, async (r) => load(r, r.query));
  app.post(
    '/api/type/get-types',
    { schema: { ...list, body: z.object({}).passthrough().nullish(), summary } },
    async (r) => load(r, r.query),
  );
  app.post(
    '/api/type/add',
    {
      schema: {
        tags,
        summary: 'Add a trip type',
        body: ZTripTypeInput,
        response: { 200: ZEnvelope(ZTripTypeRow), ...errors },
      },
    },
    async (r) =>
      ok(
        await addTripType(tenantContext(r, deps), { title: r.body.title, timeStop: r.body.time_stop }),
        MESSAGES.places.tripTypeAdded,
      ),
  );
  app.post(
    '/api/type/save',
    {
      schema: {
        tags,
        summary: 'Update a trip type',
        body: ZTripTypeSave,
        response: { 200: ZEnvelope(ZTripTypeRow), ...errors },
      },
    },
    async (r) =>
      ok(
        await saveTripType(tenantContext(r, deps), r.body.id, {
          title: r.body.title,
          timeStop: r.body.time_stop,
        }),
        MESSAGES.places.tripTypeUpdated,
      ),
  );
  app.post(
    '/api/type/archive',
    {
      schema: {
        tags,
        summary: 'Delete (archive) a trip type',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (r) => {
      await archiveTripType(tenantContext(r, deps), r.body.id);
      return ok(null, MESSAGES.places.tripTypeDeleted);
    },
  );
};
