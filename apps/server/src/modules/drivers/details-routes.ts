import {
  MESSAGES,
  toUtcString,
  ZDriverAccident,
  ZDriverFinesPage,
  ZDriverFinesRequest,
  ZDriverFuel,
  ZDriverIdRequest,
  ZDriverLocations,
  ZDriverLocationsRequest,
  ZDriverStudent,
  ZDriverTrip,
  ZDriverTripsRequest,
  ZEnvelope,
  zId,
} from '@fleet/contract';
import { z } from 'zod';
import { requireTenantId } from '../../platform/auth.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import {
  driverAccidents,
  driverFines,
  driverFuel,
  driverLocationsBetween,
  driverStudents,
  driverTrips,
  findTenantDriver,
} from './details-queries.ts';

const tags = ['Driver details'];
const errors = ERROR_RESPONSES;
const utc = (d: Date | null) => (d ? toUtcString(d) : null);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);
const today = () => new Date().toISOString().slice(0, 10);

/** Trip status of the details tab: Cancelled, Completed, In Progress or Not Started. */
const tripStatus = (t: { cancelled: boolean; endedDate: Date | null; startedDate: Date | null }) =>
  t.cancelled ? 3 : t.endedDate ? 2 : t.startedDate ? 1 : 0;

export const driverDetailRoutes: ModuleRoutes = async (app, { database: { db } }) => {
  const driverOf = async (tenantId: number, id: number) => {
    const driver = await findTenantDriver(db, tenantId, id);
    if (!driver) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    return driver;
  };

  app.post(
    '/api/trip/get-driver-all-trips',
    {
      schema: {
        tags,
        summary: "A driver's trips between fdate and tdate (UTC days, both included)",
        body: ZDriverTripsRequest,
        response: { 200: ZEnvelope(z.array(ZDriverTrip)), ...errors },
      },
    },
    async (request) => {
      const tenantId = requireTenantId(request);
      const { driver_id, fdate, tdate = today() } = request.body;
      await driverOf(tenantId, driver_id);
      const rows = await driverTrips(db, tenantId, driver_id, dayStart(fdate), nextDay(tdate));
      return ok(
        rows.map(({ trip, warehouseTitle, typeTitle, stops }) => ({
          id: trip.id,
          start_date: utc(trip.startDate),
          started_date: utc(trip.startedDate),
          ended_date: utc(trip.endedDate),
          created_date: toUtcString(trip.createdDate),
          status: tripStatus(trip),
          note: trip.note,
          warehouse: warehouseTitle === null ? null : { title: warehouseTitle },
          type0: typeTitle === null ? null : { title: typeTitle },
          destinations: stops.map((s) => ({
            id: s.id,
            destination_name: s.destinationName,
            tasks: s.tasks.map(({ id, description }) => ({ id, description })),
          })),
        })),
      );
    },
  );

  app.post(
    '/api/accident/get-driver-accidents',
    {
      schema: {
        tags,
        summary: "A driver's accidents, newest first",
        body: ZDriverIdRequest,
        response: { 200: ZEnvelope(z.array(ZDriverAccident)), ...errors },
      },
    },
    async (request) => {
      const tenantId = requireTenantId(request);
      await driverOf(tenantId, request.body.driver_id);
      const rows = await driverAccidents(db, tenantId, request.body.driver_id);
      return ok(
        rows.map((a) => ({
          id: a.id,
          created_date: toUtcString(a.createdDate),
          location: a.location,
          description: a.description,
          trip_id: a.tripId,
        })),
      );
    },
  );

  app.post(
    '/api/fine/get-driver-fines',
    {
      schema: {
        tags,
        summary: "A driver's fines, one page (`page`, `page_size` in the query or the body; default 10)",
        querystring: z.object({
          page: z.coerce.number().int().min(1).optional(),
          page_size: z.coerce.number().int().min(1).max(100).optional(),
        }),
        body: ZDriverFinesRequest,
        response: { 200: ZEnvelope(ZDriverFinesPage), ...errors },
      },
    },
    async (request) => {
      const tenantId = requireTenantId(request);
      const page = request.query.page ?? request.body.page;
      const pageSize = request.query.page_size ?? request.body.page_size;
      await driverOf(tenantId, request.body.did);
      const { rows, total } = await driverFines(db, tenantId, request.body.did, page, pageSize);
      return ok({
        fines: rows.map((f) => ({
          id: f.id,
          issued_date: toUtcString(f.issuedDate),
          status: f.status,
          amount: Number(f.amount),
          description: f.description,
          trip_id: f.tripId,
        })),
        pagination: { page, page_size: pageSize, total_items: total },
      });
    },
  );

  app.post(
    '/api/diesel-tank/get-driver-diesel-tanks',
    {
      schema: {
        tags,
        summary: "A driver's refuels, newest first",
        body: ZDriverIdRequest,
        response: { 200: ZEnvelope(z.array(ZDriverFuel)), ...errors },
      },
    },
    async (request) => {
      const tenantId = requireTenantId(request);
      await driverOf(tenantId, request.body.driver_id);
      const rows = await driverFuel(db, tenantId, request.body.driver_id);
      return ok(
        rows.map((f) => ({
          id: f.id,
          created_date: toUtcString(f.createdDate),
          volume: f.volume,
          amount: Number(f.amount),
          trip_id: f.tripId,
        })),
      );
    },
  );

  app.get(
    '/api/driver/get-driver-students',
    {
      schema: {
        tags,
        summary: 'The students a school-bus driver carries',
        querystring: z.object({ id: zId('id') }),
        response: { 200: ZEnvelope(z.array(ZDriverStudent)), ...errors },
      },
    },
    async (request) => {
      const tenantId = requireTenantId(request);
      await driverOf(tenantId, request.query.id);
      const rows = await driverStudents(db, tenantId, request.query.id);
      return ok(
        rows.map((s) => ({
          id: s.id,
          fname: s.fname,
          lname: s.lname,
          stop_name: s.stopName,
          stop_lat: s.stopLat,
          stop_lon: s.stopLon,
        })),
      );
    },
  );

  app.post(
    '/api/driver/get-driver-locations-for-today',
    {
      schema: {
        tags,
        summary: "A driver's positions on one UTC day (today unless `date` is given)",
        body: ZDriverLocationsRequest,
        response: { 200: ZEnvelope(ZDriverLocations), ...errors },
      },
    },
    async (request) => {
      const tenantId = requireTenantId(request);
      const { id, date = today() } = request.body;
      const driver = await driverOf(tenantId, id);
      const rows = await driverLocationsBetween(db, tenantId, id, dayStart(date), nextDay(date));
      return ok({
        ...driver,
        locations: rows.map((l) => ({
          id: l.id,
          lat: l.lat,
          lon: l.lon,
          date_and_time: toUtcString(l.recordedAt),
        })),
      });
    },
  );
};
