import { MESSAGES, toUtcString, type TDriverRow } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { findLiveVehicle } from '../vehicles/queries.ts';
import {
  archiveDriver as archiveDriverRow,
  driverEmailInUse,
  insertDrivers,
  languageExists,
  listDrivers,
  updateDriver,
  type DriverFilter,
  type TDriverListRow,
  type TDriverValues,
} from './queries.ts';

export const toDriverRow = (d: TDriverListRow): TDriverRow => ({
  id: d.id,
  fname: d.fname,
  lname: d.lname,
  email: d.email,
  bus_id: d.busId,
  bus: d.busId !== null && d.busReference !== null ? { id: d.busId, reference: d.busReference } : null,
  hourly_rate: Number(d.hourlyRate),
  language: d.language,
  created_date: toUtcString(d.createdDate),
  archived: d.archived ? 1 : 0,
});

export async function driversOf(db: Db, tenantId: number, filter: DriverFilter = {}): Promise<TDriverRow[]> {
  return (await listDrivers(db, tenantId, filter)).map(toDriverRow);
}

async function driverById(db: Db, tenantId: number, id: number): Promise<TDriverRow> {
  const [row] = await listDrivers(db, tenantId, { id });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return toDriverRow(row);
}

/** The checks a driver's values need beyond their shape: free e-mail, own live vehicle, known language. */
async function assertDriverValues(db: Db, tenantId: number, values: TDriverValues, exceptId?: number) {
  if (await driverEmailInUse(db, values.email, exceptId))
    throw new AppError('CONFLICT', MESSAGES.driver.emailTaken);
  if (values.busId !== null && !(await findLiveVehicle(db, tenantId, values.busId))) {
    throw new AppError('BAD_REQUEST', MESSAGES.driver.vehicleUnknown);
  }
  if (values.language !== null && !(await languageExists(db, values.language))) {
    throw new AppError('BAD_REQUEST', MESSAGES.driver.languageUnknown);
  }
}

export async function addDriver(
  db: Db,
  tenantId: number,
  values: TDriverValues,
  password: string,
): Promise<TDriverRow> {
  await assertDriverValues(db, tenantId, values);
  const [created] = await insertDrivers(db, tenantId, [
    { ...values, passwordHash: await hashPassword(password) },
  ]);
  return driverById(db, tenantId, created!.id);
}

export async function saveDriver(
  db: Db,
  tenantId: number,
  id: number,
  values: TDriverValues,
  password: string | null,
): Promise<TDriverRow> {
  await assertDriverValues(db, tenantId, values, id);
  const updated = await updateDriver(db, tenantId, id, {
    ...values,
    ...(password ? { passwordHash: await hashPassword(password) } : {}),
  });
  if (!updated) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return driverById(db, tenantId, id);
}

export async function archiveDriver(db: Db, tenantId: number, id: number): Promise<void> {
  if (!(await archiveDriverRow(db, tenantId, id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
}
