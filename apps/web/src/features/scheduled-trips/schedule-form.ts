import {
  REPEAT_TYPES,
  tripScheduleInputSchema,
  type TRepeatType,
  type TTripScheduleInput,
  type TTripScheduleRow,
} from '@fleet/contract';
import { z } from 'zod';
import {
  checkLocalDateTimes,
  planPayload,
  stopToForm,
  type TPlanForm,
  type TPlanLabels,
} from '../../components/trip-editor';
import { localInputToUtc, utcToLocalInput } from '../../lib/dates';

/** A scheduled trip as its dialog edits it: the trip plan plus when and how often it repeats. */
export interface TScheduleForm extends TPlanForm {
  /** `datetime-local` value; empty means no end. */
  end_date: string;
  repeat_type: TRepeatType | '';
  repeat_interval: string;
  /** 1 Monday … 7 Sunday. */
  days_of_week: number[];
}

/** The browser's time zone: the dialog's times and week days are the user's wall clock. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const emptyScheduleForm = (start: string): TScheduleForm => ({
  start_date: start,
  end_date: '',
  repeat_type: 'weekly',
  repeat_interval: '1',
  days_of_week: [],
  warehouse_id: null,
  type: null,
  driver_id: null,
  note: '',
  departure_time_range: '',
  destinations: [],
});

export function scheduleToForm(s: TTripScheduleRow): TScheduleForm {
  return {
    start_date: utcToLocalInput(s.start_date),
    end_date: utcToLocalInput(s.end_date),
    repeat_type: (REPEAT_TYPES as readonly string[]).includes(s.repeat_type) ? s.repeat_type : '',
    repeat_interval: String(s.repeat_interval),
    days_of_week: (s.days_of_week ?? '').split(',').filter(Boolean).map(Number),
    warehouse_id: s.warehouse_id,
    type: s.type?.id ?? s.type0?.id ?? null,
    driver_id: s.driver_id,
    note: s.note ?? '',
    departure_time_range: s.departure_time_range === null ? '' : String(s.departure_time_range),
    destinations: s.tripDestinations.map((stop) => stopToForm(stop)),
  };
}

export const scheduleLabels = (s: TTripScheduleRow): TPlanLabels => ({
  driver: s.driver ? `${s.driver.fname} ${s.driver.lname}` : undefined,
  warehouse: s.warehouse?.title,
  type: s.type?.title ?? s.type0?.title,
});

/** The checked add-trip-schedule body. */
export type TScheduleBody = z.output<ReturnType<typeof tripScheduleInputSchema>>;

/**
 * The dialog's schema: the form turned into the schedule body (local times to UTC, the browser's
 * time zone), then checked by the contract's own schema.
 */
export const scheduleFormSchema = (destinationTerm: string) =>
  z
    .custom<TScheduleForm>()
    .superRefine(checkLocalDateTimes<TScheduleForm>('start_date', 'end_date'))
    .transform((form): TTripScheduleInput => ({
      ...planPayload(form),
      end_date: localInputToUtc(form.end_date),
      repeat_type: form.repeat_type,
      repeat_interval: form.repeat_interval,
      days_of_week: form.days_of_week,
      time_zone: browserTimeZone(),
    }))
    .pipe(tripScheduleInputSchema(destinationTerm));
