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
import { countedDays } from '../odometer/service.ts';
import { tenantProfile } from '../settings/service.ts';
import {
  findLiveVehicle,
  findType,
  insertRecords,
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
import {
  dayNumber,
  dayString,
  nextDue,
  odometerTimeline,
  type TOdometerTimeline,
  type TPlannedType,
  type TServiceFact,
} from './timeline.ts';

/*
 * Vehicle maintenance (spec 002 "Vehicle maintenance at /maintenance"): the tenant's maintenance
 * types, the services done on its vehicles, the list's predicted next service, and which vehicles are
 * in the workshop today. The module's door: routes, other modules and the seed call these only.
 *
 * The predicted upcoming maintenance is, over the tenant's planned types, the soonest of each type's
 * last service plus its interval in days or in distance at the vehicle's recent distance a day
 * (timeline.ts, with the odometer from GPS and the odometers noted at services). The malfunction
 * probability is the vehicle-risk module's, given to the list by the route.
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
  odometer: r.odometer,
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
  const [id] = await recordServices(ctx, values.bus_id, [values]);
  const [row] = await listRecords(ctx.db, ctx.tenantId, undefined, id);
  return toHistoryRow(row!);
}

/**
 * A vehicle's past services recorded at once, as a workshop's paperwork brought in (the demo's
 * service history): the checks of one record, one transaction and one change event for them all.
 * Answers how many were recorded.
 */
export async function addMaintenanceHistory(
  ctx: TTenantContext,
  vehicleId: number,
  records: readonly Omit<TMaintenanceValues, 'bus_id'>[],
): Promise<number> {
  return (await recordServices(ctx, vehicleId, records)).length;
}

/** Checks the vehicle and the types, then records the services in one transaction; answers their ids. */
async function recordServices(
  ctx: TTenantContext,
  vehicleId: number,
  records: readonly Omit<TMaintenanceValues, 'bus_id'>[],
): Promise<number[]> {
  if (!(await findLiveVehicle(ctx.db, ctx.tenantId, vehicleId))) {
    throw new AppError('BAD_REQUEST', MAINTENANCE_MESSAGES.vehicleNotFound);
  }
  for (const type of new Set(records.map((r) => r.type))) {
    if (!(await findType(ctx.db, ctx.tenantId, type))) throw typeNotFound();
  }
  if (records.length === 0) return [];
  return inTransaction(ctx, async (tx) => {
    const ids = await insertRecords(
      tx.db,
      tx.tenantId,
      records.map((values) => ({
        busId: vehicleId,
        typeId: values.type,
        date: values.date,
        note: values.note || null,
        cost: values.cost,
        completedBy: values.completed_by || null,
        odometer: values.odometer,
      })),
    );
    emit(tx, 'maintenance.created', ids);
    return ids;
  });
}

/** A vehicle's services, latest first; another tenant's vehicle answers as a missing one. */
export async function maintenanceHistory(ctx: TTenantContext, vehicleId: number): Promise<THistoryRow[]> {
  if (!(await findLiveVehicle(ctx.db, ctx.tenantId, vehicleId))) {
    throw new AppError('NOT_FOUND', MAINTENANCE_MESSAGES.vehicleNotFound);
  }
  return (await listRecords(ctx.db, ctx.tenantId, vehicleId)).map(toHistoryRow);
}

/** A vehicle with what its predictions read: its odometer over time and its services. */
export interface TVehicleFacts {
  id: number;
  reference: string;
  year: number;
  timeline: TOdometerTimeline;
  /** Latest first. */
  services: (TServiceFact & {
    id: number;
    unplanned: boolean;
    cost: number | null;
    typeName: string;
    note: string | null;
  })[];
}

export interface TFleetFacts {
  /** The tenant's today, `YYYY-MM-DD`, and its day number. */
  today: string;
  todayNumber: number;
  timeZone: string;
  currency: string;
  /** Every type, and the planned ones with an interval (those that fall due). */
  types: TTypeRow[];
  planned: TPlannedType[];
  /** The live vehicles, newest first. */
  vehicles: TVehicleFacts[];
}

/** The tenant's live vehicles with their odometers and services, as the predictions read them. */
export async function fleetFacts(ctx: TTenantContext, at = new Date()): Promise<TFleetFacts> {
  const profile = await tenantProfile(ctx);
  const [vehicleRows, records, types, counted] = await Promise.all([
    listLiveVehicles(ctx.db, ctx.tenantId),
    listRecords(ctx.db, ctx.tenantId),
    listTypes(ctx.db, ctx.tenantId),
    countedDays(ctx, profile.terms.spaceUnit.symbol),
  ]);
  const byVehicle = new Map<number, TVehicleFacts['services']>();
  for (const r of records) {
    const own = byVehicle.get(r.busId) ?? [];
    if (own.length === 0) byVehicle.set(r.busId, own);
    own.push({
      id: r.id,
      typeId: r.typeId,
      date: r.date,
      odometer: r.odometer,
      unplanned: r.unplanned,
      cost: r.cost === null ? null : Number(r.cost),
      typeName: r.typeName,
      note: r.note,
    });
  }
  const today = dayIn(profile.timeZone, at);
  return {
    today,
    todayNumber: dayNumber(today),
    timeZone: profile.timeZone,
    currency: profile.terms.currency.symbol,
    types,
    planned: types.filter((t) => !t.unplanned && (t.intervalDays || t.intervalDistance)),
    vehicles: vehicleRows.map((v) => {
      const services = byVehicle.get(v.id) ?? [];
      return {
        id: v.id,
        reference: v.reference,
        year: v.year,
        services,
        timeline: odometerTimeline({
          mileage: v.mileage,
          mileageDay: dayIn(profile.timeZone, v.mileageAt),
          counted: counted.get(v.id) ?? [],
          noted: services.flatMap((s) =>
            s.odometer === null ? [] : [{ day: s.date, odometer: s.odometer }],
          ),
        }),
      };
    }),
  };
}

/** A vehicle's soonest due service, `YYYY-MM-DD`, and whether it is past. */
export function vehicleDue(facts: TFleetFacts, vehicle: TVehicleFacts) {
  const due = nextDue(facts.planned, vehicle.services, vehicle.timeline, facts.todayNumber);
  return due
    ? { date: dayString(due.day), type: due.type, overdue: due.day < facts.todayNumber }
    : { date: null, type: null, overdue: false };
}

/**
 * Every live vehicle with its last service, last note, predicted next service, and its malfunction
 * probability today (percent) from `probabilities` (the vehicle-risk module's) when the tenant has a
 * model.
 */
export async function maintenanceList(
  ctx: TTenantContext,
  probabilities: (facts: TFleetFacts) => Promise<ReadonlyMap<number, number>> = async () => new Map(),
): Promise<TMaintenanceRow[]> {
  const facts = await fleetFacts(ctx);
  const probability = await probabilities(facts);
  return facts.vehicles.map((v) => {
    const due = vehicleDue(facts, v);
    return {
      vehicle_id: v.id,
      vehicle_reference: v.reference,
      predicted_upcoming_maintenance: due.date,
      predicted_type: due.type,
      overdue: due.overdue,
      service_date: v.services[0]?.date ?? null,
      last_note: v.services[0]?.note ?? null,
      malfunction_probability: probability.get(v.id) ?? null,
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

// What the vehicle-risk module reads of a vehicle's timeline.
export { dayNumber, dayString, intervalUsed } from './timeline.ts';
export type { TOdometerTimeline, TPlannedType, TServiceFact } from './timeline.ts';
