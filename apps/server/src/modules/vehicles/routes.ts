import {
  MESSAGES,
  ZEnvelope,
  ZIdBody,
  ZVehicleInput,
  ZVehicleListQuery,
  ZVehicleRow,
  ZVehicleSave,
  type TVehicleRow,
} from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { registerImport } from '../../platform/import-routes.ts';
import { registerExport, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  addVehicle,
  archiveVehicle,
  checkVehicleImport,
  importVehicles,
  saveVehicle,
  vehicles,
} from './service.ts';

const tags = ['Vehicles'];
const errors = ERROR_RESPONSES;
/**
 * `type` 1 asks for the available vehicles only (spec 002 §4: the vehicle picker and the maintenance
 * screen's "available vehicles"): live and held by no live driver. 0 or none: every live vehicle.
 */
const ZListBody = z
  .object({
    type: z
      .union([z.string(), z.number()])
      .refine((type) => ['0', '1'].includes(String(type).trim()), {
        message: 'type must be 1 (available vehicles only) or 0 (every vehicle)',
      })
      .optional(),
  })
  .passthrough()
  .nullish();

const vehicleColumns: XlsxColumn<TVehicleRow>[] = [
  { header: 'ID', value: (v) => v.id, width: 8 },
  { header: 'Reference', value: (v) => v.reference, width: 18 },
  { header: 'Brand', value: (v) => v.brand, width: 16 },
  { header: 'Model', value: (v) => v.model, width: 16 },
  { header: 'Year', value: (v) => v.year, width: 8 },
  { header: 'Mileage', value: (v) => v.mileage, width: 12, numFmt: '0' },
  { header: 'Mileage recorded (UTC)', value: (v) => v.mileage_date, width: 20 },
  { header: 'Counted from GPS', value: (v) => v.counted_distance, width: 14, numFmt: '0.0' },
  { header: 'Odometer', value: (v) => v.odometer, width: 12, numFmt: '0.0' },
  { header: 'Load capacity', value: (v) => v.load_capacity, width: 14 },
  {
    header: 'Status',
    value: (v) =>
      v.drivers.length
        ? `Assigned To ${v.drivers.map((d) => `${d.fname} ${d.lname}`).join(', ')}`
        : 'Not Assigned',
    width: 30,
  },
  { header: 'Created (UTC)', value: (v) => v.created_date, width: 20 },
];

export const vehicleRoutes: ModuleRoutes = async (app, deps) => {
  const listSchema = {
    tags,
    querystring: ZVehicleListQuery,
    response: { 200: ZEnvelope(z.array(ZVehicleRow)), ...errors },
  };
  const list = async (
    request: FastifyRequest,
    query: z.infer<typeof ZVehicleListQuery>,
    availableOnly = false,
  ) =>
    ok(
      await vehicles(tenantContext(request, deps), {
        search: query.reference ?? query.search,
        limit: query.limit,
        available: availableOnly,
      }),
    );

  app.get(
    '/api/bus/get-buses',
    { schema: { ...listSchema, summary: 'Vehicles of the tenant (`reference` searches, `limit` caps)' } },
    async (request) => list(request, request.query),
  );

  app.post(
    '/api/bus/get-buses',
    {
      schema: {
        ...listSchema,
        body: ZListBody,
        summary: 'Vehicles of the tenant; `type` 1 answers only the available ones (held by no driver)',
        description:
          'The vehicle picker sends `type=1` with `?reference=&limit=4`: the first four available vehicles whose reference, brand or model matches. `type` 0 or none answers every live vehicle, as the GET does.',
      },
    },
    async (request) => list(request, request.query, String(request.body?.type ?? '').trim() === '1'),
  );

  app.post(
    '/api/bus/add',
    {
      schema: {
        tags,
        summary: 'Add a vehicle',
        description:
          "`load_capacity` (beyond the spec, optional): what the vehicle can carry in the tenant's weight unit (kg, or lb where distances are in miles or feet), above 0; null or '' for none.",
        body: ZVehicleInput,
        response: { 200: ZEnvelope(ZVehicleRow), ...errors },
      },
    },
    async (request) => {
      const { reference, brand, model, year, mileage, load_capacity } = request.body;
      const row = await addVehicle(tenantContext(request, deps), {
        reference,
        brand,
        model,
        year,
        mileage,
        loadCapacity: load_capacity ?? null,
      });
      return ok(row, MESSAGES.vehicle.added);
    },
  );

  app.post(
    '/api/bus/save',
    {
      schema: {
        tags,
        summary: 'Update a vehicle',
        description:
          "`load_capacity` (beyond the spec, optional): above 0 in the tenant's weight unit; null or '' clears it, left out keeps it.",
        body: ZVehicleSave,
        response: { 200: ZEnvelope(ZVehicleRow), ...errors },
      },
    },
    async (request) => {
      const { id, reference, brand, model, year, mileage, load_capacity } = request.body;
      // A client that sends no load_capacity (the spec has none) keeps the vehicle's.
      const row = await saveVehicle(tenantContext(request, deps), id, {
        reference,
        brand,
        model,
        year,
        mileage,
        loadCapacity: load_capacity,
      });
      return ok(row, MESSAGES.vehicle.updated);
    },
  );

  app.post(
    '/api/bus/archive',
    {
      schema: {
        tags,
        summary: 'Delete (archive) a vehicle; its drivers no longer have it',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await archiveVehicle(tenantContext(request, deps), request.body.id);
      return ok(null, MESSAGES.vehicle.deleted);
    },
  );

  registerExport(app, {
    url: '/api/v1/vehicles/export',
    tag: 'Vehicles',
    noun: 'vehicle',
    fileName: 'Vehicles.xlsx',
    columns: vehicleColumns,
    load: (request, search) => vehicles(tenantContext(request, deps), { search }),
  });

  registerImport(app, {
    url: '/api/v1/vehicles/import',
    tag: 'Vehicles',
    noun: { one: 'vehicle', many: 'vehicles' },
    check: (request, rows) => checkVehicleImport(tenantContext(request, deps), rows),
    write: (request, values) => importVehicles(tenantContext(request, deps), values),
  });
};
