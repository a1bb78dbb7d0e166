import {
  LOG_REPORT_LIMITS,
  LOG_USER_TYPE,
  LOGS_LIST_MAX,
  MESSAGES,
  rangeStart,
  toUtcString,
  type TLogEntry,
  type TLogExtra,
  type TLogReportValues,
  type TLogsRequest,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { TServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireAdmin, type TActor } from '../../platform/principal.ts';
import { deleteLog, deleteLogsBefore, insertLog, listLogs, type TLogOwner, type TLogRow } from './queries.ts';

/*
 * The error log (spec 002 "Logs at /logs", decision 0019): what went wrong, for the admins who can
 * act on it. A tenant admin reads and deletes their tenant's entries; the super admin the platform's
 * (errors outside any tenant). Every entry passes `recordLog`, the one place that decides what is
 * kept: no query string, no secret, no value a query was given, and nothing beyond a fixed size.
 */

// ---------- What is never kept ----------

const SECRET_NAMES =
  'password|passwd|pwd|token|secret|api[_-]?key|authorization|cookie|session|access[_-]?key|private[_-]?key|credential';
/** `password=…`, `"token": "…"`, `Cookie: …`: the value after a secret's name. */
const SECRET_VALUE = new RegExp(
  `\\b(${SECRET_NAMES})(["']?\\s*[:=]\\s*["']?)(?!(?:Bearer|Basic)\\b)([^\\s"',;&]+)`,
  'gi',
);
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
/** A run of 32 or more token characters: a session token, key or hash quoted without a name. */
const LONG_TOKEN = /[A-Za-z0-9_-]{32,}/g;
const tokenLike = (run: string) => (/\d/.test(run) && /[A-Za-z]/.test(run) ? '[redacted]' : run);
// Drizzle's message for a failed query ends with every bound value: "Failed query: …\nparams: …".
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
/**
 * A query string (`?a=1&b=2`) anywhere: in a route, a script's address, a stack frame (where it ends
 * before the frame's `:line:column`, which is kept).
 */
const QUERY_STRING = /\?[^\s"'`()<>]*?(?=(?::\d+){1,2}(?=[\s)]|$)|[\s"'`()<>]|$)/g;

/** Text as the log may keep it: no query string, no secret, at most `max` characters. */
export function redactLogText(text: string, max: number): string {
  const clean = text
    .replace(QUERY_PARAMS, '\nparams: [redacted]')
    .replace(QUERY_STRING, (query) => (query.includes('=') ? '' : query))
    .replace(BEARER, '$1 [redacted]')
    .replace(SECRET_VALUE, '$1$2[redacted]')
    .replace(LONG_TOKEN, tokenLike)
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** A route or address as a path only: `/trips`, never its origin, query or fragment. */
export function pathOnly(route: string): string {
  const noFragment = route.split('#')[0] ?? '';
  const noQuery = noFragment.split('?')[0] ?? '';
  return noQuery.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
}

// ---------- Recording ----------

/** An entry to record, before it is cleaned. */
export interface TNewLog {
  /** The tenant the error happened in; null for the platform's own. */
  tenantId: number | null;
  file: string;
  line: number;
  error: string;
  stack?: string | undefined;
  userId: number | null;
  userType: number | null;
  extra: TLogExtra;
}

/** The user columns of an actor: admins (type 0) and drivers (type 1) by id; anyone else unknown. */
export function logUserOf(actor: TActor | null): { userId: number | null; userType: number | null } {
  if (actor?.kind === 'super_admin' || actor?.kind === 'tenant_admin')
    return { userId: actor.id, userType: LOG_USER_TYPE.admin };
  if (actor?.kind === 'driver') return { userId: actor.id, userType: LOG_USER_TYPE.driver };
  return { userId: null, userType: null };
}

/** Records one entry, cleaned (see above); answers its id. */
export async function recordLog(db: Db, entry: TNewLog): Promise<number> {
  const { extra } = entry;
  return insertLog(db, {
    tenantId: entry.tenantId,
    file: redactLogText(pathOnly(entry.file), LOG_REPORT_LIMITS.file),
    line: Number.isSafeInteger(entry.line) && entry.line >= 0 ? entry.line : 0,
    error: redactLogText(entry.error, LOG_REPORT_LIMITS.message) || 'Unknown error',
    stack: entry.stack ? redactLogText(entry.stack, LOG_REPORT_LIMITS.stack) : null,
    userId: entry.userId,
    userType: entry.userType,
    extra: {
      source: extra.source,
      ...(extra.route ? { route: redactLogText(pathOnly(extra.route), LOG_REPORT_LIMITS.route) } : {}),
      ...(extra.request_id ? { request_id: extra.request_id.slice(0, 100) } : {}),
      ...(extra.app_version
        ? { app_version: redactLogText(extra.app_version, LOG_REPORT_LIMITS.version) }
        : {}),
      ...(extra.job ? { job: redactLogText(extra.job, 200) } : {}),
    },
  });
}

/**
 * A console's or driver app's uncaught error, reported by the signed-in user's app: recorded in
 * their tenant (the super admin's in the platform's), under their name.
 */
export async function reportClientError(
  ctx: TServiceContext,
  report: TLogReportValues,
  requestId: string,
): Promise<void> {
  const { actor } = ctx;
  if (actor.kind === 'system') throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  await recordLog(ctx.db, {
    tenantId: actor.tenantId,
    file: report.file,
    line: report.line,
    error: report.message,
    stack: report.stack,
    ...logUserOf(actor),
    extra: {
      source: report.app,
      route: report.route,
      request_id: requestId,
      app_version: report.app_version,
    },
  });
}

// ---------- Reading and deleting ----------

/** Whose entries an admin reads: their tenant's, or the platform's for the super admin. */
function ownerOf(ctx: TServiceContext): TLogOwner {
  return requireAdmin(ctx.actor).tenantId;
}

/** Where the server's own code runs is for its operators (the server log, this table): no answer shows its stack. */
const SERVER_SOURCES = new Set(['server', 'job']);

const toEntry = (row: TLogRow): TLogEntry => ({
  id: row.id,
  file: row.file,
  line: row.line,
  error: row.error,
  stack: row.extra && SERVER_SOURCES.has(row.extra.source) ? null : row.stack,
  user_id: row.userId,
  user_type: row.userType,
  extra: row.extra ?? null,
  created_date: toUtcString(row.createdDate),
});

/** The caller's entries since the start of `fdate` (every one without it), newest first. */
export async function logsFrom(ctx: TServiceContext, request: TLogsRequest): Promise<TLogEntry[]> {
  const from = request?.fdate ? rangeStart(request.fdate) : undefined;
  const rows = await listLogs(ctx.db, ownerOf(ctx), from, LOGS_LIST_MAX);
  return rows.map(toEntry);
}

/** Deletes one of the caller's entries; another tenant's is answered as missing. */
export async function deleteLogEntry(ctx: TServiceContext, id: number): Promise<void> {
  const deleted = await deleteLog(ctx.db, ownerOf(ctx), id);
  if (deleted === undefined) throw new AppError('NOT_FOUND', MESSAGES.logs.notFound);
}

/**
 * Retention (LOG_RETENTION_DAYS): deletes the entries older than `days`, every tenant's and the
 * platform's; answers how many. Meant to run as a periodic job.
 */
export function deleteOldLogs(db: Db, days: number, now = new Date()): Promise<number> {
  return deleteLogsBefore(db, new Date(now.getTime() - days * 86_400_000));
}
