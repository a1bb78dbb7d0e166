import {
  DEFAULT_SETTINGS,
  defaultTripRange,
  MESSAGES,
  NAMAT_TYPE,
  rangeEnd,
  rangeStart,
  termsFromSettings,
  TRIP_REPORT_RESPONSE_CODE,
  tripFlagText,
  tripStatusText,
  ZEnvelope,
  zDateBound,
  ZGetTripsRequest,
  ZIdBody,
  ZTripInput,
  ZTripPage,
  ZTripPageQuery,
  ZTripRangeBody,
  ZTripReport,
  ZTripReportQuery,
  ZTripRow,
  ZTripSave,
  ZTripsOfDriverRequest,
  zId,
  type TTripRow,
} from '@fleet/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireTenantId } from '../../platform/auth.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { registerExport, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  archiveTrips,
  findLiveDriver,
  pageTripIds,
  reportContextOf,
  tripIdsWhere,
  tripTermOf,
} from './queries.ts';
import { buildTripReport } from './report.ts';
import { addTrip, saveTrip, tripDetails, tripRows, toTripRow } from './service.ts';

const tags = ['Trips'];
/** Rows a list or an export may hold at most (the export of a month of a large fleet fits). */
const EXPORT_LIMIT = 20_000;
const PICKER_LIMIT = 50;

/** The trips date filter: both bounds given or defaulted (first of the month to tomorrow). */
function tripRange(fdate: string | undefined, tdate: string | undefined) {
  const fallback = defaultTripRange();
  const from = rangeStart(fdate ?? fallback.fdate);
  const to = rangeEnd(tdate ?? fallback.tdate);
  if (to <= from) throw new AppError('BAD_REQUEST', MESSAGES.trips.rangeInvalid);
  return { from, to };
}

const driverName = (t: TTripRow) => (t.driver ? `${t.driver.fname} ${t.driver.lname}` : 'N/A');
const exportColumns: XlsxColumn<TTripRow>[] = [
  { header: 'ID', value: (t) => t.id, width: 8 },
  { header: 'Driver', value: driverName, width: 26 },
  { header: 'Origin', value: (t) => t.warehouse?.title ?? '', width: 32 },
  { header: 'Type', value: (t) => t.type?.title ?? '', width: 24 },
  { header: 'Start date (UTC)', value: (t) => t.start_date, width: 20 },
  { header: 'Status', value: (t) => tripFlagText(t), width: 12 },
  { header: 'Timing', value: (t) => tripStatusText(t.status), width: 14 },
  { header: 'Started (UTC)', value: (t) => t.started_date, width: 20 },
  { header: 'Ended (UTC)', value: (t) => t.ended_date, width: 20 },
  {
    header: 'Destinations',
    value: (t) => t.destinations.map((d) => d.destination_name ?? '').join(' → '),
    width: 60,
  },
  { header: 'Tasks', value: (t) => t.destinations.reduce((n, d) => n + d.tasks.length, 0), width: 8 },
  { header: 'Fines', value: (t) => t.fines.length, width: 8 },
  { header: 'Accidents', value: (t) => t.accidents.length, width: 10 },
  { header: 'Note', value: (t) => t.note, width: 40 },
];

/** A trip whose report may be made: it must have ended (409 with the spec's report failure otherwise). */
async function endedTrip(db: Db, tenantId: number, id: number) {
  const trip = toTripRow(await tripDetails(db, tenantId, id));
  if (!trip.ended_date) {
    throw new AppError('CONFLICT', MESSAGES.tripReport.failed(MESSAGES.tripReport.notEnded));
  }
  return trip;
}

