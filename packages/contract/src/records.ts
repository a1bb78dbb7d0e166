import { z } from 'zod';
import { DAY, parseUtcDateTime, rangeEnd, rangeStart, zDateBound } from './dates.ts';
import { MESSAGES } from './messages.ts';

/*
 * What the operational record lists share (spec 001 "Diesel refuels", "Accidents", §5, §9): the
 * From/To range of their list calls, and the non-negative decimals a driver and an admin type.
 */

/** The most days one list call may span: a year, so a list never grows without bound. */
export const RECORD_RANGE_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * Start (included) and end (excluded) of a list's range: `fdate` and `tdate` are days (UTC, the
 * whole day) or UTC date-times, both included; a bound left out is today (UTC), the spec's default.
 */
export function recordRange(
  body: { fdate?: string | undefined; tdate?: string | undefined } | null | undefined,
  now = new Date(),
): { from: Date; to: Date } {
  const today = now.toISOString().slice(0, 10);
  return { from: rangeStart(body?.fdate ?? today), to: rangeEnd(body?.tdate ?? today) };
}

/**
 * `{fdate, tdate}` of `diesel-tank/get-diesel-tanks` and `accident/get-accidents`: a day
 * (`YYYY-MM-DD`) or a UTC date-time each, both included, today when left out; the end never before
 * the start, at most `RECORD_RANGE_MAX_DAYS` days.
 */
export const ZRecordRangeBody = z
  .object({ fdate: zDateBound().optional(), tdate: zDateBound().optional() })
  .nullish()
  .superRefine((body, ctx) => {
    // A malformed bound is reported by its own field.
    const valid = (v: string | undefined) =>
      v === undefined || parseUtcDateTime(DAY.test(v) ? `${v} 00:00:00` : v) !== null;
    if (!valid(body?.fdate) || !valid(body?.tdate)) return;
    const { from, to } = recordRange(body);
    if (to <= from) ctx.addIssue({ code: 'custom', path: ['tdate'], message: MESSAGES.trips.rangeInvalid });
    else if (to.getTime() - from.getTime() > RECORD_RANGE_MAX_DAYS * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['tdate'],
        message: MESSAGES.records.rangeTooLong(RECORD_RANGE_MAX_DAYS),
      });
    }
  });
export type TRecordRangeBody = z.input<typeof ZRecordRangeBody>;

/** The longest search a list export takes. */
export const EXPORT_SEARCH_MAX = 100;
const zExportSearch = () =>
  z
    .string()
    .trim()
    .max(EXPORT_SEARCH_MAX, `search must be at most ${EXPORT_SEARCH_MAX} characters`)
    .optional();

/**
 * The query of a record list's `.xlsx` export (fines, refuels, accidents): the list call's range
 * (checked as `ZRecordRangeBody` checks it) and the console's search of the list.
 */
export const ZRecordExportQuery = z.object({
  fdate: zDateBound().optional(),
  tdate: zDateBound().optional(),
  search: zExportSearch(),
});
export type TRecordExportQuery = z.output<typeof ZRecordExportQuery>;

/** The query of a registry list's export (admins): the console's search. */
export const ZSearchExportQuery = z.object({ search: zExportSearch() });

const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;

/**
 * A number of at least 0.00 (spec 001 §5), as a JSON number or its digits in a form field
 * (`'12.5'`; a form's blank is missing); at most `max`, with at most `places` decimals when given.
 */
export const zNonNegativeDecimal = ({
  label,
  max,
  places,
}: {
  label: string;
  max: number;
  places?: number;
}) => {
  const m = MESSAGES.records;
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const text = v.trim();
      return text === '' ? undefined : DECIMAL.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : m.numberInvalid(label)) })
      .min(0, m.numberInvalid(label))
      .max(max, m.numberTooLarge(label, max))
      .refine((v) => places === undefined || Number(v.toFixed(places)) === v, m.decimals(label, places ?? 0)),
  );
};
