import { fileTypeFromBuffer } from 'file-type';
import { DateTime } from 'luxon';
import {
  DRIVER_TRIPS_AHEAD_DAYS,
  DRIVER_TRIPS_MAX_DAYS,
  MESSAGES,
  parseUtcDateTime,
  plannedStops,
  TASK_PHOTO_MAX_BYTES,
  TASK_PHOTO_TYPES,
  TASK_PHOTOS_MAX,
  toUtcString,
  type TDriverAppStop,
  type TDriverAppTask,
  type TDriverAppTrip,
} from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { assertPictureSize } from '../../platform/pictures.ts';
import { newStorageKey, type Storage } from '../../platform/storage.ts';
import { tenantProfile } from '../settings/service.ts';
import { guardianChildren } from '../students/service.ts';
import {
  completeTaskRow,
  driverRun,
  driverTask,
  driverTripIds,
  findTaskPhoto,
  fixesBefore,
  followedTripId,
  insertTaskPhotos,
  missOpenTasks,
  otherTripInProgress,
  setStopRun,
  setTripRun,
  tripOfStop,
  type TDriverTaskRow,
  type TRun,
  type TRunStop,
} from './execution-queries.ts';
import { loadTrips, type TTripDetails } from './queries.ts';

/*
 * Running a trip (spec 000 §3–§4, 002 §4): the driver starts it, arrives at and departs from each
 * stop (or skips one, with a reason), completes the tasks there with a note and proof photos, and
 * ends it. The same transitions are recorded from positions for drivers whose tracker cannot press
 * buttons (`followPositions`). Each checks the trip's state, writes in one transaction with the
 * trip's row locked, and announces itself once committed: `trip.updated`, `stop.updated`,
 * `task.completed`, `approval.updated`.
 *
 * Rules where the spec is silent, as a fleet operator expects them:
 * - a driver runs one trip at a time; a trip is started once, and nothing moves on an ended,
 *   cancelled or archived trip (archived ones, and other drivers' trips, answer as missing);
 * - stops may be visited out of order (the driver knows the road), one at a time: arriving
 *   elsewhere needs a departure first; the active stop is the one the driver is at, else the next
 *   open stop after the last one left (wrapping to earlier open ones);
 * - a task is completed at its stop: once the driver has arrived there, and no later than the
 *   departure (an app replaying its queue may send a completion timed before a departure already
 *   recorded from positions); never for a skipped stop;
 * - a trip ends only when every stop was departed from or skipped; its tasks not completed then
 *   become missed orders, as do the tasks of a skipped stop at once;
 * - an action may carry the time it was done (an offline queue), never in the future and never
 *   before the step it follows.
 */

export type TPhotoKind = 'client' | 'manager';

/** Where a task's photo is served, to the trip's driver and the tenant's admins. */
export const taskPhotoUrl = (taskId: number, photoId: number) => `/api/v1/tasks/${taskId}/photos/${photoId}`;

const utc = (d: Date | null) => (d ? toUtcString(d) : null);
const notFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);

/** The tenant's words for a trip and a stop, in lower case, for the refusals' messages. */
async function words(ctx: TTenantContext): Promise<{ trip: string; stop: string }> {
  const { terms } = await tenantProfile(ctx);
  return { trip: terms.trip.toLowerCase(), stop: terms.destination.toLowerCase() };
}
type TWords = Awaited<ReturnType<typeof words>>;

/** A refusal worded with the tenant's terms. */
async function refusal(
  ctx: TTenantContext,
  code: 'CONFLICT' | 'BAD_REQUEST',
  message: (w: TWords) => string,
): Promise<AppError> {
  const text = message(await words(ctx));
  return code === 'BAD_REQUEST' ? AppError.field('at', text) : new AppError(code, text);
}

/** The driver acting: only drivers run trips through the app's calls. */
function actingDriver(ctx: TTenantContext): number {
  if (ctx.actor.kind !== 'driver') throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  return ctx.actor.id;
}

// Phones' clocks run a little ahead at times; more than this is a wrong time, not a skew.
const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * When an action was done: the time the app sends (an offline queue), else now; never in the
 * future (400 on `at`). The driver app's rule for every action it sends, its reports included.
 */
