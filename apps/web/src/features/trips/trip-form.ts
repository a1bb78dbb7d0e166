import { tripInputSchema, type TTripInput, type TTripRow } from '@fleet/contract';
import { z } from 'zod';
import {
  checkLocalDateTimes,
  planPayload,
  stopToForm,
  type TPlanForm,
  type TPlanLabels,
} from '../../components/trip-editor';
import { toLocalInput, utcToLocalInput } from '../../lib/dates';

/** How the trip dialog opens: a new trip, an edit, a copy of a trip as a new one, or read-only (Info). */
export type TTripDialogMode = 'add' | 'edit' | 'clone' | 'show';

/** The next full hour, local time: where a new trip starts unless changed. */
export function nextFullHour(now = new Date()): string {
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return toLocalInput(next);
}

export const emptyTripForm = (now = new Date()): TPlanForm => ({
  start_date: nextFullHour(now),
  warehouse_id: null,
  type: null,
  driver_id: null,
  note: '',
  departure_time_range: '',
  destinations: [],
});

/**
 * A saved trip as the dialog edits it. A clone keeps everything the trip plans (start, origin,
 * type, driver, stops, tasks, note, ranges) and drops the saved ids, so saving adds a new trip.
 */
export function tripToForm(trip: TTripRow, asNew: boolean): TPlanForm {
  return {
    start_date: utcToLocalInput(trip.start_date),
    warehouse_id: trip.warehouse_id,
    type: trip.type?.id ?? trip.type0?.id ?? null,
    driver_id: trip.driver_id,
    note: trip.note ?? '',
    departure_time_range: trip.departure_time_range === null ? '' : String(trip.departure_time_range),
    destinations: trip.destinations.map((stop) => stopToForm(stop, asNew)),
  };
}

/** Names of the trip's driver, origin and type, shown before the pickers' lists arrive. */
export const tripLabels = (trip: TTripRow): TPlanLabels => ({
  driver: trip.driver ? `${trip.driver.fname} ${trip.driver.lname}` : undefined,
  warehouse: trip.warehouse?.title,
  type: trip.type?.title ?? trip.type0?.title,
});

/**
 * The dialog's schema: the form's text turned into the add-trip body (local time to UTC), then
 * checked by the contract's own schema, so the messages are the server's (spec 001 §5).
 */
export const tripFormSchema = (destinationTerm: string) =>
  z
    .custom<TPlanForm>()
    .superRefine(checkLocalDateTimes<TPlanForm>('start_date'))
    .transform((form): TTripInput => planPayload(form))
    .pipe(tripInputSchema(destinationTerm));

/** The checked add-trip body. */
export type TTripBody = z.output<ReturnType<typeof tripInputSchema>>;
