import {
  FINANCE_SETTINGS,
  hoursAndMinutes,
  payFor,
  MESSAGES,
  REPORT_FILE_TYPES,
  type TDriverTrip,
  type TReportSent,
  type TSendAllFinance,
  type TSendDriverFinance,
  toUtcString,
  type TFinanceDayRow,
  type TReportRange,
  type TWorkingHoursRow,
} from '@fleet/contract';
import type { TTenantContext } from '../../platform/context.ts';
import type { Mailer } from '../../platform/mail.ts';
import { assertRecipient, takeMailSlot, type TMailLimits } from '../../platform/mail-limits.ts';
import { AppError } from '../../platform/errors.ts';
import type { XlsxColumn } from '../../platform/xlsx.ts';
import { driverOf } from '../drivers/service.ts';
import { driverTrips } from '../trips/service.ts';
import { tenantProfile, tenantSettings, type TTenantProfile } from '../settings/service.ts';
import { buildFinancePdf, buildFinanceXlsx, financeFileName, type TFinanceFile } from './finance-files.ts';
import {
  summaryRows,
  tenantDriverIds,
  workedDays,
  type TPeriod,
  type TSummaryDbRow,
  type TWorkedDay,
} from './queries.ts';

/*
 * Working-time reports (spec 002 "Driver summary (working hours)", "Driver finance summary";
 * decision 0028). The module's door: routes, jobs and other modules call these functions only.
 * Working time has one definition, in `queries.ts`; pay is minutes / 60 × the driver's hourly
 * rate, rounded to cents (`payFor`), in the tenant's currency.
 */

export const periodOf = (profile: TTenantProfile, range: TReportRange): TPeriod => ({
  tenantId: profile.tenantId,
  fdate: range.fdate,
  tdate: range.tdate,
  timeZone: profile.timeZone,
});

/** The one definition of working time (decision 0028), for statements of other modules (analytics). */
export { withKeptDays, workedDaysSql, type TPeriod } from './queries.ts';

const fullName = (d: { fname: string; lname: string }) => `${d.fname} ${d.lname}`.trim();

export const toSummaryRow = (r: TSummaryDbRow, currency: string): TWorkingHoursRow => ({
  driver: { id: r.driverId, fname: r.fname, lname: r.lname, email: r.email, hourly_rate: r.hourlyRate },
  driver_id: r.driverId,
  fullname: fullName(r),
  TotalWorkingHours: r.minutes,
  totalTrips: r.trips,
  totalAccidents: r.accidents,
  totalLiters: r.liters,
  TotalDieselAmount: r.dieselAmount,
  totalAmmount: payFor(r.minutes, r.hourlyRate),
  currency,
});

/**
 * Every driver's working hours of the period (`driver/get-drivers-working-hours`): each live driver
 * and each archived one with something in the period, by name.
 */
export async function workingHours(ctx: TTenantContext, range: TReportRange): Promise<TWorkingHoursRow[]> {
  const profile = await tenantProfile(ctx);
  const rows = await summaryRows(ctx.db, periodOf(profile, range), null);
  return rows.map((r) => toSummaryRow(r, profile.terms.currency.name));
}

export const toDayRow = (d: TWorkedDay): TFinanceDayRow => ({
  date: d.day,
  StartingDate: toUtcString(d.firstStart),
  EndingDate: toUtcString(d.lastEnd),
  TotalWorkingHours: d.minutes,
});

/**
 * One driver's worked days of the period (`driver/get-drivers-working-hours-by-id`): the driver must
 * be the tenant's, archived or not (404 otherwise). Days without worked time are left out.
 */
export async function workingDays(
  ctx: TTenantContext,
  input: TReportRange & { id: number },
): Promise<TFinanceDayRow[]> {
  await driverOf(ctx, input.id);
  const profile = await tenantProfile(ctx);
  return (await workedDays(ctx.db, periodOf(profile, input), [input.id])).map(toDayRow);
}

/** The tenant's finance address (`settings/finance-email`), null when none is set. */
export async function financeEmail(ctx: TTenantContext): Promise<string | null> {
  const settings = await tenantSettings(ctx);
  return settings.find((s) => s.key === FINANCE_SETTINGS.email)?.value.trim() || null;
}

