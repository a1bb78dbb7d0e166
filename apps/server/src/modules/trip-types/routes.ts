import {
  MESSAGES,
  toUtcString,
  ZEnvelope,
  ZIdBody,
  ZPlaceListQuery,
  ZTripTypeInput,
  ZTripTypeRow,
  ZTripTypeSave,
  type TTripTypeRow,
} from '@fleet/contract';
import { z } from 'zod';
import { requireTenantId } from '../../platform/auth.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import {
  archiveTripType,
  insertTripType,
  listTripTypes,
  updateTripType,
  type TTripTypeDbRow,
} from './queries.ts';

const tags = ['Trip types'];
const toRow = (t: TTripTypeDbRow): TTripTypeRow => ({
  id: t.id,
  title: t.title,
  time_stop: t.timeStop,
  created_date: toUtcString(t.createdDate),
});

export const tripTypeRoutes: ModuleRoutes = async (app, { database: { db } }) => {
  const list = {
    tags,
    querystring: ZPlaceListQuery,
    response: { 200: ZEnvelope(z.array(ZTripTypeRow)), ...errors },
  };
  const load = async (tenantId: number, q: z.infer<typeof ZPlaceListQuery>) =>
    ok((await listTripTypes(db, tenantId, { search: q.title ?? q.search, limit: q.limit })).map(toRow));
  app.get(
    '/api/type/get-types',
    { schema: { ...list, summary: 'Trip types (`title` searches, `limit` caps)' } },
    async (r) => load(requireTenantId(r), r.query),
  );
  app.post(
    '/api/type/get-types',
    {
      schema: {
        ...list,
        body: z.object({}).passthrough().nullish(),
        summary: 'Trip types (`title` searches, `limit` caps)',
      },
    },
    async (r) => load(requireTenantId(r), r.query),
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
        toRow(
          await insertTripType(db, requireTenantId(r), { title: r.body.title, timeStop: r.body.time_stop }),
        ),
        'Added successfully.',
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
    async (r) => {
      const row = await updateTripType(db, requireTenantId(r), r.body.id, {
        title: r.body.title,
        timeStop: r.body.time_stop,
      });
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
      return ok(toRow(row), 'Updated successfully.');
    },
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
      if (!(await archiveTripType(db, requireTenantId(r), r.body.id)))
        throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
      return ok(null, 'Deleted successfully.');
    },
  );
};
