import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { findSession, SESSION_COOKIE, type SessionTimes, type TAuth } from './sessions.ts';

/**
 * Who may call a route. Every route declares it in `config.access`; a route that does not is
 * treated as `tenant`, the narrowest signed-in role, so a forgotten declaration never opens a route.
 * - public: anybody, no session needed
 * - admin: any signed-in admin (tenant admin or super admin)
 * - tenant: a tenant admin (not the super admin, who has no tenant)
 * - super: the super admin only
 */
export type TAccess = 'public' | 'admin' | 'tenant' | 'super';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TAccess;
    /** The super admin may name any tenant in `tenant_id` (tenant management calls). */
    superAdminAnyTenant?: boolean;
  }
  interface FastifyRequest {
    auth: TAuth | null;
  }
}

/** The caller's auth; only for routes whose access guarantees a session. */
export function requireAuth(request: FastifyRequest): TAuth {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  return request.auth;
}

/** The caller's tenant id; only for `tenant` routes. */
export function requireTenantId(request: FastifyRequest): number {
  const { tenantId } = requireAuth(request);
  if (tenantId === null) throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  return tenantId;
}

export const accessOf = (request: FastifyRequest): TAccess => request.routeOptions.config.access ?? 'tenant';

/** Reads a `tenant_id` from a query or a JSON body, whatever its spelling (number or string). */
function tenantIdsIn(request: FastifyRequest): unknown[] {
  const found: unknown[] = [];
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  if (query && typeof query === 'object' && 'tenant_id' in query) found.push(query.tenant_id);
  if (body && typeof body === 'object' && !Array.isArray(body) && 'tenant_id' in body)
    found.push(body.tenant_id);
  return found;
}

export const authPlugin = fp<{ db: Db; session: SessionTimes }>(
  async (app, { db, session }) => {
    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      request.auth = token ? await findSession(db, token, session) : null;

      const access = accessOf(request);
      if (access === 'public') return;
      if (!request.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
      if (access === 'super' && !request.auth.isSuperAdmin) {
        throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
      }
      if (access === 'tenant' && request.auth.tenantId === null) {
        throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
      }
    });

    // A tenant_id in the query or body is accepted for compatibility only when it is the caller's own.
    app.addHook('preValidation', async (request: FastifyRequest) => {
      if (!request.auth || accessOf(request) === 'public') return;
      const { tenantId, isSuperAdmin } = request.auth;
      for (const value of tenantIdsIn(request)) {
        if (value === undefined || value === null || value === '') continue;
        if (isSuperAdmin && request.routeOptions.config.superAdminAnyTenant) continue;
        if (String(value) !== String(tenantId)) {
          throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenTenant);
        }
      }
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
