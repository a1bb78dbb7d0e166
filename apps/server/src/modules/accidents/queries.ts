import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accidents } from '../../db/schema/index.ts';

/** A driver's live accidents, newest first. */
export const listDriverAccidents = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(accidents)
    .where(
      and(eq(accidents.tenantId, tenantId), eq(accidents.driverId, driverId), eq(accidents.archived, false)),
    )
    .orderBy(desc(accidents.createdDate));
