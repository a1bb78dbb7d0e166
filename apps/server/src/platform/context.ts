import type { FastifyRequest } from 'fastify';
import { MESSAGES, type TChangeEvent, type TEventType } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { changeEvent, type TPublish } from './events.ts';
import { eventActor, systemActor, type TActor } from './principal.ts';

/**
 * What every service function takes: the database (or the transaction it runs in), who acts, and
 * where to announce what changed. No HTTP in it, so routes, the driver API, tracker intake, jobs,
 * the seed and the simulator all call the same services.
 */
export interface TServiceContext {
  db: Db;
  actor: TActor;
  publish: TPublish;
}

/** A service context inside one tenant: every read and write is confined to `tenantId`. */
export interface TTenantContext extends TServiceContext {
  tenantId: number;
}

interface ContextDeps {
  database: { db: Db };
  events: { publish: TPublish };
}

/** The context of a request: its caller as the actor. */
export function callerContext(request: FastifyRequest, deps: ContextDeps): TServiceContext {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  return { db: deps.database.db, actor: request.principal, publish: deps.events.publish };
}

/** The context of a request made inside the caller's tenant (tenant admins, drivers, devices). */
export function tenantContext(request: FastifyRequest, deps: ContextDeps): TTenantContext {
  const ctx = callerContext(request, deps);
  const tenantId = request.principal?.tenantId;
  if (tenantId === null || tenantId === undefined) {
    throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  }
  return { ...ctx, tenantId };
}

/** The same context confined to one tenant (the super admin managing a tenant's admins, say). */
export const inTenant = (ctx: TServiceContext, tenantId: number): TTenantContext => ({ ...ctx, tenantId });

/** The product acting by itself (a job, the demo seed) in one tenant. */
export const systemContext = (db: Db, publish: TPublish, name: string, tenantId: number): TTenantContext => ({
  db,
  actor: systemActor(name),
  publish,
  tenantId,
});

/** Announces a change made in this context; inside `inTransaction`, only once it has committed. */
export function emit(
  ctx: TServiceContext & { tenantId?: number },
  type: TEventType,
  ids: number[],
  tenantId: number | null = ctx.tenantId ?? null,
): void {
  if (ids.length === 0) return;
  ctx.publish(changeEvent(type, tenantId, ids, eventActor(ctx.actor)));
}

/**
 * Runs `work` in one transaction. Events it emits are held back and published after the commit,
 * so no listener ever hears of a change that was rolled back. Nested calls join the outer one.
 */
export async function inTransaction<C extends TServiceContext, T>(
  ctx: C,
  work: (tx: C) => Promise<T>,
): Promise<T> {
  const held: TChangeEvent[] = [];
  const result = await ctx.db.transaction((tx) =>
    work({ ...ctx, db: tx, publish: (event: TChangeEvent) => held.push(event) }),
  );
  for (const event of held) ctx.publish(event);
  return result;
}