export function actionTime(at: string | undefined): Date {
  const now = Date.now();
  if (!at) return new Date(now);
  const time = parseUtcDateTime(at);
  if (!time) throw AppError.field('at', MESSAGES.trips.dateInvalid);
  if (time.getTime() > now + CLOCK_SKEW_MS) throw AppError.field('at', MESSAGES.driverApp.timeInFuture);
  return time;
}

// ---------- Stops ----------

const isClosed = (s: TRunStop) => s.departedDate !== null || s.skippedDate !== null;
/** The stop the driver is at: arrived at, not yet left. */
const stopHere = (stops: TRunStop[]) => stops.find((s) => s.arrivedDate !== null && !isClosed(s));

/** The next open stop after `position`, else the first open one; null when every stop is closed. */
function nextActiveStop(stops: TRunStop[], position: number): number | null {
  const open = stops.filter((s) => !isClosed(s));
  return (open.find((s) => s.position > position) ?? open[0])?.id ?? null;
}

const stopLabel = (stop: TRunStop, w: TWords) => stop.name ?? `this ${w.stop}`;

// ---------- The transitions (for a driver given by id: the app's or a tracker's) ----------

/** The driver's live trip, its row locked for the transaction; 404 for anyone else's. */
async function lockedRun(tx: TTenantContext, driverId: number, tripId: number): Promise<TRun> {
  const run = await driverRun(tx.db, tx.tenantId, driverId, tripId, { lock: true });
  if (!run) throw notFound();
  return run;
}

/** A trip that is running: started, not ended, not cancelled. */
async function assertRunning(tx: TTenantContext, run: TRun): Promise<void> {
  const { trip } = run;
  if (trip.cancelled) throw await refusal(tx, 'CONFLICT', (w) => MESSAGES.driverApp.tripCancelled(w.trip));
  if (trip.endedDate) throw await refusal(tx, 'CONFLICT', (w) => MESSAGES.driverApp.tripEnded(w.trip));
  if (!trip.startedDate)
    throw await refusal(tx, 'CONFLICT', (w) => MESSAGES.driverApp.tripNotStarted(w.trip));
}

async function assertNotBefore(
  tx: TTenantContext,
  at: Date,
  after: Date | null,
  what: (w: TWords) => string,
) {
  if (after && at.getTime() < after.getTime()) {
    throw await refusal(tx, 'BAD_REQUEST', (w) => MESSAGES.driverApp.timeTooEarly(what(w)));
  }
}

async function runStart(ctx: TTenantContext, driverId: number, tripId: number, at: Date): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const run = await lockedRun(tx, driverId, tripId);
    const { trip } = run;
    if (trip.cancelled) throw await refusal(tx, 'CONFLICT', (w) => MESSAGES.driverApp.tripCancelled(w.trip));
    if (trip.endedDate) throw await refusal(tx, 'CONFLICT', (w) => MESSAGES.driverApp.tripEnded(w.trip));
    if (trip.startedDate)
      throw await refusal(tx, 'CONFLICT', (w) => MESSAGES.driverApp.tripAlreadyStarted(w.trip));
    if (await otherTripInProgress(tx.db, tx.tenantId, driverId, tripId)) {
      throw await refusal(tx, 'CONFLICT', (w) => MESSAGES.driverApp.otherTripInProgress(w.trip));
    }
    await setTripRun(tx.db, tx.tenantId, tripId, {
      startedDate: at,
      flag: 1,
      activeTripDestinationId: nextActiveStop(run.stops, -1),
    });
    emit(tx, 'trip.updated', [tripId]);
  });
}

/** The stop of the driver's live trip, with the trip locked; 404 for anyone else's. */
async function lockedStop(tx: TTenantContext, driverId: number, tripId: number, stopId: number) {
  const run = await lockedRun(tx, driverId, tripId);
  const stop = run.stops.find((s) => s.id === stopId);
  if (!stop) throw notFound();
  await assertRunning(tx, run);
  return { run, stop };
}

async function tripIdOfStop(ctx: TTenantContext, driverId: number, stopId: number): Promise<number> {
  const tripId = await tripOfStop(ctx.db, ctx.tenantId, driverId, stopId);
  if (!tripId) throw notFound();
  return tripId;
}

