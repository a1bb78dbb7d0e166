import { and, desc, eq, ilike, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { admins } from '../../db/schema/index.ts';
import { endAdminSessions } from '../../platform/sessions.ts';

/** Live admins of one tenant, newest first (never the password hash). */
export const listTenantAdmins = (db: Db, tenantId: number) =>
  db
    .select({
      id: admins.id,
      fname: admins.fname,
      lname: admins.lname,
      email: admins.email,
      tenantId: admins.tenantId,
      createdDate: admins.createdDate,
    })
    .from(admins)
    .where(and(eq(admins.tenantId, tenantId), eq(admins.archived, false)))
    .orderBy(desc(admins.id));
export type TAdminListRow = Awaited<ReturnType<typeof listTenantAdmins>>[number];

/** Whether another live admin of the tenant has this e-mail (compared case-insensitively). */
export async function adminEmailInUse(
  db: Db,
  tenantId: number,
  email: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(
        eq(admins.tenantId, tenantId),
        eq(admins.archived, false),
        sql`lower(${admins.email}) = ${email.toLowerCase()}`,
        exceptId ? sql`${admins.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type TAdminValues = { email: string; fname: string; lname: string };

export async function insertAdmin(db: Db, tenantId: number, values: TAdminValues & { passwordHash: string }) {
  const [row] = await db
    .insert(admins)
    .values({ tenantId, ...values })
    .returning({ id: admins.id });
  return row!;
}

export async function updateAdmin(
  db: Db,
  tenantId: number,
  id: number,
  values: TAdminValues & { passwordHash?: string },
) {
  const [row] = await db
    .update(admins)
    .set(values)
    .where(and(eq(admins.tenantId, tenantId), eq(admins.id, id), eq(admins.archived, false)))
    .returning({ id: admins.id });
  return row;
}

/** Archives an admin and ends their sessions at once. */
export async function archiveAdmin(db: Db, tenantId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(admins)
      .set({ archived: true })
      .where(and(eq(admins.tenantId, tenantId), eq(admins.id, id), eq(admins.archived, false)))
      .returning({ id: admins.id });
    if (!row) return false;
    await endAdminSessions(tx, id);
    return true;
  });
}

/** The tenant of a live tenant admin, or undefined (unknown id, archived, or a super admin). */
export async function tenantOfAdmin(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ tenantId: admins.tenantId })
    .from(admins)
    .where(and(eq(admins.id, id), eq(admins.archived, false)))
    .limit(1);
  return row?.tenantId ?? undefined;
}

/**
 * The admins export's next `limit` live admins of the tenant with an id below `beforeId`, newest
 * first (the list's order), matching the console's search on "first last e-mail".
 */
export function adminExportChunk(
  db: Db,
  tenantId: number,
  search: string | undefined,
  beforeId: number | null,
  limit: number,
) {
  return db
    .select({
      id: admins.id,
      fname: admins.fname,
      lname: admins.lname,
      email: admins.email,
      createdDate: admins.createdDate,
    })
    .from(admins)
    .where(
      and(
        eq(admins.tenantId, tenantId),
        eq(admins.archived, false),
        beforeId === null ? undefined : lt(admins.id, beforeId),
        search
          ? ilike(
              sql`${admins.fname} || ' ' || ${admins.lname} || ' ' || ${admins.email}`,
              `%${escapeLike(search)}%`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(admins.id))
    .limit(limit);
}
export type TAdminExportRow = Awaited<ReturnType<typeof adminExportChunk>>[number];
