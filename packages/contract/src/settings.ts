import { z } from 'zod';
import { zId } from './numbers.ts';

/** The tenant setting keys of spec 000 §3 and 002 §2. */
export const SETTING_KEYS = [
  'lat',
  'lon',
  'location',
  'trip_term',
  'driver_term',
  'destination_term',
  'warehouse_term',
  'bus_term',
  'currency',
  'space_unit',
  'liquid_unit',
  /** IANA time zone whose wall clock the tenant's scheduled trips follow. */
  'time_zone',
  /** Metres around a stop within which a driver is at it (arrival and departure from positions). */
  'stop_radius_m',
  /** km/h below which a vehicle counts as standing still. */
  'idle_speed_kmh',
  /**
   * `true` lets a tracker run the trip of a driver signed in to the driver app (start, arrivals,
   * departures from its positions); `false` (the default) ignores its fixes then (docs/decisions/0023).
   */
  'tracker_trips_while_signed_in',
  /** Where finance summaries go by default (spec 002 `settings/finance-email`); empty for none. */
  'finance_email',
  /**
   * `true` e-mails last month's all-drivers finance summary to `finance_email` on the 1st of each
   * month (beyond the spec; decision 0032); `false` (the default) does not. Needs a finance e-mail.
   */
  'finance_monthly_send',
  /** The monthly summary's file: 1 PDF, 2 Excel (the default, as the all-drivers send). */
  'finance_monthly_type',
] as const;
export type TSettingKey = (typeof SETTING_KEYS)[number];

/**
 * Written by the server, never by a client: when `finance_monthly_send` was last turned on (UTC ISO).
 * No month whose run fell due before it is sent.
 */
export const FINANCE_MONTHLY_SINCE_KEY = 'finance_monthly_since';

export const ZSettingItem = z.object({ key: z.string(), value: z.string() });
export type TSettingItem = z.infer<typeof ZSettingItem>;

/** `tenant_id` of the tenant-settings calls; left out, it means the caller's own tenant. */
export const ZTenantIdQuery = z.object({ tenant_id: zId('tenant_id').optional() });

/** A currency, distance (space) unit or volume unit as the cached lists carry them (spec 000 §3). */
export const ZUnit = z.object({ id: z.number().int(), name: z.string(), symbol: z.string() });
export type TUnit = z.infer<typeof ZUnit>;

export const ZTenantTypeOption = z.object({ id: z.number().int(), value: z.string(), name: z.string() });
export type TTenantTypeOption = z.infer<typeof ZTenantTypeOption>;

/** Default map centre and zooms of spec 000 §9. */
export const DEFAULT_MAP_CENTER = { lat: 25.276987, lon: 55.17128 } as const;
export const DEFAULT_MAP_ZOOM = 11;
export const NAMAT_MAP_ZOOM = 9;

/** Defaults used when a tenant has not configured a key (spec 000 §1; unit defaults are ours). */
export const DEFAULT_SETTINGS: Record<TSettingKey, string> = {
  lat: String(DEFAULT_MAP_CENTER.lat),
  lon: String(DEFAULT_MAP_CENTER.lon),
  location: 'Dubai, United Arab Emirates',
  trip_term: 'Trip',
  driver_term: 'Driver',
  destination_term: 'Destination',
  warehouse_term: 'Origin',
  bus_term: 'Vehicle',
  currency: 'Euro',
  space_unit: 'Kilometers',
  liquid_unit: 'Liters',
  time_zone: 'Asia/Dubai',
  stop_radius_m: '100',
  idle_speed_kmh: '5',
  tracker_trips_while_signed_in: 'false',
  finance_email: '',
  finance_monthly_send: 'false',
  finance_monthly_type: '2',
};

/**
 * Tolerances of the live engines where a tenant has set none: a driver within this distance of a
 * stop is at it; below this speed a vehicle is standing still.
 */
export const DEFAULT_THRESHOLDS = { stopRadiusMeters: 100, idleSpeedKmh: 5 } as const;
/** The ranges a tenant may set them in. */
export const THRESHOLD_LIMITS = {
  stop_radius_m: { min: 10, max: 5000 },
  idle_speed_kmh: { min: 1, max: 50 },
} as const;
export interface TThresholds {
  stopRadiusMeters: number;
  idleSpeedKmh: number;
}

/** Fallback lists of spec 001 §3 / 002 §9, used when the server lists cannot be loaded. */
export const FALLBACK_SPACE_UNITS = ['Meters', 'Kilometers', 'Miles', 'Feet'] as const;
export const FALLBACK_VOLUME_UNITS = ['Liters', 'Gallons', 'Cubic Meters'] as const;
export const FALLBACK_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY'] as const;

/** `tenant-settings/save-all`: the tenant (the caller's own unless the super admin names one) and the pairs. */
export const ZSettingsSaveAll = z.object({
  tenant_id: zId('tenant_id').optional(),
  data: z
    .array(z.object({ key: z.string().trim().min(1).max(50), value: z.string().trim().max(300) }))
    .min(1, 'Nothing to save')
    .max(50),
});
export type TSettingsSaveAll = z.input<typeof ZSettingsSaveAll>;

export const TERM_KEYS = [
  'trip_term',
  'driver_term',
  'destination_term',
  'warehouse_term',
  'bus_term',
] as const;
