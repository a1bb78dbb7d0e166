import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { drivers, tenants, vehicles } from '../../db/schema/index.ts';
import { anyText } from '../../db/id-lists.ts';

export interface DriverFilter {
  id?: number | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  /** Rows skipped before the first one answered (a page past the first). */
  offset?: number | undefined;
}

/** Live drivers of a tenant, newest first, with the reference of their vehicle. */
function driverWhere(tenantId: number, { id, search }: DriverFilter) {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  return and(
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
  );
}

/** How many live drivers of the tenant match. */
export async function countDrivers(db: Db, tenantId: number, filter: DriverFilter = {}) {
  const [row] = await db.select({ n: count() }).from(drivers).where(driverWhere(tenantId, filter));
  return row?.n ?? 0;
}

export async function listDrivers(db: Db, tenantId: number, filter: DriverFilter = {}) {
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
      trackerKind: drivers.trackerKind,
      createdDate: drivers.createdDate,
      archived: drivers.archived,
    })
    .from(drivers)
    .leftJoin(vehicles, and(eq(vehicles.id, drivers.busId), eq(vehicles.tenantId, tenantId)))
    .where(driverWhere(tenantId, filter))
    .orderBy(desc(drivers.id))
    .limit(filter.limit ?? 100_000)
    .offset(filter.offset ?? 0);
}
export type TDriverListRow = Awaited<ReturnType<typeof listDrivers>>[number];

/** Whether another live driver of the tenant signs in with this e-mail (unique within a tenant only). */
export async function driverEmailInUse(
  db: Db,
  tenantId: number,
  email: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(
      and(
        eq(drivers.tenantId, tenantId),
        eq(drivers.archived, false),
        sql`lower(${drivers.email}) = ${email.toLowerCase()}`,
        exceptId ? sql`${drivers.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Which of these Tracker ID digests live drivers anywhere (but `exceptId`) already report with. */
export async function liveTrackerDigestsAmong(
  db: Db,
  digests: string[],
  exceptId?: number,
): Promise<string[]> {
  if (digests.length === 0) return [];
  const rows = await db
    .select({ digest: drivers.trackerDigest })
    .from(drivers)
    .where(
      and(
        eq(drivers.archived, false),
        anyText(drivers.trackerDigest, digests),
        exceptId ? sql`${drivers.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.map((r) => r.digest!);
}

/**
 * The live driver, of a live tenant, whose tracker reports with the id of this digest. The one
 * lookup not confined to a tenant: the id is how a tracker says who it is, like an e-mail at sign-in.
 */
export async function findDriverByTracker(db: Db, digest: string) {
  const [row] = await db
    .select({ driverId: drivers.id, tenantId: drivers.tenantId })
    .from(drivers)
    .innerJoin(tenants, eq(tenants.id, drivers.tenantId))
    .where(and(eq(drivers.trackerDigest, digest), eq(drivers.archived, false), eq(tenants.archived, false)))
    .limit(1);
  return row;
}

/** Sets (or with null clears) the Tracker ID of a live driver of the tenant; false when there is none. */
export async function setTracker(
  db: Db,
  tenantId: number,
  id: number,
  tracker: { digest: string; kind: string } | null,
): Promise<boolean> {
  const [row] = await db
    .update(drivers)
    .set({ trackerDigest: tracker?.digest ?? null, trackerKind: tracker?.kind ?? null })
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, id), eq(drivers.archived, false)))
    .returning({ id: drivers.id });
  return Boolean(row);
}

/** Which of these e-mails (lower case) live drivers of the tenant already sign in with. */
export async function liveDriverEmailsAmong(db: Db, tenantId: number, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: sql<string>`lower(${drivers.email})` })
    .from(drivers)
    .where(
      and(
        eq(drivers.tenantId, tenantId),
        eq(drivers.archived, false),
        anyText(sql`lower(${drivers.email})`, emails),
      ),
    );
  return rows.map((r) => r.email);
}

/** A driver of this tenant, archived or not (history still shows archived drivers). */
export async function findDriverName(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: drivers.id, fname: drivers.fname, lname: drivers.lname })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, id)))
    .limit(1);
  return row;
}

export type TDriverValues = {
  fname: string;
  lname: string;
  email: string;
  busId: number | null;
  hourlyRate: number;
  language: string | null;
  /** The Tracker ID's digest and kind; undefined keeps the stored one, null removes it. */
  tracker?: { digest: string; kind: string } | null;
};

const trackerColumns = (tracker: TDriverValues['tracker']) =>
  tracker === undefined ? {} : { trackerDigest: tracker?.digest ?? null, trackerKind: tracker?.kind ?? null };

export async function insertDrivers(
  db: Db,
  tenantId: number,
  rows: (TDriverValues & { passwordHash: string })[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(drivers)
    .values(rows.map(({ tracker, ...r }) => ({ tenantId, ...r, ...trackerColumns(tracker) })))
    .returning({ id: drivers.id });
  return inserted.map((r) => r.id);
}

export async function updateDriver(
  db: Db,
  tenantId: number,
  id: number,
  values: TDriverValues & { passwordHash?: string },
) {
  const { tracker, ...rest } = values;
  const [row] = await db
    .update(drivers)
    .set({ ...rest, ...trackerColumns(tracker) })
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

/** Takes a vehicle from every driver of the tenant who has it; answers their ids. */
export async function clearDriversVehicle(db: Db, tenantId: number, vehicleId: number): Promise<number[]> {
  const rows = await db
    .update(drivers)
    .set({ busId: null })
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.busId, vehicleId)))
    .returning({ id: drivers.id });
  return rows.map((r) => r.id);
}
