import {
  MESSAGES,
  rangeEnd,
  rangeStart,
  toUtcString,
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
import { z } from 'zod';
import { requireTenantId } from '../../platform/auth.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { registerExport } from '../../platform/xlsx.ts';
import { placeQueries, type TPlace } from './queries.ts';

const warehouseRow = (p: TPlace): TWarehouseRow => ({
  id: p.id,
  title: p.name,
  lat: p.lat,
  lon: p.lon,
  created_date: toUtcString(p.createdDate),
});
const destinationRow = (p: TPlace): TDestinationRow => ({
  id: p.id,
  name: p.name,
  lat: p.lat,
  lon: p.lon,
  tenant_id: p.tenantId,
  created_date: toUtcString(p.createdDate),
});
const ZAnyBody = z.object({}).passthrough().nullish();
const placeColumns = [
  { header: 'ID', value: (p: TPlace) => p.id, width: 8 },
  { header: 'Name', value: (p: TPlace) => p.name, width: 40 },
  { header: 'Latitude', value: (p: TPlace) => p.lat, width: 12, numFmt: '0.000000' },
  { header: 'Longitude', value: (p: TPlace) => p.lon, width: 12, numFmt: '0.000000' },
];

/** Origins (warehouses) and destinations: the spec's calls, one shape of code for both. */
export const placeRoutes: ModuleRoutes = async (app, { database: { db } }) => {
  const origins = placeQueries('warehouses');
  const dests = placeQueries('destinations');
  const notFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);
  const searchOf = (q: z.infer<typeof ZPlaceListQuery>) => q.title ?? q.name ?? q.search;

  // ---- Origins ----
  const originList = {
    tags: ['Origins'],
    querystring: ZPlaceListQuery,
    response: { 200: ZEnvelope(z.array(ZWarehouseRow)), ...errors },
  };
  /** The origins' date controls: added between two days (either may be left open). */
  const addedBetween = ({ fdate, tdate }: { fdate?: string | undefined; tdate?: string | undefined }) => {
    const range = { from: fdate ? rangeStart(fdate) : undefined, to: tdate ? rangeEnd(tdate) : undefined };
    if (range.from && range.to && range.to <= range.from)
      throw new AppError('BAD_REQUEST', MESSAGES.trips.rangeInvalid);
    return range;
  };
  const listOrigins = async (tenantId: number, q: z.infer<typeof ZPlaceListQuery>) =>
    ok(
      (await origins.list(db, tenantId, { search: searchOf(q), limit: q.limit, ...addedBetween(q) })).map(
        warehouseRow,
      ),
    );
  app.get(
    '/api/warehouse/get-warehouse',
    { schema: { ...originList, summary: 'Origins (`title` searches, `limit` caps)' } },
    async (r) => listOrigins(requireTenantId(r), r.query),
  );
  app.post(
    '/api/warehouse/get-warehouse',
    { schema: { ...originList, body: ZAnyBody, summary: 'Origins (`title` searches, `limit` caps)' } },
    async (r) => listOrigins(requireTenantId(r), r.query),
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
        warehouseRow(await origins.insert(db, requireTenantId(r), { name: title, lat, lon })),
        'Added successfully.',
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
      const row = await origins.update(db, requireTenantId(r), id, { name: title, lat, lon });
      if (!row) throw notFound();
      return ok(warehouseRow(row), 'Updated successfully.');
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
      if (!(await origins.archive(db, requireTenantId(r), r.body.id))) throw notFound();
      return ok(null, 'Deleted successfully.');
    },
  );
  registerExport(app, {
    url: '/api/v1/origins/export',
    tag: 'Origins',
    noun: 'origin',
    fileName: 'Origins.xlsx',
    columns: [
      ...placeColumns,
      { header: 'Added (UTC)', value: (p) => toUtcString(p.createdDate), width: 20 },
    ],
    filters: z.object({ fdate: zDateBound().optional(), tdate: zDateBound().optional() }),
    load: (tenantId, search, range) => origins.list(db, tenantId, { search, ...addedBetween(range) }),
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
      ok(
        (await dests.list(db, requireTenantId(r), { search: searchOf(r.query), limit: r.query.limit })).map(
          destinationRow,
        ),
      ),
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
        destinationRow(await dests.insert(db, requireTenantId(r), { name, lat, lon })),
        'Destination added successfully.',
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
      const row = await dests.update(db, requireTenantId(r), id, { name, lat, lon });
      if (!row) throw notFound();
      return ok(destinationRow(row), 'Destination updated successfully.');
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
      if (!(await dests.archive(db, requireTenantId(r), r.body.id))) throw notFound();
      return ok(null, 'Destination deleted successfully.');
    },
  );
  registerExport(app, {
    url: '/api/v1/destinations/export',
    tag: 'Destinations',
    noun: 'destination',
    fileName: 'Destinations.xlsx',
    columns: placeColumns,
    load: (tenantId, search) => dests.list(db, tenantId, { search }),
  });
};
