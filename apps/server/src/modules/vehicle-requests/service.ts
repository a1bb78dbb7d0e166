import {
  MESSAGES,
  pluralize,
  toUtcString,
  VEHICLE_REQUEST_RESOLUTIONS,
  VEHICLE_REQUEST_STATUSES,
  type TDriverVehicleChoice,
  type TDriverVehicleRequest,
  type TDriverVehicles,
  type TNewVehicleRequest,
  type TPicture,
  type TRecordImage,
  type TVehicleRequestBus,
  type TVehicleRequestPerson,
  type TVehicleRequestResolution,
  type TVehicleRequestRow,
  type TVehicleRequests,
  type TVehicleRequestStatus,
} from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError, uniqueViolationOn } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { TUploadedFile } from '../../platform/uploads.ts';
import { adminsOf } from '../admins/service.ts';
import { picturesOf, recordImages, withPhotos } from '../files/service.ts';
import { vehiclesInMaintenanceToday } from '../maintenance/service.ts';
import { tenantProfile } from '../settings/service.ts';
import { actionTime } from '../trips/service.ts';
import {
  decidedRequests,
  holdersOf,
  insertRequest,
  liveDriver,
  liveVehicles,
  lockDriversOf,
  lockRequest,
  lockVehicles,
  pendingRequestOf,
  pendingRequests,
  recordDecision,
  requestById,
  requestsOfDriver,
  setDriversVehicle,
  vehicleOfDriver,
  type TRequestRow,
} from './queries.ts';

/*
 * Vehicle change requests (spec 001 "Vehicle change requests", §3, §4): a driver asks from the
 * driver app for another of the tenant's vehicles, with a note and photos; an admin decides it once.
 * The module's door: routes, the simulator and other modules call these functions only.
 *
 * A decision runs in one transaction that locks the request, the vehicles and the drivers it may
 * move, and only on a pending request: of two decisions at once the second waits for the first and
 * is then told where the request stands. Accept gives the driver the new vehicle when no other live
 * driver has it; when one has, the admin chooses Swap (the two exchange vehicles) or Force Accept
 * (the other is left without one). Who decided and when are recorded, and the change is announced
 * for the request, the drivers and the vehicles it moved.
 */

const FOLDER = 'vehicles';
const PENDING = 0;
const APPROVED = 1;
const DECLINED = 2;
/** Pending requests answered at most (one per driver, so a tenant's whole queue in practice). */
const PENDING_MAX = 500;
/** A driver's own requests the app is shown, newest first. */
const DRIVER_HISTORY_MAX = 50;

export type TDecision = 'accept' | 'force' | 'swap' | 'decline';

const fullName = (p: { fname: string; lname: string }) => `${p.fname} ${p.lname}`.trim();
const names = (people: { fname: string; lname: string }[]) => people.map(fullName).join(', ');
const person = (p: { id: number; fname: string; lname: string }): TVehicleRequestPerson => ({
  id: p.id,
  fname: p.fname,
  lname: p.lname,
});
/** '0' pending, '1' approved, anything else declined (spec 001 §3). */
const statusOf = (status: number): TVehicleRequestStatus =>
  (VEHICLE_REQUEST_STATUSES as readonly string[]).includes(String(status))
    ? (String(status) as TVehicleRequestStatus)
    : '2';
const resolutionOf = (resolution: string | null): TVehicleRequestResolution | null =>
  (VEHICLE_REQUEST_RESOLUTIONS as readonly (string | null)[]).includes(resolution)
    ? (resolution as TVehicleRequestResolution)
    : null;

/** The tenant's word for a vehicle, as configured and in lower case (for the middle of a sentence). */
async function busWords(ctx: TTenantContext) {
  const { bus } = (await tenantProfile(ctx)).terms;
  return { Bus: bus, bus: bus.toLowerCase(), buses: pluralize(bus).toLowerCase() };
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.vehicleRequests.notFound);

