import {
  MESSAGES,
  TRACKER_MESSAGES,
  toUtcString,
  type TDriverRow,
  type TTrackerState,
} from '@fleet/contract';
import {
  emit,
  inTransaction,
  type TServiceContext,
  type TTenantContext,
  type TTxContext,
} from '../../platform/context.ts';
import { AppError, uniqueViolationOn } from '../../platform/errors.ts';
import type { CheckedRow } from '../../platform/import-routes.ts';
import { assertPasswordStrong, hashPassword, passwordStrengthTest } from '../../platform/passwords.ts';
import { endDriverSessions } from '../../platform/sessions.ts';
import type { SheetRow } from '../../platform/sheet.ts';
import { trackerDigest, trackerIdWeakness, wordsOf } from '../../platform/tracker-ids.ts';
import { languageExists, languages } from '../languages/service.ts';
import { tenantProfile } from '../settings/service.ts';
import { findVehicle, vehicles } from '../vehicles/service.ts';
import { checkDriverRows, rowDeviceId, rowEmail, type TDriverImport } from './import.ts';
import {
  archiveDriver as archiveDriverRow,
  clearDriversVehicle,
  driverEmailInUse,
  findDriverByTracker,
  findDriverName,
  insertDrivers,
  countDrivers,
  listDrivers,
  liveTrackerDigestsAmong,
  setTracker,
  liveDriverEmailsAmong,
  updateDriver,
  type DriverFilter,
  type TDriverListRow,
  type TDriverValues,
} from './queries.ts';

/*
 * Drivers (spec 000 §2 "Drivers"): a sign-in identity for the driver app (an e-mail unique among
 * live drivers everywhere), a vehicle of the tenant, an hourly rate, a language and optionally the
 * digest of the Tracker ID its GPS tracker app reports (unique among live drivers everywhere; the
 * trackers module makes the ids); deletes are archives. The module's door: routes, other modules
 * (the driver's records, trips, trackers), jobs and the seed call these functions only.
 */

export type { TDriverImport, TDriverValues };

/**
 * A driver's values as the driver calls give them: a custom Tracker ID in plain text (undefined
 * keeps the driver's tracker, null removes it), turned into its digest once it passed the checks.
 */
export type TDriverInput = Omit<TDriverValues, 'tracker'> & { trackerId?: string | null };

/**
 * The tracker a custom id gives a driver: refused (400 on `device_id`) when it is too easy to guess,
 * the driver's own names counted as words; else its digest.
 */
async function customTracker(input: TDriverInput): Promise<TDriverValues['tracker']> {
  const { trackerId } = input;
  if (trackerId === undefined || trackerId === null) return trackerId;
  const weakness = await trackerIdWeakness(trackerId, wordsOf(input.fname, input.lname, input.email));
  if (weakness) throw AppError.field('device_id', weakness);
  return { digest: trackerDigest(trackerId), kind: 'custom' };
}

async function valuesOf(input: TDriverInput): Promise<TDriverValues> {
  const { trackerId: _plain, ...rest } = input;
  const tracker = await customTracker(input);
  return tracker === undefined ? rest : { ...rest, tracker };
}

const toDriverRow = (d: TDriverListRow): TDriverRow => ({
  id: d.id,
  fname: d.fname,
  lname: d.lname,
  email: d.email,
  bus_id: d.busId,
  bus: d.busId !== null && d.busReference !== null ? { id: d.busId, reference: d.busReference } : null,
  hourly_rate: Number(d.hourlyRate),
  language: d.language,
  tracker: (d.trackerKind ?? 'none') as TTrackerState,
  created_date: toUtcString(d.createdDate),
  archived: d.archived ? 1 : 0,
});

/** Live drivers of the tenant, newest first, with the reference of their vehicle. */
export async function drivers(ctx: TTenantContext, filter: DriverFilter = {}): Promise<TDriverRow[]> {
  return (await listDrivers(ctx.db, ctx.tenantId, filter)).map(toDriverRow);
}

/** One page of the tenant's live drivers, newest first, and how many match. */
export async function driversPage(
  ctx: TTenantContext,
  filter: Pick<DriverFilter, 'search'>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: TDriverRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    listDrivers(ctx.db, ctx.tenantId, { ...filter, limit: pageSize, offset: (page - 1) * pageSize }),
    countDrivers(ctx.db, ctx.tenantId, filter),
  ]);
  return { rows: rows.map(toDriverRow), total };
}

