import formbody from '@fastify/formbody';
import type { preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  ZDriverTripsExportQuery,
  MESSAGES,
  ZEnvelope,
  ZErrorEnvelope,
  ZReportSent,
  ZSendAllFinance,
  ZSendDriverFinance,
  ZFinanceDayRow,
  ZFinanceEmail,
  ZReportRange,
  ZReportTenantQuery,
  ZWorkingHoursByIdBody,
  ZWorkingHoursExportQuery,
  ZWorkingHoursRow,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { readMultipartForm } from '../../platform/uploads.ts';
import { inChunks, sendXlsxStream } from '../../platform/xlsx.ts';
import { tenantProfile } from '../settings/service.ts';
import {
  DRIVER_TRIPS_COLUMNS,
  driverTripsForReport,
  financeEmail,
  matchesSearch,
  sendAllFinance,
  sendDriverFinance,
  type TFinanceSendResult,
  WORKING_HOURS_COLUMNS,
  workingDays,
  workingHours,
} from './service.ts';

const tags = ['Reports'];
const DAYS =
  "`fdate` to `tdate`: the tenant's days (`YYYY-MM-DD`, its `time_zone`), both included, at most a year.";
const WORKING_TIME =
  "Working time (decision 0028): each trip's worked interval runs from its start to its end (trips without an end are not worked time); a driver's overlapping trips count once; each day is cut at the tenant's midnight; a day's minutes are its seconds / 60 rounded, a period's the sum of its days'.";

/** The spec's client sends the one-driver call as a form: its fields, and the rows it shows in `file` (ignored). */
const SEND_FIELDS = [
  'driver',
  'email',
  'type',
  'fdate',
  'tdate',
  'totalMinutes',
  'confirm_outside',
  'tenant_id',
];
const FORM_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const formFields: preValidationAsyncHookHandler = async (request) => {
  if (!request.isMultipart()) return;
  const form = await readMultipartForm(request, {
    fileFields: new Set(['file']),
    textFields: new Set([...SEND_FIELDS, 'file']),
    maxFiles: 1,
    maxFileBytes: 1024 * 1024,
    tooLarge: () => 'The rows sent in file are not read: the report is built on the server.',
    tooMany: () => 'Send one file field at most.',
  });
  request.body = form.fields;
};

const SENT_ANSWER = { 200: ZEnvelope(ZReportSent.nullable()), ...errors, 429: ZErrorEnvelope };
const SEND_RULES =
  "The file is built on the server from the database (decision 0028): the tenant, the period, each driver's days (first start, last end, minutes, on the tenant's clock), totals, hourly rate, pay and currency. `email` must be the tenant's finance address (`settings/finance-email`), one of its admins, drivers or guardians, or `confirm_outside` must be true (409 naming `email` otherwise); the sender's and the tenant's hourly e-mail limits apply (429 with Retry-After). Answers `responseCode` 1 and `via` (`smtp`, or `outbox` when no SMTP_URL is set and the message was written to the server's outbox), or `responseCode` 2 when nobody worked in the period.";

export const reportRoutes: ModuleRoutes = async (app, deps) => {
  await app.register(formbody);
  const mail = { mailer: deps.mailer, limits: deps.config.mailLimits };
  /** The envelope of a send: 1 and how it left, or 2 and the spec's "no data" message. */
  const sentAnswer = async (
    ctx: Parameters<typeof tenantProfile>[0],
    sent: TFinanceSendResult,
    ok1: string,
  ) => {
    if (sent) return ok(sent, sent.via === 'smtp' ? ok1 : `${ok1} ${MESSAGES.reports.sentToOutbox}`);
    const { terms } = await tenantProfile(ctx);
    return { responseCode: 2, responseMessage: MESSAGES.reports.noData(terms.driver), data: null };
  };

  app.post(
    '/api/driver/get-drivers-working-hours',
    {
      schema: {
        tags,
        summary: "Every driver's working hours, trips, accidents, refuels and pay of a period",
        description: `${DAYS} ${WORKING_TIME} \`totalTrips\`: trips planned in the period; \`totalAccidents\`, \`totalLiters\`, \`TotalDieselAmount\`: accidents and refuels reported in it; \`totalAmmount\`: minutes / 60 × \`hourly_rate\`, rounded to cents, in \`currency\`. Every live driver, and an archived one with anything in the period.`,
        querystring: ZReportTenantQuery,
        body: ZReportRange,
        response: { 200: ZEnvelope(z.array(ZWorkingHoursRow)), ...errors },
      },
    },
    async (r) => ok(await workingHours(tenantContext(r, deps), r.body)),
  );

  app.post(
    '/api/driver/get-drivers-working-hours-by-id',
    {
      schema: {
        tags,
        summary: "One driver's worked days of a period (the finance summary's rows)",
        description: `${DAYS} ${WORKING_TIME} \`id\` is the driver's (archived or not; 404 for none of the tenant's). A row per day with worked time: the day, the first start and last end of work that day (UTC), the minutes.`,
        querystring: ZReportTenantQuery,
        body: ZWorkingHoursByIdBody,
        response: { 200: ZEnvelope(z.array(ZFinanceDayRow)), ...errors },
      },
    },
    async (r) => ok(await workingDays(tenantContext(r, deps), r.body)),
  );

  app.post(
    '/api/settings/finance-email',
    {
      schema: {
        tags,
        summary: "The tenant's finance e-mail address (the Send File dialog's To), null when none is set",
        response: { 200: ZEnvelope(ZFinanceEmail), ...errors },
      },
    },
    async (r) => ok(await financeEmail(tenantContext(r, deps))),
  );

  app.get(
    '/api/v1/reports/working-hours/export',
    {
      schema: {
        tags,
        summary:
          'The Driver Summary of a period as an .xlsx file (the rows `search` matches by name or e-mail)',
        description: DAYS,
        querystring: ZWorkingHoursExportQuery,
      },
    },
    async (r, reply) => {
      const rows = (await workingHours(tenantContext(r, deps), r.query)).filter((row) =>
        matchesSearch(r.query.search, [row.fullname, row.driver.email]),
      );
      return sendXlsxStream(reply, 'Driver summary.xlsx', WORKING_HOURS_COLUMNS, inChunks(rows));
    },
  );

  app.get(
    '/api/v1/reports/driver-trips/export',
    {
      schema: {
        tags,
        summary:
          "One driver's trips of a period as Trips.xlsx (the Driver trips screen's rows `search` matches)",
        description: DAYS,
        querystring: ZDriverTripsExportQuery,
      },
    },
    async (r, reply) => {
      const rows = await driverTripsForReport(tenantContext(r, deps), r.query);
      return sendXlsxStream(reply, 'Trips.xlsx', DRIVER_TRIPS_COLUMNS, inChunks(rows));
    },
  );

  app.post(
    '/api/driver/send-driver-finance-summary',
    {
      preValidation: formFields,
      schema: {
        consumes: FORM_TYPES,
        tags,
        summary: "E-mail one driver's finance summary of a period as a PDF (type 1) or an .xlsx (type 2)",
        description: `${DAYS} \`driver\` is the driver's id (404 for none of the tenant's). \`file\` and \`totalMinutes\`, which the spec's client sends, are ignored. ${SEND_RULES}`,
        querystring: ZReportTenantQuery,
        body: ZSendDriverFinance,
        response: SENT_ANSWER,
      },
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      return sentAnswer(ctx, await sendDriverFinance(ctx, mail, r.body), MESSAGES.reports.fileSent);
    },
  );

  app.post(
    '/api/driver/send-all-driver-finance-summary',
    {
      schema: {
        tags,
        summary: "E-mail every driver's (or the selected drivers') finance summary of a period in one file",
        description: `${DAYS} \`selected_Drivers\`: the drivers' ids when not all are chosen (404 when one is none of the tenant's). One workbook with a summary sheet and a sheet per driver (type 2, the default), or one PDF with a summary page and a page per driver (type 1); drivers without worked time are left out. ${SEND_RULES}`,
        querystring: ZReportTenantQuery,
        body: ZSendAllFinance,
        response: SENT_ANSWER,
      },
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      return sentAnswer(ctx, await sendAllFinance(ctx, mail, r.body), MESSAGES.reports.summarySent);
    },
  );
};
