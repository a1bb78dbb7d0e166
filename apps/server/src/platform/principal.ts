import { MESSAGES, type TEventActor, type TPrincipalKind } from '@fleet/contract';
import { AppError } from './errors.ts';

export type { TPrincipalKind };

/**
 * Who is calling. Admins sign in to the console (a cookie), drivers to their app (a bearer token),
 * guardians (parents of a school bus's pupils) to the parents' view (the console's cookie, a session
 * of their own); tracker devices are authenticated by the intake routes.
 */
export type TPrincipal =
  | { kind: 'super_admin'; id: number; sessionId: number; email: string; tenantId: null }
  | { kind: 'tenant_admin'; id: number; sessionId: number; email: string; tenantId: number }
  | { kind: 'driver'; id: number; sessionId: number; email: string; tenantId: number }
  | { kind: 'tracker'; id: number; tenantId: number; driverId: number | null }
  | { kind: 'guardian'; id: number; tenantId: number; sessionId?: number };

export type TAdminPrincipal = Extract<TPrincipal, { kind: 'super_admin' | 'tenant_admin' }>;

/** The product itself acting: a periodic job, the demo seed, the simulator. */
export interface TSystemActor {
  kind: 'system';
  id: null;
  /** What acts, for the logs and the audit trail: 'materialiser', 'demo seed', … */
  name: string;
}

export type TActor = TPrincipal | TSystemActor;

export const systemActor = (name: string): TSystemActor => ({ kind: 'system', id: null, name });

/** The actor as events and the audit trail record it. */
export const eventActor = (actor: TActor): TEventActor => ({ kind: actor.kind, id: actor.id });

/**
 * Who may call a route: `public` (anybody, no session), or the principal kinds allowed. A route
 * that declares nothing is for tenant admins only, the narrowest signed-in kind of the console, so a
 * forgotten declaration never opens a route.
 */
export type TAccess = 'public' | readonly TPrincipalKind[];

export const ACCESS = {
  public: 'public',
  tenantAdmin: ['tenant_admin'],
  superAdmin: ['super_admin'],
  /** Any admin: a tenant admin, or the super admin (who has no tenant). */
  admins: ['super_admin', 'tenant_admin'],
  driver: ['driver'],
  guardian: ['guardian'],
} as const satisfies Record<string, TAccess>;

/** Whether `actor` may read what belongs to one driver: the tenant's admins and that driver only. */
export const isAdminOrDriver = (actor: TActor, driverId: number): boolean =>
  actor.kind === 'driver' ? actor.id === driverId : actor.kind === 'tenant_admin';

export const isAdmin = (p: TActor | null): p is TAdminPrincipal =>
  p?.kind === 'super_admin' || p?.kind === 'tenant_admin';

/** The calling admin; only for calls that admins alone may make (the product acting by itself is refused). */
export function requireAdmin(principal: TActor | null): TAdminPrincipal {
  if (!principal || principal.kind === 'system')
    throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  if (!isAdmin(principal)) throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  return principal;
}
