import {
  MESSAGES,
  ZEnvelope,
  ZScheduleIdBody,
  ZScheduleIdQuery,
  ZTripScheduleInput,
  ZTripSchedulePage,
  ZTripSchedulePageQuery,
  ZTripScheduleRow,
  ZTripScheduleSave,
} from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { inChunks, sendXlsxStream } from '../../platform/xlsx.ts';
import {
  addSchedule,
  archiveSchedule,
  listSchedules,
  saveSchedule,
  SCHEDULE_EXPORT_COLUMNS,
  schedulesForExport,
} from './service.ts';

const tags = ['Scheduled trips'];

/** Scheduled trips (spec 001 §7 "Scheduled trips"); their trips come from the materialiser. */
export const tripScheduleRoutes: ModuleRoutes = async (app, deps) => {
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
      const { rows, total } = await listSchedules(tenantContext(r, deps), search, {
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
    async (r) => ok(await addSchedule(tenantContext(r, deps), r.body), MESSAGES.schedules.added),
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
    async (r) => ok(await saveSchedule(tenantContext(r, deps), r.body), MESSAGES.schedules.updated),
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
      if (!id) throw new AppError('BAD_REQUEST', MESSAGES.schedules.idInvalid);
      await archiveSchedule(tenantContext(r, deps), id);
      return ok(null, MESSAGES.schedules.deleted);
    },
  );

  app.get(
    '/api/v1/trip-schedules/export',
    {
      schema: {
        tags,
        summary: 'Every scheduled trip matching the search, as an .xlsx file',
        querystring: z.object({ search: z.string().trim().max(100).optional() }),
      },
    },
    async (r, reply) =>
      sendXlsxStream(
        reply,
        'Scheduled trips.xlsx',
        SCHEDULE_EXPORT_COLUMNS,
        inChunks(await schedulesForExport(tenantContext(r, deps), r.query.search)),
      ),
  );
};
