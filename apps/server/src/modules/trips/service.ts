import { DateTime } from 'luxon';
import {
  defaultTripRange,
  EXPORT_LIMIT as DIRECT_EXPORT_LIMIT,
  DRIVER_TRIPS_UNPAGED_LIMIT,
  MESSAGES,
  NAMAT_TYPE,
  plannedStops,
  rangeEnd,
  rangeStart,
  toUtcString,
  tripFlagText,
  tripStatusOf,
  tripStatusText,
  type TDriverTrip,
  type TPicture,
  type TTripPage,
  type TTripRow,
} from '@fleet/contract';
import { decodeCursor, encodeCursor, type TListKey } from '../../db/list-cursor.ts';
import type { TStopPlan } from '../../db/planned-stops.ts';
import { stopRow, taskRow } from '../../db/planned-stops.ts';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { XlsxColumn } from '../../platform/xlsx.ts';
import { driverOf, findDriver } from '../drivers/service.ts';
import { picturesOf } from '../files/service.ts';
import { tenantProfile } from '../settings/service.ts';
import { findDestinations, findOrigin } from '../places/service.ts';
import { findStudents } from '../students/service.ts';
import { findTripType } from '../trip-types/service.ts';
import {
  expectedLength,
  planRefs,
  stopPlanOf,
  tripColumns,
  type TNewTrip,
  type TParsedStop,
  type TTripHeader,
  type TTripToInsert,
  type TTripValues,
} from './plan.ts';
import {
  archiveScheduledTrips,
  archiveTrips,
  driverVehicle,
  findTrip,
  futureScheduledTrips,
  insertTrips,
  loadTrips,
  pageTripIds,
  pageTripIdsExact,
  replaceTripStops,
  stopAndTaskIds,
  tripIdsWhere,
  updateTrip,
  type TTripDetails,
  type TTripFilter,
} from './queries.ts';
import { buildTripReport } from './report.ts';
import { taskPhotoUrl, type TPhotoKind } from './execution.ts';

/*
 * Trips (spec 001 §7 "Trips"): the module's door. Routes, the scheduled-trips module (and its
 * materialiser) and the demo seed call these functions only; every write announces itself with a
 * `trip.*` event once committed.
 */

export { planRefs };
// Running a trip: the driver app's transitions, the trip follower of positions, the task photos.
export {
  actionTime,
  arriveAtStop,
  completeTask,
  departFromStop,
  driverTrip,
  driverTripsBetween,
  endTrip,
  followPositions,
  metersBetween,
  skipStop,
  startTrip,
  taskPhotoFile,
  taskPhotoUrl,
} from './execution.ts';
export type { TCompleteTask, TFix, TPhotoKind, TTaskPhotoUpload } from './execution.ts';
// The export: the range's trips in keyset chunks (direct and background exports).
export { checkDirectTripExport, countTripsForExport, TRIP_EXPORT_CHUNK, tripExportChunks } from './export.ts';
export type { TNewTrip, TParsedStop, TStopPlan, TTripHeader, TTripToInsert, TTripValues };
export type { TTaskPlan, TTripStop } from './plan.ts';

/** Rows a list may hold at most (the direct export's limit: a month of a large fleet fits). */
const EXPORT_LIMIT = DIRECT_EXPORT_LIMIT;
const PICKER_LIMIT = 50;

const utc = (d: Date | null) => (d ? toUtcString(d) : null);
const notFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);

// ---------- What a trip points at ----------

/**
 * Turns the dialog's stops into stored stops: a saved destination must be one of the tenant's
 * live destinations and fills the coordinates the stop leaves out; typed names and coordinates
 * (a student's bus stop) are kept as given. A stop's student must be one of the tenant's students
 * (live, or archived since the stop was planned); the names the stop leaves out are the student's.
 */
export async function resolveStops(ctx: TTenantContext, stops: TParsedStop[]): Promise<TStopPlan[]> {
  const ids = [...new Set(stops.flatMap((s) => (s.destination_id ? [s.destination_id] : [])))];
  const studentIds = [...new Set(stops.flatMap((s) => (s.student_id ? [s.student_id] : [])))];
  const [places, pupils] = await Promise.all([findDestinations(ctx, ids), findStudents(ctx, studentIds)]);
  const known = new Map(places.map((d) => [d.id, d]));
  return stops.map((s) => {
    const saved = s.destination_id ? known.get(s.destination_id) : undefined;
    if (s.destination_id && !saved) throw new AppError('BAD_REQUEST', MESSAGES.trips.destinationUnknown);
    const pupil = s.student_id ? pupils.get(s.student_id) : undefined;
    if (s.student_id && !pupil) throw new AppError('BAD_REQUEST', MESSAGES.trips.studentUnknown);
    const plan = stopPlanOf(s, saved);
    return pupil
      ? {
          ...plan,
          studentFname: plan.studentFname ?? pupil.fname,
          studentLname: plan.studentLname ?? pupil.lname,
        }
      : plan;
  });
}

