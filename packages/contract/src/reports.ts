import { z } from 'zod';
import { DAY, DATE_YEARS } from './dates.ts';
import { MESSAGES } from './messages.ts';
import { zId } from './numbers.ts';
import { LOGIN_EMAIL_PATTERN } from './patterns.ts';

/*
 * Working-time reports (spec 002 "Driver summary (working hours)", "Driver finance summary",
 * "All-drivers finance summary send screen"; decision 0028). Every period is a run of the tenant's
 * days, `fdate` to `tdate` both included, read on the tenant's wall clock (its `time_zone`).
 *
 *   POST driver/get-drivers-working-hours        {fdate, tdate}       a row per driver
 *   POST driver/get-drivers-working-hours-by-id  {fdate, tdate, id}   a row per worked day of one driver
 *   POST driver/send-driver-finance-summary      {driver, fdate, tdate, email, type}  one driver, PDF or .xlsx
 *   POST driver/send-all-driver-finance-summary  {fdate, tdate, email, selected_Drivers?}
 *   POST settings/finance-email                  the tenant's finance address
 *   POST trip/get-driver-all-trips               {fdate, tdate, driver_id}  the Driver trips screen
 */

/** The most days one report may span: a year. */
export const REPORT_RANGE_MAX_DAYS = 366;

const m = MESSAGES.reports;

/** A calendar day `YYYY-MM-DD` in DATE_YEARS that exists (no 2025-02-30). */
export const zReportDay = (field: string) =>
  z
    .string({ error: `${field}: ${m.dayInvalid}` })
    .trim()
    .refine((v) => {
      if (!DAY.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, m.dayInvalid)
    .refine((v) => {
      const year = Number(v.slice(0, 4));
      return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
    }, MESSAGES.dateYears);

/** Days between two valid `YYYY-MM-DD` (both included). */
export const reportDays = (fdate: string, tdate: string) =>
  Math.round((Date.parse(`${tdate}T00:00:00Z`) - Date.parse(`${fdate}T00:00:00Z`)) / 86_400_000) + 1;

const rangeFields = { fdate: zReportDay('fdate'), tdate: zReportDay('tdate') };
type TRange = { fdate: string; tdate: string };
const checkRange = (body: TRange, ctx: z.RefinementCtx) => {
  if (!DAY.test(body.fdate) || !DAY.test(body.tdate)) return;
  const days = reportDays(body.fdate, body.tdate);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['tdate'], message: m.rangeInvalid });
  else if (days > REPORT_RANGE_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['tdate'], message: m.rangeTooLong(REPORT_RANGE_MAX_DAYS) });
  }
};

/** `{fdate, tdate}`: the tenant's days, both included, the end not before the start, at most a year. */
export const ZReportRange = z.object(rangeFields).superRefine(checkRange);
export type TReportRange = z.infer<typeof ZReportRange>;

/** `?tenant_id=` the spec's client adds to these calls: the caller's own (any other is refused). */
export const ZReportTenantQuery = z.object({ tenant_id: z.string().optional() });

/** One driver's days: `id` is the driver's. */
export const ZWorkingHoursByIdBody = z
  .object({ ...rangeFields, id: zId('id'), tenant_id: z.unknown().optional() })
  .superRefine(checkRange);

/** The Driver trips screen: one driver's trips planned in the period. */
export const ZDriverAllTripsBody = z
  .object({ ...rangeFields, driver_id: zId('driver_id') })
  .superRefine(checkRange);

const search = z.string().trim().max(100).optional();
/** The Driver Summary's export: the period and the screen's search. */
export const ZWorkingHoursExportQuery = z.object({ ...rangeFields, search }).superRefine(checkRange);
/** The Driver trips screen's export: the period, the driver and the screen's search. */
export const ZDriverTripsExportQuery = z
  .object({ ...rangeFields, driver_id: zId('driver_id'), search })
  .superRefine(checkRange);

/** The driver a working-hours row is about (spec 002 §3). */
export const ZReportDriver = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  hourly_rate: z.number(),
});

/**
 * A working-hours summary row (spec 002 §3): minutes worked, trips planned, accidents and refuels
 * of the period, and the pay (`totalAmmount`, the spec's spelling: hours × hourly rate, 2 decimals,
 * in `currency`).
 */
