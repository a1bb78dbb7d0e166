import {
  MESSAGES,
  plannedStops,
  type TScheduleDestination,
  type TTripDestination,
  type TPlannedStop,
} from '@fleet/contract';
import type { FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { localInputToUtc, parseLocalInput } from '../../lib/dates';

/*
 * The plan a trip and a scheduled trip share (spec 001 "Trips", "Scheduled trips"): start, origin,
 * type, driver, ordered stops with their tasks, note and the origin's departure range. Text fields
 * hold what was typed; the contract schemas check and convert it when the form is sent.
 */

export interface TTaskForm {
  /** The saved task being edited; null for a new one (and in a clone). */
  task_id: number | null;
  description: string;
  order_id: string;
  client_approval: boolean;
  manager_approval: boolean;
  /** The driver's note, kept as it is. */
  note: string | null;
}

export interface TStopForm {
  /** The saved stop being edited; null for a new one (and in a clone). Not `id`: field arrays use that. */
  stop_id: number | null;
  destination_id: number | null;
  destination_name: string;
  destination_lat: number | null;
  destination_lon: number | null;
  /** School bus: the student whose stop this is (their guardians see the stop's proof photos). */
  student_id: number | null;
  student_fname: string | null;
  student_lname: string | null;
  driving_time: string;
  staying_time: string;
  driving_time_range: string;
  staying_time_range: string;
  tasks: TTaskForm[];
}

export interface TPlanForm {
  /** `datetime-local` value, browser local time. */
  start_date: string;
  warehouse_id: number | null;
  type: number | null;
  driver_id: number | null;
  note: string;
  departure_time_range: string;
  destinations: TStopForm[];
}

/** The names a plan's pickers show before their lists arrive (or for a driver since archived). */
export interface TPlanLabels {
  driver?: string;
  warehouse?: string;
  type?: string;
}

const minutesText = (value: number | null) => (value === null ? '' : String(value));

export const emptyTask = (): TTaskForm => ({
  task_id: null,
  description: '',
  order_id: '',
  client_approval: false,
  manager_approval: false,
  note: null,
});

/** A new stop at a saved destination or a student's stop. */
export function newStop(place: {
  destination_id?: number | null;
  name: string;
  lat: number | null;
  lon: number | null;
  student_id?: number | null;
  student_fname?: string | null;
  student_lname?: string | null;
}): TStopForm {
  return {
    stop_id: null,
    destination_id: place.destination_id ?? null,
    destination_name: place.name,
    destination_lat: place.lat,
    destination_lon: place.lon,
    student_id: place.student_id ?? null,
    student_fname: place.student_fname ?? null,
    student_lname: place.student_lname ?? null,
    driving_time: '',
    staying_time: '',
    driving_time_range: '',
    staying_time_range: '',
    tasks: [],
  };
}

/**
 * A stop as the form edits it. `asNew` (a clone) drops the saved ids of the stop and its tasks, so
 * saving creates new ones.
 */
export function stopToForm(stop: TTripDestination | TScheduleDestination, asNew = false): TStopForm {
  return {
    stop_id: asNew ? null : stop.id,
    destination_id: stop.destination_id,
    destination_name: stop.destination_name ?? stop.destination?.name ?? '',
    destination_lat: stop.destination_lat ?? stop.destination?.lat ?? null,
    destination_lon: stop.destination_lon ?? stop.destination?.lon ?? null,
    student_id: stop.student_id ?? null,
    student_fname: stop.student_fname,
    student_lname: stop.student_lname,
    driving_time: minutesText(stop.driving_time),
    staying_time: minutesText(stop.staying_time),
    driving_time_range: minutesText(stop.driving_time_range),
    staying_time_range: minutesText(stop.staying_time_range),
    tasks: [...stop.tasks]
      .sort((a, b) => a.priority - b.priority)
      .map((task) => ({
        task_id: asNew ? null : task.id,
        description: task.description,
        order_id: task.order_id ?? '',
        client_approval: task.client_approval,
        manager_approval: task.manager_approval,
        note: task.note,
      })),
  };
}

/** What add-trip, save and the schedule calls get for the plan; the contract schema checks it. */
export function planPayload(form: TPlanForm) {
  return {
    driver_id: form.driver_id,
    warehouse_id: form.warehouse_id,
    type: form.type,
    start_date: localInputToUtc(form.start_date),
    note: form.note,
    departure_time_range: form.departure_time_range,
    destinations: form.destinations.map(({ stop_id, tasks, ...stop }) => ({
      ...(stop_id === null ? {} : { id: stop_id }),
      ...stop,
      // Tasks are done in the order they are listed (spec 001 §3: priority is the order).
      tasks: tasks.map(({ task_id, ...task }, priority) => ({
        ...(task_id === null ? {} : { task_id }),
        ...task,
        priority,
      })),
    })),
  };
}

export const DATE_TIME_INVALID = 'Enter a date and a 24-hour time (HH:mm)';

/**
 * Checks typed date-times before they are turned into UTC: a blank one is left to the contract
 * ('Field is required' where one is needed), a malformed one is named here in the form's words.
 */
export const checkLocalDateTimes =
  <T>(...fields: (keyof T & string)[]) =>
  (form: T, ctx: z.RefinementCtx) => {
    for (const field of fields) {
      const value = String(form[field] ?? '');
      if (value.trim() !== '' && !parseLocalInput(value))
        ctx.addIssue({ code: 'custom', path: [field], message: DATE_TIME_INVALID });
    }
  };

/** Minutes typed in a time field, or null when blank or not a number. */
function minutesOf(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.trunc(value) : null;
}

/** Planned arrival and departure of each stop from what is typed so far (spec 001 "Trips"). */
export function plannedFromForm(
  startDate: string,
  stops: readonly Pick<TStopForm, 'driving_time' | 'staying_time'>[],
): { stops: TPlannedStop[]; continuous: boolean } {
  return plannedStops(
    parseLocalInput(startDate),
    stops.map((s) => ({ driving_time: minutesOf(s.driving_time), staying_time: minutesOf(s.staying_time) })),
  );
}

type TStopErrors = FieldErrors<TStopForm> | undefined;

/**
 * The warning of an invalid submit (spec 001 §5): a stop with an unfinished task, then a stop
 * without a name or place, then the general one.
 */
export function planInvalidMessage(errors: FieldErrors<TPlanForm>, destinationTerm: string): string {
  const stops = (Array.isArray(errors.destinations) ? errors.destinations : []) as TStopErrors[];
  if (stops.some((stop) => stop?.tasks)) return MESSAGES.trips.pendingTasks;
  if (stops.some((stop) => stop?.destination_name || stop?.destination_lat))
    return MESSAGES.trips.destinationInvalid(destinationTerm);
  return MESSAGES.formInvalid;
}
