import { and, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { logs } from '../../db/schema/index.ts';

/** Whose entries: one tenant's, or the platform's own (null). */
export type TLogOwner = number | null;

const ownedBy = (owner: TLogOwner) => (owner === null ? isNull(logs.tenantId) : eq(logs.tenantId, owner));

export type TLogValues = Omit<typeof logs.$inferInsert, 'id' | 'createdDate'>;

export async function insertLog(db: Db, values: TLogValues): Promise<number> {
  const [row] = await db.insert(logs).values(values).returning({ id: logs.id });
  return row!.id;
}

/** The owner's entries made since `from` (all without it), newest first, at most `limit`. */
export function listLogs(db: Db, owner: TLogOwner, from: Date | undefined, limit: number) {
  return db
    .select()
    .from(logs)
    .where(and(ownedBy(owner), from ? gte(logs.createdDate, from) : undefined))
    .orderBy(desc(logs.id))
    .limit(limit);
}
export type TLogRow = Awaited<ReturnType<typeof listLogs>>[number];

/** Deletes one of the owner's entries; answers its id, or undefined when the owner has none by it. */
export async function deleteLog(db: Db, owner: TLogOwner, id: number) {
  const [row] = await db
    .delete(logs)
    .where(and(ownedBy(owner), eq(logs.id, id)))
    .returning({ id: logs.id });
  return row?.id;
}

/** Deletes every entry made before `before`; answers how many. */
export async function deleteLogsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(logs).where(lt(logs.createdDate, before)).returning({ id: logs.id });
  return rows.length;
}