export const ZWorkingHoursRow = z.object({
  driver: ZReportDriver,
  driver_id: z.number().int(),
  fullname: z.string(),
  TotalWorkingHours: z.number().int(),
  totalTrips: z.number().int(),
  totalAccidents: z.number().int(),
  totalLiters: z.number(),
  TotalDieselAmount: z.number(),
  totalAmmount: z.number(),
  currency: z.string(),
});
export type TWorkingHoursRow = z.infer<typeof ZWorkingHoursRow>;

/**
 * A driver finance day row (spec 002 §3): the tenant's day, when work began and ended that day (UTC
 * `YYYY-MM-DD HH:mm:ss`) and the minutes worked.
 */
export const ZFinanceDayRow = z.object({
  date: z.string(),
  StartingDate: z.string(),
  EndingDate: z.string(),
  TotalWorkingHours: z.number().int(),
});
export type TFinanceDayRow = z.infer<typeof ZFinanceDayRow>;

/**
 * Pay for `minutes` at `rate` an hour: minutes / 60 × rate, rounded half up to cents (decision 0028).
 * Computed in whole cents (the rate has two decimals), so 75.725 is 75.73, never a float's 75.72.
 */
export const payFor = (minutes: number, rate: number) =>
  Math.round((minutes * Math.round(rate * 100)) / 60) / 100;

/** "7 h 05 min" pieces of a count of minutes (spec 002 §9: hours = minutes/60 rounded down, minutes mod 60). */
export const hoursAndMinutes = (minutes: number) => ({
  hours: Math.floor(minutes / 60),
  minutes: minutes % 60,
});

const email = z
  .string({ error: MESSAGES.driverFiles.emailRequired })
  .trim()
  .min(1, MESSAGES.driverFiles.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .regex(LOGIN_EMAIL_PATTERN, MESSAGES.emailInvalid);

/** A form's `true`/`false` or a JSON boolean. */
const zFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional();

/** 1 = PDF, 2 = Excel (spec 002 §3). */
export const REPORT_FILE_TYPES = { pdf: 1, excel: 2 } as const;

/**
 * `send-driver-finance-summary`: the driver, the period, where to, and the kind of file. The spec's
 * client also sends the rows it shows (`file`) and `totalMinutes`: both are ignored, the report is
 * built on the server from the database.
 */
export const ZSendDriverFinance = z
  .object({
    ...rangeFields,
    driver: zId('driver'),
    email,
    type: z
      .union([z.literal(1), z.literal(2), z.enum(['1', '2']).transform(Number)], { error: m.typeInvalid })
      .default(1),
    confirm_outside: zFlag,
    file: z.unknown().optional(),
    totalMinutes: z.unknown().optional(),
    tenant_id: z.unknown().optional(),
  })
  .superRefine(checkRange);
export type TSendDriverFinance = z.infer<typeof ZSendDriverFinance>;

/** `send-all-driver-finance-summary`: every driver, or those of `selected_Drivers`; one workbook or PDF. */
export const ZSendAllFinance = z
  .object({
    ...rangeFields,
    email,
    selected_Drivers: z
      .array(zId('selected_Drivers'), { error: m.driversInvalid })
      .max(10_000, m.driversInvalid)
      .optional(),
    type: z
      .union([z.literal(1), z.literal(2), z.enum(['1', '2']).transform(Number)], { error: m.typeInvalid })
      .default(2),
    confirm_outside: zFlag,
    tenant_id: z.unknown().optional(),
  })
  .superRefine(checkRange);
export type TSendAllFinance = z.infer<typeof ZSendAllFinance>;

/** How a report left: over SMTP or to the server's outbox. */
export const ZReportSent = z.object({ via: z.enum(['smtp', 'outbox']), file_name: z.string() });
export type TReportSent = z.infer<typeof ZReportSent>;

/** `settings/finance-email`: the tenant's finance address, null when none is set. */
export const ZFinanceEmail = z.string().nullable();

/** The tenant settings keys of finance reports. */
export const FINANCE_SETTINGS = { email: 'finance_email' } as const;
