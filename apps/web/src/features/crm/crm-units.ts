import type { TTerms } from '@fleet/contract';

/*
 * The units CRM amounts are kept in: prices in the tenant's currency, volumes in its volume (liquid)
 * unit, weights in kg, or lb where the tenant measures distances in miles or feet.
 */

/** The tenant's weight unit: `lb` with miles or feet, else `kg` (shared with the vehicle dialog). */
export { weightUnit } from '../../lib/unit-options';

/** An amount with its unit (`12.5 kg`), or a dash for none. */
export const withUnit = (value: number | null, unit: string) => (value === null ? '—' : `${value} ${unit}`);

/** A price with two decimals and the currency's symbol (`10.50 €`). */
export const priceText = (price: number, terms: TTerms) => `${price.toFixed(2)} ${terms.currency.symbol}`;

/** Optional text as a cell shows it: a dash for none. */
export const orDash = (text: string | null | undefined) => (text ? text : '—');
