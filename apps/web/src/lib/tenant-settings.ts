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
  /** E-mail last month's finance summary to `finance_email` on the 1st (decision 0032). */
  finance_monthly_send: z.boolean(),
  /** Its file: 1 PDF, 2 Excel. */
  finance_monthly_type: z.enum(['1', '2']),
});
export type TTenantSettingsForm = z.infer<typeof ZTenantSettingsForm>;

/**
 * The Settings page's form: the monthly finance summary goes to the finance address, so it cannot be
 * on without one (the server says the same). Kept apart so the tenant dialog can extend the fields.
 */
export const ZSettingsPageForm = ZTenantSettingsForm.superRefine((values, ctx) => {
  if (values.finance_monthly_send && values.finance_email.trim() === '')
    ctx.addIssue({
      code: 'custom',
      path: ['finance_email'],
      message: MESSAGES.settings.financeMonthlyNeedsEmail,
    });
});

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
    finance_monthly_send: stored.get('finance_monthly_send') === 'true',
    finance_monthly_type: stored.get('finance_monthly_type') === '1' ? '1' : '2',
  };
}

/** The `save-all` pairs of a form. */
export function formToSettings(values: TTenantSettingsForm): TSettingItem[] {
  const { place, finance_email, finance_monthly_send, finance_monthly_type, ...rest } = values;
  return [
    { key: 'finance_email', value: finance_email.trim() },
    { key: 'finance_monthly_send', value: String(finance_monthly_send) },
    { key: 'finance_monthly_type', value: finance_monthly_type },
    { key: 'location', value: place.location.trim() },
    { key: 'lat', value: place.lat.trim() },
    { key: 'lon', value: place.lon.trim() },
    ...Object.entries(rest).map(([key, value]) => ({ key, value: value.trim() })),
  ].filter((item) => item.key !== 'location' || item.value !== '');
}
