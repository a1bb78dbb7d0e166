import { z } from 'zod';
import { DAY, inDateYears, readUtcDateTime } from './dates.ts';
import { zId } from './numbers.ts';

/*
 * Vehicle maintenance (spec 002 "Vehicle maintenance at /maintenance", §3 "Maintenance record",
 * "Maintenance list row", "History row", §5, §7, §9). The calls answer the spec's `{success, data}`
 * envelope. Types are the tenant's own, each with an interval in distance and/or days; an unplanned
 * type (a breakdown repair) has none.
 */

/** Polling of the list (spec 002 §9). */
export const MAINTENANCE_REFRESH_MS = 10_000;
/** The Add Maintenance dialog's vehicle search shows at most this many (spec 002). */
export const MAINTENANCE_VEHICLE_SEARCH_LIMIT = 4;

/** The types every tenant starts with; the tenant admin edits them. */
export const DEFAULT_MAINTENANCE_TYPES: readonly {
  name: string;
  interval_distance: number | null;
  interval_days: number | null;
  unplanned: boolean;
}[] = [
  { name: 'Oil change', interval_distance: 10_000, interval_days: 180, unplanned: false },
  { name: 'Tyres', interval_distance: 40_000, interval_days: 730, unplanned: false },
  { name: 'Brakes', interval_distance: 30_000, interval_days: 365, unplanned: false },
  { name: 'Inspection', interval_distance: null, interval_days: 365, unplanned: false },
  { name: 'Breakdown repair', interval_distance: null, interval_days: null, unplanned: true },
];

/** The Add Maintenance dialog's messages (spec 002 §5, §7). */
export const MAINTENANCE_MESSAGES = {
  vehicleRequired: 'Please select a vehicle',
  typeRequired: 'Please select a maintenance type',
  dateRequired: 'Please enter a maintenance date',
  costNumber: 'Please enter a valid number',
  costDecimals: 'Enter a valid price (e.g., 10, 10.5, 10.99)',
  submitFailed: 'Failed to submit maintenance',
  vehiclesFailed: 'Failed to fetch vehicles',
  noNote: 'No note to display',
  added: 'Maintenance added successfully',
  typeSaved: 'Maintenance type saved successfully',
  vehicleNotFound: 'Vehicle not found',
  typeNotFound: 'Maintenance type not found',
  typeNameTaken: 'A maintenance type with this name already exists',
  unplannedInterval: 'An unplanned maintenance type has no interval',
  odometerInvalid: 'Odometer must be a number of at least 0',
} as const;

/** The largest odometer reading accepted. */
export const ODOMETER_MAX = 10_000_000;

/** A calendar day `YYYY-MM-DD` that exists, in DATE_YEARS. */
const isRealDay = (s: string) => {
  const date = DAY.test(s) ? readUtcDateTime(`${s} 00:00:00`) : null;
  return date !== null && inDateYears(date);
};

/** A cost: a non-negative number with at most two decimals, given as a number or as text. */
export const COST_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** `POST v1/vehicles/maintenances` (spec 002 §3 "Maintenance record (create)"). */
export const ZMaintenanceInput = z.object({
  bus_id: zId('bus_id').describe('The vehicle serviced, one of the tenant’s'),
  date: z
    .string({ error: MAINTENANCE_MESSAGES.dateRequired })
    .trim()
    .transform((s) => s.slice(0, 10))
    .refine(isRealDay, MAINTENANCE_MESSAGES.dateRequired)
    .describe('The service day, YYYY-MM-DD (a date-time keeps its day)'),
  type: zId('type').describe('A maintenance type of the tenant (`GET v1/vehicles/maintenances/types`)'),
  note: z.string().trim().max(2000, 'note must be at most 2000 characters').nullish(),
  cost: z
    .union([z.number(), z.string().trim()])
    .nullish()
    .refine((v) => v === null || v === undefined || v === '' || COST_PATTERN.test(String(v)), {
      message: MAINTENANCE_MESSAGES.costDecimals,
    })
    .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
    .describe("In the tenant's currency, at most 2 decimals"),
  completed_by: z.string().trim().max(200, 'completed_by must be at most 200 characters').nullish(),
  odometer: z
    .union([z.number(), z.string().trim()])
    .nullish()
    .refine(
      (v) =>
        v === null ||
        v === undefined ||
        v === '' ||
        (Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= ODOMETER_MAX),
      { message: MAINTENANCE_MESSAGES.odometerInvalid },
    )
    .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
    .describe(
      "Beyond the spec: the odometer at the service, in the tenant's distance unit; the predictions count distance since it",
    ),
});
export type TMaintenanceInput = z.input<typeof ZMaintenanceInput>;
export type TMaintenanceValues = z.output<typeof ZMaintenanceInput>;

export const ZVehicleIdParams = z.object({ vehicle_id: zId('vehicle_id') });
export const ZMaintenanceTypeIdParams = z.object({ id: zId('id') });

