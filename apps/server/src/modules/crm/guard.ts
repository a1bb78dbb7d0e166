import { and, eq } from 'drizzle-orm';
import { CRM_MESSAGES } from '@fleet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/** Whether the tenant has its CRM module switched on (spec 000 §6, `is_enabled_crm`). */
export async function crmEnabled(db: Db, tenantId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: tenants.isEnabledCrm })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), eq(tenants.archived, false)))
    .limit(1);
  return row?.on === true;
}

/**
 * Guards every route of the plugin it is added to: a caller whose tenant has CRM off is refused
 * with 403 before anything is read (the console hides the screens; this keeps the calls shut too).
 * Added to an encapsulated plugin, it runs after the sign-in check.
 */
export function guardCrm(app: FastifyInstance, db: Db): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.is404) return;
    const tenantId = request.principal?.tenantId;
    if (tenantId === null || tenantId === undefined) return; // the route's own access check answers
    if (!(await crmEnabled(db, tenantId))) throw new AppError('FORBIDDEN', CRM_MESSAGES.disabled);
  });
}