/** Whether any of `texts` holds `search` (case and accents aside); everything matches no search. */
export function matchesSearch(search: string | undefined, texts: (string | null | undefined)[]): boolean {
  if (!search) return true;
  const fold = (v: string) => v.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const wanted = fold(search);
  return texts.some((t) => t !== null && t !== undefined && fold(t).includes(wanted));
}

const hm = (minutes: number) => {
  const { hours, minutes: rest } = hoursAndMinutes(minutes);
  return `${hours} h ${String(rest).padStart(2, '0')} min`;
};

/** The columns of the Driver Summary's workbook. */
export const WORKING_HOURS_COLUMNS: XlsxColumn<TWorkingHoursRow>[] = [
  { header: 'Driver', value: (r) => r.fullname, width: 28 },
  { header: 'E-mail', value: (r) => r.driver.email, width: 30 },
  { header: 'Trips', value: (r) => r.totalTrips, width: 8 },
  { header: 'Working hours', value: (r) => hm(r.TotalWorkingHours), width: 16 },
  { header: 'Minutes', value: (r) => r.TotalWorkingHours, width: 10 },
  { header: 'Accidents', value: (r) => r.totalAccidents, width: 10 },
  { header: 'Litres', value: (r) => r.totalLiters, width: 10, numFmt: '0.00' },
  { header: 'Diesel amount', value: (r) => r.TotalDieselAmount, width: 14, numFmt: '0.00' },
  { header: 'Hourly rate', value: (r) => r.driver.hourly_rate, width: 12, numFmt: '0.00' },
  { header: 'Pay', value: (r) => r.totalAmmount, width: 12, numFmt: '0.00' },
  { header: 'Currency', value: (r) => r.currency, width: 10 },
];

const tripDriver = (t: TDriverTrip) => (t.driver ? `${t.driver.fname} ${t.driver.lname}` : 'N/A');
const tripStatusText = (t: TDriverTrip) =>
  t.status === 3 ? 'Cancelled' : t.ended_date ? 'Delivered' : t.started_date ? 'Picked' : 'Not Picked';

/** The columns of the Driver trips screen's `Trips.xlsx` (its eleven columns but the actions). */
export const DRIVER_TRIPS_COLUMNS: XlsxColumn<TDriverTrip>[] = [
  { header: 'Driver Name', value: tripDriver, width: 26 },
  { header: 'Origin', value: (t) => t.warehouse?.title ?? '', width: 30 },
  { header: 'Type', value: (t) => t.type0?.title ?? '', width: 22 },
  { header: 'Status', value: tripStatusText, width: 12 },
  { header: 'Created On (UTC)', value: (t) => t.created_date, width: 20 },
  { header: 'Start Date (UTC)', value: (t) => t.start_date, width: 20 },
  { header: 'Picked On (UTC)', value: (t) => t.started_date, width: 20 },
  { header: 'Delivered On (UTC)', value: (t) => t.ended_date, width: 20 },
  { header: 'Accident(s)', value: (t) => t.accidents.length, width: 12 },
  { header: 'Fine(s)', value: (t) => t.fines.length, width: 10 },
];

/** One driver's trips of the period as the Driver trips screen lists them, narrowed by `search`. */
export async function driverTripsForReport(
  ctx: TTenantContext,
  q: TReportRange & { driver_id: number; search?: string | undefined },
): Promise<TDriverTrip[]> {
  const { trips } = await driverTrips(ctx, q.driver_id, q.fdate, q.tdate);
  return trips.filter((t) =>
    matchesSearch(q.search, [tripDriver(t), t.warehouse?.title, t.type0?.title, tripStatusText(t)]),
  );
}

// ---------- Finance files and e-mails ----------

/**
 * The finance file's content for the period: each driver of `ids` (null: every driver of the
 * tenant) who worked in it, with their days, minutes and pay. Null when nobody worked.
 */
export async function financeFile(
  ctx: TTenantContext,
  range: TReportRange,
  ids: readonly number[] | null,
): Promise<TFinanceFile | null> {
  const profile = await tenantProfile(ctx);
  const period = periodOf(profile, range);
  const worked = (await summaryRows(ctx.db, period, ids)).filter((r) => r.minutes > 0);
  if (worked.length === 0) return null;
  const days = await workedDays(
    ctx.db,
    period,
    worked.map((r) => r.driverId),
  );
  return {
    tenantName: profile.name,
    driverTerm: profile.terms.driver,
    fdate: range.fdate,
    tdate: range.tdate,
    timeZone: profile.timeZone,
    currency: profile.terms.currency,
    sections: worked.map((r) => ({
      driverId: r.driverId,
      name: fullName(r),
      email: r.email,
      hourlyRate: r.hourlyRate,
      days: days.filter((d) => d.driverId === r.driverId).map(toDayRow),
      minutes: r.minutes,
      pay: payFor(r.minutes, r.hourlyRate),
    })),
  };
}

