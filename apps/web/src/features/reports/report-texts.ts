import { hoursAndMinutes } from '@fleet/contract';
import { toLocalDayInput, type TDayRange } from '../../lib/dates';

/** "7 h 05 min": hours are minutes / 60 rounded down, then the minutes left (spec 002 §9). */
export function hoursText(minutes: number): string {
  const { hours, minutes: rest } = hoursAndMinutes(minutes);
  return `${hours} h ${String(rest).padStart(2, '0')} min`;
}

/** The summaries' default range: the first of the current month to today (spec 002 §9). */
export const monthToToday = (now = new Date()): TDayRange => ({
  from: toLocalDayInput(new Date(now.getFullYear(), now.getMonth(), 1)),
  to: toLocalDayInput(now),
});

/** The all-drivers send screen's default: the first to the last day of the previous month (spec 002 §9). */
export const previousMonth = (now = new Date()): TDayRange => ({
  from: toLocalDayInput(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
  to: toLocalDayInput(new Date(now.getFullYear(), now.getMonth(), 0)),
});

/** The call's days of a day range. */
export const rangeBody = (range: TDayRange) => ({ fdate: range.from, tdate: range.to });

/** An amount with two decimals and a symbol. */
export const money = (amount: number, symbol: string) => `${amount.toFixed(2)} ${symbol}`;
