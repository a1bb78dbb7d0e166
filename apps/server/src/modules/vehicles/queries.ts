import { and, asc, desc, eq, ilike, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { drivers, vehicles } from '../../db/schema/index.ts';
import { anyId, groupBy } from '../../db/id-lists.ts';

export interface VehicleFilter {
  id?: number | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  /** Only the available ones: held by no live driver. */
  available?: boolean | undefined;
  /** Vehicles to leave out (the ones in the workshop today, when only available ones are asked). */
  exceptIds?: number[] | undefined;
}

/** Live vehicles of a tenant, newest first, each with the live drivers who have it. */
export async function listVehicles(
  db: Db,
  tenantId: number,
  { id, search, limit, available, exceptIds }: VehicleFilter = {},
) {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  const rows = await db
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.tenantId, tenantId),
        eq(vehicles.archived, false),
        id === undefined ? undefined : eq(vehicles.id, id),
        exceptIds?.length ? notInArray(vehicles.id, exceptIds) : undefined,
        pattern
          ? or(
              ilike(vehicles.reference, pattern),
              ilike(vehicles.brand, pattern),
              ilike(vehicles.model, pattern),
            )
          : undefined,
        available
          ? notExists(
              db
                .select({ id: drivers.id })
                .from(drivers)
                .where(
                  and(
                    eq(drivers.tenantId, tenantId),
                    eq(drivers.archived, false),
                    eq(drivers.busId, vehicles.id),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(vehicles.id))
    .limit(limit ?? 100_000);
  const ids = rows.map((v) => v.id);
  const holders = ids.length
    ? await db
        .select({ id: drivers.id, fname: drivers.fname, lname: drivers.lname, busId: drivers.busId })
        .from(drivers)
        .where(and(eq(drivers.tenantId, tenantId), eq(drivers.archived, false), anyId(drivers.busId, ids)))
        .orderBy(asc(drivers.id))
    : [];
  const holdersOf = groupBy(holders, (d) => d.busId);
  return rows.map((v) => ({
    ...v,
    drivers: (holdersOf.get(v.id) ?? []).map(({ id, fname, lname }) => ({ id, fname, lname })),
  }));
}
export type TVehicleWithDrivers = Awaited<ReturnType<typeof listVehicles>>[number];

export async function referenceInUse(db: Db, tenantId: number, reference: string, exceptId?: number) {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.tenantId, tenantId),
        eq(vehicles.archived, false),
        sql`lower(${vehicles.reference}) = ${reference.toLowerCase()}`,
        exceptId ? sql`${vehicles.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type TVehicleValues = {
  reference: string;
  brand: string;
  model: string;
  year: number;
  mileage: number | null;
  /** In the tenant's weight unit; left out (undefined) keeps what a saved vehicle has. */
  loadCapacity?: number | null | undefined;
};

export async function insertVehicle(db: Db, tenantId: number, values: TVehicleValues) {
  const [row] = await db
    .insert(vehicles)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

/** Many vehicles in one statement: every row is written, or none. */
export async function insertVehicles(db: Db, tenantId: number, rows: TVehicleValues[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(vehicles)
    .values(rows.map((v) => ({ tenantId, ...v })))
    .returning({ id: vehicles.id });
  return inserted.map((r) => r.id);
}

/**
 * Writes a vehicle's values. A mileage that changes is a new reading of the odometer: the distance
 * counted from GPS starts again from it (modules/odometer). A load capacity left out is kept.
 */
export async function updateVehicle(db: Db, tenantId: number, id: number, values: TVehicleValues) {
  const changed = sql`${vehicles.mileage} is distinct from ${values.mileage}::double precision`;
  const [row] = await db
    .update(vehicles)
    .set({
      ...values,
      mileageAt: sql`case when ${changed} then now() else ${vehicles.mileageAt} end`,
      gpsKm: sql`case when ${changed} then 0 else ${vehicles.gpsKm} end`,
    })
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id), eq(vehicles.archived, false)))
    .returning();
  return row;
}

export async function archiveVehicle(db: Db, tenantId: number, id: number): Promise<boolean> {
  const [row] = await db
    .update(vehicles)
    .set({ archived: true })
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id), eq(vehicles.archived, false)))
    .returning({ id: vehicles.id });
  return Boolean(row);
}