export interface TFinanceMail {
  mailer: Mailer;
  limits: TMailLimits;
}

/** A sent report, or `null` when the period holds no worked time (the spec's responseCode 2). */
export type TFinanceSendResult = TReportSent | null;

/** The tenant's finance address is theirs to send to; any other must be one of the tenant's people or confirmed. */
async function checkRecipient(ctx: TTenantContext, email: string, confirmed: boolean) {
  const own = await financeEmail(ctx);
  if (own && own.toLowerCase() === email.trim().toLowerCase()) return;
  await assertRecipient(ctx.db, ctx.tenantId, email, confirmed);
}

/** Builds the file, takes a mail slot and sends it as an attachment; the slot is given back on failure. */
export async function mailFinanceFile(
  ctx: TTenantContext,
  mail: TFinanceMail,
  file: TFinanceFile,
  to: string,
  type: number,
): Promise<TReportSent> {
  const pdf = type === REPORT_FILE_TYPES.pdf;
  const content = pdf ? await buildFinancePdf(file) : await buildFinanceXlsx(file);
  const fileName = financeFileName(file, pdf ? 'pdf' : 'xlsx');
  const adminId = ctx.actor.kind === 'tenant_admin' ? ctx.actor.id : null;
  const slot = await takeMailSlot(ctx.db, { tenantId: ctx.tenantId, adminId }, mail.limits);
  const who =
    file.sections.length === 1
      ? file.sections[0]!.name
      : `${file.sections.length} ${file.driverTerm.toLowerCase()}s`;
  try {
    await mail.mailer.send({
      to: to.trim(),
      subject: `Finance summary ${file.fdate} to ${file.tdate}: ${who} (${file.tenantName})`,
      text: `Attached: the finance summary of ${who} of ${file.tenantName}, ${file.fdate} to ${file.tdate} (${fileName}).`,
      attachments: [
        {
          filename: fileName,
          content,
          contentType: pdf
            ? 'application/pdf'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    });
  } catch (error) {
    await slot.release().catch(() => undefined);
    throw error;
  }
  return { via: mail.mailer.via, file_name: fileName };
}

/**
 * E-mails one driver's finance summary of the period (`driver/send-driver-finance-summary`) as a PDF
 * (type 1) or `.xlsx` (type 2), built from the database. 404 for a driver not the tenant's; null
 * when the driver worked no time in the period.
 */
export async function sendDriverFinance(
  ctx: TTenantContext,
  mail: TFinanceMail,
  input: TSendDriverFinance,
): Promise<TFinanceSendResult> {
  await driverOf(ctx, input.driver);
  await checkRecipient(ctx, input.email, input.confirm_outside === true);
  const file = await financeFile(ctx, input, [input.driver]);
  if (!file) return null;
  return mailFinanceFile(ctx, mail, file, input.email, input.type);
}

/**
 * E-mails every driver's finance summary of the period, or those of `selected_Drivers`
 * (`driver/send-all-driver-finance-summary`): one workbook with a summary sheet and a sheet per
 * driver (type 2, the default), or one PDF with a section per driver (type 1). 404 when a selected
 * driver is not the tenant's; null when nobody worked in the period.
 */
export async function sendAllFinance(
  ctx: TTenantContext,
  mail: TFinanceMail,
  input: TSendAllFinance,
): Promise<TFinanceSendResult> {
  let ids: number[] | null = null;
  if (input.selected_Drivers) {
    ids = [...new Set(input.selected_Drivers)];
    const own = await tenantDriverIds(ctx.db, ctx.tenantId, ids);
    if (own.length !== ids.length) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  }
  await checkRecipient(ctx, input.email, input.confirm_outside === true);
  const file = await financeFile(ctx, input, ids);
  if (!file) return null;
  return mailFinanceFile(ctx, mail, file, input.email, input.type);
}
