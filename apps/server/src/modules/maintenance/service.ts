import {
  DEFAULT_MAINTENANCE_TYPES,
  MAINTENANCE_MESSAGES,
  type THistoryRow,
  type TMaintenanceRow,
  type TMaintenanceType,
  type TMaintenanceTypeSave,
  type TMaintenanceValues,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { tenantProfile } from '../settings/service.ts';
import {
  findLiveVehicle,
  findType,
  insertRecord,
  insertTypes,
  listLiveVehicles,
  listRecords,
  listTypes,
  nameTaken,
  updateType,
  vehiclesServicedOn,
  type TRecordRow,
  type TTypeRow,
} from './queries.ts';

/*
 * Vehicle maintenance (spec 002 "Vehicle maintenance at /maintenance"): the tenant's maintenance
 * types, the services done on its vehicles, the list's predicted next service, and which vehicles are
 * in the workshop today. The module's door: routes, other modules and the seed call these only.
 *
 * The predicted upcoming maintenance is day-based only: for each type with an interval in days, the
 * last service of that type plus the interval, the soonest over the types. Distance intervals need an
 * odometer the product does not keep yet, so they predict nothing rather than something false. No
 * risk model is trained yet either: `malfunction_probability` is always null.
 */

const typeNotFound = () => new AppError('BAD_REQUEST', MAINTENANCE_MESSAGES.typeNotFound);

/** Gives a new tenant the default maintenance types (the migration gave them to the existing ones). */
export async function seedMaintenanceTypes(db: Db, tenantId: number): Promise<void> {
  await insertTypes(
    db,
    tenantId,
    DEFAULT_MAINTENANCE_TYPES.map((t) => ({
      name: t.name,
      intervalDistance: t.interval_distance,
      intervalDays: t.interval_days,
      unplanned: t.unplanned,
    })),
  );
}

const toType = (t: TTypeRow): TMaintenanceType => ({
  id: t.id,
  name: t.name,
  interval_distance: t.intervalDistance,
  interval_days: t.intervalDays,
  unplanned: t.unplanned,
});

const toHistoryRow = (r: TRecordRow): THistoryRow => ({
  id: r.id,
  service_date: r.date,
  type: r.typeName,
  note: r.note,
  completed_by: r.completedBy,
  cost: r.cost === null ? null : Number(r.cost),
});

export async function maintenanceTypes(ctx: TTenantContext): Promise<TMaintenanceType[]> {
  return (await listTypes(ctx.db, ctx.tenantId)).map(toType);
}

/** The admin renames a type or changes its intervals; an unplanned type keeps having none. */
export async function saveMaintenanceType(
  ctx: TTenantContext,
  id: number,
  values: TMaintenanceTypeSave,
): Promise<TMaintenanceType> {
  const type = await findType(ctx.db, ctx.tenantId, id);
  if (!type) throw new AppError('NOT_FOUND', MAINTENANCE_MESSAGES.typeNotFound);
  if (await nameTaken(ctx.db, ctx.tenantId, values.name, id)) {
    throw new AppError('CONFLICT', MAINTENANCE_MESSAGES.typeNameTaken);
  }
  if (type.unplanned && (values.interval_days !== null || values.interval_distance !== null)) {
    throw new AppError('BAD_REQUEST', MAINTENANCE_MESSAGES.unplannedInterval);
  }
  return inTransaction(ctx, async (tx) => {
    const row = await updateType(tx.db, tx.tenantId, id, {
      name: values.name,
      intervalDistance: values.interval_distance,
      intervalDays: values.interval_days,
    });
    if (!row) throw new AppError('NOT_FOUND', MAINTENANCE_MESSAGES.typeNotFound);
    emit(tx, 'maintenance.updated', [id]);
    return toType(row);
  });
}

/** Records a service; the vehicle and the type must be the tenant's (a 400 otherwise, nothing written). */
export async function addMaintenance(ctx: TTenantContext, values: TMaintenanceValues): Promise<THistoryRow> {
  if (!(await findLiveVehicle(ctx.db, ctx.tenantId, values.bus_id))) {
    throw new AppError('BAD_REQUEST', MAINTENANCE_MESSAGES.vehicleNotFound);
  }
  if (!(await findType(ctx.db, ctx.tenantId, values.type))) throw typeNotFound();
  const id = await inTransaction(ctx, async (tx) => {
    const row = await insertRecord(tx.db, tx.tenantId, {
      busId: values.bus_id,
      typeId: values.type,
      date: values.date,
      note: values.note || null,
      cost: values.cost,
      completedBy: values.completed_by || null,
    });
    emit(tx, 'maintenance.created', [row.id]);
    return row.id;
  });
  const [row] = await listRecords(ctx.db, ctx.tenantId, undefined, id);
  return toHistoryRow(row!);
}

/** A vehicle's services, latest first; another tenant's vehicle answers as a missing one. */
export async function maintenanceHistory(ctx: TTenantContext, vehicleId: number): Promise<THistoryRow[]> {
  if (!(await findLiveVehicle(ctx.db, ctx.tenantId, vehicleId))) {
    throw new AppError('NOT_FOUND', MAINTENANCE_MESSAGES.vehicleNotFound);
  }
  return (await listRecords(ctx.db, ctx.tenantId, vehicleId)).map(toHistoryRow);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The soonest day-based due date over the types with a day interval, from each type's last service. */
export function predictNextService(
  records: { typeId: number; date: string }[],
  types: { id: number; name: string; intervalDays: number | null }[],
): { date: string; type: string } | null {
  let soonest: { date: string; type: string } | null = null;
  for (const type of types) {
    if (!type.intervalDays) continue;
    // Records come latest first: the first of a type is its last service.
    const last = records.find((r) => r.typeId === type.id);
    if (!last) continue;
    const due = addDays(last.date, type.intervalDays);
    if (!soonest || due < soonest.date) soonest = { date: due, type: type.name };
  }
  return soonest;
}

/** Every live vehicle with its last service, last note and predicted next service. */
export async function maintenanceList(ctx: TTenantContext): Promise<TMaintenanceRow[]> {
  const [vehicleRows, records, types] = await Promise.all([
    listLiveVehicles(ctx.db, ctx.tenantId),
    listRecords(ctx.db, ctx.tenantId),
    listTypes(ctx.db, ctx.tenantId),
  ]);
  const byVehicle = new Map<number, TRecordRow[]>();
  for (const r of records) {
    const own = byVehicle.get(r.busId);
    if (own) own.push(r);
    else byVehicle.set(r.busId, [r]);
  }
  return vehicleRows.map((v) => {
    const own = byVehicle.get(v.id) ?? [];
    const next = predictNextService(own, types);
    return {
      vehicle_id: v.id,
      vehicle_reference: v.reference,
      predicted_upcoming_maintenance: next?.date ?? null,
      predicted_type: next?.type ?? null,
      service_date: own[0]?.date ?? null,
      last_note: own[0]?.note ?? null,
      malfunction_probability: null,
    };
  });
}

/** Today's day on the tenant's clock, `YYYY-MM-DD`. */
export const dayIn = (timeZone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/**
 * The tenant's vehicles with a service recorded for today (their time zone), or for the day of
 * `at`: not available that day.
 */
export async function vehiclesInMaintenanceToday(ctx: TTenantContext, at = new Date()): Promise<number[]> {
  const { timeZone } = await tenantProfile(ctx);
  return vehiclesServicedOn(ctx.db, ctx.tenantId, dayIn(timeZone, at));
}