/**
 * Checks what a trip or a schedule points at — the driver (live, of this tenant: archived drivers
 * cannot get new trips), the origin, the type and every saved destination — and answers the stops
 * to store.
 */
export async function resolveTripHeader(ctx: TTenantContext, input: TTripHeader): Promise<TStopPlan[]> {
  const [driver, warehouse, type] = await Promise.all([
    findDriver(ctx, input.driver_id),
    findOrigin(ctx, input.warehouse_id),
    findTripType(ctx, input.type),
  ]);
  if (!driver) throw new AppError('BAD_REQUEST', MESSAGES.trips.driverUnavailable);
  if (!warehouse) throw new AppError('BAD_REQUEST', MESSAGES.trips.originUnknown);
  if (!type) throw new AppError('BAD_REQUEST', MESSAGES.trips.typeUnknown);
  return resolveStops(ctx, input.destinations);
}

// ---------- Reading trips ----------

/** The addresses of a task's proof photos of one kind (signed-in GETs). */
const photoUrls = (task: { id: number; photos: { id: number; kind: string }[] }, kind: TPhotoKind) =>
  task.photos.filter((p) => p.kind === kind).map((p) => taskPhotoUrl(task.id, p.id));

/** The pictures of the trips' fines and accidents, by record id. */
interface TIncidentPictures {
  fines: Map<number, TPicture[]>;
  accidents: Map<number, TPicture[]>;
}

/** A trip as the API answers it. */
function toTripRow(t: TTripDetails, pictures: TIncidentPictures): TTripRow {
  const { trip } = t;
  const planned = plannedStops(
    trip.startDate,
    t.stops.map((s) => ({ driving_time: s.drivingTime, staying_time: s.stayingTime })),
  ).stops;
  return {
    id: trip.id,
    ...planRefs(trip, t),
    start_date: utc(trip.startDate),
    started_date: utc(trip.startedDate),
    ended_date: utc(trip.endedDate),
    created_date: toUtcString(trip.createdDate),
    note: trip.note,
    departure_time_range: trip.departureTimeRange,
    expected_length: expectedLength(t.stops),
    flag: trip.flag,
    active_trip_destination_id: trip.activeTripDestinationId,
    status: tripStatusOf(trip.startDate, trip.startedDate),
    lat: t.warehouse?.id ? t.warehouse.lat : null,
    lon: t.warehouse?.id ? t.warehouse.lon : null,
    schedule_id: trip.scheduleId,
    destinations: t.stops.map((s, i) => ({
      ...stopRow(s),
      tasks: s.tasks.map((task) => ({
        ...taskRow(task),
        manager_approval_status: task.managerApprovalStatus,
        client_approval_images: photoUrls(task, 'client'),
        manager_approval_images: photoUrls(task, 'manager'),
        completed_date: utc(task.completedDate),
      })),
      expected_arrival_date: utc(planned[i]?.arrival ?? null),
      expected_departure_date: utc(planned[i]?.departure ?? null),
      arrived_date: utc(s.arrivedDate),
      departed_date: utc(s.departedDate),
      skipped_date: utc(s.skippedDate),
      skip_reason: s.skipReason,
    })),
    fines: t.fines.map((f) => ({
      id: f.id,
      amount: Number(f.amount),
      description: f.description,
      issued_date: toUtcString(f.issuedDate),
      creation_date: toUtcString(f.creationDate),
      status: f.status,
      pictures: pictures.fines.get(f.id) ?? [],
    })),
    accidents: t.accidents.map((a) => ({
      id: a.id,
      location: a.location,
      description: a.description,
      created_date: toUtcString(a.createdDate),
      images: pictures.accidents.get(a.id) ?? [],
    })),
  };
}

/** The API rows of these trips, in the order of the ids; their incidents' pictures read once for all. */
export async function tripRows(ctx: TTenantContext, ids: number[]): Promise<TTripRow[]> {
  return (await loadedTripRows(ctx, ids)).map((t) => t.row);
}