async function runArrive(ctx: TTenantContext, driverId: number, stopId: number, at: Date): Promise<number> {
  const tripId = await tripIdOfStop(ctx, driverId, stopId);
  await inTransaction(ctx, async (tx) => {
    const { run, stop } = await lockedStop(tx, driverId, tripId, stopId);
    const m = MESSAGES.driverApp;
    if (stop.skippedDate) throw await refusal(tx, 'CONFLICT', (w) => m.stopSkipped(w.stop));
    if (stop.arrivedDate) throw await refusal(tx, 'CONFLICT', (w) => m.stopAlreadyArrived(w.stop));
    const here = stopHere(run.stops);
    if (here) throw await refusal(tx, 'CONFLICT', (w) => m.atAnotherStop(stopLabel(here, w)));
    await assertNotBefore(tx, at, run.trip.startedDate, (w) => `the ${w.trip} started`);
    await setStopRun(tx.db, tx.tenantId, stopId, { arrivedDate: at });
    emit(tx, 'stop.updated', [stopId]);
    if (run.trip.activeTripDestinationId !== stopId) {
      await setTripRun(tx.db, tx.tenantId, tripId, { activeTripDestinationId: stopId });
      emit(tx, 'trip.updated', [tripId]);
    }
  });
  return tripId;
}

async function runDepart(ctx: TTenantContext, driverId: number, stopId: number, at: Date): Promise<number> {
  const tripId = await tripIdOfStop(ctx, driverId, stopId);
  await inTransaction(ctx, async (tx) => {
    const { run, stop } = await lockedStop(tx, driverId, tripId, stopId);
    const m = MESSAGES.driverApp;
    if (stop.skippedDate) throw await refusal(tx, 'CONFLICT', (w) => m.stopSkipped(w.stop));
    if (!stop.arrivedDate) throw await refusal(tx, 'CONFLICT', (w) => m.stopNotArrived(w.stop));
    if (stop.departedDate) throw await refusal(tx, 'CONFLICT', (w) => m.stopAlreadyDeparted(w.stop));
    await assertNotBefore(tx, at, stop.arrivedDate, (w) => `the arrival at this ${w.stop}`);
    await setStopRun(tx.db, tx.tenantId, stopId, { departedDate: at });
    const stops = run.stops.map((s) => (s.id === stopId ? { ...s, departedDate: at } : s));
    await setTripRun(tx.db, tx.tenantId, tripId, {
      activeTripDestinationId: nextActiveStop(stops, stop.position),
    });
    emit(tx, 'stop.updated', [stopId]);
    emit(tx, 'trip.updated', [tripId]);
  });
  return tripId;
}

async function runSkip(
  ctx: TTenantContext,
  driverId: number,
  stopId: number,
  reason: string,
  at: Date,
): Promise<number> {
  const tripId = await tripIdOfStop(ctx, driverId, stopId);
  await inTransaction(ctx, async (tx) => {
    const { run, stop } = await lockedStop(tx, driverId, tripId, stopId);
    const m = MESSAGES.driverApp;
    if (stop.skippedDate) throw await refusal(tx, 'CONFLICT', (w) => m.stopSkipped(w.stop));
    if (stop.departedDate) throw await refusal(tx, 'CONFLICT', (w) => m.stopAlreadyDeparted(w.stop));
    if (stop.arrivedDate) throw await refusal(tx, 'CONFLICT', (w) => m.skipWhileThere(w.stop));
    await assertNotBefore(tx, at, run.trip.startedDate, (w) => `the ${w.trip} started`);
    await setStopRun(tx.db, tx.tenantId, stopId, { skippedDate: at, skipReason: reason });
    await missOpenTasks(tx.db, tx.tenantId, [stopId]);
    const stops = run.stops.map((s) => (s.id === stopId ? { ...s, skippedDate: at } : s));
    await setTripRun(tx.db, tx.tenantId, tripId, {
      activeTripDestinationId: nextActiveStop(stops, stop.position),
    });
    emit(tx, 'stop.updated', [stopId]);
    emit(tx, 'trip.updated', [tripId]);
  });
  return tripId;
}

