import {
  ZExceptionIdParams,
  ZExceptionOne,
  ZExceptionPage,
  ZExceptionsExportQuery,
  ZExceptionsQuery,
  ZExceptionsSeen,
  ZNotSeenQuery,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { SUCCESS_ENVELOPE_ROUTE, SUCCESS_ERROR_RESPONSES } from '../../platform/envelope.ts';
import { registerListExport } from '../../platform/xlsx.ts';
import {
  exceptionExport,
  exceptionOf,
  exceptionsList,
  markAllExceptionsSeen,
  markExceptionSeen,
  notSeenExceptions,
} from './service.ts';

const tags = ['Exceptions'];

/**
 * The exceptions the engine raised (spec 000 §7, 002 "Exceptions"): the page's list, the bell's
 * unread list, one exception, and marking them seen. Tenant admins only.
 */
export const exceptionRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/api/v1/exceptions',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: "One page of the tenant's exceptions, newest first: one type or all, by driver name",
        querystring: ZExceptionsQuery,
        response: { 200: ZExceptionPage, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => exceptionsList(tenantContext(r, deps), r.query),
  );

  registerListExport(app, {
    url: '/api/v1/exceptions/export',
    tag: tags[0]!,
    summary:
      "The tenant's exceptions of the list as an .xlsx file: one type or all, by driver name (as `GET v1/exceptions`), newest first; times in the tenant time zone",
    config: SUCCESS_ENVELOPE_ROUTE,
    querystring: ZExceptionsExportQuery,
    open: (r, query) => exceptionExport(tenantContext(r, deps), query),
  });

  app.get(
    '/api/v1/exceptions/not_seen',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: 'One page of the unread exceptions, newest first; the total is the unread count',
        querystring: ZNotSeenQuery,
        response: { 200: ZExceptionPage, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => notSeenExceptions(tenantContext(r, deps), r.query),
  );

  app.get(
    '/api/v1/exceptions/:id',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: 'One exception, with its trip, stop and driver',
        params: ZExceptionIdParams,
        response: { 200: ZExceptionOne, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, data: await exceptionOf(tenantContext(r, deps), r.params.id) }),
  );

  app.post(
    '/api/v1/exceptions/:id/seen',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: 'Mark one exception seen (1 when it was unread, 0 when it already was)',
        params: ZExceptionIdParams,
        response: { 200: ZExceptionsSeen, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({
      success: true as const,
      data: await markExceptionSeen(tenantContext(r, deps), r.params.id),
    }),
  );

  app.post(
    '/api/v1/exceptions/seen',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: 'Mark every unread exception seen; answers how many were',
        response: { 200: ZExceptionsSeen, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, data: await markAllExceptionsSeen(tenantContext(r, deps)) }),
  );
};
