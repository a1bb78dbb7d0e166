import { z } from 'zod';
import { zNewPassword } from './auth.ts';
import { MESSAGES } from './messages.ts';
import { zId, zLimit, zOptionalPaging } from './numbers.ts';
import { zCustomTrackerId, ZTrackerState } from './trackers.ts';

/*
 * Fleet registry: drivers, vehicles, admins, tenants, languages (spec 000 §5–§7, 001 §3, §5, §7).
 * One schema serves the server's validation and the web form, so both show the same messages.
 */

/** The stricter e-mail pattern of the driver and admin forms. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const NAME_MAX = 50;

const name = () => z.string().trim().min(1, MESSAGES.required).max(NAME_MAX, MESSAGES.lessThan50);
const email = (requiredMessage: string = MESSAGES.required) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
    .max(254, MESSAGES.emailInvalid);
/** Optional numeric id that may arrive as null, '' or a number. */
const optionalId = (field: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), zId(field).nullable());

// ---------- Languages ----------
export const ZLanguage = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type TLanguage = z.infer<typeof ZLanguage>;

// ---------- Vehicles (buses) ----------
export const VEHICLE_SEARCH_LIMIT = 4;
const thisYear = () => new Date().getUTCFullYear();
export const LOAD_CAPACITY_MAX = 1_000_000;
export const LOAD_CAPACITY_MESSAGES = {
  invalid: 'Load capacity must be a number above 0',
  tooLarge: 'Load capacity must be at most 1,000,000',
} as const;
/**
 * A load capacity above 0, as a number or its decimal text (a form, a sheet); '', null or none mean
 * none. Any other text is NaN, so it gets the same message as 0 and -1.
 */
const zLoadCapacity = () =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return null;
      if (typeof v !== 'string') return v;
      const text = v.trim();
      return text === '' ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: LOAD_CAPACITY_MESSAGES.invalid })
      .gt(0, LOAD_CAPACITY_MESSAGES.invalid)
      .max(LOAD_CAPACITY_MAX, LOAD_CAPACITY_MESSAGES.tooLarge)
      .nullable(),
  );
export const ZVehicleInput = z.object({
  reference: z.string().trim().min(1, MESSAGES.required).max(49, MESSAGES.vehicle.referenceMax),
  brand: z.string().trim().min(1, MESSAGES.required).max(100, MESSAGES.vehicle.textMax),
  model: z.string().trim().min(1, MESSAGES.required).max(100, MESSAGES.vehicle.textMax),
  year: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: MESSAGES.required })
      .int(MESSAGES.vehicle.yearInvalid)
      .min(1900, MESSAGES.vehicle.yearInvalid)
      .refine((y) => y <= thisYear() + 1, MESSAGES.vehicle.yearInvalid),
  ),
  /** Odometer in the tenant's distance unit; maintenance and risk read it. */
  mileage: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: MESSAGES.vehicle.mileageInvalid }).min(0, MESSAGES.vehicle.mileageInvalid).nullable(),
  ),
  /**
   * Beyond the spec: what the vehicle can carry, for route planning, in the tenant's weight unit (kg,
   * or lb where distances are in miles or feet). '' or null: not recorded; left out of a save: kept.
   */
  load_capacity: zLoadCapacity().optional(),
});
export type TVehicleInput = z.input<typeof ZVehicleInput>;
export const ZVehicleSave = ZVehicleInput.extend({ id: zId('id') });

export const ZVehicleDriver = z.object({ id: z.number().int(), fname: z.string(), lname: z.string() });
export const ZVehicleRow = z.object({
  id: z.number().int(),
  reference: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number().int(),
  /** The odometer as an admin recorded it, in the tenant's distance unit. */
  mileage: z.number().nullable(),
  /** When `mileage` was recorded (UTC `YYYY-MM-DD HH:mm:ss`). */
  mileage_date: z.string(),
  /** Distance counted from its drivers' GPS since then, in the tenant's distance unit, 1 decimal. */
  counted_distance: z.number(),
  /** The odometer now: the recorded mileage plus the distance counted since; null with no mileage recorded. */
  odometer: z.number().nullable(),
  /** Beyond the spec: what the vehicle can carry, in the tenant's weight unit; null when not recorded. */
  load_capacity: z.number().nullable(),
  /** '1' when a live driver has this vehicle (spec 001 §3). */
  taken: z.enum(['0', '1']),
  drivers: z.array(ZVehicleDriver),
  created_date: z.string(),
});
export type TVehicleRow = z.infer<typeof ZVehicleRow>;

/** `bus/get-buses` query: `reference` text search and `limit` (the vehicle picker sends 4). */
export const ZVehicleListQuery = z.object({
  tenant_id: z.string().optional(),
  reference: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100).optional(),
  limit: zLimit().optional(),
});