/** A live driver of this tenant, or undefined (another tenant's answers as a missing one does). */
export async function findDriver(ctx: TTenantContext, id: number): Promise<TDriverRow | undefined> {
  const [row] = await listDrivers(ctx.db, ctx.tenantId, { id });
  return row ? toDriverRow(row) : undefined;
}

/**
 * The driver whose records are asked for: a driver of this tenant, archived or not (history still
 * shows archived drivers), else 404, the same answer as for another tenant's driver.
 */
export async function driverOf(
  ctx: TTenantContext,
  id: number,
): Promise<{ id: number; fname: string; lname: string }> {
  const driver = await findDriverName(ctx.db, ctx.tenantId, id);
  if (!driver) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return driver;
}

async function driverById(ctx: TTenantContext, id: number): Promise<TDriverRow> {
  const row = await findDriver(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return row;
}

/**
 * A Tracker ID already in use, by a driver of this tenant or of another: one answer for both, which
 * names nobody (ids are strong secrets; the answer must not tell one tenant of another's rows).
 */
const trackerUnavailable = (field = 'device_id') => AppError.field(field, TRACKER_MESSAGES.idUnavailable);

/**
 * A write that lost a race for a Tracker ID on the unique index answers as the check before it
 * would have: a 400 naming the field, not the generic conflict.
 */
async function claimingTracker<T>(write: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOn(error) === 'drivers_tracker_live_idx') throw trackerUnavailable(field);
    throw error;
  }
}

async function assertTrackerFree(ctx: TServiceContext, digest: string, exceptId?: number, field?: string) {
  const [taken] = await liveTrackerDigestsAmong(ctx.db, [digest], exceptId);
  if (taken) throw trackerUnavailable(field);
}

/**
 * The checks a driver's values need beyond their shape: an e-mail no other live driver of the
 * tenant has (other tenants' drivers are never consulted, so the answer reveals none of them), own
 * live vehicle, known language, a Tracker ID no other live driver (of any tenant) reports with, and
 * a new password that is hard to guess and not made of the driver's e-mail, names or tenant's name.
 */
async function assertDriverValues(
  ctx: TTenantContext,
  values: TDriverValues,
  password: string | null,
  exceptId?: number,
) {
  if (await driverEmailInUse(ctx.db, ctx.tenantId, values.email, exceptId))
    throw new AppError('CONFLICT', MESSAGES.driver.emailTaken);
  if (values.tracker) await assertTrackerFree(ctx, values.tracker.digest, exceptId);
  if (values.busId !== null && !(await findVehicle(ctx, values.busId))) {
    throw new AppError('BAD_REQUEST', MESSAGES.driver.vehicleUnknown);
  }
  if (values.language !== null && !(await languageExists(ctx, values.language))) {
    throw new AppError('BAD_REQUEST', MESSAGES.driver.languageUnknown);
  }
  if (password)
    await assertPasswordStrong(password, { ...values, tenantName: (await tenantProfile(ctx)).name });
}

export async function addDriver(
  ctx: TTenantContext,
  input: TDriverInput,
  password: string,
): Promise<TDriverRow> {
  const values = await valuesOf(input);
  await assertDriverValues(ctx, values, password);
  const passwordHash = await hashPassword(password);
  const id = await claimingTracker(() =>
    inTransaction(ctx, async (tx) => {
      const [inserted] = await insertDrivers(tx.db, tx.tenantId, [{ ...values, passwordHash }]);
      emit(tx, 'driver.created', [inserted!]);
      return inserted!;
    }),
  );
  return driverById(ctx, id);
}

/** Updates a driver; a new password (null keeps the current one) signs the driver's app out everywhere. */
export async function saveDriver(
  ctx: TTenantContext,
  id: number,
  input: TDriverInput,
  password: string | null,
): Promise<TDriverRow> {
  const values = await valuesOf(input);
  await assertDriverValues(ctx, values, password, id);
  const passwordHash = password ? await hashPassword(password) : undefined;
  await inTransaction(ctx, async (tx) => {
    const updated = await claimingTracker(() =>
      updateDriver(tx.db, tx.tenantId, id, { ...values, ...(passwordHash ? { passwordHash } : {}) }),
    );
    if (!updated) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    if (passwordHash) await endDriverSessions(tx.db, id);
    emit(tx, 'driver.updated', [id]);
  });
  return driverById(ctx, id);
}

