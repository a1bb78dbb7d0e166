import {
  MESSAGES,
  parseUtcDateTime,
  REPEAT_TYPE_LABEL,
  toUtcString,
  WEEK_DAYS,
  type TTripScheduleRow,
  type ZTripScheduleInput,
} from '@fleet/contract';
import type { z } from 'zod';
import { stopRow } from '../../db/planned-stops.ts';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { XlsxColumn } from '../../platform/xlsx.ts';
import { tenantProfile } from '../settings/service.ts';
import { planRefs, resolveTripHeader } from '../trips/service.ts';
import { syncSchedule, upcomingOccurrences } from './materialiser.ts';
import {
  archiveSchedule as archiveScheduleRow,
  insertSchedule,
  lockSchedule,
  pageSchedules,
  updateSchedule,
  type TScheduleDetails,
  type TScheduleValues,
} from './queries.ts';

/*
 * Scheduled trips (spec 001 §7 "Scheduled trips"): the module's door. A schedule's trips of the
 * coming days are made by the materialiser, at once inside add, edit and delete and then by the
 * periodic job (`materialiseSchedules`, started by main.ts). Writes announce `schedule.*` events;
 * the trips they make, rewrite or archive announce `trip.*` events as the materialiser's.
 */

export { MATERIALISE_INTERVAL_MS, materialiseSchedules } from './materialiser.ts';

export type TScheduleInput = z.output<typeof ZTripScheduleInput>;

const notFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);

async function scheduleValues(ctx: TTenantContext, input: TScheduleInput): Promise<TScheduleValues> {
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
    timeZone: input.time_zone ?? (await tenantProfile(ctx)).timeZone,
  };
}

// ---------- Reading ----------

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

/** One page of the tenant's live schedules, newest first (`search` matches driver, origin or type). */
export async function listSchedules(
  ctx: TTenantContext,
  search: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: TTripScheduleRow[]; total: number }> {
  const { rows, total } = await pageSchedules(ctx.db, ctx.tenantId, { search: search || undefined }, page);
  return { rows: rows.map((r) => toScheduleRow(r)), total };
}

/** One live schedule as the API answers it, or 404. */
export async function scheduleRow(ctx: TTenantContext, id: number): Promise<TTripScheduleRow> {
  const { rows } = await pageSchedules(ctx.db, ctx.tenantId, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return toScheduleRow(rows[0]);
}

// ---------- Writing ----------

/** Adds a schedule and makes its trips of the coming days (from `now`) at once; answers it. */
export async function addSchedule(
  ctx: TTenantContext,
  input: TScheduleInput,
  now = new Date(),
): Promise<TTripScheduleRow> {
  const stops = await resolveTripHeader(ctx, input);
  const values = await scheduleValues(ctx, input);
  const id = await inTransaction(ctx, async (tx) => {
    const created = await insertSchedule(tx.db, tx.tenantId, values, stops);
    emit(tx, 'schedule.created', [created]);
    await syncSchedule(tx, created, now);
    return created;
  });
  return scheduleRow(ctx, id);
}

/** Edits a schedule; its future trips not yet started follow at once. Answers it. */
export async function saveSchedule(
  ctx: TTenantContext,
  input: TScheduleInput & { id: number },
): Promise<TTripScheduleRow> {
  const stops = await resolveTripHeader(ctx, input);
  const values = await scheduleValues(ctx, input);
  await inTransaction(ctx, async (tx) => {
    // Locked before the update, so a materialiser pass cannot interleave the old and the new version.
    await lockSchedule(tx.db, input.id);
    if (!(await updateSchedule(tx.db, tx.tenantId, input.id, values, stops))) throw notFound();
    emit(tx, 'schedule.updated', [input.id]);
    await syncSchedule(tx, input.id, new Date(), { rewrite: true });
  });
  return scheduleRow(ctx, input.id);
}

/** Deletes (archives) a schedule and its future trips not yet started. */
export async function archiveSchedule(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await lockSchedule(tx.db, id);
    if (!(await archiveScheduleRow(tx.db, tx.tenantId, id))) throw notFound();
    emit(tx, 'schedule.archived', [id]);
    await syncSchedule(tx, id, new Date());
  });
}

// ---------- Export ----------

/** Rows an export may hold at most. */
const EXPORT_LIMIT = 20_000;

const dayNames = (days: string | null) =>
  (days ?? '')
    .split(',')
    .filter(Boolean)
    .map((d) => WEEK_DAYS[Number(d) - 1]?.label.slice(0, 3) ?? d)
    .join(', ');

/** The columns of `Scheduled trips.xlsx`. */
export const SCHEDULE_EXPORT_COLUMNS: XlsxColumn<TTripScheduleRow>[] = [
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

/** Every live schedule matching the search, up to EXPORT_LIMIT. */
export const schedulesForExport = async (ctx: TTenantContext, search: string | undefined) =>
  (await listSchedules(ctx, search, { limit: EXPORT_LIMIT, offset: 0 })).rows;
