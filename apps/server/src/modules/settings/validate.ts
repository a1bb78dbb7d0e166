import {
  isTimeZone,
  LOGIN_EMAIL_PATTERN,
  MESSAGES,
  SETTING_KEYS,
  TERM_KEYS,
  THRESHOLD_LIMITS,
  type TSettingItem,
} from '@fleet/contract';

const THRESHOLD_LABELS: Record<string, string> = {
  stop_radius_m: 'Stop radius (m)',
  idle_speed_kmh: 'Idle speed (km/h)',
};
import { AppError } from '../../platform/errors.ts';

export interface KnownLists {
  currencies: string[];
  spaceUnits: string[];
  volumeUnits: string[];
}

const inRange = (value: string, limit: number) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && Math.abs(n) <= limit;
};

/**
 * Checks every pair before anything is written: known keys, coordinates in range, terms of a
 * sensible length, units and currency from the lists. Throws the first problem as a 400.
 */
export function validateSettings(items: TSettingItem[], lists: KnownLists): void {
  const known = new Set<string>(SETTING_KEYS);
  const terms = new Set<string>(TERM_KEYS);
  const listed: Record<string, string[]> = {
    currency: lists.currencies,
    space_unit: lists.spaceUnits,
    liquid_unit: lists.volumeUnits,
  };
  for (const { key, value } of items) {
    if (!known.has(key)) throw new AppError('BAD_REQUEST', MESSAGES.settings.unknownKey(key));
    if (key === 'lat' && !inRange(value, 90)) throw new AppError('BAD_REQUEST', MESSAGES.settings.latInvalid);
    if (key === 'lon' && !inRange(value, 180))
      throw new AppError('BAD_REQUEST', MESSAGES.settings.lonInvalid);
    if (terms.has(key) && (value.length < 1 || value.length > 49)) {
      throw new AppError('BAD_REQUEST', MESSAGES.settings.termInvalid);
    }
    const limits = THRESHOLD_LIMITS[key as keyof typeof THRESHOLD_LIMITS];
    if (limits) {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n) || n < limits.min || n > limits.max) {
        throw new AppError(
          'BAD_REQUEST',
          MESSAGES.settings.thresholdInvalid(THRESHOLD_LABELS[key]!, limits.min, limits.max),
        );
      }
    }
    if (
      key === 'finance_email' &&
      value.trim() !== '' &&
      (value.length > 254 || !LOGIN_EMAIL_PATTERN.test(value.trim()))
    )
      throw new AppError('BAD_REQUEST', MESSAGES.emailInvalid);
    if (
      (key === 'tracker_trips_while_signed_in' || key === 'finance_monthly_send') &&
      value !== 'true' &&
      value !== 'false'
    )
      throw new AppError('BAD_REQUEST', MESSAGES.settings.booleanInvalid(key));
    if (key === 'finance_monthly_type' && value !== '1' && value !== '2')
      throw new AppError('BAD_REQUEST', MESSAGES.settings.financeMonthlyTypeInvalid);
    if (key === 'time_zone' && !isTimeZone(value)) {
      throw new AppError('BAD_REQUEST', MESSAGES.schedules.timeZoneInvalid);
    }
    const options = listed[key];
    if (options && !options.includes(value)) {
      throw new AppError('BAD_REQUEST', MESSAGES.settings.unknownUnit(key, value));
    }
  }
}

/**
 * The settings as they will be once `items` are written over `stored`, checked as a whole: the
 * monthly finance summary goes to the finance address, so it cannot be on without one (neither
 * turned on without it nor left on while it is cleared).
 */
export function validateCombinedSettings(stored: TSettingItem[], items: TSettingItem[]): void {
  const after = new Map([...stored, ...items].map((s) => [s.key, s.value.trim()]));
  if (after.get('finance_monthly_send') === 'true' && !after.get('finance_email'))
    throw new AppError('BAD_REQUEST', MESSAGES.settings.financeMonthlyNeedsEmail);
}
