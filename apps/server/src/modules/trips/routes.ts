import {
  MESSAGES,
  TRIP_REPORT_RESPONSE_CODE,
  ZDriverTrip,
  ZDriverTripsPageQuery,
  ZDriverTripsRequest,
  TOTAL_COUNT_HEADER,
  TRIPS_PAGE_SIZE,
  ZEnvelope,
  zDateBound,
  ZGetTripsRequest,
  ZIdBody,
  ZTripInput,
  ZTripOrder,
  ZTripOrderRequest,
  ZTripPage,
  ZTripPageQuery,
  ZTripRangeBody,
  ZTripReport,
  ZTripReportQuery,
  ZTripRow,
  ZTripSave,
  ZTripsOfDriverRequest,
  zId,
  EXPORT_LIMIT,
} from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { sendStoredFile } from '../../platform/storage.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { ACCESS } from '../../platform/principal.ts';
import { sendXlsxStream } from '../../platform/xlsx.ts';
import { checkDirectTripExport, tripExportChunks } from './export.ts';
import { optimiseTripOrder } from './order.ts';
import {
  addTrip,
  archiveTrip,
  driverTrips,
  endedTrip,
  saveTrip,
  TRIP_EXPORT_COLUMNS,
  tripDetails,
  tripReportPdf,
  tripsOfDay,
  tripsOfDriver,
  taskPhotoFile,
  tripsPage,
  tripTerm,
} from './service.ts';

const tags = ['Trips'];