/** Archives a driver and ends the driver's app sessions, in one transaction. */
export async function archiveDriver(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await archiveDriverRow(tx.db, tx.tenantId, id)))
      throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    await endDriverSessions(tx.db, id);
    emit(tx, 'driver.archived', [id]);
  });
}

/**
 * The driver a tracker reports for, by the digest of the id it sends: a live driver of a live
 * tenant, in any tenant (the id is the tracker's credential), or undefined.
 */
export async function trackerDriver(
  ctx: TServiceContext,
  digest: string,
): Promise<{ tenantId: number; driverId: number } | undefined> {
  return findDriverByTracker(ctx.db, digest);
}

/**
 * Gives a live driver of the tenant the Tracker ID of this digest (replacing any other: the old id
 * stops working at once), or with null takes the tracker away. A digest another live driver
 * reports with is refused with one answer, whoever's it is.
 */
export async function setDriverTracker(
  ctx: TTenantContext,
  id: number,
  tracker: { digest: string; kind: 'issued' | 'custom' } | null,
): Promise<void> {
  if (tracker) await assertTrackerFree(ctx, tracker.digest, id, 'tracker_id');
  await claimingTracker(
    () =>
      inTransaction(ctx, async (tx) => {
        if (!(await setTracker(tx.db, tx.tenantId, id, tracker)))
          throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
        emit(tx, 'driver.updated', [id]);
      }),
    'tracker_id',
  );
}

/** Takes an archived vehicle from every driver who had it (the vehicles module calls this in its transaction). */
export async function takeVehicleFromDrivers(
  tx: TTenantContext & TTxContext,
  vehicleId: number,
): Promise<void> {
  emit(tx, 'driver.updated', await clearDriversVehicle(tx.db, tx.tenantId, vehicleId));
}

/** Checks an uploaded sheet of drivers row by row against the tenant's data; writes nothing. */
export async function checkDriverImport(
  ctx: TTenantContext,
  rows: SheetRow[],
): Promise<CheckedRow<TDriverImport>[]> {
  const vehicleIds = new Map((await vehicles(ctx)).map((v) => [v.reference.toLowerCase(), v.id]));
  const [strength, { name: tenantName }] = await Promise.all([passwordStrengthTest(), tenantProfile(ctx)]);
  const languageCodes = new Map<string, string>();
  for (const l of await languages(ctx)) {
    languageCodes.set(l.code.toLowerCase(), l.code);
    languageCodes.set(l.name.toLowerCase(), l.code);
  }
  const fileEmails = rows.map((r) => rowEmail(r.values).trim().toLowerCase()).filter(Boolean);
  const takenEmails = new Set(await liveDriverEmailsAmong(ctx.db, ctx.tenantId, fileEmails));
  const fileDeviceIds = new Map(
    rows.map((r) => rowDeviceId(r.values).trim()).flatMap((id) => (id ? [[trackerDigest(id), id]] : [])),
  );
  const takenDigests = await liveTrackerDigestsAmong(ctx.db, [...fileDeviceIds.keys()]);
  const takenDeviceIds = new Set(takenDigests.map((digest) => fileDeviceIds.get(digest)!));
  const weakDeviceIds = new Map<string, string>();
  for (const id of fileDeviceIds.values()) {
    const weakness = await trackerIdWeakness(id);
    if (weakness) weakDeviceIds.set(id, weakness);
  }
  return checkDriverRows(rows, {
    vehicleIds,
    languageCodes,
    takenEmails,
    takenDeviceIds,
    weakDeviceIds,
    passwordWeakness: (password, driver) => strength(password, { ...driver, tenantName }),
  });
}

/** Writes checked drivers in one statement (all or none) and announces them in one event. */
export async function importDrivers(ctx: TTenantContext, values: TDriverImport[]): Promise<number> {
  const rows = await Promise.all(
    values.map(async ({ password, ...v }) => ({
      ...v,
      // An empty hash matches no password: the driver cannot sign in until an admin sets one.
      passwordHash: password ? await hashPassword(password) : '',
    })),
  );
  const ids = await claimingTracker(() =>
    inTransaction(ctx, async (tx) => {
      const inserted = await insertDrivers(tx.db, tx.tenantId, rows);
      emit(tx, 'driver.created', inserted);
      return inserted;
    }),
  );
  return ids.length;
}
