import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dieselTanks } from '../../db/schema/index.ts';

/** A driver's live refuels (the spec's diesel tanks), newest first. */
export const listDriverRefuels = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(dieselTanks)
    .where(
      and(
        eq(dieselTanks.tenantId, tenantId),
        eq(dieselTanks.driverId, driverId),
        eq(dieselTanks.archived, false),
      ),
    )
    .orderBy(desc(dieselTanks.createdDate));