export const ZMaintenanceType = z.object({
  id: z.number().int(),
  name: z.string(),
  /** In the tenant's distance unit; null when the type has no distance interval. */
  interval_distance: z.number().nullable(),
  interval_days: z.number().int().nullable(),
  unplanned: z.boolean(),
});
export type TMaintenanceType = z.infer<typeof ZMaintenanceType>;

const intervalMessage = 'An interval must be a positive whole number';
/** `POST v1/vehicles/maintenances/types/{id}`: the admin edits a type (beyond the spec). */
export const ZMaintenanceTypeSave = z.object({
  name: z.string().trim().min(1, 'Field is required').max(100, 'name must be at most 100 characters'),
  interval_distance: z.number().int(intervalMessage).positive(intervalMessage).max(1_000_000).nullable(),
  interval_days: z.number().int(intervalMessage).positive(intervalMessage).max(3650).nullable(),
});
export type TMaintenanceTypeSave = z.infer<typeof ZMaintenanceTypeSave>;

/** One row of the list (spec 002 §3 "Maintenance list row"). */
export const ZMaintenanceRow = z.object({
  vehicle_id: z.number().int(),
  vehicle_reference: z.string(),
  /**
   * The soonest due date (`YYYY-MM-DD`) over the tenant's planned types, each from its last service
   * plus its interval in days, or in distance at the vehicle's recent distance a day, whichever comes
   * first; null when no type has a service recorded.
   */
  predicted_upcoming_maintenance: z.string().nullable(),
  /** The type that is due then (beyond the spec). */
  predicted_type: z.string().nullable(),
  /** The last service day, `YYYY-MM-DD`; null when the vehicle has none. */
  service_date: z.string().nullable(),
  last_note: z.string().nullable(),
  /**
   * The vehicle's probability of an unplanned repair within 30 days, percent, from the tenant's
   * trained model (vehicle-risk.ts); null while there is no model, never an invented figure.
   */
  malfunction_probability: z.number().nullable(),
  /** The predicted date is past (beyond the spec). */
  overdue: z.boolean(),
});
export type TMaintenanceRow = z.infer<typeof ZMaintenanceRow>;

/** One row of a vehicle's history (spec 002 §3 "History row"). */
export const ZHistoryRow = z.object({
  id: z.number().int(),
  service_date: z.string(),
  type: z.string(),
  note: z.string().nullable(),
  completed_by: z.string().nullable(),
  cost: z.number().nullable(),
  /** The odometer at the service, in the tenant's distance unit, when it was recorded (beyond the spec). */
  odometer: z.number().nullable(),
});
export type THistoryRow = z.infer<typeof ZHistoryRow>;

export const ZMaintenanceList = z.object({ success: z.literal(true), data: z.array(ZMaintenanceRow) });
export const ZMaintenanceHistory = z.object({ success: z.literal(true), data: z.array(ZHistoryRow) });
export const ZMaintenanceTypes = z.object({ success: z.literal(true), data: z.array(ZMaintenanceType) });
export const ZMaintenanceSaved = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZHistoryRow,
});
export const ZMaintenanceTypeSaved = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZMaintenanceType,
});

/** What the Add Maintenance dialog holds: ids or null, the date and the cost as typed. */
export interface TMaintenanceForm {
  bus_id: number | null;
  type: number | null;
  date: string;
  cost: string;
  note: string;
  completed_by: string;
  odometer: string;
}

export const EMPTY_MAINTENANCE_FORM: TMaintenanceForm = {
  bus_id: null,
  type: null,
  date: '',
  cost: '',
  note: '',
  completed_by: '',
  odometer: '',
};

/** An id the form holds, or null until one is picked (then `message`). */
const picked = (message: string) =>
  z
    .number()
    .int()
    .nullable()
    .transform((v, ctx) => {
      if (v === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return v;
    });

/** The Add Maintenance dialog's rules and messages (spec 002 §5); it sends what `ZMaintenanceInput` reads. */
export const ZMaintenanceForm = z.object({
  bus_id: picked(MAINTENANCE_MESSAGES.vehicleRequired),
  type: picked(MAINTENANCE_MESSAGES.typeRequired),
  date: z
    .string()
    .trim()
    .min(1, MAINTENANCE_MESSAGES.dateRequired)
    .refine(isRealDay, MAINTENANCE_MESSAGES.dateRequired),
  cost: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d*\.?\d+$|^\d+\.$/.test(v), MAINTENANCE_MESSAGES.costNumber)
    .refine(
      (v) => v === '' || !/^\d*\.?\d+$|^\d+\.$/.test(v) || COST_PATTERN.test(v),
      MAINTENANCE_MESSAGES.costDecimals,
    ),
  note: z.string().trim().max(2000, 'note must be at most 2000 characters'),
  completed_by: z.string().trim().max(200, 'completed_by must be at most 200 characters'),
  odometer: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d+(\.\d+)?$/.test(v) && Number(v) <= ODOMETER_MAX),
      MAINTENANCE_MESSAGES.odometerInvalid,
    ),
});
