import {
  DEFAULT_SETTINGS,
  MESSAGES,
  parseUtcDateTime,
  toUtcString,
  type TTripScheduleRow,
  type ZTripScheduleInput,
} from '@fleet/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { planRefs, stopRow } from '../trips/plan.ts';
import { resolveTripHeader } from '../trips/service.ts';
import { syncSchedule, upcomingOccurrences } from './materialiser.ts';
import {
  archiveSchedule,
  insertSchedule,
  lockSchedule,
  pageSchedules,
  tenantTimeZone,
  updateSchedule,
  type TScheduleDetails,
  type TScheduleValues,
} from './queries.ts';

type TScheduleInput = z.output<typeof ZTripScheduleInput>;

async function scheduleValues(db: Db, tenantId: number, input: TScheduleInput): Promise<TScheduleValues> {
  return {
    driverId: input.driver_id,
    warehouseId: input.warehouse_id,
    typeId: input.type,
    startDate: parseUtcDateTime(input.start_date)!,
    endDate: input.end_date ? parseUtcDateTime(input.end_date) : null,
    repeatType: input.repeat_type,
    repeatInterval: input.repeat_interval,
    // Week days mean nothing to a monthly rule; they are not kept, so the row says what runs.
    daysOfWeek:
      input.repeat_type !== 'monthly' && input.days_of_week?.length ? input.days_of_week.join(',') : null,
    departureTimeRange: input.departure_time_range ?? null,
    note: input.note ?? null,
    timeZone: input.time_zone ?? (await tenantTimeZone(db, tenantId)) ?? DEFAULT_SETTINGS.time_zone,
  };
}

/** Adds a schedule and makes its trips of the coming days at once. */
export async function addSchedule(db: Db, tenantId: number, input: TScheduleInput): Promise<number> {
  const stops = await resolveTripHeader(db, tenantId, input);
  const values = await scheduleValues(db, tenantId, input);
  return db.transaction(async (tx) => {
    const id = await insertSchedule(tx as unknown as Db, tenantId, values, stops);
    await syncSchedule(tx as unknown as Db, tenantId, id, new Date());
    return id;
  });
}

/** Edits a schedule; its future trips not yet started follow at once. */
export async function saveSchedule(db: Db, tenantId: number, input: TScheduleInput & { id: number }) {
  const stops = await resolveTripHeader(db, tenantId, input);
  const values = await scheduleValues(db, tenantId, input);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Locked before the update, so a materialiser pass cannot interleave the old and the new version.
    await lockSchedule(t, input.id);
    if (!(await updateSchedule(t, tenantId, input.id, values, stops))) {
      throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    }
    await syncSchedule(t, tenantId, input.id, new Date(), { rewrite: true });
  });
}

/** Deletes (archives) a schedule and its future trips not yet started. */
export async function deleteSchedule(db: Db, tenantId: number, id: number) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockSchedule(t, id);
    if (!(await archiveSchedule(t, tenantId, id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    await syncSchedule(t, tenantId, id, new Date());
  });
}

export function toScheduleRow(d: TScheduleDetails, now = new Date()): TTripScheduleRow {
  const s = d.schedule;
  return {
    id: s.id,
    ...planRefs(s, d),
    start_date: toUtcString(s.startDate),
    end_date: s.endDate ? toUtcString(s.endDate) : null,
    repeat_type: s.repeatType as TTripScheduleRow['repeat_type'],
    repeat_interval: s.repeatInterval,
    days_of_week: s.daysOfWeek,
    departure_time_range: s.departureTimeRange,
    note: s.note,
    time_zone: s.timeZone,
    tripDestinations: d.stops.map(stopRow),
    next_dates: upcomingOccurrences(s, now).map(toUtcString),
    created_date: toUtcString(s.createdDate),
  };
}

export async function listSchedules(
  db: Db,
  tenantId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const { rows, total } = await pageSchedules(db, tenantId, { search }, page);
  return { rows: rows.map((r) => toScheduleRow(r)), total };
}

/** One live schedule as the API answers it, or 404. */
export async function scheduleRow(db: Db, tenantId: number, id: number) {
  const { rows } = await pageSchedules(db, tenantId, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return toScheduleRow(rows[0]);
}
