import { and, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { tripTypes } from '../../db/schema/index.ts';

const live = (tenantId: number) => and(eq(tripTypes.tenantId, tenantId), eq(tripTypes.archived, false));

export const listTripTypes = (
  db: Db,
  tenantId: number,
  { search, limit }: { search?: string | undefined; limit?: number | undefined } = {},
) =>
  db
    .select()
    .from(tripTypes)
    .where(and(live(tenantId), search ? ilike(tripTypes.title, `%${escapeLike(search)}%`) : undefined))
    .orderBy(desc(tripTypes.id))
    .limit(limit ?? 100_000);
export type TTripTypeDbRow = Awaited<ReturnType<typeof listTripTypes>>[number];

export async function findLiveTripType(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(tripTypes)
    .where(and(live(tenantId), eq(tripTypes.id, id)))
    .limit(1);
  return row;
}

export async function insertTripType(db: Db, tenantId: number, v: { title: string; timeStop: number }) {
  const [row] = await db
    .insert(tripTypes)
    .values({ tenantId, ...v })
    .returning();
  return row!;
}

export async function updateTripType(
  db: Db,
  tenantId: number,
  id: number,
  v: { title: string; timeStop: number },
) {
  const [row] = await db
    .update(tripTypes)
    .set(v)
    .where(and(live(tenantId), eq(tripTypes.id, id)))
    .returning();
  return row;
}

export async function archiveTripType(db: Db, tenantId: number, id: number) {
  const rows = await db
    .update(tripTypes)
    .set({ archived: true })
    .where(and(live(tenantId), eq(tripTypes.id, id)))
    .returning({ id: tripTypes.id });
  return rows.length > 0;
}