/** Trips (spec 001 §7 "Trips"): paged list, details, add, save, archive, PDF report, pickers, export. */
export const tripRoutes: ModuleRoutes = async (app, deps) => {
  app.post(
    '/api/trip/get-all-trips',
    {
      schema: {
        tags,
        summary:
          'One page of trips planned in [fdate, tdate], newest planned first; by page number or by a cursor of an earlier page',
        querystring: ZTripPageQuery,
        body: ZTripRangeBody,
        response: { 200: ZEnvelope(ZTripPage), ...errors },
      },
    },
    async (r) =>
      ok(
        await tripsPage(
          tenantContext(r, deps),
          { fdate: r.body?.fdate, tdate: r.body?.tdate, search: r.body?.search },
          { page: r.query.page, pageSize: r.query.page_size, cursor: r.query.cursor },
        ),
      ),
  );

  app.post(
    '/api/trip/get-trip-details',
    {
      schema: {
        tags,
        summary: 'One trip with its stops, tasks, fines and accidents',
        body: ZIdBody,
        response: { 200: ZEnvelope(ZTripRow), ...errors },
      },
    },
    async (r) => ok(await tripDetails(tenantContext(r, deps), r.body.id)),
  );

  app.post(
    '/api/trip/add-trip',
    {
      schema: {
        tags,
        summary: 'Add a trip (also how the console clones one)',
        body: ZTripInput,
        response: { 200: ZEnvelope(ZTripRow), ...errors },
      },
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      const trip = await addTrip(ctx, r.body);
      return ok(trip, MESSAGES.trips.added(await tripTerm(ctx)));
    },
  );

  app.post(
    '/api/trip/save',
    {
      schema: {
        tags,
        summary: 'Update a trip: stops and tasks named by id keep their history',
        body: ZTripSave,
        response: { 200: ZEnvelope(ZTripRow), ...errors },
      },
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      const trip = await saveTrip(ctx, r.body);
      return ok(trip, MESSAGES.trips.updated(await tripTerm(ctx)));
    },
  );

  app.post(
    '/api/trip/archive',
    {
      schema: {
        tags,
        summary: 'Delete (archive) a trip',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      await archiveTrip(ctx, r.body.id);
      return ok(null, MESSAGES.trips.deleted(await tripTerm(ctx)));
    },
  );

  app.post(
    '/api/v1/trips/optimise-order',
    {
      schema: {
        tags,
        summary:
          'The order of a trip’s stops (as the dialog holds them, saved or not) that drives least while keeping each promised arrival, with the figures before and after; nothing is stored (beyond the spec)',
        body: ZTripOrderRequest,
        response: { 200: ZEnvelope(ZTripOrder), ...errors },
      },
    },
    async (r) =>
      ok(
        await optimiseTripOrder(tenantContext(r, deps), r.body, {
          routerUrl: deps.config.maps.routerUrl,
          log: r.log,
        }),
      ),
  );

  app.get(
    '/api/trip/report',
    {
      schema: {
        tags,
        summary: `The PDF report of an ended trip: answers responseCode ${TRIP_REPORT_RESPONSE_CODE} and data.url`,
        querystring: ZTripReportQuery,
        response: { 200: ZEnvelope(ZTripReport), ...errors },
      },
    },
    async (r) => {
      const trip = await endedTrip(tenantContext(r, deps), r.query.id);
      // The original report call answers 200 for success (spec 001 §7); the rest of the envelope is as usual.
      return {
        responseCode: TRIP_REPORT_RESPONSE_CODE,
        responseMessage: MESSAGES.tripReport.generated,
        data: { url: `/api/v1/trips/${trip.id}/report.pdf` },
      };
    },
  );

  app.get(
    '/api/v1/trips/:id/report.pdf',
    {
      schema: {
        tags,
        summary: 'The PDF report of an ended trip (application/pdf)',
        params: z.object({ id: zId('id') }),
      },
    },
    async (r, reply) => {
      const pdf = await tripReportPdf(tenantContext(r, deps), r.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="trip-${r.params.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/trip/get-all-trips-filtred',
    {
      schema: {
        tags,
        summary: "One driver's trips, newest first (the fine dialog's trip search)",
        body: ZTripsOfDriverRequest,
        response: { 200: ZEnvelope(z.array(ZTripRow)), ...errors },
      },
    },
    async (r) => {
      const { driver_id, search, limit } = r.body;
      return ok(await tripsOfDriver(tenantContext(r, deps), driver_id, { search, limit }));
    },
  );

  app.post(
    '/api/trip/get-trips',
    {
      schema: {
        tags,
        summary: "The day's trips (UTC `date`, today by default); `key` searches driver, origin or type",
        body: ZGetTripsRequest,
        response: { 200: ZEnvelope(z.array(ZTripRow)), ...errors },
      },
    },
    async (r) => ok(await tripsOfDay(tenantContext(r, deps), { date: r.body?.date, search: r.body?.key })),
  );

  app.post(
    '/api/trip/get-driver-all-trips',
    {
      schema: {
        tags: ['Driver details'],
        summary:
          "A driver's trips planned between fdate and tdate (the tenant's days, both included), with fines, accidents and stops",
        querystring: ZDriverTripsPageQuery,
        body: ZDriverTripsRequest,
        response: { 200: ZEnvelope(z.array(ZDriverTrip)), ...errors },
      },
    },
    async (r, reply) => {
      const { page, page_size } = r.query;
      const paging =
        page || page_size ? { page: page ?? 1, pageSize: page_size ?? TRIPS_PAGE_SIZE } : undefined;
      const { trips, total } = await driverTrips(
        tenantContext(r, deps),
        r.body.driver_id,
        r.body.fdate,
        r.body.tdate,
        paging,
      );
      if (total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(total));
      return ok(trips);
    },
  );

  app.get(
    '/api/v1/tasks/:task_id/photos/:photo_id',
    {
      // The tenant's admins, the driver of the task's trip, and the guardians of the stop's pupil
      // (client proof only): no other driver or family, no other tenant.
      config: { access: [...ACCESS.tenantAdmin, ...ACCESS.driver, ...ACCESS.guardian] },
      schema: {
        tags,
        summary: "A task's proof photo, as stored (image/jpeg, image/png, image/webp or image/heic)",
        params: z.object({ task_id: zId('task_id'), photo_id: zId('photo_id') }),
      },
    },
    async (r, reply) => {
      const photo = await taskPhotoFile(
        tenantContext(r, deps),
        deps.storage,
        r.params.task_id,
        r.params.photo_id,
      );
      return sendStoredFile(reply, photo);
    },
  );

  app.get(
    '/api/v1/trips/export',
    {
      schema: {
        tags,
        summary: `Every trip planned in the date range matching the search, as an .xlsx file (at most ${EXPORT_LIMIT.toLocaleString('en-US')} trips; a larger range answers 409 and goes to POST /api/v1/exports)`,
        querystring: z.object({
          fdate: zDateBound().optional(),
          tdate: zDateBound().optional(),
          search: z.string().trim().max(100).optional(),
        }),
      },
    },
    async (r, reply) => {
      const ctx = tenantContext(r, deps);
      await checkDirectTripExport(ctx, r.query);
      return sendXlsxStream(reply, 'Trips.xlsx', TRIP_EXPORT_COLUMNS, tripExportChunks(ctx, r.query));
    },
  );
};
