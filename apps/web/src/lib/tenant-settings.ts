import {
  DEFAULT_SETTINGS,
  isTimeZone,
  LOGIN_EMAIL_PATTERN,
  MESSAGES,
  termsFromSettings,
  type TSettingItem,
} from '@fleet/contract';
import { z } from 'zod';
import { ZPlaceValue } from '../components/place-picker/place';

/*
 * A tenant's settings as a form edits them (the Settings page and the super admin's tenant dialog):
 * units, time zone, the map location and the terms, turned back into the key/value list of `save-all`.
 */

const term = z.string().trim().min(1, MESSAGES.required).max(49, MESSAGES.settings.termInvalid);

export const ZTenantSettingsForm = z.object({
  space_unit: z.string().min(1, MESSAGES.required),
  liquid_unit: z.string().min(1, MESSAGES.required),
  currency: z.string().min(1, MESSAGES.required),
  /** IANA zone of the tenant's wall clock: trip reports and schedules made through the API use it. */
  time_zone: z.string().min(1, MESSAGES.required).refine(isTimeZone, MESSAGES.schedules.timeZoneInvalid),
  place: ZPlaceValue,
  driver_term: term,
  trip_term: term,
  destination_term: term,
  warehouse_term: term,
  bus_term: term,
  /** Where finance summaries go by default (the Send File dialog's To); empty for none. */
  finance_email: z
    .string()
    .trim()
    .max(254, MESSAGES.emailInvalid)
    .refine((v) => v === '' || LOGIN_EMAIL_PATTERN.test(v), MESSAGES.emailInvalid),
});
export type TTenantSettingsForm = z.infer<typeof ZTenantSettingsForm>;

/** Form values from stored settings; keys the tenant never set show the words it sees today. */
export function settingsToForm(
  settings: readonly TSettingItem[],
  options: { defaults?: readonly TSettingItem[]; tenantType?: string | null } = {},
): TTenantSettingsForm {
  const stored = new Map(settings.map((s) => [s.key, s.value.trim()]));
  const defaults = new Map((options.defaults ?? []).map((s) => [s.key, s.value.trim()]));
  const pick = (key: keyof typeof DEFAULT_SETTINGS) =>
    stored.get(key) || defaults.get(key) || DEFAULT_SETTINGS[key];
  const terms = termsFromSettings({ settings, defaults: options.defaults, tenantType: options.tenantType });
  return {
    space_unit: pick('space_unit'),
    liquid_unit: pick('liquid_unit'),
    currency: pick('currency'),
    time_zone: pick('time_zone'),
    place: { location: pick('location'), lat: pick('lat'), lon: pick('lon') },
    driver_term: terms.driver,
    trip_term: terms.trip,
    destination_term: terms.destination,
    warehouse_term: terms.warehouse,
    bus_term: terms.bus,
    finance_email: stored.get('finance_email') ?? '',
  };
}

/** The `save-all` pairs of a form. */
export function formToSettings(values: TTenantSettingsForm): TSettingItem[] {
  const { place, finance_email, ...rest } = values;
  return [
    { key: 'finance_email', value: finance_email.trim() },
    { key: 'location', value: place.location.trim() },
    { key: 'lat', value: place.lat.trim() },
    { key: 'lon', value: place.lon.trim() },
    ...Object.entries(rest).map(([key, value]) => ({ key, value: value.trim() })),
  ].filter((item) => item.key !== 'location' || item.value !== '');
}
