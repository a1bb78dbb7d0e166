import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fines } from '../../db/schema/index.ts';

/** One page of a driver's live fines, latest issued first, and how many there are in all. */
export async function listDriverFines(
  db: Db,
  tenantId: number,
  driverId: number,
  page: number,
  pageSize: number,
) {
  const where = and(eq(fines.tenantId, tenantId), eq(fines.driverId, driverId), eq(fines.archived, false));
  const [total] = await db.select({ n: count() }).from(fines).where(where);
  const rows = await db
    .select()
    .from(fines)
    .where(where)
    .orderBy(desc(fines.issuedDate), desc(fines.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}