/** Requests as the console lists them: each vehicle with the live drivers who have it now, and the pictures. */
async function toRows(ctx: TTenantContext, rows: TRequestRow[]): Promise<TVehicleRequestRow[]> {
  const vehicleIds = [...new Set(rows.flatMap((r) => [r.newBusId, ...(r.oldBusId ? [r.oldBusId] : [])]))];
  const [holders, pictures] = await Promise.all([
    holdersOf(ctx.db, ctx.tenantId, vehicleIds),
    picturesOf(
      ctx,
      FOLDER,
      rows.map((r) => r.id),
    ),
  ]);
  const bus = (id: number, reference: string, archived: boolean): TVehicleRequestBus => ({
    id,
    reference,
    archived,
    drivers: holders.filter((h) => h.busId === id).map(person),
  });
  return rows.map((r) => ({
    id: r.id,
    status: statusOf(r.status),
    creation_date: toUtcString(r.creationDate),
    driver: {
      ...person({ id: r.driverId, fname: r.driverFname, lname: r.driverLname }),
      archived: r.driverArchived,
      bus:
        r.driverBusId !== null && r.driverBusReference !== null
          ? { id: r.driverBusId, reference: r.driverBusReference }
          : null,
    },
    oldBus:
      r.oldBusId !== null && r.oldBusReference !== null
        ? bus(r.oldBusId, r.oldBusReference, r.oldBusArchived ?? false)
        : null,
    newBus: bus(r.newBusId, r.newBusReference, r.newBusArchived),
    note: r.note,
    pictures: pictures.get(r.id) ?? [],
    decided_date: r.decidedDate ? toUtcString(r.decidedDate) : null,
    decided_by:
      r.deciderId !== null
        ? person({ id: r.deciderId, fname: r.deciderFname ?? '', lname: r.deciderLname ?? '' })
        : null,
    resolution: resolutionOf(r.resolution),
  }));
}

/**
 * The console's list (`bus-request/get-bus-requests`): every pending request for the cards and one
 * page of the decided ones for the Old Requests table, both newest first.
 */
export async function vehicleRequests(
  ctx: TTenantContext,
  paging: { page: number; page_size: number },
): Promise<TVehicleRequests> {
  const [pending, old] = await Promise.all([
    pendingRequests(ctx.db, ctx.tenantId, PENDING_MAX),
    decidedRequests(ctx.db, ctx.tenantId, {
      limit: paging.page_size,
      offset: (paging.page - 1) * paging.page_size,
    }),
  ]);
  const rows = await toRows(ctx, [...pending, ...old.rows]);
  return {
    pending: rows.slice(0, pending.length),
    old: rows.slice(pending.length),
    pagination: { page: paging.page, page_size: paging.page_size, total_items: old.total },
  };
}

/** One request of the tenant as the console shows it; 404 for another tenant's, as for none. */
export async function vehicleRequest(ctx: TTenantContext, id: number): Promise<TVehicleRequestRow> {
  const row = await requestById(ctx.db, ctx.tenantId, id);
  if (!row) throw notFound();
  const [shown] = await toRows(ctx, [row]);
  return shown!;
}

/** A request's pictures with their addresses (`bus-request/get-images`). */
export async function vehicleRequestImages(ctx: TTenantContext, id: number): Promise<TRecordImage[]> {
  if (!(await requestById(ctx.db, ctx.tenantId, id))) throw notFound();
  return recordImages(ctx, FOLDER, id);
}

// ---------- Decisions ----------

/** The admin a decision is recorded for: the signed-in admin, or the one the simulated demo acts as. */
async function decidingAdmin(ctx: TTenantContext, adminId: number | undefined): Promise<number> {
  const { actor } = ctx;
  if (actor.kind === 'tenant_admin') return actor.id;
  if (actor.kind === 'system' && adminId !== undefined) {
    if ((await adminsOf(ctx)).some((a) => a.id === adminId)) return adminId;
    throw new AppError('BAD_REQUEST', MESSAGES.http.badRequest);
  }
  throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
}

/** Where a request that is no longer pending stands, as the second decision is told. */
async function notPending(ctx: TTenantContext, id: number): Promise<AppError> {
  const row = await requestById(ctx.db, ctx.tenantId, id);
  if (!row) return notFound();
  const resolution = resolutionOf(row.resolution);
  const outcome =
    row.status === DECLINED
      ? 'declined'
      : resolution === 'swap'
        ? 'approved by a swap'
        : resolution === 'force'
          ? 'approved by Force Accept'
          : 'approved';
  const by =
    row.deciderId !== null
      ? fullName({ fname: row.deciderFname ?? '', lname: row.deciderLname ?? '' })
      : null;
  return new AppError(
    'CONFLICT',
    MESSAGES.vehicleRequests.notPending(outcome, row.decidedDate ? toUtcString(row.decidedDate) : '—', by),
  );
}

export interface TDecisionOutcome {
  request: TVehicleRequestRow;
  /** What the console tells the admin. */
  message: string;
}

