import {
  MESSAGES,
  ZDriverAdd,
  ZDriverListQuery,
  ZDriverRow,
  ZDriverSave,
  ZEnvelope,
  ZIdBody,
  TOTAL_COUNT_HEADER,
  type TDriverRow,
} from '@fleet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { registerImport } from '../../platform/import-routes.ts';
import { registerExport, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  addDriver,
  archiveDriver,
  checkDriverImport,
  drivers,
  driversPage,
  importDrivers,
  saveDriver,
  type TDriverInput,
} from './service.ts';

const tags = ['Drivers'];
const TRACKER_LABELS: Record<TDriverRow['tracker'], string> = {
  none: '',
  issued: 'Set up',
  custom: 'Set up (custom ID)',
  legacy: 'Legacy ID: regenerate',
};

/** A driver's values as the add and save calls name them, for the service. */
const driverInput = (
  body: Pick<z.infer<typeof ZDriverAdd>, 'fname' | 'lname' | 'email' | 'bus_id' | 'hourly_rate' | 'language'>,
  trackerId: string | null | undefined,
): TDriverInput => ({
  fname: body.fname,
  lname: body.lname,
  email: body.email,
  busId: body.bus_id,
  hourlyRate: body.hourly_rate,
  language: body.language,
  trackerId,
});

/** Drivers a page holds when `page` is given without `page_size`. */
const DRIVERS_PAGE_SIZE = 10;
const errors = ERROR_RESPONSES;

const driverColumns: XlsxColumn<TDriverRow>[] = [
  { header: 'ID', value: (d) => d.id, width: 8 },
  { header: 'First name', value: (d) => d.fname, width: 16 },
  { header: 'Last name', value: (d) => d.lname, width: 16 },
  { header: 'E-mail', value: (d) => d.email, width: 28 },
  { header: 'Vehicle', value: (d) => d.bus?.reference ?? '', width: 14 },
  { header: 'Hourly rate', value: (d) => d.hourly_rate, width: 12, numFmt: '0.00' },
  { header: 'Language', value: (d) => d.language ?? '', width: 10 },
  // The id itself is a secret shown once: the sheet says how the tracker was set up.
  { header: 'Tracker', value: (d) => TRACKER_LABELS[d.tracker], width: 22 },
  { header: 'Created (UTC)', value: (d) => d.created_date, width: 20 },
];

export const driverRoutes: ModuleRoutes = async (app, deps) => {
  const listSchema = {
    tags,
    querystring: ZDriverListQuery,
    response: { 200: ZEnvelope(z.array(ZDriverRow)), ...errors },
  };
  // `page` or `page_size` (beyond the spec) ask for one page, its total in X-Total-Count; left out,
  // the call answers every live driver as the spec's clients expect (`limit` caps).
  const list = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: z.infer<typeof ZDriverListQuery>,
  ) => {
    const ctx = tenantContext(request, deps);
    const search = query.name ?? query.search;
    if (!query.page && !query.page_size) return ok(await drivers(ctx, { search, limit: query.limit }));
    const { rows, total } = await driversPage(
      ctx,
      { search },
      {
        page: query.page ?? 1,
        pageSize: query.page_size ?? DRIVERS_PAGE_SIZE,
      },
    );
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return ok(rows);
  };

  app.get(
    '/api/driver/get-drivers',
    { schema: { ...listSchema, summary: 'Live drivers of the tenant (`name` searches, `limit` caps)' } },
    async (request, reply) => list(request, reply, request.query),
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
    async (request, reply) => list(request, reply, request.query),
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
      const { password, device_id } = request.body;
      const row = await addDriver(
        tenantContext(request, deps),
        driverInput(request.body, device_id ?? null),
        password,
      );
      return ok(row, MESSAGES.driver.added);
    },
  );

  app.post(
    '/api/driver/save-web',
    {
      schema: {
        tags,
        summary:
          'Update a driver (a null password keeps the current one; an absent device_id keeps the tracker, ' +
          'null removes it, a custom Tracker ID hard to guess replaces it)',
        body: ZDriverSave,
        response: { 200: ZEnvelope(ZDriverRow), ...errors },
      },
    },
    async (request) => {
      const { id, password, device_id } = request.body;
      // An absent device_id keeps the tracker: the original clients never send it.
      const row = await saveDriver(
        tenantContext(request, deps),
        id,
        driverInput(request.body, device_id),
        password,
      );
      return ok(row, MESSAGES.driver.updated);
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
      await archiveDriver(tenantContext(request, deps), request.body.id);
      return ok(null, MESSAGES.driver.deleted);
    },
  );

  registerExport(app, {
    url: '/api/v1/drivers/export',
    tag: 'Drivers',
    noun: 'driver',
    fileName: 'Drivers.xlsx',
    columns: driverColumns,
    load: (request, search) => drivers(tenantContext(request, deps), { search }),
  });

  registerImport(app, {
    url: '/api/v1/drivers/import',
    tag: 'Drivers',
    noun: { one: 'driver', many: 'drivers' },
    check: (request, rows) => checkDriverImport(tenantContext(request, deps), rows),
    write: (request, values) => importDrivers(tenantContext(request, deps), values),
  });
};
