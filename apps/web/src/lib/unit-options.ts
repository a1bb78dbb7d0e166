import { useQuery } from '@tanstack/react-query';
import {
  FALLBACK_CURRENCIES,
  FALLBACK_SPACE_UNITS,
  FALLBACK_VOLUME_UNITS,
  type TTerms,
  type TUnit,
} from '@fleet/contract';
import { currenciesQuery, spaceUnitsQuery, volumeUnitsQuery } from './api/settings';

/** A distance (an odometer, a mileage) in the tenant's unit, to one decimal: `48,250.5`. */
export const formatDistance = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 1 });

const IMPERIAL_DISTANCES = new Set(['miles', 'feet']);

/**
 * The tenant's weight unit (CRM weights, a vehicle's load capacity): `lb` where distances are in
 * miles or feet, else `kg`. Tenants choose no weight unit of their own.
 */
export const weightUnit = (terms: TTerms): 'kg' | 'lb' =>
  IMPERIAL_DISTANCES.has(terms.spaceUnit.name.toLowerCase()) ? 'lb' : 'kg';

export interface TUnitOption {
  /** The name is what a setting stores. */
  value: string;
  label: string;
}

const fromUnits = (units: readonly TUnit[]): TUnitOption[] =>
  units.map((unit) => ({
    value: unit.name,
    label: unit.symbol && unit.symbol !== unit.name ? `${unit.name} (${unit.symbol})` : unit.name,
  }));
const fromNames = (names: readonly string[]): TUnitOption[] =>
  names.map((name) => ({ value: name, label: name }));

/** Options of a list, with the spec's fallback names when the server list cannot be loaded or is empty. */
function optionsOf(data: readonly TUnit[] | undefined, isError: boolean, fallback: readonly string[]) {
  if (data && data.length > 0) return fromUnits(data);
  return isError || data ? fromNames(fallback) : [];
}

/** Currency, distance and volume unit choices for the settings and tenant forms. */
export function useUnitOptions() {
  const currencies = useQuery(currenciesQuery());
  const spaceUnits = useQuery(spaceUnitsQuery());
  const volumeUnits = useQuery(volumeUnitsQuery());
  return {
    currencies: optionsOf(currencies.data, currencies.isError, FALLBACK_CURRENCIES),
    spaceUnits: optionsOf(spaceUnits.data, spaceUnits.isError, FALLBACK_SPACE_UNITS),
    volumeUnits: optionsOf(volumeUnits.data, volumeUnits.isError, FALLBACK_VOLUME_UNITS),
  };
}

/** Adds the current value when the list does not hold it, so a select never shows an empty box. */
export function withCurrent(options: TUnitOption[], current: string): TUnitOption[] {
  if (!current || options.some((option) => option.value === current)) return options;
  return [{ value: current, label: current }, ...options];
}
