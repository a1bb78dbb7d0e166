import {
  LOG_REPORT_LIMITS,
  MESSAGES,
  ZEnvelope,
  ZErrorEnvelope,
  ZIdBody,
  ZLogEntry,
  ZLogReport,
  ZLogsRequest,
} from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { ACCESS } from '../../platform/principal.ts';
import { deleteLogEntry, logsFrom, reportClientError } from './service.ts';

const tags = ['Logs'];

/** Reports are counted per signed-in user (each app of theirs shares the count), else per address. */
const reporter = (request: FastifyRequest) =>
  request.principal && 'sessionId' in request.principal
    ? `${request.principal.kind}:${request.principal.id}`
    : request.ip;

export const logRoutes: ModuleRoutes = async (app, deps) => {
  app.post(
    '/api/log/get-logs',
    {
      config: { access: ACCESS.admins },
      schema: {
        tags,
        summary:
          "The error log from the start of `fdate` (a UTC day or date-time; every entry without it), newest first: a tenant admin's tenant's, the super admin's the platform's",
        body: ZLogsRequest,
        response: { 200: ZEnvelope(z.array(ZLogEntry)), ...errors },
      },
    },
    async (r) => ok(await logsFrom(callerContext(r, deps), r.body)),
  );

  app.post(
    '/api/log/archive',
    {
      config: { access: ACCESS.admins },
      schema: {
        tags,
        summary: 'Delete an entry of the error log',
        body: ZIdBody,
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (r) => {
      await deleteLogEntry(callerContext(r, deps), r.body.id);
      return ok(null, MESSAGES.logs.deleted);
    },
  );

  app.post(
    '/api/log/report',
    {
      config: {
        access: [...ACCESS.admins, ...ACCESS.driver],
        rateLimit: {
          max: deps.config.errorLog.reportsPerMinute,
          timeWindow: '1 minute',
          keyGenerator: reporter,
        },
      },
      bodyLimit: LOG_REPORT_LIMITS.body,
      schema: {
        tags,
        summary: "Report an uncaught error of the console or the driver app (recorded in the caller's log)",
        description: `One error a request: its script file and line, message, stack (at most ${LOG_REPORT_LIMITS.stack} characters), the screen's path and the app's version; a body of at most ${LOG_REPORT_LIMITS.body / 1024} KB. Query strings and secrets are removed before anything is kept. At most LOG_REPORTS_PER_MINUTE reports a minute per user.`,
        body: ZLogReport,
        response: { 200: ZEnvelope(z.null()), ...errors, 413: ZErrorEnvelope, 429: ZErrorEnvelope },
      },
    },
    async (r) => {
      await reportClientError(callerContext(r, deps), r.body, r.id);
      return ok(null, MESSAGES.logs.recorded);
    },
  );
};
