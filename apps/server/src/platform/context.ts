import type { FastifyRequest } from 'fastify';
import { MESSAGES, type TChangeEvent, type TEventType } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { appendChanges } from './change-log.ts';
import { AppError } from './errors.ts';
import { changeEvent, type TPublish } from './events.ts';
import { eventActor, systemActor, type TActor } from './principal.ts';

/**
 * What every service function takes: the database (or the transaction it runs in), who acts, and
 * the bus on which this process hears of committed changes. No HTTP in it, so routes, the driver
 * API, tracker intake, jobs, the seed and the simulator all call the same services.
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

/**
 * A service context inside one database transaction (`inTransaction` makes it): the only place a
 * change can be announced, so an event is never written apart from its change.
 */
export interface TTxContext extends TServiceContext {
  /** The events emitted so far in this transaction, written to the change log before it commits. */
  readonly changes: TChangeEvent[];
}

/**
 * Announces a change made in this transaction: the event is written to the change log by the same
 * transaction, and heard by this process's listeners once it has committed.
 */
export function emit(
  tx: TTxContext & { tenantId?: number },
  type: TEventType,
  ids: number[],
  tenantId: number | null = tx.tenantId ?? null,
): void {
  if (ids.length === 0) return;
  tx.changes.push(changeEvent(type, tenantId, ids, eventActor(tx.actor)));
}

const inTx = (ctx: TServiceContext): ctx is TTxContext => Array.isArray((ctx as Partial<TTxContext>).changes);

/**
 * Runs `work` in one transaction. The events it emits are written to the change log by the same
 * transaction, last, and published on this process's bus after the commit, so no one ever hears of
 * a change that was rolled back and none that committed is lost. A nested call joins the outer
 * transaction (a savepoint): its events go with the outer ones if it succeeds.
 */
export async function inTransaction<C extends TServiceContext, T>(
  ctx: C,
  work: (tx: C & TTxContext) => Promise<T>,
): Promise<T> {
  const changes: TChangeEvent[] = [];
  if (inTx(ctx)) {
    const result = await ctx.db.transaction((db) => work({ ...ctx, db, changes }));
    ctx.changes.push(...changes);
    return result;
  }
  const result = await ctx.db.transaction(async (db) => {
    const value = await work({ ...ctx, db, changes });
    await appendChanges(db, changes);
    return value;
  });
  for (const event of changes) ctx.publish(event);
  return result;
}
