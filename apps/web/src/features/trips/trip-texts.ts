import {
  parseUtcDateTime,
  tripEndCellText,
  tripFlagText,
  tripStartCellText,
  tripStatusText,
  type TTripRow,
} from '@fleet/contract';
import { formatDateTime, formatUtc } from '../../lib/dates';

/*
 * What the trips table shows in its cells (spec 001 §4), dates in the browser's local time.
 */

/** The driver's name, or N/A for a trip without one. */
export const tripDriverName = (trip: Pick<TTripRow, 'driver'>) =>
  trip.driver ? `${trip.driver.fname} ${trip.driver.lname}` : 'N/A';

/** Started cell: 'Awaiting..', 'Not picked', or when it started. */
export const startedCell = (trip: Pick<TTripRow, 'started_date' | 'ended_date'>) =>
  tripStartCellText(trip) ?? formatUtc(trip.started_date);

/** Ended cell: 'Awaiting..', 'On Route..', or when it ended. */
export const endedCell = (trip: Pick<TTripRow, 'started_date' | 'ended_date'>) =>
  tripEndCellText(trip) ?? formatUtc(trip.ended_date);

/** Planned end: the start plus the planned length (every driving and staying time), when both are known. */
export function plannedEnd(trip: Pick<TTripRow, 'start_date' | 'expected_length'>): string {
  const start = trip.start_date ? parseUtcDateTime(trip.start_date) : null;
  if (!start || trip.expected_length === null) return '';
  return formatDateTime(new Date(start.getTime() + trip.expected_length * 60_000));
}

/** Flag text (Not Picked / Picked / Delivered; namat Assigned / In progress / Done) and status text. */
export const tripStateTexts = (trip: Pick<TTripRow, 'flag' | 'ended_date' | 'status'>, namat: boolean) => ({
  flag: tripFlagText(trip, namat),
  status: tripStatusText(trip.status),
});