async function runEnd(ctx: TTenantContext, driverId: number, tripId: number, at: Date): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const run = await lockedRun(tx, driverId, tripId);
    await assertRunning(tx, run);
    const open = run.stops.find((s) => !isClosed(s));
    if (open) {
      throw await refusal(tx, 'CONFLICT', (w) =>
        MESSAGES.driverApp.stopsStillOpen(w.trip, stopLabel(open, w)),
      );
    }
    const lastLeft = run.stops
      .map((s) => s.departedDate ?? s.skippedDate)
      .reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), run.trip.startedDate);
    await assertNotBefore(tx, at, lastLeft, (w) => `the last ${w.stop} was left`);
    await setTripRun(tx.db, tx.tenantId, tripId, { endedDate: at, activeTripDestinationId: null });
    await missOpenTasks(
      tx.db,
      tx.tenantId,
      run.stops.map((s) => s.id),
    );
    emit(tx, 'trip.updated', [tripId]);
  });
}

// ---------- The driver app's calls (the actor is the signed-in driver) ----------

export async function startTrip(ctx: TTenantContext, tripId: number, at?: string): Promise<TDriverAppTrip> {
  await runStart(ctx, actingDriver(ctx), tripId, actionTime(at));
  return driverTrip(ctx, tripId);
}

export async function arriveAtStop(
  ctx: TTenantContext,
  stopId: number,
  at?: string,
): Promise<TDriverAppTrip> {
  return driverTrip(ctx, await runArrive(ctx, actingDriver(ctx), stopId, actionTime(at)));
}

export async function departFromStop(
  ctx: TTenantContext,
  stopId: number,
  at?: string,
): Promise<TDriverAppTrip> {
  return driverTrip(ctx, await runDepart(ctx, actingDriver(ctx), stopId, actionTime(at)));
}

export async function skipStop(
  ctx: TTenantContext,
  stopId: number,
  reason: string,
  at?: string,
): Promise<TDriverAppTrip> {
  return driverTrip(ctx, await runSkip(ctx, actingDriver(ctx), stopId, reason, actionTime(at)));
}

export async function endTrip(ctx: TTenantContext, tripId: number, at?: string): Promise<TDriverAppTrip> {
  await runEnd(ctx, actingDriver(ctx), tripId, actionTime(at));
  return driverTrip(ctx, tripId);
}

// ---------- Completing a task ----------

/** A photo as the app uploaded it, under the form field it came in. */
export interface TTaskPhotoUpload {
  field: 'photos' | 'client_photos' | 'manager_photos';
  data: Uint8Array;
}

export interface TCompleteTask {
  note?: string | undefined;
  at?: string | undefined;
  photos: TTaskPhotoUpload[];
}

/** The kind of proof a photo is, from its field and what the task asks; 400 when it fits nothing. */
function photoKind(field: TTaskPhotoUpload['field'], task: TDriverTaskRow): TPhotoKind {
  const m = MESSAGES.driverApp;
  const kind: TPhotoKind | null =
    field === 'client_photos'
      ? 'client'
      : field === 'manager_photos'
        ? 'manager'
        : task.clientApproval && task.managerApproval
          ? null
          : task.managerApproval
            ? 'manager'
            : 'client';
  if (!kind) throw AppError.field(field, m.photoKindAmbiguous);
  if (kind === 'client' ? !task.clientApproval : !task.managerApproval) {
    throw AppError.field(field, m.photoKindNotAsked(kind));
  }
  return kind;
}

/** Each photo's kind and type, recognised by its content; 400 for anything else or too much. */
async function checkedPhotos(task: TDriverTaskRow, uploads: TTaskPhotoUpload[]) {
  const m = MESSAGES.driverApp;
  if (uploads.length > TASK_PHOTOS_MAX) throw AppError.field('photos', m.tooManyPhotos(TASK_PHOTOS_MAX));
  const photos = [];
  for (const upload of uploads) {
    if (upload.data.byteLength > TASK_PHOTO_MAX_BYTES) {
      throw AppError.field(upload.field, m.photoTooLarge(TASK_PHOTO_MAX_BYTES / 1024 / 1024));
    }
    const kind = photoKind(upload.field, task);
    const type = await fileTypeFromBuffer(upload.data);
    const mime = type?.mime as string | undefined;
    if (!mime || !(TASK_PHOTO_TYPES as readonly string[]).includes(mime)) {
      throw AppError.field(upload.field, m.photoNotImage);
    }
    assertPictureSize(upload.field, upload.data);
    photos.push({ kind, contentType: mime, data: upload.data });
  }
  if (task.clientApproval && !photos.some((p) => p.kind === 'client')) {
    throw AppError.field('client_photos', m.clientProofRequired);
  }
  if (task.managerApproval && !photos.some((p) => p.kind === 'manager')) {
    throw AppError.field('manager_photos', m.managerProofRequired);
  }
  return photos;
}