/** The PDF of an ended trip. */
async function tripReportPdf(db: Db, tenantId: number, id: number) {
  const trip = await endedTrip(db, tenantId, id);
  const ctx = await reportContextOf(db, tenantId, trip.driver_id);
  const terms = termsFromSettings({
    settings: ctx.settings,
    tenantType: ctx.tenant.type,
    currencies: ctx.currencies,
  });
  const timeZone = ctx.settings.find((s) => s.key === 'time_zone')?.value || DEFAULT_SETTINGS.time_zone;
  return buildTripReport({
    trip,
    terms,
    tenantName: ctx.tenant.name,
    namat: ctx.tenant.type === NAMAT_TYPE,
    timeZone,
    vehicle: ctx.vehicle,
  });
}

/** Trips (spec 001 §7 "Trips"): paged list, details, add, save, archive, PDF report, pickers, export. */
export const tripRoutes: ModuleRoutes = async (app, { database: { db } }) => {
  const termOf = async (tenantId: number) => (await tripTermOf(db, tenantId)) ?? 'Trip';

  app.post(
    '/api/trip/get-all-trips',
    {
      schema: {
        tags,
        summary: 'One page of trips planned in [fdate, tdate], newest id first',
        querystring: ZTripPageQuery,
        body: ZTripRangeBody,
        response: { 200: ZEnvelope(ZTripPage), ...errors },
      },
    },
    async (r) => {
      const tenantId = requireTenantId(r);
      const { page, page_size } = r.query;
      const range = tripRange(r.body?.fdate, r.body?.tdate);
      const { ids, total } = await pageTripIds(
        db,
        tenantId,
        { ...range, search: r.body?.search || undefined },
        { limit: page_size, offset: (page - 1) * page_size },
      );
      return ok({
        trips: await tripRows(db, tenantId, ids),
        pagination: { page, page_size, total_items: total },
      });
    },
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
    async (r) => ok(toTripRow(await tripDetails(db, requireTenantId(r), r.body.id))),
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
      const tenantId = requireTenantId(r);
      const id = await addTrip(db, tenantId, r.body);
      return ok(toTripRow(await tripDetails(db, tenantId, id)), MESSAGES.trips.added(await termOf(tenantId)));
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
      const tenantId = requireTenantId(r);
      await saveTrip(db, tenantId, r.body);
      return ok(
        toTripRow(await tripDetails(db, tenantId, r.body.id)),
        MESSAGES.trips.updated(await termOf(tenantId)),
      );
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
      const tenantId = requireTenantId(r);
      const [archived] = await archiveTrips(db, tenantId, [r.body.id]);
      if (!archived) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
      return ok(null, MESSAGES.trips.deleted(await termOf(tenantId)));
    },
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
      const trip = await endedTrip(db, requireTenantId(r), r.query.id);
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
      const pdf = await tripReportPdf(db, requireTenantId(r), r.params.id);
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
      const tenantId = requireTenantId(r);
      const { driver_id, search, limit } = r.body;
      if (!(await findLiveDriver(db, tenantId, driver_id))) {
        throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
      }
      const ids = await tripIdsWhere(
        db,
        tenantId,
        { driverId: driver_id, search: search || undefined },
        limit ?? PICKER_LIMIT,
      );
      return ok(await tripRows(db, tenantId, ids));
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
    async (r) => {
      const tenantId = requireTenantId(r);
      const day = r.body?.date ?? new Date().toISOString().slice(0, 10);
      const ids = await tripIdsWhere(
        db,
        tenantId,
        {
          from: rangeStart(day.slice(0, 10)),
          to: rangeEnd(day.slice(0, 10)),
          search: r.body?.key || undefined,
        },
        EXPORT_LIMIT,
      );
      return ok(await tripRows(db, tenantId, ids));
    },
  );

  registerExport(app, {
    url: '/api/v1/trips/export',
    tag: 'Trips',
    noun: 'trip planned in the date range',
    fileName: 'Trips.xlsx',
    columns: exportColumns,
    filters: z.object({ fdate: zDateBound().optional(), tdate: zDateBound().optional() }),
    load: async (tenantId, search, { fdate, tdate }) =>
      tripRows(
        db,
        tenantId,
        await tripIdsWhere(db, tenantId, { ...tripRange(fdate, tdate), search }, EXPORT_LIMIT),
      ),
  });
};
