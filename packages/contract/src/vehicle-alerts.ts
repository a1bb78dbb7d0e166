import { z } from 'zod';
import { zId } from './numbers.ts';

/*
 * Vehicle alerts (issue 27 item 7): a vehicle whose malfunction probability crosses RISK_HIGH_ABOVE,
 * or whose service is overdue, notifies the tenant's admins once, in the bell and on the event stream
 * (`vehicle_alert.created`); again only after it changes (the probability fell back and crossed
 * again, another service fell overdue). Marked seen like exceptions (`vehicle_alert.updated`).
 *
 *   GET  v1/vehicles/alerts              the open alerts, newest first, and how many are not seen
 *   POST v1/vehicles/alerts/{id}/seen    one seen
 *   POST v1/vehicles/alerts/seen         all seen
 */

export const VEHICLE_ALERT_KINDS = ['high_risk', 'service_overdue'] as const;
export type TVehicleAlertKind = (typeof VEHICLE_ALERT_KINDS)[number];

/** The bell's label of each kind. */
export const VEHICLE_ALERT_LABELS: Record<TVehicleAlertKind, string> = {
  high_risk: 'High malfunction risk',
  service_overdue: 'Service overdue',
};

export const VEHICLE_ALERT_MESSAGES = {
  highRisk: (reference: string, percent: number) =>
    `${reference}: ${percent.toFixed(1)} % chance of an unplanned repair within 30 days`,
  overdue: (reference: string, type: string, day: string) => `${reference}: ${type} overdue since ${day}`,
  notFound: 'Alert not found',
  seen: 'Alert marked as seen',
} as const;

export const ZVehicleAlert = z.object({
  id: z.number().int(),
  vehicle_id: z.number().int(),
  reference: z.string(),
  kind: z.enum(VEHICLE_ALERT_KINDS),
  message: z.string(),
  /** When it was raised, UTC `YYYY-MM-DD HH:mm:ss`. */
  raised_date: z.string(),
  seen: z.boolean(),
});
export type TVehicleAlert = z.infer<typeof ZVehicleAlert>;

export const ZVehicleAlertIdParams = z.object({ id: zId('id') });

export const ZVehicleAlertsAnswer = z.object({
  success: z.literal(true),
  /** The open alerts (their condition holds still), newest first, at most VEHICLE_ALERTS_LIMIT. */
  data: z.array(ZVehicleAlert),
  not_seen: z.number().int(),
});
export const VEHICLE_ALERTS_LIMIT = 50;

export const ZVehicleAlertSeenAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ updated: z.number().int() }),
});
