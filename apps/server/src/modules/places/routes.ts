import {
  MESSAGES,
  ZDestinationInput,
  ZDestinationRow,
  ZDestinationSave,
  ZEnvelope,
  ZIdBody,
  ZPlaceListQuery,
  ZWarehouseInput,
  ZWarehouseRow,
  ZWarehouseSave,
  zDateBound,
  type TDestinationRow,
  type TWarehouseRow,
} from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { registerExport, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  addDestination,
  addOrigin,
  archiveDestination,
  archiveOrigin,
  destinations,
  origins,
  saveDestination,
  saveOrigin,
} from './service.ts';

const ZAnyBody = z.object({}).passthrough().nullish();
const coordinates = <Row extends { lat: number; lon: number }>(): XlsxColumn<Row>[] => [
  { header: 'Latitude', value: (p) => p.lat, width: 12, numFmt: '0.000000' },
  { header: 'Longitude', value: (p) => p.lon, width: 12, numFmt: '0.000000' },
];
const originColumns: XlsxColumn<TWarehouseRow>[] = [
  { header: 'ID', value: (p) => p.id, width: 8 },
  { header: 'Name', value: (p) => p.title, width: 40 },
  ...coordinates<TWarehouseRow>(),
  { header: 'Added (UTC)', value: (p) => p.created_date, width: 20 },
];
const destinationColumns: XlsxColumn<TDestinationRow>[] = [
  { header: 'ID', value: (p) => p.id, width: 8 },
  { header: 'Name', value: (p) => p.name, width: 40 },
  ...coordinates<TDestinationRow>(),
];

/** Origins (warehouses) and destinations: the spec's calls, one shape of code for both. */
export const placeRoutes: ModuleRoutes = async (app, deps) => {
  const searchOf = (q: z.infer<typeof ZPlaceListQuery>) => q.title ?? q.name ?? q.search;

  // ---- Origins ----
  const originList = {
    tags: ['Origins'],
    querystring: ZPlaceListQuery,
    response: { 200: ZEnvelope(z.array(ZWarehouseRow)), ...errors },
  };
  const listOrigins = async (r: FastifyRequest, q: z.infer<typeof ZPlaceListQuery>) =>
    ok(
      await origins(tenantContext(r, deps), {
        search: searchOf(q),
        limit: q.limit,
        fdate: q.fdate,
        tdate: q.tdate,
      }),
    );
  app.get(
    '/api/warehouse/get-warehouse',
    { schema: { ...originList, summary: 'Origins (`title` searches, `limit` caps)' } },
    async (r) => listOrigins(r, r.query),
  );
  app.post(
    '/api/warehouse/get-warehouse',
    { schema: { ...originList, body: ZAnyBody, summary: 'Origins (`title` searches, `limit` caps)' } },
    async (r) => listOrigins(r, r.query),
  );
  app.post(
    '/api/warehouse/add',
    {
      schema: {
        tags: ['Origins'],
        summary: 'Add an origin',
        body: ZWarehouseInput,
        response: { 200: ZEnvelope(ZWarehouseRow), ...errors },
      },
    },
    async (r) => {
      const { title, lat, lon } = r.body;
      return ok(
        await addOrigin(tenantContext(r, deps), { name: title, lat, lon }),
        MESSAGES.places.originAdded,
      );
    },
  );
  app.post(
    '/api/warehouse/save',
    {
      schema: {
        tags: ['Origins'],
        summary: 'Update an origin',
        body: ZWarehouseSave,
        response: { 200: ZEnvelope(ZWarehouseRow), ...errors },
      },
    },
    async (r) => {
      const { id, title, lat, lon } = r.body;
      const row = await saveOrigin(tenantContext(r, deps), id, { name: title, lat, lon });
      return ok(row, MESSAGES.places.originUpdated);
    },
  );
  app.post(
    '/api/warehouse/archive',
    {
      schema: {
        tags: ['Origins'],
        summary: 'Delete (archive) an origin',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (r) => {
      await archiveOrigin(tenantContext(r, deps), r.body.id);
      return ok(null, MESSAGES.places.originDeleted);
    },
  );
  registerExport(app, {
    url: '/api/v1/origins/export',
    tag: 'Origins',
    noun: 'origin',
    fileName: 'Origins.xlsx',
    columns: originColumns,
    filters: z.object({ fdate: zDateBound().optional(), tdate: zDateBound().optional() }),
    load: (request, search, { fdate, tdate }) =>
      origins(tenantContext(request, deps), { search, fdate, tdate }),
  });

  // ---- Destinations ----
  const destList = {
    tags: ['Destinations'],
    querystring: ZPlaceListQuery,
    response: { 200: ZEnvelope(z.array(ZDestinationRow)), ...errors },
  };
  app.get(
    '/api/destination/get-destinations',
    { schema: { ...destList, summary: 'Destinations (`name` searches, `limit` caps)' } },
    async (r) =>
      ok(await destinations(tenantContext(r, deps), { search: searchOf(r.query), limit: r.query.limit })),
  );
  app.post(
    '/api/destination/add',
    {
      schema: {
        tags: ['Destinations'],
        summary: 'Add a destination',
        body: ZDestinationInput,
        response: { 200: ZEnvelope(ZDestinationRow), ...errors },
      },
    },
    async (r) => {
      const { name, lat, lon } = r.body;
      return ok(
        await addDestination(tenantContext(r, deps), { name, lat, lon }),
        MESSAGES.places.destinationAdded,
      );
    },
  );
  app.post(
    '/api/destination/save',
    {
      schema: {
        tags: ['Destinations'],
        summary: 'Update a destination',
        body: ZDestinationSave,
        response: { 200: ZEnvelope(ZDestinationRow), ...errors },
      },
    },
    async (r) => {
      const { id, name, lat, lon } = r.body;
      const row = await saveDestination(tenantContext(r, deps), id, { name, lat, lon });
      return ok(row, MESSAGES.places.destinationUpdated);
    },
  );
  app.post(
    '/api/destination/archive',
    {
      schema: {
        tags: ['Destinations'],
        summary: 'Delete (archive) a destination',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (r) => {
      await archiveDestination(tenantContext(r, deps), r.body.id);
      return ok(null, MESSAGES.places.destinationDeleted);
    },
  );
  registerExport(app, {
    url: '/api/v1/destinations/export',
    tag: 'Destinations',
    noun: 'destination',
    fileName: 'Destinations.xlsx',
    columns: destinationColumns,
    load: (request, search) => destinations(tenantContext(request, deps), { search }),
  });
};