/**
 * Decides a pending request: `accept` (refused with 409 naming the driver when another live
 * driver has the new vehicle), `force` (that driver is left without a vehicle), `swap` (that driver
 * gets the requester's vehicle) or `decline`. 404 for another tenant's request, 409 for one no
 * longer pending and for an archived driver or vehicle (such a request can only be declined) or
 * a vehicle in maintenance that day.
 * `at` and `adminId` are for the product acting by itself (the demo's history); a signed-in admin
 * decides now, as themself.
 */
export async function decideVehicleRequest(
  ctx: TTenantContext,
  id: number,
  decision: TDecision,
  { at: when, adminId }: { at?: Date; adminId?: number } = {},
): Promise<TDecisionOutcome> {
  const admin = await decidingAdmin(ctx, adminId);
  const words = await busWords(ctx);
  const m = MESSAGES.vehicleRequests;
  const message = await inTransaction(ctx, async (tx) => {
    const request = await lockRequest(tx.db, tx.tenantId, id);
    if (!request) throw notFound();
    if (request.status !== PENDING) throw await notPending(tx, id);
    // A decision is never dated before the request (the demo's history passes its own times).
    const at = when ? new Date(Math.max(when.getTime(), request.creationDate.getTime())) : new Date();
    const decided = (resolution: TVehicleRequestResolution | null) =>
      recordDecision(tx.db, tx.tenantId, id, {
        status: resolution === null ? DECLINED : APPROVED,
        resolution,
        at,
        adminId: admin,
      });

    if (decision === 'decline') {
      await decided(null);
      emit(tx, 'vehicle_request.updated', [id]);
      return m.declined;
    }

    // The vehicles first, in id order, then the drivers: the order archiving a vehicle takes them
    // in, so the two never wait on each other. The requester's vehicle is the one to give in a swap.
    const current = await vehicleOfDriver(tx.db, tx.tenantId, request.driverId);
    const locked = await lockVehicles(tx.db, tx.tenantId, [request.newBusId, ...(current ? [current] : [])]);
    const drivers = await lockDriversOf(tx.db, tx.tenantId, request.driverId, request.newBusId);
    const driver = drivers.find((d) => d.id === request.driverId);
    const newBus = locked.find((v) => v.id === request.newBusId);
    if (!driver || !newBus) throw notFound();
    if (driver.archived) throw new AppError('CONFLICT', m.driverArchived(fullName(driver)));
    if (newBus.archived) throw new AppError('CONFLICT', m.busArchived(words.Bus, newBus.reference));
    if ((await vehiclesInMaintenanceToday(tx, at)).includes(newBus.id))
      throw new AppError('CONFLICT', m.inMaintenanceDecision(words.Bus, newBus.reference));

    const others = drivers.filter((d) => d.id !== driver.id && !d.archived && d.busId === newBus.id);
    const othersIds = others.map((d) => d.id);
    const given = driver.busId;
    let resolution: TVehicleRequestResolution;
    let said: string;
    if (others.length === 0) {
      if (decision === 'swap') throw new AppError('CONFLICT', m.nothingToSwap(words.Bus, newBus.reference));
      resolution = 'accept';
      said = m.accepted;
    } else if (decision === 'accept') {
      throw new AppError('CONFLICT', m.taken(words.Bus, newBus.reference, names(others)));
    } else if (decision === 'swap') {
      if (given === null || given === newBus.id)
        throw new AppError('CONFLICT', m.nothingToGive(fullName(driver), words.bus));
      // The requester's vehicle now (an admin may have changed it since the request was made).
      await setDriversVehicle(tx.db, tx.tenantId, othersIds, given);
      resolution = 'swap';
      said = m.swapped(words.buses);
    } else {
      await setDriversVehicle(tx.db, tx.tenantId, othersIds, null);
      resolution = 'force';
      said = m.forced(names(others), words.bus);
    }
    await setDriversVehicle(tx.db, tx.tenantId, [driver.id], newBus.id);
    await decided(resolution);
    emit(tx, 'vehicle_request.updated', [id]);
    emit(tx, 'driver.updated', [driver.id, ...othersIds]);
    emit(tx, 'vehicle.updated', given !== null && given !== newBus.id ? [newBus.id, given] : [newBus.id]);
    return said;
  });
  return { request: await vehicleRequest(ctx, id), message };
}

// ---------- The driver app ----------

/** The driver acting: only drivers ask for a vehicle through the app's calls. */
function actingDriver(ctx: TTenantContext): number {
  if (ctx.actor.kind !== 'driver') throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  return ctx.actor.id;
}

