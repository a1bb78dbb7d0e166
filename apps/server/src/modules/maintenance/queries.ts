import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { maintenances, maintenanceTypes, vehicles } from '../../db/schema/index.ts';

/** Drizzle access of the maintenance area; every query filters on the tenant. */

export type TTypeValues = {
  name: string;
  intervalDistance: number | null;
  intervalDays: number | null;
  unplanned: boolean;
};

export async function insertTypes(db: Db, tenantId: number, values: TTypeValues[]) {
  if (values.length === 0) return;
  await db
    .insert(maintenanceTypes)
    .values(values.map((v) => ({ ...v, tenantId })))
    .onConflictDoNothing();
}

export async function listTypes(db: Db, tenantId: number) {
  return db
    .select()
    .from(maintenanceTypes)
    .where(eq(maintenanceTypes.tenantId, tenantId))
    .orderBy(asc(maintenanceTypes.id));
}
export type TTypeRow = Awaited<ReturnType<typeof listTypes>>[number];

export async function findType(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(maintenanceTypes)
    .where(and(eq(maintenanceTypes.tenantId, tenantId), eq(maintenanceTypes.id, id)));
  return row;
}

export async function nameTaken(db: Db, tenantId: number, name: string, exceptId: number) {
  const [row] = await db
    .select({ id: maintenanceTypes.id })
    .from(maintenanceTypes)
    .where(
      and(
        eq(maintenanceTypes.tenantId, tenantId),
        sql`lower(${maintenanceTypes.name}) = ${name.toLowerCase()}`,
        sql`${maintenanceTypes.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

export async function updateType(
  db: Db,
  tenantId: number,
  id: number,
  values: Pick<TTypeValues, 'name' | 'intervalDistance' | 'intervalDays'>,
) {
  const [row] = await db
    .update(maintenanceTypes)
    .set(values)
    .where(and(eq(maintenanceTypes.tenantId, tenantId), eq(maintenanceTypes.id, id)))
    .returning();
  return row;
}

/** A live vehicle of the tenant, or undefined. */
export async function findLiveVehicle(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id), eq(vehicles.archived, false)));
  return row;
}

export type TRecordValues = {
  busId: number;
  typeId: number;
  date: string;
  note: string | null;
  cost: number | null;
  completedBy: string | null;
  odometer: number | null;
};

/** Inserts services of the tenant's vehicles; answers their ids in the order given. */
export async function insertRecords(db: Db, tenantId: number, values: readonly TRecordValues[]) {
  const ids: number[] = [];
  // A few hundred rows a statement keep well inside PostgreSQL's 65,535 parameters.
  for (let at = 0; at < values.length; at += 500) {
    const rows = await db
      .insert(maintenances)
      .values(
        values
          .slice(at, at + 500)
          .map((v) => ({ ...v, tenantId, cost: v.cost === null ? null : v.cost.toFixed(2) })),
      )
      .returning({ id: maintenances.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

const historyColumns = {
  id: maintenances.id,
  busId: maintenances.busId,
  typeId: maintenances.typeId,
  date: maintenances.date,
  note: maintenances.note,
  cost: maintenances.cost,
  completedBy: maintenances.completedBy,
  odometer: maintenances.odometer,
  typeName: maintenanceTypes.name,
  unplanned: maintenanceTypes.unplanned,
};

/** A vehicle's records (or every vehicle's when `busId` is left out), latest service first. */
export async function listRecords(db: Db, tenantId: number, busId?: number, id?: number) {
  return db
    .select(historyColumns)
    .from(maintenances)
    .innerJoin(
      maintenanceTypes,
      and(eq(maintenanceTypes.id, maintenances.typeId), eq(maintenanceTypes.tenantId, tenantId)),
    )
    .where(
      and(
        eq(maintenances.tenantId, tenantId),
        busId === undefined ? undefined : eq(maintenances.busId, busId),
        id === undefined ? undefined : eq(maintenances.id, id),
      ),
    )
    .orderBy(desc(maintenances.date), desc(maintenances.id));
}
export type TRecordRow = Awaited<ReturnType<typeof listRecords>>[number];

/** The tenant's live vehicles, newest first (the list's rows). */
export async function listLiveVehicles(db: Db, tenantId: number) {
  return db
    .select({
      id: vehicles.id,
      reference: vehicles.reference,
      year: vehicles.year,
      mileage: vehicles.mileage,
      mileageAt: vehicles.mileageAt,
    })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.archived, false)))
    .orderBy(desc(vehicles.id));
}

/** Ids of the tenant's vehicles with a record on this day. */
export async function vehiclesServicedOn(db: Db, tenantId: number, day: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ busId: maintenances.busId })
    .from(maintenances)
    .where(and(eq(maintenances.tenantId, tenantId), eq(maintenances.date, day)));
  return rows.map((r) => r.busId);
}
