import { formatUtc } from '../../lib/dates';

/*
 * How a fine's parts read on screen (spec 001 "Fines", §9): names, amounts with the tenant's
 * currency, and a trip as the dialog's search shows it.
 */

type TPerson = { fname: string; lname: string } | null;

/** "First Last", or N/A when there is none (spec 001 §3). */
export const personName = (person: TPerson) => (person ? `${person.fname} ${person.lname}` : 'N/A');

/** Two decimals and the currency symbol (spec 001 §9). */
export const fineAmount = (amount: number, symbol: string) => `${amount.toFixed(2)} ${symbol}`;

/** A trip as the fine dialog's search reads it: "start date - driver name - trip type title". */
export const fineTripLabel = (trip: {
  id: number;
  start_date: string | null;
  driver: TPerson;
  type0: { title: string } | null;
}) =>
  [
    trip.start_date ? formatUtc(trip.start_date) : `#${trip.id}`,
    personName(trip.driver),
    trip.type0?.title ?? 'No type',
  ].join(' - ');
