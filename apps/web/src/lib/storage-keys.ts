import { EXCEPTION_HIGHLIGHT_KEY } from '@fleet/contract';

/**
 * Every browser storage key the console uses, in one place.
 * Session storage holds the signed-in admin (per tab, spec 000 §4); local storage caches tenant
 * settings and unit lists (spec 000 §3). Logout clears both.
 */
export const SESSION_STORAGE_KEYS = {
  /** The admin session of spec 000 §3, as JSON. */
  adminSession: 'fleet.adminSession',
  /** The exception opened from the notification bell, highlighted on /exceptions (spec 000 §4). */
  openedExceptionId: EXCEPTION_HIGHLIGHT_KEY,
  /** The trips an admin switched on in the dashboard's list (spec 000 "Dashboard"). */
  dashboardShownTrips: 'fleet.dashboard.shownTrips',
  /** A trip another screen asks the trips screen to open read-only, with its dates as the filter (spec 001 "Trips"). */
  openTripWithFilters: 'openTripWithFilters',
} as const;

export const LOCAL_STORAGE_KEYS = {
  /** Tenant settings, one entry per tenant id. */
  tenantSettings: (tenantId: number) => `fleet.tenantSettings.${tenantId}`,
  defaultSettings: 'fleet.defaultSettings',
  currencies: 'fleet.currencies',
  spaceUnits: 'fleet.spaceUnits',
  volumeUnits: 'fleet.volumeUnits',
} as const;
