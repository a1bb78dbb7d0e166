import {
  ZDriverAdd,
  ZDriverListQuery,
  ZDriverRow,
  ZDriverSave,
  ZEnvelope,
  ZIdBody,
  type TDriverRow,
} from '@fleet/contract';
import { z } from 'zod';
import { requireTenantId } from '../../platform/auth.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { registerExport, type XlsxColumn } from '../../platform/xlsx.ts';
import { registerImport } from '../../platform/import-routes.ts';
import { driverImport } from './import.ts';
import { addDriver, archiveDriver, driversOf, saveDriver } from './service.ts';

const tags = ['Drivers'];
const errors = ERROR_RESPONSES;

export const driverColumns: XlsxColumn<TDriverRow>[] = [
  { header: 'ID', value: (d) => d.id, width: 8 },
  { header: 'First name', value: (d) => d.fname, width: 16 },
  { header: 'Last name', value: (d) => d.lname, width: 16 },
  { header: 'E-mail', value: (d) => d.email, width: 28 },
  { header: 'Vehicle', value: (d) => d.bus?.reference ?? '', width: 14 },
  { header: 'Hourly rate', value: (d) => d.hourly_rate, width: 12, numFmt: '0.00' },
  { header: 'Language', value: (d) => d.language ?? '', width: 10 },
  { header: 'Created (UTC)', value: (d) => d.created_date, width: 20 },
];

export const driverRoutes: ModuleRoutes = async (app, { database: { db } }) => {
  const listSchema = {
    tags,
    querystring: ZDriverListQuery,
    response: { 200: ZEnvelope(z.array(ZDriverRow)), ...errors },
  };
  const list = (query: z.infer<typeof ZDriverListQuery>, tenantId: number) =>
    driversOf(db, tenantId, { search: query.name ?? query.search, limit: query.limit });

  app.get(
    '/api/driver/get-drivers',
    { schema: { ...listSchema, summary: 'Live drivers of the tenant (`name` searches, `limit` caps)' } },
    async (request) => ok(await list(request.query, requireTenantId(request))),
  );
  app.post(
    '/api/driver/get-drivers',
    {
      schema: {
        ...listSchema,
        body: z.object({}).passthrough().nullish(),
        summary: 'Live drivers of the tenant (map page form)',
      },
    },
    async (request) => ok(await list(request.query, requireTenantId(request))),
  );

  app.post(
    '/api/driver/add-driver',
    {
      schema: {
        tags,
        summary: 'Add a driver',
        body: ZDriverAdd,
        response: { 200: ZEnvelope(ZDriverRow), ...errors },
      },
    },
    async (request) => {
      const { password, fname, lname, email, bus_id, hourly_rate, language } = request.body;
      const row = await addDriver(
        db,
        requireTenantId(request),
        { fname, lname, email, busId: bus_id, hourlyRate: hourly_rate, language },
        password,
      );
      return ok(row, 'Driver added successfully.');
    },
  );

  app.post(
    '/api/driver/save-web',
    {
      schema: {
        tags,
        summary: 'Update a driver (a null password keeps the current one)',
        body: ZDriverSave,
        response: { 200: ZEnvelope(ZDriverRow), ...errors },
      },
    },
    async (request) => {
      const { id, password, fname, lname, email, bus_id, hourly_rate, language } = request.body;
      const row = await saveDriver(
        db,
        requireTenantId(request),
        id,
        { fname, lname, email, busId: bus_id, hourlyRate: hourly_rate, language },
        password,
      );
      return ok(row, 'Driver updated successfully.');
    },
  );

  app.post(
    '/api/driver/archive',
    {
      schema: {
        tags,
        summary: 'Delete (archive) a driver; history keeps the name',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await archiveDriver(db, requireTenantId(request), request.body.id);
      return ok(null, 'Driver deleted successfully.');
    },
  );

  registerExport(app, {
    url: '/api/v1/drivers/export',
    tag: 'Drivers',
    noun: 'driver',
    fileName: 'Drivers.xlsx',
    columns: driverColumns,
    load: (tenantId, search) => driversOf(db, tenantId, { search }),
  });

  registerImport(app, driverImport(db));
};