/** A task that may be completed now: its trip running, its stop reached and not left before `at`. */
async function assertCompletable(tx: TTenantContext, run: TRun, task: TDriverTaskRow, at: Date) {
  await assertRunning(tx, run);
  const stop = run.stops.find((s) => s.id === task.stopId);
  if (!stop) throw notFound();
  const m = MESSAGES.driverApp;
  if (task.completedDate) throw new AppError('CONFLICT', m.taskAlreadyCompleted);
  if (stop.skippedDate) throw await refusal(tx, 'CONFLICT', (w) => m.stopSkipped(w.stop));
  if (!stop.arrivedDate) throw await refusal(tx, 'CONFLICT', (w) => m.taskStopNotReached(w.stop));
  if (stop.departedDate && at.getTime() > stop.departedDate.getTime()) {
    throw await refusal(tx, 'CONFLICT', (w) => m.taskStopLeft(w.stop));
  }
}

/**
 * Completes a task at its stop with the driver's note and proof: the client's photos when it asks
 * for the client's approval, photos for the manager when it asks for a manager's (whose approval
 * then moves from awaiting_submission to pending). Photos are stored first under generated names
 * and removed again when the completion is refused. Answers the trip.
 */
export async function completeTask(
  ctx: TTenantContext,
  storage: Storage,
  taskId: number,
  input: TCompleteTask,
): Promise<TDriverAppTrip> {
  const driverId = actingDriver(ctx);
  const at = actionTime(input.at);
  const task = await driverTask(ctx.db, ctx.tenantId, driverId, taskId);
  if (!task) throw notFound();
  const before = await driverRun(ctx.db, ctx.tenantId, driverId, task.tripId);
  if (!before) throw notFound();
  await assertCompletable(ctx, before, task, at);
  const photos = await checkedPhotos(task, input.photos);

  const stored: { kind: TPhotoKind; storageKey: string; contentType: string; bytes: number }[] = [];
  try {
    for (const photo of photos) {
      const storageKey = newStorageKey('tasks', ctx.tenantId, [taskId], photo.contentType);
      // Listed before the write: a write that failed late (a lost answer) may still have left the file.
      stored.push({
        kind: photo.kind,
        storageKey,
        contentType: photo.contentType,
        bytes: photo.data.byteLength,
      });
      await storage.put(storageKey, photo.data, photo.contentType);
    }
    await inTransaction(ctx, async (tx) => {
      const run = await lockedRun(tx, driverId, task.tripId);
      await assertCompletable(tx, run, task, at);
      const submitsProof = task.managerApproval;
      const done = await completeTaskRow(tx.db, tx.tenantId, taskId, {
        completedDate: at,
        driverId,
        driverNote: input.note ?? null,
        submitsProof,
      });
      if (!done) throw new AppError('CONFLICT', MESSAGES.driverApp.taskAlreadyCompleted);
      await insertTaskPhotos(
        tx.db,
        tx.tenantId,
        stored.map((p) => ({ ...p, taskId, driverId })),
      );
      emit(tx, 'task.completed', [taskId]);
      if (
        submitsProof &&
        task.managerApprovalStatus !== 'accepted' &&
        task.managerApprovalStatus !== 'rejected'
      ) {
        emit(tx, 'approval.updated', [taskId]);
      }
    });
  } catch (error) {
    await Promise.allSettled(stored.map((p) => storage.delete(p.storageKey)));
    throw error;
  }
  return driverTrip(ctx, task.tripId);
}

// ---------- Reading the driver's trips ----------

type TLoadedTask = TTripDetails['stops'][number]['tasks'][number];

const ORDER = new Set(['pending', 'completed', 'missed']);
const APPROVAL = new Set(['awaiting_submission', 'pending', 'accepted', 'rejected']);

