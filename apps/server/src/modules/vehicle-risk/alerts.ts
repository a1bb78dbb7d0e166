import {
  RISK_HIGH_ABOVE,
  VEHICLE_ALERT_MESSAGES,
  VEHICLE_ALERTS_LIMIT,
  toUtcString,
  type TVehicleAlert,
  type TVehicleAlertKind,
} from '@fleet/contract';
import { AppError } from '../../platform/errors.ts';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { vehicleDue, type TFleetFacts } from '../maintenance/service.ts';
import {
  clearAlerts,
  insertAlerts,
  listOpenAlerts,
  markAlertsSeen,
  notSeenAlerts,
  openAlertStands,
  openAlertsOf,
} from './queries.ts';

/*
 * Vehicle alerts (issue 27 item 7): a vehicle whose probability is above RISK_HIGH_ABOVE, or whose
 * soonest service is overdue, has an open alert; the admins are told when one opens (the bell, and
 * `vehicle_alert.created` on the event stream), never again while it stays open. An alert closes when
 * its condition ends, or changes into another (a service done, another one overdue, a new due date):
 * the change opens a new one. Reconciled each time the day's predictions are read or made, and by the
 * hourly job for every tenant.
 */

/** What should be open for a vehicle now: its kind, what it is about, and what the bell says. */
export interface TAlertCondition {
  vehicleId: number;
  kind: TVehicleAlertKind;
  /** What the alert is about: an open alert with the same key goes on; another key is a change. */
  key: string;
  message: string;
}

export interface TOpenAlert {
  id: number;
  vehicleId: number;
  kind: string;
  key: string;
}

/** The alerts to open and the ones to close, given the open ones and the conditions that hold. */
export function alertChanges(
  open: readonly TOpenAlert[],
  conditions: readonly TAlertCondition[],
): { raise: TAlertCondition[]; clear: number[] } {
  const slot = (vehicleId: number, kind: string, key: string) => `${vehicleId}|${kind}|${key}`;
  const holding = new Set(conditions.map((c) => slot(c.vehicleId, c.kind, c.key)));
  const opened = new Set(open.map((a) => slot(a.vehicleId, a.kind, a.key)));
  return {
    raise: conditions.filter((c) => !opened.has(slot(c.vehicleId, c.kind, c.key))),
    clear: open.filter((a) => !holding.has(slot(a.vehicleId, a.kind, a.key))).map((a) => a.id),
  };
}

/** The conditions of the fleet today: its probabilities (0–1 by vehicle) and its due dates. */
export function alertConditions(
  facts: TFleetFacts,
  probabilities: ReadonlyMap<number, number>,
): TAlertCondition[] {
  const conditions: TAlertCondition[] = [];
  for (const vehicle of facts.vehicles) {
    const probability = probabilities.get(vehicle.id);
    if (probability !== undefined && probability * 100 > RISK_HIGH_ABOVE) {
      conditions.push({
        vehicleId: vehicle.id,
        kind: 'high_risk',
        key: 'high_risk',
        message: VEHICLE_ALERT_MESSAGES.highRisk(vehicle.reference, probability * 100),
      });
    }
    const due = vehicleDue(facts, vehicle);
    if (due.overdue) {
      conditions.push({
        vehicleId: vehicle.id,
        kind: 'service_overdue',
        key: `${due.type}|${due.date}`,
        message: VEHICLE_ALERT_MESSAGES.overdue(vehicle.reference, due.type!, due.date!),
      });
    }
  }
  return conditions;
}

/** Opens and closes the tenant's alerts to match the conditions; answers the ids opened. */
export async function reconcileAlerts(ctx: TTenantContext, conditions: TAlertCondition[]): Promise<number[]> {
  return inTransaction(ctx, async (tx) => {
    const { raise, clear } = alertChanges(await openAlertsOf(tx.db, tx.tenantId), conditions);
    if (clear.length > 0) await clearAlerts(tx.db, tx.tenantId, clear);
    const opened = await insertAlerts(tx.db, tx.tenantId, raise);
    if (opened.length > 0) emit(tx, 'vehicle_alert.created', opened);
    return opened;
  });
}

/** The open alerts, newest first, and how many of them are not seen (the bell). */
export async function vehicleAlerts(
  ctx: TTenantContext,
): Promise<{ data: TVehicleAlert[]; notSeen: number }> {
  const [rows, notSeen] = await Promise.all([
    listOpenAlerts(ctx.db, ctx.tenantId, VEHICLE_ALERTS_LIMIT),
    notSeenAlerts(ctx.db, ctx.tenantId),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      vehicle_id: r.vehicleId,
      reference: r.reference,
      kind: r.kind as TVehicleAlertKind,
      message: r.message,
      raised_date: toUtcString(r.raisedAt),
      seen: r.seen,
    })),
    notSeen,
  };
}

/** Marks one open alert seen; another tenant's, a closed or an unknown one answers 404. */
export async function markVehicleAlertSeen(ctx: TTenantContext, id: number): Promise<{ updated: number }> {
  if (!(await openAlertStands(ctx.db, ctx.tenantId, id))) {
    throw new AppError('NOT_FOUND', VEHICLE_ALERT_MESSAGES.notFound);
  }
  return markSeen(ctx, id);
}

/** Marks every open alert of the tenant seen. */
export async function markAllVehicleAlertsSeen(ctx: TTenantContext): Promise<{ updated: number }> {
  return markSeen(ctx);
}

async function markSeen(ctx: TTenantContext, id?: number): Promise<{ updated: number }> {
  const ids = await inTransaction(ctx, async (tx) => {
    const seen = await markAlertsSeen(tx.db, tx.tenantId, id);
    if (seen.length > 0) emit(tx, 'vehicle_alert.updated', seen);
    return seen;
  });
  return { updated: ids.length };
}
