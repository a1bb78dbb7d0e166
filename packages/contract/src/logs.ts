import { z } from 'zod';
import { zDateBound } from './dates.ts';

/*
 * Logs (spec 002 "Logs at /logs", §3 "Log entry", §7, §8): the errors the product met, shown to the
 * admins who can act on them. A tenant admin sees their tenant's; the super admin sees the
 * platform's (errors outside any tenant: failed background jobs, errors of signed-out requests).
 * Calls:
 *   POST log/get-logs   {fdate?}                     entries from that day (all when left out), newest first
 *   POST log/archive    {id}                         deletes one entry
 *   POST log/report     {app, file, line, message, …} a console's or driver app's uncaught error
 */

/** User Type (spec 002 §3): 0 is an admin, anything else a driver; null when nobody was signed in. */
export const LOG_USER_TYPE = { admin: 0, driver: 1 } as const;
export const logUserTypeLabel = (type: number | null) =>
  type === null ? 'N.A' : type === LOG_USER_TYPE.admin ? 'Admin' : 'Driver';

/** Where an entry came from. */
export const LOG_SOURCES = ['server', 'job', 'console', 'driver'] as const;
export type TLogSource = (typeof LOG_SOURCES)[number];

/** The most entries one `log/get-logs` answers (the newest); retention keeps the table far smaller. */
export const LOGS_LIST_MAX = 1000;

/** Limits of a client's report: one uncaught error, never a dump of the page. */
export const LOG_REPORT_LIMITS = {
  file: 500,
  message: 2000,
  stack: 8000,
  route: 500,
  version: 50,
  /** The whole JSON body, in bytes. */
  body: 16 * 1024,
} as const;

/** What `extra` holds: where and when the error happened, never a value the user typed. */
export const ZLogExtra = z.object({
  source: z.enum(LOG_SOURCES),
  /** The API route (`POST /api/trip/add-trip`) or the screen's path (`/trips`), without a query. */
  route: z.string().optional(),
  request_id: z.string().optional(),
  app_version: z.string().optional(),
  /** The background job that failed. */
  job: z.string().optional(),
});
export type TLogExtra = z.infer<typeof ZLogExtra>;

/** A log entry (spec 002 §3). */
export const ZLogEntry = z.object({
  id: z.number().int(),
  file: z.string(),
  line: z.number().int(),
  error: z.string(),
  /** The stack of the error (trimmed), when there was one. */
  stack: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_type: z.number().int().nullable(),
  extra: ZLogExtra.nullable(),
  created_date: z.string().describe('UTC YYYY-MM-DD HH:mm:ss'),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;

/** `log/get-logs`: the entries from the start of `fdate` (a UTC day or date-time); every entry without it. */
export const ZLogsRequest = z.object({ fdate: zDateBound().optional() }).nullish();
export type TLogsRequest = z.input<typeof ZLogsRequest>;

const text = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text.` })
    .max(max, { message: `${label} may be at most ${max} characters.` })
    .transform((v) => v.trim());

/** `log/report`: one uncaught error or unhandled rejection of the console or the driver app. */
export const ZLogReport = z.object({
  app: z.enum(['console', 'driver'], { message: 'app must be console or driver.' }),
  file: text(LOG_REPORT_LIMITS.file, 'file').default(''),
  line: z.number().int().min(0).max(10_000_000).default(0),
  message: z
    .string({ message: 'message is required.' })
    .max(LOG_REPORT_LIMITS.message, {
      message: `message may be at most ${LOG_REPORT_LIMITS.message} characters.`,
    })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { message: 'message is required.' })),
  stack: text(LOG_REPORT_LIMITS.stack, 'stack').optional(),
  route: text(LOG_REPORT_LIMITS.route, 'route').optional(),
  app_version: text(LOG_REPORT_LIMITS.version, 'app_version').optional(),
});
export type TLogReport = z.input<typeof ZLogReport>;
export type TLogReportValues = z.output<typeof ZLogReport>;