function toDriverAppTask(task: TLoadedTask): TDriverAppTask {
  return {
    id: task.id,
    description: task.description,
    order_id: task.orderId,
    priority: task.priority,
    note: task.note,
    client_approval: task.clientApproval,
    manager_approval: task.managerApproval,
    manager_approval_status: APPROVAL.has(task.managerApprovalStatus ?? '')
      ? (task.managerApprovalStatus as TDriverAppTask['manager_approval_status'])
      : null,
    status: ORDER.has(task.status) ? (task.status as TDriverAppTask['status']) : 'pending',
    completed_date: utc(task.completedDate),
    driver_note: task.driverNote,
    photos: task.photos.map((p) => ({
      id: p.id,
      kind: p.kind === 'manager' ? 'manager' : 'client',
      content_type: p.contentType,
      bytes: p.bytes,
      created_date: toUtcString(p.createdDate),
      url: taskPhotoUrl(task.id, p.id),
    })),
  };
}

function toDriverAppTrip({ trip, warehouse, type, stops }: TTripDetails): TDriverAppTrip {
  const planned = plannedStops(
    trip.startDate,
    stops.map((s) => ({ driving_time: s.drivingTime, staying_time: s.stayingTime })),
  ).stops;
  const state = trip.cancelled
    ? 'cancelled'
    : trip.endedDate
      ? 'ended'
      : trip.startedDate
        ? 'in_progress'
        : 'planned';
  return {
    id: trip.id,
    state,
    start_date: utc(trip.startDate),
    departure_time_range: trip.departureTimeRange,
    started_date: utc(trip.startedDate),
    ended_date: utc(trip.endedDate),
    flag: trip.flag,
    note: trip.note,
    origin: warehouse?.id
      ? { id: warehouse.id, title: warehouse.title, lat: warehouse.lat, lon: warehouse.lon }
      : null,
    type: type?.id ? { id: type.id, title: type.title } : null,
    active_trip_destination_id: trip.activeTripDestinationId,
    stops: stops.map((s, i): TDriverAppStop => ({
      id: s.id,
      position: s.position,
      name: s.destinationName,
      lat: s.destinationLat,
      lon: s.destinationLon,
      driving_time: s.drivingTime,
      staying_time: s.stayingTime,
      driving_time_range: s.drivingTimeRange,
      staying_time_range: s.stayingTimeRange,
      expected_arrival_date: utc(planned[i]?.arrival ?? null),
      expected_departure_date: utc(planned[i]?.departure ?? null),
      state: s.skippedDate ? 'skipped' : s.departedDate ? 'departed' : s.arrivedDate ? 'arrived' : 'pending',
      arrived_date: utc(s.arrivedDate),
      departed_date: utc(s.departedDate),
      skipped_date: utc(s.skippedDate),
      skip_reason: s.skipReason,
      student_fname: s.studentFname,
      student_lname: s.studentLname,
      tasks: s.tasks.map(toDriverAppTask),
    })),
  };
}

/** One of the signed-in driver's live trips with its stops and tasks; 404 for anyone else's. */
export async function driverTrip(ctx: TTenantContext, tripId: number): Promise<TDriverAppTrip> {
  const driverId = actingDriver(ctx);
  const [details] = await loadTrips(ctx.db, ctx.tenantId, [tripId]);
  if (!details || details.trip.archived || details.trip.driverId !== driverId) throw notFound();
  return toDriverAppTrip(details);
}

/**
 * The signed-in driver's trips planned on the days `from` to `to` of the tenant's time zone (both
 * included; today and the next 7 days when left out), and any trip of theirs still in progress.
 */
export async function driverTripsBetween(
  ctx: TTenantContext,
  { from, to }: { from?: string | undefined; to?: string | undefined } = {},
): Promise<TDriverAppTrip[]> {
  const driverId = actingDriver(ctx);
  const { timeZone } = await tenantProfile(ctx);
  const today = DateTime.now().setZone(timeZone).startOf('day');
  const first = from ? DateTime.fromISO(from, { zone: timeZone }) : today;
  const last = to ? DateTime.fromISO(to, { zone: timeZone }) : first.plus({ days: DRIVER_TRIPS_AHEAD_DAYS });
  if (last < first) throw AppError.field('to', MESSAGES.driverApp.rangeInvalid);
  if (last.diff(first, 'days').days >= DRIVER_TRIPS_MAX_DAYS) {
    throw AppError.field('to', MESSAGES.driverApp.rangeTooLong(DRIVER_TRIPS_MAX_DAYS));
  }
  const ids = await driverTripIds(
    ctx.db,
    ctx.tenantId,
    driverId,
    first.toJSDate(),
    last.plus({ days: 1 }).toJSDate(),
  );
  return (await loadTrips(ctx.db, ctx.tenantId, ids)).map(toDriverAppTrip);
}

