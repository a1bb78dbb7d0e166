import {
  MESSAGES,
  REPEAT_TYPE_LABEL,
  ZEnvelope,
  ZScheduleIdBody,
  ZScheduleIdQuery,
  ZTripScheduleInput,
  ZTripSchedulePage,
  ZTripSchedulePageQuery,
  ZTripScheduleRow,
  ZTripScheduleSave,
  WEEK_DAYS,
  type TTripScheduleRow,
} from '@fleet/contract';
import { z } from 'zod';
import { requireTenantId } from '../../platform/auth.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { registerExport, type XlsxColumn } from '../../platform/xlsx.ts';
import { addSchedule, deleteSchedule, listSchedules, saveSchedule, scheduleRow } from './service.ts';

const tags = ['Scheduled trips'];
const EXPORT_LIMIT = 20_000;

const dayNames = (days: string | null) =>
  (days ?? '')
    .split(',')
    .filter(Boolean)
    .map((d) => WEEK_DAYS[Number(d) - 1]?.label.slice(0, 3) ?? d)
    .join(', ');
const exportColumns: XlsxColumn<TTripScheduleRow>[] = [
  { header: 'ID', value: (s) => s.id, width: 8 },
  { header: 'Driver', value: (s) => (s.driver ? `${s.driver.fname} ${s.driver.lname}` : 'N/A'), width: 26 },
  { header: 'Origin', value: (s) => s.warehouse?.title ?? '', width: 32 },
  { header: 'Type', value: (s) => s.type?.title ?? '', width: 24 },
  { header: 'Start date (UTC)', value: (s) => s.start_date, width: 20 },
  { header: 'End date (UTC)', value: (s) => s.end_date, width: 20 },
  { header: 'Repeat', value: (s) => REPEAT_TYPE_LABEL[s.repeat_type], width: 10 },
  { header: 'Every', value: (s) => s.repeat_interval, width: 8 },
  { header: 'Week days', value: (s) => dayNames(s.days_of_week), width: 24 },
  { header: 'Time zone', value: (s) => s.time_zone, width: 18 },
  {
    header: 'Destinations',
    value: (s) => s.tripDestinations.map((d) => d.destination_name ?? '').join(' → '),
    width: 60,
  },
  { header: 'Note', value: (s) => s.note, width: 40 },
];

/** Scheduled trips (spec 001 §7 "Scheduled trips"); their trips come from the materialiser. */
export const tripScheduleRoutes: ModuleRoutes = async (app, { database: { db } }) => {
  app.get(
    '/api/trip-schedule/get-scheduled-trips',
    {
      schema: {
        tags,
        summary: 'One page of schedules, newest first (`search` matches driver, origin or type)',
        querystring: ZTripSchedulePageQuery,
        response: { 200: ZEnvelope(ZTripSchedulePage), ...errors },
      },
    },
    async (r) => {
      const { page, page_size, search } = r.query;
      const { rows, total } = await listSchedules(db, requireTenantId(r), search || undefined, {
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return ok({ schedules: rows, pagination: { page, page_size, total_items: total } });
    },
  );

  app.post(
    '/api/trip-schedule/add-trip-schedule',
    {
      schema: {
        tags,
        summary: 'Add a schedule; its trips of the coming days are made at once',
        body: ZTripScheduleInput,
        response: { 200: ZEnvelope(ZTripScheduleRow), ...errors },
      },
    },
    async (r) => {
      const tenantId = requireTenantId(r);
      const id = await addSchedule(db, tenantId, r.body);
      return ok(await scheduleRow(db, tenantId, id), MESSAGES.schedules.added);
    },
  );

  app.post(
    '/api/trip-schedule/edit-trip-schedule',
    {
      schema: {
        tags,
        summary: 'Edit a schedule; its future trips not yet started follow',
        body: ZTripScheduleSave,
        response: { 200: ZEnvelope(ZTripScheduleRow), ...errors },
      },
    },
    async (r) => {
      const tenantId = requireTenantId(r);
      await saveSchedule(db, tenantId, r.body);
      return ok(await scheduleRow(db, tenantId, r.body.id), MESSAGES.schedules.updated);
    },
  );

  app.post(
    '/api/trip-schedule/delete-trip-schedule',
    {
      schema: {
        tags,
        summary: 'Delete (archive) a schedule (`id` in the query or the body) and its future unstarted trips',
        querystring: ZScheduleIdQuery,
        body: ZScheduleIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (r) => {
      const id = r.query.id ?? r.body?.id;
      if (!id) throw new AppError('BAD_REQUEST', 'id must be a positive whole number');
      await deleteSchedule(db, requireTenantId(r), id);
      return ok(null, MESSAGES.schedules.deleted);
    },
  );

  registerExport(app, {
    url: '/api/v1/trip-schedules/export',
    tag: 'Scheduled trips',
    noun: 'scheduled trip',
    fileName: 'Scheduled trips.xlsx',
    columns: exportColumns,
    load: async (tenantId, search) =>
      (await listSchedules(db, tenantId, search, { limit: EXPORT_LIMIT, offset: 0 })).rows,
  });
};
