import { DEFAULT_SETTINGS, type TSettingItem, type TUnit } from './settings.ts';
import { NAMAT_TYPE } from './auth.ts';

/**
 * A tenant's vocabulary. `{driver term}` in the specification is `terms.driver` in code.
 */
export interface TTerms {
  trip: string;
  driver: string;
  destination: string;
  warehouse: string;
  bus: string;
  currency: { name: string; symbol: string };
  spaceUnit: { name: string; symbol: string };
  liquidUnit: { name: string; symbol: string };
}

// Words with no plural form in the sense the console uses them ("Staff", not "Staffs").
const UNCOUNTABLE = new Set(['staff', 'personnel', 'equipment', 'crew staff']);

/** English plural of a configured term, good enough for menu and page titles. */
export function pluralize(word: string): string {
  const trimmed = word.trim();
  const lower = trimmed.toLowerCase();
  if (trimmed === '' || UNCOUNTABLE.has(lower)) return trimmed;
  if (/[^aeiou]y$/i.test(trimmed)) return `${trimmed.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(trimmed)) return `${trimmed}es`;
  return `${trimmed}s`;
}

const findUnit = (units: readonly TUnit[], name: string, fallbackSymbol: string) => {
  const unit = units.find((u) => u.name.toLowerCase() === name.toLowerCase());
  return { name, symbol: unit?.symbol ?? fallbackSymbol };
};

/** Symbols of the default units, so labels read well before the unit lists arrive. */
const KNOWN_SYMBOLS: Record<string, string> = { Euro: '€', Kilometers: 'km', Liters: 'L' };

export interface TTermsSource {
  settings: readonly TSettingItem[];
  /** The server's default settings (`settings/get-default-settings`), used after the tenant type's words. */
  defaults?: readonly TSettingItem[];
  tenantType?: string | null | undefined;
  currencies?: readonly TUnit[];
  spaceUnits?: readonly TUnit[];
  volumeUnits?: readonly TUnit[];
}

/**
 * Builds the terms from a tenant's settings: configured words win, then the tenant type's words
 * (namat says Staff and Task), then the server's default settings, then the product defaults.
 */
export function termsFromSettings({
  settings,
  defaults = [],
  tenantType,
  currencies = [],
  spaceUnits = [],
  volumeUnits = [],
}: TTermsSource): TTerms {
  const map = new Map(settings.map((s) => [s.key, s.value.trim()]));
  const defaultMap = new Map(defaults.map((s) => [s.key, s.value.trim()]));
  const isNamat = tenantType === NAMAT_TYPE;
  const pick = (key: keyof typeof DEFAULT_SETTINGS, typeDefault?: string) =>
    map.get(key) || typeDefault || defaultMap.get(key) || DEFAULT_SETTINGS[key];
  const currency = pick('currency');
  const space = pick('space_unit');
  const liquid = pick('liquid_unit');
  return {
    trip: pick('trip_term', isNamat ? 'Task' : undefined),
    driver: pick('driver_term', isNamat ? 'Staff' : undefined),
    destination: pick('destination_term'),
    warehouse: pick('warehouse_term'),
    bus: pick('bus_term'),
    currency: findUnit(currencies, currency, KNOWN_SYMBOLS[currency] ?? currency),
    spaceUnit: findUnit(spaceUnits, space, KNOWN_SYMBOLS[space] ?? space),
    liquidUnit: findUnit(volumeUnits, liquid, KNOWN_SYMBOLS[liquid] ?? liquid),
  };
}

/** A distance unit's size in kilometres, by symbol (the space units of the reference lists). */
const KM_PER_UNIT: Record<string, number> = { km: 1, m: 0.001, mi: 1.609344, ft: 0.0003048 };

/** Kilometres in the tenant's distance unit (its symbol; an unknown one is taken as kilometres). */
export const kmToUnit = (km: number, symbol: string): number => km / (KM_PER_UNIT[symbol] ?? 1);
