import {
  ZExceptionIdParams,
  ZExceptionOne,
  ZExceptionPage,
  ZExceptionsQuery,
  ZExceptionsSeen,
  ZNotSeenQuery,
  ZSuccessErrorEnvelope,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ACCESS } from '../../platform/principal.ts';
import {
  exceptionOf,
  exceptionsList,
  markAllExceptionsSeen,
  markExceptionSeen,
  notSeenExceptions,
} from './service.ts';

const tags = ['Exceptions'];

/** The spec's `v1/` calls answer `{success, data, …}`, and so do their failures. */
const v1 = { access: ACCESS.tenantAdmin, envelope: 'success' } as const;
const ERRORS = {
  400: ZSuccessErrorEnvelope,
  401: ZSuccessErrorEnvelope,
  403: ZSuccessErrorEnvelope,
  404: ZSuccessErrorEnvelope,
} as const;

/**
 * The exceptions the engine raised (spec 000 §7, 002 "Exceptions"): the page's list, the bell's
 * unread list, one exception, and marking them seen. Tenant admins only.
 */
export const exceptionRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/api/v1/exceptions',
    {
      config: v1,
      schema: {
        tags,
        summary: "One page of the tenant's exceptions, newest first: one type or all, by driver name",
        querystring: ZExceptionsQuery,
        response: { 200: ZExceptionPage, ...ERRORS },
      },
    },
    async (r) => exceptionsList(tenantContext(r, deps), r.query),
  );

  app.get(
    '/api/v1/exceptions/not_seen',
    {
      config: v1,
      schema: {
        tags,
        summary: 'One page of the unread exceptions, newest first; the total is the unread count',
        querystring: ZNotSeenQuery,
        response: { 200: ZExceptionPage, ...ERRORS },
      },
    },
    async (r) => notSeenExceptions(tenantContext(r, deps), r.query),
  );

  app.get(
    '/api/v1/exceptions/:id',
    {
      config: v1,
      schema: {
        tags,
        summary: 'One exception, with its trip, stop and driver',
        params: ZExceptionIdParams,
        response: { 200: ZExceptionOne, ...ERRORS },
      },
    },
    async (r) => ({ success: true as const, data: await exceptionOf(tenantContext(r, deps), r.params.id) }),
  );

  app.post(
    '/api/v1/exceptions/:id/seen',
    {
      config: v1,
      schema: {
        tags,
        summary: 'Mark one exception seen (1 when it was unread, 0 when it already was)',
        params: ZExceptionIdParams,
        response: { 200: ZExceptionsSeen, ...ERRORS },
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
      config: v1,
      schema: {
        tags,
        summary: 'Mark every unread exception seen; answers how many were',
        response: { 200: ZExceptionsSeen, ...ERRORS },
      },
    },
    async (r) => ({ success: true as const, data: await markAllExceptionsSeen(tenantContext(r, deps)) }),
  );
};