/** The API rows of these trips with whether each was cancelled. */
async function loadedTripRows(ctx: TTenantContext, ids: number[]) {
  const trips = await loadTrips(ctx.db, ctx.tenantId, ids);
  const [fines, accidents] = await Promise.all([
    picturesOf(
      ctx,
      'fines',
      trips.flatMap((t) => t.fines.map((f) => f.id)),
    ),
    picturesOf(
      ctx,
      'accidents',
      trips.flatMap((t) => t.accidents.map((a) => a.id)),
    ),
  ]);
  return trips.map((t) => ({ row: toTripRow(t, { fines, accidents }), cancelled: t.trip.cancelled }));
}

/** The trips date filter: both bounds given or defaulted (first of the month to tomorrow). */
export function tripRange(fdate: string | undefined, tdate: string | undefined) {
  const fallback = defaultTripRange();
  const from = rangeStart(fdate ?? fallback.fdate);
  const to = rangeEnd(tdate ?? fallback.tdate);
  if (to <= from) throw new AppError('BAD_REQUEST', MESSAGES.trips.rangeInvalid);
  return { from, to };
}

export interface TTripRangeFilter {
  fdate?: string | undefined;
  tdate?: string | undefined;
  /** Driver name, origin or type. */
  search?: string | undefined;
}

/** The name trips-list cursors carry, so no other list's cursor is taken for one. */
const TRIPS_LIST = 'trips';

/**
 * One page of the trips planned in [fdate, tdate], newest planned first (then newest id), and how
 * many match. The page is the `page`th by counting rows, or, with a `cursor` of an earlier answer,
 * the one after (before) that answer's rows by their place in the order: a page of a cursor costs
 * what the first page costs however deep it is. The answer carries the cursors of its neighbours.
 */
export async function tripsPage(
  ctx: TTenantContext,
  filter: TTripRangeFilter,
  { page, pageSize, cursor }: { page: number; pageSize: number; cursor?: string | undefined },
): Promise<TTripPage> {
  const range = tripRange(filter.fdate, filter.tdate);
  const at = cursor === undefined ? undefined : decodeCursor(TRIPS_LIST, ctx.tenantId, cursor);
  const firstRow = (page - 1) * pageSize;
  const found = await pageTripIds(
    ctx.db,
    ctx.tenantId,
    { ...range, search: filter.search || undefined },
    { limit: pageSize, offset: firstRow, cursor: at, firstRow },
  );
  const cursorOf = (dir: 'after' | 'before', key: TListKey | null) =>
    key ? encodeCursor(TRIPS_LIST, ctx.tenantId, { dir, key }) : null;
  return {
    trips: await tripRows(ctx, found.ids),
    pagination: {
      page,
      page_size: pageSize,
      total_items: found.total,
      total_exact: found.exact,
      next_cursor: cursorOf('after', found.next),
      prev_cursor: cursorOf('before', found.prev),
    },
  };
}

/** One live trip with its stops, tasks, fines and accidents, or 404. */
export async function tripDetails(ctx: TTenantContext, id: number): Promise<TTripRow> {
  if (!(await findTrip(ctx.db, ctx.tenantId, id))) throw notFound();
  const [row] = await tripRows(ctx, [id]);
  return row!;
}

/** A live driver's trips, newest first (the fine dialog's trip search); 404 for an unknown driver. */
export async function tripsOfDriver(
  ctx: TTenantContext,
  driverId: number,
  { search, limit }: { search?: string | undefined; limit?: number | undefined } = {},
): Promise<TTripRow[]> {
  if (!(await findDriver(ctx, driverId))) throw notFound();
  const ids = await tripIdsWhere(
    ctx.db,
    ctx.tenantId,
    { driverId, search: search || undefined },
    limit ?? PICKER_LIMIT,
  );
  return tripRows(ctx, ids);
}

/** The day's trips (a UTC day or date-time, today when left out); `search` matches driver, origin or type. */
export async function tripsOfDay(
  ctx: TTenantContext,
  { date, search }: { date?: string | undefined; search?: string | undefined } = {},
): Promise<TTripRow[]> {
  const day = (date ?? new Date().toISOString().slice(0, 10)).slice(0, 10);
  const ids = await tripIdsWhere(
    ctx.db,
    ctx.tenantId,
    { from: rangeStart(day), to: rangeEnd(day), search: search || undefined },
    EXPORT_LIMIT,
  );
  return tripRows(ctx, ids);
}

/**
 * A driver's trips planned (or, unplanned, created) from the day `from` to the day `to`, both
 * included (today when left out), days on the tenant's clock as every report reads them (decision 0028), newest first: the driver details tab. The driver must be the
 * tenant's, archived or not (its history still shows); 404 otherwise. With `paging`, one page of
 * them and how many there are; without, the newest DRIVER_TRIPS_UNPAGED_LIMIT (a normal history).
 */
