import { kmToUnit, MESSAGES, toUtcString, type TVehicleRow } from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { CheckedRow } from '../../platform/import-routes.ts';
import type { SheetRow } from '../../platform/sheet.ts';
import { takeVehicleFromDrivers } from '../drivers/service.ts';
import { vehiclesInMaintenanceToday } from '../maintenance/service.ts';
import { tenantProfile } from '../settings/service.ts';
import { checkVehicleRows } from './import.ts';
import {
  archiveVehicle as archiveVehicleRow,
  insertVehicle,
  insertVehicles,
  listVehicles,
  referenceInUse,
  updateVehicle,
  type TVehicleValues,
  type TVehicleWithDrivers,
  type VehicleFilter,
} from './queries.ts';

/*
 * Vehicles (spec 000 §2 "Vehicles"): a reference unique among the tenant's live vehicles, brand,
 * model, year and mileage, and (beyond the spec, for route planning) a load capacity; deletes are archives. The module's door: routes, other modules, jobs and
 * the seed call these functions only.
 */

export type { TVehicleValues };

/** A vehicle as the API answers it, its distances in the tenant's unit (`unit`, a symbol). */
const toVehicleRow = (v: TVehicleWithDrivers, unit: string): TVehicleRow => {
  const counted = Math.round(kmToUnit(v.gpsKm, unit) * 10) / 10;
  return {
    id: v.id,
    reference: v.reference,
    brand: v.brand,
    model: v.model,
    year: v.year,
    mileage: v.mileage,
    mileage_date: toUtcString(v.mileageAt),
    counted_distance: counted,
    odometer: v.mileage === null ? null : Math.round((v.mileage + counted) * 10) / 10,
    load_capacity: v.loadCapacity,
    taken: v.drivers.length > 0 ? '1' : '0',
    drivers: v.drivers,
    created_date: toUtcString(v.createdDate),
  };
};

/** The tenant's distance unit's symbol. */
const unitOf = async (ctx: TTenantContext) => (await tenantProfile(ctx)).terms.spaceUnit.symbol;

/** Live vehicles of the tenant, newest first, each with the live drivers who have it. */
export async function vehicles(ctx: TTenantContext, filter: VehicleFilter = {}): Promise<TVehicleRow[]> {
  // An available vehicle is held by no driver and has no service recorded for today.
  const exceptIds = filter.available ? await vehiclesInMaintenanceToday(ctx) : undefined;
  const [rows, unit] = await Promise.all([
    listVehicles(ctx.db, ctx.tenantId, { ...filter, exceptIds }),
    unitOf(ctx),
  ]);
  return rows.map((v) => toVehicleRow(v, unit));
}

/** A live vehicle of this tenant, or undefined (another tenant's answers as a missing one does). */
export async function findVehicle(ctx: TTenantContext, id: number): Promise<TVehicleRow | undefined> {
  const [row] = await listVehicles(ctx.db, ctx.tenantId, { id });
  return row ? toVehicleRow(row, await unitOf(ctx)) : undefined;
}

async function assertReferenceFree(ctx: TTenantContext, reference: string, exceptId?: number) {
  if (await referenceInUse(ctx.db, ctx.tenantId, reference, exceptId)) {
    throw new AppError('CONFLICT', MESSAGES.vehicle.referenceTaken);
  }
}

export async function addVehicle(ctx: TTenantContext, values: TVehicleValues): Promise<TVehicleRow> {
  await assertReferenceFree(ctx, values.reference);
  return inTransaction(ctx, async (tx) => {
    const row = await insertVehicle(tx.db, tx.tenantId, values);
    emit(tx, 'vehicle.created', [row.id]);
    return toVehicleRow({ ...row, drivers: [] }, await unitOf(tx));
  });
}

export async function saveVehicle(
  ctx: TTenantContext,
  id: number,
  values: TVehicleValues,
): Promise<TVehicleRow> {
  await assertReferenceFree(ctx, values.reference, id);
  const row = await inTransaction(ctx, async (tx) => {
    const updated = await updateVehicle(tx.db, tx.tenantId, id, values);
    if (!updated) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    emit(tx, 'vehicle.updated', [id]);
    return updated;
  });
  const [withDrivers] = await listVehicles(ctx.db, ctx.tenantId, { id });
  return toVehicleRow(withDrivers ?? { ...row, drivers: [] }, await unitOf(ctx));
}

/** Archives a vehicle and takes it from the drivers who had it, in one transaction. */
export async function archiveVehicle(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await archiveVehicleRow(tx.db, tx.tenantId, id)))
      throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    emit(tx, 'vehicle.archived', [id]);
    await takeVehicleFromDrivers(tx, id);
  });
}

/** Checks an uploaded sheet of vehicles row by row against the tenant's live vehicles; writes nothing. */
export async function checkVehicleImport(
  ctx: TTenantContext,
  rows: SheetRow[],
): Promise<CheckedRow<TVehicleValues>[]> {
  const taken = new Set((await listVehicles(ctx.db, ctx.tenantId)).map((v) => v.reference.toLowerCase()));
  return checkVehicleRows(rows, taken);
}

/** Writes checked vehicles in one statement (all or none) and announces them in one event. */
export async function importVehicles(ctx: TTenantContext, values: TVehicleValues[]): Promise<number> {
  const ids = await inTransaction(ctx, async (tx) => {
    const inserted = await insertVehicles(tx.db, tx.tenantId, values);
    emit(tx, 'vehicle.created', inserted);
    return inserted;
  });
  return ids.length;
}