/** The tenant's live vehicles the driver may ask for, whether each is taken, and the driver's own. */
export async function driverVehicles(ctx: TTenantContext): Promise<TDriverVehicles> {
  const driverId = actingDriver(ctx);
  const driver = await liveDriver(ctx.db, ctx.tenantId, driverId);
  if (!driver) throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  const [rows, pending, inMaintenance] = await Promise.all([
    liveVehicles(ctx.db, ctx.tenantId),
    pendingRequestOf(ctx.db, ctx.tenantId, driverId),
    vehiclesInMaintenanceToday(ctx),
  ]);
  const servicedToday = new Set(inMaintenance);
  const holders = await holdersOf(
    ctx.db,
    ctx.tenantId,
    rows.map((v) => v.id),
  );
  const taken = new Set(holders.map((h) => h.busId));
  const choices = rows.map((v): TDriverVehicleChoice => ({
    id: v.id,
    reference: v.reference,
    brand: v.brand,
    model: v.model,
    year: v.year,
    taken: taken.has(v.id) ? '1' : '0',
    mine: v.id === driver.busId,
    in_maintenance: servicedToday.has(v.id),
  }));
  return {
    own: choices.find((v) => v.mine) ?? null,
    vehicles: choices,
    pending_request_id: pending?.id ?? null,
  };
}

const toDriverRequest = (r: TRequestRow, pictures: TPicture[]): TDriverVehicleRequest => ({
  id: r.id,
  status: statusOf(r.status),
  creation_date: toUtcString(r.creationDate),
  oldBus:
    r.oldBusId !== null && r.oldBusReference !== null
      ? { id: r.oldBusId, reference: r.oldBusReference }
      : null,
  newBus: { id: r.newBusId, reference: r.newBusReference },
  note: r.note,
  pictures,
  decided_date: r.decidedDate ? toUtcString(r.decidedDate) : null,
  resolution: resolutionOf(r.resolution),
});

/** The driver's own requests, newest first, with where each stands. */
export async function driverVehicleRequests(ctx: TTenantContext): Promise<TDriverVehicleRequest[]> {
  const driverId = actingDriver(ctx);
  const rows = await requestsOfDriver(ctx.db, ctx.tenantId, driverId, DRIVER_HISTORY_MAX);
  const pictures = await picturesOf(
    ctx,
    FOLDER,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toDriverRequest(r, pictures.get(r.id) ?? []));
}

/**
 * A driver asks for another of the tenant's live vehicles, with a note and photos (folder
 * `vehicles`). Refused (400 naming the field) for a vehicle that is not the tenant's live one, is
 * already the driver's or is in maintenance today, and (409) while the driver has a request
 * pending; photos are checked before anything is stored, and taken away again when the request
 * cannot be written.
 */
export async function askForVehicle(
  ctx: TTenantContext,
  storage: Storage,
  input: TNewVehicleRequest,
  photos: TUploadedFile[],
): Promise<TDriverVehicleRequest> {
  const driverId = actingDriver(ctx);
  const m = MESSAGES.vehicleRequests;
  const words = await busWords(ctx);
  const at = actionTime(input.at);
  const driver = await liveDriver(ctx.db, ctx.tenantId, driverId);
  if (!driver) throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  const [vehicle] = await liveVehicles(ctx.db, ctx.tenantId, input.new_bus_id);
  if (!vehicle) throw AppError.field('new_bus_id', m.vehicleUnknown(words.bus));
  if (vehicle.id === driver.busId) throw AppError.field('new_bus_id', m.ownVehicle(words.bus));
  if ((await vehiclesInMaintenanceToday(ctx)).includes(vehicle.id))
    throw AppError.field('new_bus_id', m.inMaintenance(words.Bus, vehicle.reference));
  const alreadyPending = () => new AppError('CONFLICT', m.alreadyPending(words.bus));
  if (await pendingRequestOf(ctx.db, ctx.tenantId, driverId)) throw alreadyPending();

  let id: number;
  try {
    id = await withPhotos(ctx, storage, FOLDER, photos, async (attach, tx) => {
      const created = await insertRequest(tx.db, tx.tenantId, {
        driverId,
        oldBusId: driver.busId,
        newBusId: vehicle.id,
        note: input.note ?? null,
        at,
      });
      await attach(created);
      emit(tx, 'vehicle_request.created', [created]);
      return created;
    });
  } catch (error) {
    // Two requests sent at once: the one-pending-per-driver index lets one through.
    if (uniqueViolationOn(error) === 'vehicle_requests_tenant_driver_pending_idx') throw alreadyPending();
    throw error;
  }
  const row = await requestById(ctx.db, ctx.tenantId, id);
  const pictures = await picturesOf(ctx, FOLDER, [id]);
  return toDriverRequest(row!, pictures.get(id) ?? []);
}