export async function driverTrips(
  ctx: TTenantContext,
  driverId: number,
  from: string,
  to?: string,
  paging?: { page: number; pageSize: number },
): Promise<{ trips: TDriverTrip[]; total: number | undefined }> {
  await driverOf(ctx, driverId);
  const { timeZone } = await tenantProfile(ctx);
  const dayStart = (day: string) => DateTime.fromISO(day, { zone: timeZone }).startOf('day');
  const last = to ?? DateTime.now().setZone(timeZone).toISODate()!;
  const filter: TTripFilter = {
    driverId,
    from: dayStart(from).toJSDate(),
    to: dayStart(last).plus({ days: 1 }).toJSDate(),
  };
  const { ids, total } = paging
    ? await pageTripIdsExact(ctx.db, ctx.tenantId, filter, {
        limit: paging.pageSize,
        offset: (paging.page - 1) * paging.pageSize,
      })
    : { ids: await tripIdsWhere(ctx.db, ctx.tenantId, filter, DRIVER_TRIPS_UNPAGED_LIMIT), total: undefined };
  const rows = await loadedTripRows(ctx, ids);
  const trips = rows.map(({ row: t, cancelled }) => ({
    id: t.id,
    start_date: t.start_date,
    started_date: t.started_date,
    ended_date: t.ended_date,
    created_date: t.created_date,
    // The details tab's status: 3 Cancelled, 2 Completed, 1 In Progress, 0 Not Started.
    status: cancelled ? 3 : t.ended_date ? 2 : t.started_date ? 1 : 0,
    note: t.note,
    warehouse: t.warehouse ? { title: t.warehouse.title } : null,
    type0: t.type ? { title: t.type.title } : null,
    driver: t.driver,
    flag: t.flag,
    fines: t.fines,
    accidents: t.accidents,
    destinations: t.destinations,
  }));
  return { trips, total };
}

// ---------- Export ----------

const driverName = (t: TTripRow) => (t.driver ? `${t.driver.fname} ${t.driver.lname}` : 'N/A');

/** The columns of `Trips.xlsx`. */
export const TRIP_EXPORT_COLUMNS: XlsxColumn<TTripRow>[] = [
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

/** Every trip of the export: those the list shows for the same range and search, up to EXPORT_LIMIT. */
export async function tripsForExport(ctx: TTenantContext, filter: TTripRangeFilter): Promise<TTripRow[]> {
  const range = tripRange(filter.fdate, filter.tdate);
  return tripRows(
    ctx,
    await tripIdsWhere(ctx.db, ctx.tenantId, { ...range, search: filter.search }, EXPORT_LIMIT),
  );
}

// ---------- The report ----------

/** A trip whose report may be made: it must have ended (409 with the spec's report failure otherwise). */
export async function endedTrip(ctx: TTenantContext, id: number): Promise<TTripRow> {
  const trip = await tripDetails(ctx, id);
  if (!trip.ended_date) {
    throw new AppError('CONFLICT', MESSAGES.tripReport.failed(MESSAGES.tripReport.notEnded));
  }
  return trip;
}

/** The PDF of an ended trip, in the tenant's time zone and terms, naming the driver's vehicle. */
export async function tripReportPdf(ctx: TTenantContext, id: number): Promise<Buffer> {
  const trip = await endedTrip(ctx, id);
  const [profile, vehicle] = await Promise.all([
    tenantProfile(ctx),
    trip.driver_id ? driverVehicle(ctx.db, ctx.tenantId, trip.driver_id) : undefined,
  ]);
  return buildTripReport({
    trip,
    terms: profile.terms,
    tenantName: profile.name,
    namat: profile.type === NAMAT_TYPE,
    timeZone: profile.timeZone,
    vehicle: vehicle ?? null,
  });
}

// ---------- Writing trips ----------

/** The tenant's word for a trip, for the answers' messages. */
export const tripTerm = async (ctx: TTenantContext): Promise<string> => (await tenantProfile(ctx)).terms.trip;

/** Adds a trip (also how the console clones one) and answers it. */
export async function addTrip(ctx: TTenantContext, input: TTripValues): Promise<TTripRow> {
  const stops = await resolveTripHeader(ctx, input);
  // Ids a clone carries over from the trip it copies belong to that trip: a new trip starts fresh.
  const fresh = stops.map((s) => ({ ...s, id: null, tasks: s.tasks.map((t) => ({ ...t, id: null })) }));
  const id = await inTransaction(ctx, async (tx) => {
    const [created] = await insertTrips(tx.db, tx.tenantId, [{ trip: tripColumns(input), stops: fresh }]);
    emit(tx, 'trip.created', [created!]);
    return created!;
  });
  return tripDetails(ctx, id);
}

/** Updates a live trip: stops and tasks named by id keep their history (arrival times, approvals). */
export async function saveTrip(ctx: TTenantContext, input: TTripValues & { id: number }): Promise<TTripRow> {
  if (!(await findTrip(ctx.db, ctx.tenantId, input.id))) throw notFound();
  const stops = await resolveTripHeader(ctx, input);
  const current = await stopAndTaskIds(ctx.db, ctx.tenantId, input.id);
  for (const stop of stops) {
    if (stop.id && !current.stopIds.includes(stop.id)) {
      throw new AppError('BAD_REQUEST', MESSAGES.trips.stopUnknown);
    }
    for (const task of stop.tasks) {
      if (task.id && !current.tasks.some((t) => t.id === task.id && t.stopId === stop.id)) {
        throw new AppError('BAD_REQUEST', MESSAGES.trips.taskUnknown);
      }
    }
  }
  await inTransaction(ctx, async (tx) => {
    await updateTrip(tx.db, tx.tenantId, input.id, tripColumns(input));
    await replaceTripStops(tx.db, tx.tenantId, input.id, stops);
    emit(tx, 'trip.updated', [input.id]);
  });
  return tripDetails(ctx, input.id);
}

/** Deletes (archives) a live trip; 404 when there is none. */
export async function archiveTrip(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [archived] = await archiveTrips(tx.db, tx.tenantId, [id]);
    if (!archived) throw notFound();
    emit(tx, 'trip.archived', [archived]);
  });
}