// ---------- Task photos ----------

/**
 * A task's photo for the tenant's admin, or for the driver of the task's trip (a live trip); 404
 * for anyone else and for a file gone from storage.
 */
export async function taskPhotoFile(ctx: TTenantContext, storage: Storage, taskId: number, photoId: number) {
  const photo = await findTaskPhoto(ctx.db, ctx.tenantId, taskId, photoId);
  if (!photo) throw notFound();
  const { actor } = ctx;
  if (actor.kind === 'driver') {
    if (photo.tripDriverId !== actor.id || photo.tripArchived) throw notFound();
  } else if (actor.kind === 'guardian') {
    // A parent sees the client proof of their own children's stops on live trips, and nothing else.
    const children = new Set((await guardianChildren(ctx, actor.id)).map((c) => c.id));
    const theirs = photo.studentId !== null && children.has(photo.studentId);
    const shown =
      photo.kind === 'client' && photo.clientApproval && !photo.tripArchived && !photo.tripCancelled;
    if (!theirs || !shown) throw notFound();
  } else if (actor.kind !== 'tenant_admin') {
    throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  }
  const file = await storage.get(photo.storageKey);
  if (!file) throw notFound();
  return { contentType: photo.contentType, bytes: file.bytes, body: file.body };
}

// ---------- Following positions (trackers cannot press buttons) ----------

