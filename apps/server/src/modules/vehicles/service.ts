import { MESSAGES, toUtcString, type TVehicleRow } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  archiveVehicle as archiveVehicleRow,
  insertVehicle,
  listVehicles,
  referenceInUse,
  updateVehicle,
  type TVehicleValues,
  type TVehicleWithDrivers,
  type VehicleFilter,
} from './queries.ts';

export const toVehicleRow = (v: TVehicleWithDrivers): TVehicleRow => ({
  id: v.id,
  reference: v.reference,
  brand: v.brand,
  model: v.model,
  year: v.year,
  mileage: v.mileage,
  taken: v.drivers.length > 0 ? '1' : '0',
  drivers: v.drivers,
  created_date: toUtcString(v.createdDate),
});

export async function vehiclesOf(
  db: Db,
  tenantId: number,
  filter: VehicleFilter = {},
): Promise<TVehicleRow[]> {
  return (await listVehicles(db, tenantId, filter)).map(toVehicleRow);
}

async function assertReferenceFree(db: Db, tenantId: number, reference: string, exceptId?: number) {
  if (await referenceInUse(db, tenantId, reference, exceptId)) {
    throw new AppError('CONFLICT', MESSAGES.vehicle.referenceTaken);
  }
}

export async function addVehicle(db: Db, tenantId: number, values: TVehicleValues): Promise<TVehicleRow> {
  await assertReferenceFree(db, tenantId, values.reference);
  const row = await insertVehicle(db, tenantId, values);
  return toVehicleRow({ ...row, drivers: [] });
}

export async function saveVehicle(
  db: Db,
  tenantId: number,
  id: number,
  values: TVehicleValues,
): Promise<TVehicleRow> {
  await assertReferenceFree(db, tenantId, values.reference, id);
  const row = await updateVehicle(db, tenantId, id, values);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  const [withDrivers] = await listVehicles(db, tenantId, { id });
  return toVehicleRow(withDrivers ?? { ...row, drivers: [] });
}

export async function archiveVehicle(db: Db, tenantId: number, id: number): Promise<void> {
  if (!(await archiveVehicleRow(db, tenantId, id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
}
