import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { deleteTenantSessions } from '../../platform/sessions.ts';

/** Live tenants, newest first, with how many live admins each has. */
export const listTenants = (db: Db, id?: number) =>
  db
    .select({
      id: tenants.id,
      name: tenants.name,
      type: tenants.type,
      isEnabledCrm: tenants.isEnabledCrm,
      createdDate: tenants.createdDate,
      // Spelled out: inside a subquery an unqualified column would bind to the inner table.
      adminCount: sql<number>`(select count(*)::int from admins a where a.tenant_id = "tenants"."id" and a.archived = false)`,
    })
    .from(tenants)
    .where(and(eq(tenants.archived, false), id === undefined ? undefined : eq(tenants.id, id)))
    .orderBy(desc(tenants.id));
export type TTenantListRow = Awaited<ReturnType<typeof listTenants>>[number];

export type TTenantValues = { name: string; type: string; isEnabledCrm: boolean };

export async function insertTenant(db: Db, values: TTenantValues) {
  const [row] = await db
    .insert(tenants)
    .values(values)
    .returning({ id: tenants.id, createdDate: tenants.createdDate });
  return row!;
}

export async function updateTenant(db: Db, id: number, values: Partial<TTenantValues>) {
  const [row] = await db
    .update(tenants)
    .set(values)
    .where(and(eq(tenants.id, id), eq(tenants.archived, false)))
    .returning({ id: tenants.id });
  return row;
}

/** Archives a tenant and ends every session of its admins in one transaction. */
export async function archiveTenant(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tenants)
      .set({ archived: true })
      .where(and(eq(tenants.id, id), eq(tenants.archived, false)))
      .returning({ id: tenants.id });
    if (!row) return false;
    await deleteTenantSessions(tx, id);
    return true;
  });
}
