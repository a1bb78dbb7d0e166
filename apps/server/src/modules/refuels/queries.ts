import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dieselTanks, drivers } from '../../db/schema/index.ts';
import { tripInProgressOf } from '../../db/trip-in-progress.ts';

const live = (tenantId: number) => and(eq(dieselTanks.tenantId, tenantId), eq(dieselTanks.archived, false));

/** A driver's live refuels (the spec's diesel tanks), newest first. */
export const listDriverRefuels = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(dieselTanks)
    .where(and(live(tenantId), eq(dieselTanks.driverId, driverId)))
    .orderBy(desc(dieselTanks.createdDate));

/**
 * The tenant's live refuels made from `from` (included) to `to` (excluded), or the one of `id`,
 * newest first, with their drivers.
 */
export const listRefuels = (db: Db, tenantId: number, which: { from: Date; to: Date } | { id: number }) =>
  db
    .select({
      refuel: dieselTanks,
      driver: { id: drivers.id, fname: drivers.fname, lname: drivers.lname },
    })
    .from(dieselTanks)
    // Archived drivers keep their names in the history.
    .leftJoin(drivers, and(eq(drivers.id, dieselTanks.driverId), eq(drivers.tenantId, tenantId)))
    .where(
      and(
        live(tenantId),
        'id' in which
          ? eq(dieselTanks.id, which.id)
          : and(gte(dieselTanks.createdDate, which.from), lt(dieselTanks.createdDate, which.to)),
      ),
    )
    .orderBy(desc(dieselTanks.createdDate), desc(dieselTanks.id));
export type TRefuelDbRow = Awaited<ReturnType<typeof listRefuels>>[number];

export async function findLiveRefuel(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: dieselTanks.id })
    .from(dieselTanks)
    .where(and(live(tenantId), eq(dieselTanks.id, id)))
    .limit(1);
  return row;
}

/**
 * A refuel the driver reported at `at`, tied to the trip they had in progress then (if any) in the
 * same statement.
 */
export async function insertRefuel(
  db: Db,
  tenantId: number,
  v: { driverId: number; at: Date; volume: number; amount: number },
) {
  const [row] = await db
    .insert(dieselTanks)
    .values({
      tenantId,
      driverId: v.driverId,
      tripId: tripInProgressOf(tenantId, v.driverId, v.at),
      volume: v.volume,
      amount: v.amount,
      createdDate: v.at,
    })
    .returning();
  return row!;
}

export async function updateRefuel(
  db: Db,
  tenantId: number,
  id: number,
  v: { amount: number; volume: number },
) {
  const rows = await db
    .update(dieselTanks)
    .set(v)
    .where(and(live(tenantId), eq(dieselTanks.id, id)))
    .returning({ id: dieselTanks.id });
  return rows.length > 0;
}

export async function archiveRefuel(db: Db, tenantId: number, id: number) {
  const rows = await db
    .update(dieselTanks)
    .set({ archived: true })
    .where(and(live(tenantId), eq(dieselTanks.id, id)))
    .returning({ id: dieselTanks.id });
  return rows.length > 0;
}
