import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { drivers, languages, vehicles } from '../../db/schema/index.ts';

export interface DriverFilter {
  id?: number | undefined;
  search?: string | undefined;
  limit?: number | undefined;
}

/** Live drivers of a tenant, newest first, with the reference of their vehicle. */
export async function listDrivers(db: Db, tenantId: number, { id, search, limit }: DriverFilter = {}) {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  return db
    .select({
      id: drivers.id,
      fname: drivers.fname,
      lname: drivers.lname,
      email: drivers.email,
      busId: drivers.busId,
      busReference: vehicles.reference,
      hourlyRate: drivers.hourlyRate,
      language: drivers.language,
      createdDate: drivers.createdDate,
      archived: drivers.archived,
    })
    .from(drivers)
    .leftJoin(vehicles, and(eq(vehicles.id, drivers.busId), eq(vehicles.tenantId, tenantId)))
    .where(
      and(
        eq(drivers.tenantId, tenantId),
        eq(drivers.archived, false),
        id === undefined ? undefined : eq(drivers.id, id),
        pattern
          ? or(
              ilike(drivers.fname, pattern),
              ilike(drivers.lname, pattern),
              ilike(drivers.email, pattern),
              sql`(${drivers.fname} || ' ' || ${drivers.lname}) ilike ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(drivers.id))
    .limit(limit ?? 100_000);
}
export type TDriverListRow = Awaited<ReturnType<typeof listDrivers>>[number];

/** Whether a live driver anywhere already signs in with this e-mail. */
export async function driverEmailInUse(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(
      and(
        eq(drivers.archived, false),
        sql`lower(${drivers.email}) = ${email.toLowerCase()}`,
        exceptId ? sql`${drivers.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function languageExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.code, code))
    .limit(1);
  return Boolean(row);
}

export type TDriverValues = {
  fname: string;
  lname: string;
  email: string;
  busId: number | null;
  hourlyRate: number;
  language: string | null;
};

export async function insertDrivers(
  db: Db,
  tenantId: number,
  rows: (TDriverValues & { passwordHash: string })[],
) {
  if (rows.length === 0) return [];
  return db
    .insert(drivers)
    .values(rows.map((r) => ({ tenantId, ...r })))
    .returning({ id: drivers.id });
}

export async function updateDriver(
  db: Db,
  tenantId: number,
  id: number,
  values: TDriverValues & { passwordHash?: string },
) {
  const [row] = await db
    .update(drivers)
    .set(values)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, id), eq(drivers.archived, false)))
    .returning({ id: drivers.id });
  return row;
}

export async function archiveDriver(db: Db, tenantId: number, id: number): Promise<boolean> {
  const [row] = await db
    .update(drivers)
    .set({ archived: true })
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, id), eq(drivers.archived, false)))
    .returning({ id: drivers.id });
  return Boolean(row);
}
