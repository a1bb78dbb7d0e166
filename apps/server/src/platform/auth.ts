import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { ACCESS, requireAdmin, type TAccess, type TAdminPrincipal, type TPrincipal } from './principal.ts';
import { findSession, SESSION_COOKIE, type SessionTimes } from './sessions.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (`platform/principal.ts`); undeclared API routes are for tenant admins. */
    access?: TAccess;
    /** The super admin may name any tenant in `tenant_id` (tenant management calls). */
    superAdminAnyTenant?: boolean;
  }
  interface FastifyRequest {
    principal: TPrincipal | null;
  }
}

/**
 * Finds the principal of a request from credentials of one kind; null when the request carries none
 * of them. The console's cookie and the driver app's bearer token are built in; tracker intake and
 * the guardians' views add theirs.
 */
export type TAuthenticator = (request: FastifyRequest) => Promise<TPrincipal | null>;

/** The calling admin; only for routes whose access admits admins alone. */
export const requireAuth = (request: FastifyRequest): TAdminPrincipal => requireAdmin(request.principal);

/** The caller's tenant id; only for routes whose callers all belong to a tenant. */
export function requireTenantId(request: FastifyRequest): number {
  const { principal } = request;
  if (!principal) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  if (principal.tenantId === null) throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  return principal.tenantId;
}

/**
 * The access the matched route declares. Decided on the route the router matched, never on the raw
 * URL: the router decodes `/%61pi/…` to `/api/…`, so a test on `request.url` could be walked around.
 */
export const accessOf = (request: FastifyRequest): TAccess =>
  request.routeOptions.config.access ?? defaultAccess(request.routeOptions.url ?? '');

/** Routes outside the API (the web app's files and pages) are public; an undeclared API route is for tenant admins. */
export const defaultAccess = (routeUrl: string): TAccess =>
  routeUrl === '/api' || routeUrl.startsWith('/api/') ? ACCESS.tenantAdmin : ACCESS.public;

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

/**
 * A `tenant_id` a request names (in its query, JSON body or form) is accepted for compatibility only
 * when it is the caller's own (or the super admin's on a tenant management call): 403 otherwise.
 */
export function assertOwnTenant(request: FastifyRequest, value: unknown): void {
  const { principal } = request;
  if (!principal || accessOf(request) === 'public') return;
  if (value === undefined || value === null || value === '') return;
  if (principal.kind === 'super_admin' && request.routeOptions.config.superAdminAnyTenant) return;
  // Only a number or its digits can name the caller's tenant; anything else (an object, even one
  // whose toString is not a function) is another tenant's, never converted.
  const named = typeof value === 'number' || typeof value === 'string' ? String(value) : null;
  if (named !== String(principal.tenantId)) {
    throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenTenant);
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,100})$/;

export interface AuthOptions {
  db: Db;
  session: SessionTimes;
  /** Authenticators beyond the cookie and the bearer token, tried in order. */
  authenticators?: TAuthenticator[];
}

export const authPlugin = fp<AuthOptions>(
  async (app, { db, session, authenticators = [] }) => {
    app.decorateRequest('principal', null);

    const fromCookie: TAuthenticator = async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      return token ? findSession(db, token, session, 'cookie') : null;
    };
    const fromBearer: TAuthenticator = async (request) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      return token ? findSession(db, token, session, 'bearer') : null;
    };
    const chain = [fromBearer, fromCookie, ...authenticators];

    app.addHook('onRequest', async (request: FastifyRequest) => {
      // A request that matched no route goes to the not-found handler, which answers 404 and runs nothing.
      if (request.is404) return;
      const access = accessOf(request);
      if (access === 'public') return;
      for (const authenticate of chain) {
        request.principal = await authenticate(request);
        if (request.principal) break;
      }
      if (!request.principal) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
      if (!access.includes(request.principal.kind)) {
        throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
      }
    });

    // A tenant_id in the query or body is accepted for compatibility only when it is the caller's own.
    // A multipart form's is checked as it is read (platform/uploads.ts).
    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const value of tenantIdsIn(request)) assertOwnTenant(request, value);
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