export interface TFix {
  lat: number;
  lon: number;
  recordedAt: Date;
  /** km/h */
  speed: number | null;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
/** Great-circle distance in metres (haversine): exact enough at a stop's scale. */
export function metersBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

// The follower runs after every batch of positions: the tenant's stop radius is read once a minute.
const RADIUS_FOR_MS = 60_000;
const radii = new WeakMap<object, Map<number, { meters: number; until: number }>>();
async function stopRadius(ctx: TTenantContext): Promise<number> {
  const byTenant = radii.get(ctx.db) ?? new Map<number, { meters: number; until: number }>();
  radii.set(ctx.db, byTenant);
  const known = byTenant.get(ctx.tenantId);
  if (known && known.until > Date.now()) return known.meters;
  const meters = (await tenantProfile(ctx)).thresholds.stopRadiusMeters;
  byTenant.set(ctx.tenantId, { meters, until: Date.now() + RADIUS_FOR_MS });
  return meters;
}

/** A trip planned this long ago and never started is no longer started from positions. */
const FOLLOW_LATE_BY_MS = 12 * 3600_000;
/** How far back the follower looks for the fixes before a batch (the last one at the origin, a dwell). */
const FOLLOW_LOOKBACK_MS = 12 * 3600_000;
const FOLLOW_LOOKBACK_FIXES = 120;
/** Time inside a stop's radius that counts as being there, for a stop other than the active one. */
const DWELL_TO_ARRIVE_MS = 60_000;

type TPlace = { lat: number | null; lon: number | null };
const placed = (p: TPlace | null | undefined): p is { lat: number; lon: number } =>
  !!p && p.lat !== null && p.lon !== null;

/**
 * Records the transitions a driver's positions show on their trip in progress, or on the trip due
 * (the departure window — planned start minus the departure range — opened, planned at most 12 h
 * ago): called by the position ingest after each commit with that driver's new fixes in time order.
 *
 * - start: a fix beyond the stop radius of the origin right after one within it, once the window
 *   opened; a driver whose tracker woke up only after leaving starts on reaching the first stop;
 * - arrival: a fix within the radius (tenant setting, default 100 m) of the active stop. A later
 *   stop counts only when the driver is clearly there — every fix for a minute within its radius —
 *   so driving past it on the way does not arrive;
 * - departure: a later fix beyond the radius plus a margin (a quarter of it, at least 20 m), so GPS
 *   noise at the edge does not depart a driver still parked there.
 * A trip is never ended from positions: the driver ends it (or an admin), once its tasks are done.
 * A change of the tenant's stop radius reaches the follower within a minute.
 * The transitions are the app's, with their checks and events, made by the context's actor.
 */
export async function followPositions(
  ctx: TTenantContext,
  driverId: number,
  fixes: { lat: number; lon: number; recordedAt: Date; speed: number | null }[],
): Promise<void> {
  const last = fixes[fixes.length - 1];
  if (!last) return;
  const tripId = await followedTripId(ctx.db, ctx.tenantId, driverId, last.recordedAt, FOLLOW_LATE_BY_MS);
  if (!tripId) return;
  const initial = await driverRun(ctx.db, ctx.tenantId, driverId, tripId);
  if (!initial) return;
  let run: TRun = initial;
  const radius = await stopRadius(ctx);
  const leaveRadius = radius + Math.max(20, radius / 4);
  const firstAt = fixes[0]!.recordedAt;
  const history = await fixesBefore(
    ctx.db,
    ctx.tenantId,
    driverId,
    new Date(firstAt.getTime() - FOLLOW_LOOKBACK_MS),
    firstAt,
    FOLLOW_LOOKBACK_FIXES,
  );
  const track: TFix[] = [...history, ...fixes];
  const windowOpens = run.trip.startDate
    ? run.trip.startDate.getTime() - (run.trip.departureTimeRange ?? 0) * 60_000
    : Number.POSITIVE_INFINITY;

  /** Makes one transition; false when the trip's state refused it (another actor got there first). */
  const attempt = async (work: () => Promise<unknown>): Promise<boolean> => {
    try {
      await work();
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
    run = (await driverRun(ctx.db, ctx.tenantId, driverId, tripId)) ?? run;
    return true;
  };
  /** When the driver entered `place` and stayed within its radius up to fix `i`. */
  const insideSince = (i: number, place: { lat: number; lon: number }) => {
    let since = track[i]!.recordedAt;
    for (let j = i - 1; j >= 0 && metersBetween(track[j]!, place) <= radius; j--)
      since = track[j]!.recordedAt;
    return since;
  };

  for (let i = history.length; i < track.length; i++) {
    const fix = track[i]!;
    const { trip } = run;
    if (trip.endedDate || trip.cancelled) return;
    if (!trip.startedDate) {
      if (fix.recordedAt.getTime() < windowOpens) continue;
      const previous = track[i - 1];
      const origin = trip.origin;
      const leftOrigin =
        placed(origin) &&
        previous !== undefined &&
        metersBetween(previous, origin) <= radius &&
        metersBetween(fix, origin) > radius;
      const firstStop = run.stops.find((s) => !isClosed(s));
      const atFirstStop = placed(firstStop) && metersBetween(fix, firstStop) <= radius;
      if (!leftOrigin && !atFirstStop) continue;
      if (!(await attempt(() => runStart(ctx, driverId, tripId, fix.recordedAt)))) return;
    }
    const here = stopHere(run.stops);
    if (here) {
      if (!placed(here) || metersBetween(fix, here) <= leaveRadius) continue;
      if (fix.recordedAt <= here.arrivedDate!) continue;
      if (!(await attempt(() => runDepart(ctx, driverId, here.id, fix.recordedAt)))) return;
    }
    const lastLeft = Math.max(
      run.trip.startedDate?.getTime() ?? 0,
      ...run.stops.map((s) => (s.departedDate ?? s.skippedDate)?.getTime() ?? 0),
    );
    // A fix older than the last start, departure or skip (a batch a phone sends late, after the
    // driver pressed Depart) never arrives anywhere: an arrival cannot come before that departure.
    if (fix.recordedAt.getTime() < lastLeft) continue;
    const active = run.stops.find((s) => s.id === run.trip.activeTripDestinationId);
    if (active && !isClosed(active) && placed(active) && metersBetween(fix, active) <= radius) {
      if (!(await attempt(() => runArrive(ctx, driverId, active.id, fix.recordedAt)))) return;
      continue;
    }
    for (const stop of run.stops) {
      if (stop.id === active?.id || isClosed(stop) || stop.arrivedDate || !placed(stop)) continue;
      if (metersBetween(fix, stop) > radius) continue;
      const since = Math.max(insideSince(i, stop).getTime(), lastLeft);
      if (fix.recordedAt.getTime() - since < DWELL_TO_ARRIVE_MS) continue;
      if (!(await attempt(() => runArrive(ctx, driverId, stop.id, new Date(since))))) return;
      break;
    }
  }
}