/**
 * Plans several trips at once, each with the time it was planned (`createdDate`): the demo seed's
 * plans of the last 30 days, which the fleet simulator then runs through the driver API. Plans
 * only: a trip's actual start, stop times and approvals come from running it. Answers the new ids.
 */
export async function planTrips(ctx: TTenantContext, items: TTripToInsert[]): Promise<number[]> {
  const plans = items.map(({ trip, stops }) => ({
    trip: { ...trip, startedDate: null, endedDate: null, flag: 0 },
    stops: stops.map((s) => ({ ...s, arrivedDate: null, departedDate: null })),
  }));
  return inTransaction(ctx, async (tx) => {
    const ids = await insertTrips(tx.db, tx.tenantId, plans);
    emit(tx, 'trip.created', ids);
    return ids;
  });
}

// ---------- The trips of a schedule (the materialiser) ----------

/** A trip made for one occurrence of a schedule. */
export interface TScheduledTrip extends TTripToInsert {
  trip: TNewTrip & { scheduleId: number; occurrenceStart: Date };
}

/** The schedule's live trips planned from `now` on, with whether each has started. */
export const scheduledTripsFrom = (ctx: TTenantContext, scheduleId: number, now: Date) =>
  futureScheduledTrips(ctx.db, ctx.tenantId, scheduleId, now);

/**
 * Makes the trips of these occurrences. An occurrence that already has its trip (another run got
 * there first) is left out by the database's unique key, so each is made once; answers the new ids.
 */
export async function createScheduledTrips(ctx: TTenantContext, items: TScheduledTrip[]): Promise<number[]> {
  if (!items.length) return [];
  return inTransaction(ctx, async (tx) => {
    const ids = await insertTrips(tx.db, tx.tenantId, items, { skipExisting: true });
    emit(tx, 'trip.created', ids);
    return ids;
  });
}

/** Gives trips not yet started their schedule's new values and stops. */
export async function rewriteScheduledTrips(
  ctx: TTenantContext,
  items: { id: number; trip: TNewTrip; stops: TStopPlan[] }[],
): Promise<void> {
  if (!items.length) return;
  await inTransaction(ctx, async (tx) => {
    for (const item of items) {
      await updateTrip(tx.db, tx.tenantId, item.id, item.trip);
      await replaceTripStops(tx.db, tx.tenantId, item.id, item.stops);
    }
    emit(
      tx,
      'trip.updated',
      items.map((i) => i.id),
    );
  });
}

/** Archives trips of a schedule no longer due, freeing their occurrence for a later edit. */
export async function releaseScheduledTrips(ctx: TTenantContext, ids: number[]): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    emit(tx, 'trip.archived', await archiveScheduledTrips(tx.db, tx.tenantId, ids));
  });
}