// ---------- Drivers ----------
const hourlyRate = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: MESSAGES.driver.hourlyRateInvalid })
    .min(0, MESSAGES.driver.hourlyRateInvalid)
    .max(100000),
);
const language = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string().trim().max(20).nullable(),
);
/**
 * A custom Tracker ID on a driver (the sheet import, and clients of the driver calls that send
 * one): trimmed, null when empty; else it must pass the strength rule of `trackerIdProblem`. The
 * console makes ids with `POST /api/v1/trackers/setup` instead.
 */
export const zDeviceId = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    zCustomTrackerId().nullable(),
  );
const driverFields = {
  fname: name(),
  lname: name(),
  email: email(),
  bus_id: optionalId('bus_id'),
  hourly_rate: hourlyRate,
  language,
  /** A custom Tracker ID; left out keeps the driver's tracker, null removes it. */
  device_id: zDeviceId().optional(),
};
/** Editing: an empty password is sent as null and keeps the current one. */
const keptPassword = () =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), zNewPassword().nullable());

export const ZDriverAdd = z.object({ ...driverFields, password: zNewPassword() });
export type TDriverAdd = z.input<typeof ZDriverAdd>;
export const ZDriverSave = z.object({ ...driverFields, id: zId('id'), password: keptPassword() });
export type TDriverSave = z.input<typeof ZDriverSave>;

export const ZDriverRow = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  bus_id: z.number().int().nullable(),
  bus: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  hourly_rate: z.number(),
  language: z.string().nullable(),
  /** How the driver's tracker was set up; its id itself is never shown again. */
  tracker: ZTrackerState,
  created_date: z.string(),
  archived: z.union([z.literal(0), z.literal(1)]),
});
export type TDriverRow = z.infer<typeof ZDriverRow>;

export const ZDriverListQuery = z.object({
  tenant_id: z.string().optional(),
  name: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100).optional(),
  limit: zLimit().optional(),
  ...zOptionalPaging(),
});

export const ZIdBody = z.object({ id: zId('id') });

// ---------- Admins ----------
const adminFields = {
  email: email(MESSAGES.admin.emailRequired),
  fname: name(),
  lname: name(),
  tenant_id: optionalId('tenant_id').optional(),
};
export const ZAdminAdd = z.object({ ...adminFields, password: zNewPassword() });
export const ZAdminSave = z.object({ ...adminFields, id: zId('id'), password: keptPassword() });
export type TAdminAdd = z.input<typeof ZAdminAdd>;
export type TAdminSave = z.input<typeof ZAdminSave>;
export const ZAdminRow = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  tenant_id: z.number().int().nullable(),
  created_date: z.string(),
});
export type TAdminRow = z.infer<typeof ZAdminRow>;
export const ZTenantScopeQuery = z.object({ tenant_id: zId('tenant_id').optional() });

// ---------- Tenants ----------
const crmFlag = z.preprocess(
  (v) =>
    v === true || v === 'true' || v === '1'
      ? 1
      : v === false || v === 'false' || v === '0' || v === undefined
        ? 0
        : v,
  z.union([z.literal(0), z.literal(1)]),
);
export const ZTenantAdd = z.object({
  name: z.string().trim().min(1, MESSAGES.required).max(100, MESSAGES.tenant.nameMax),
  type: z.string().trim().min(1, MESSAGES.required).max(50),
  is_enabled_crm: crmFlag.optional(),
  /** Accepted for compatibility; the server sets the creation date itself. */
  created_date: z.string().optional(),
});
export const ZTenantSave = ZTenantAdd.extend({ id: zId('id') });
export type TTenantAdd = z.input<typeof ZTenantAdd>;
export const ZTenantRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  is_enabled_crm: z.union([z.literal(0), z.literal(1)]),
  created_date: z.string(),
  admin_count: z.number().int(),
});
export type TTenantRow = z.infer<typeof ZTenantRow>;

// ---------- Import (drivers and vehicles from .xlsx or .csv) ----------
export const ZImportRow = z.object({
  row: z.number().int(),
  fields: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
});
export const ZImportPreview = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  rows: z.array(ZImportRow),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;
export const ZImportResult = z.object({ imported: z.number().int() });

/** Column headers an import file may use (any case, spaces and dashes ignored). */
export const DRIVER_IMPORT_COLUMNS = [
  'First name',
  'Last name',
  'E-mail',
  'Password',
  'Vehicle',
  'Hourly rate',
  'Language',
  'Tracker ID',
] as const;
export const VEHICLE_IMPORT_COLUMNS = [
  'Reference',
  'Brand',
  'Model',
  'Year',
  'Mileage',
  // Beyond the spec, optional: see `load_capacity` on ZVehicleInput.
  'Load capacity',
] as const;

/** One driver row of an import file; without a password the driver cannot sign in until one is set. */
export const ZDriverImportRow = ZDriverAdd.omit({ bus_id: true, password: true }).extend({
  password: keptPassword(),
});
