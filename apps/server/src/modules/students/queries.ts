import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { drivers, guardians, studentGuardians, students } from '../../db/schema/index.ts';
import { anyId, anyText } from '../../db/id-lists.ts';

/** The live students a driver carries, by last then first name. */
export const listDriverStudents = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(students)
    .where(
      and(eq(students.tenantId, tenantId), eq(students.driverId, driverId), eq(students.archived, false)),
    )
    .orderBy(asc(students.lname), asc(students.fname));

export interface StudentFilter {
  id?: number | undefined;
  search?: string | undefined;
  /** Keyset paging (the export): students after this one in the list's order, `limit` of them. */
  after?: { lname: string; fname: string; id: number } | null;
  limit?: number;
}

/**
 * The tenant's live students by last then first name, with the name of the driver who carries
 * each; `search` matches a first, last or full name.
 */
export function listStudents(db: Db, tenantId: number, { id, search, after, limit }: StudentFilter = {}) {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  const query = db
    .select({
      id: students.id,
      fname: students.fname,
      lname: students.lname,
      stopName: students.stopName,
      stopLat: students.stopLat,
      stopLon: students.stopLon,
      destinationId: students.destinationId,
      driverId: students.driverId,
      driverFname: drivers.fname,
      driverLname: drivers.lname,
    })
    .from(students)
    .leftJoin(drivers, and(eq(drivers.id, students.driverId), eq(drivers.tenantId, tenantId)))
    .where(
      and(
        eq(students.tenantId, tenantId),
        eq(students.archived, false),
        id === undefined ? undefined : eq(students.id, id),
        pattern
          ? or(
              ilike(students.fname, pattern),
              ilike(students.lname, pattern),
              sql`(${students.fname} || ' ' || ${students.lname}) ilike ${pattern}`,
            )
          : undefined,
        after
          ? sql`(${students.lname}, ${students.fname}, ${students.id}) > (${after.lname}, ${after.fname}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(students.lname), asc(students.fname), asc(students.id))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}
export type TStudentListRow = Awaited<ReturnType<typeof listStudents>>[number];

const guardianColumns = {
  id: guardians.id,
  fname: guardians.fname,
  lname: guardians.lname,
  email: guardians.email,
};

/** The live guardians of these students, by last then first name. */
export function guardiansOfStudents(db: Db, tenantId: number, studentIds: number[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ studentId: studentGuardians.studentId, ...guardianColumns })
    .from(studentGuardians)
    .innerJoin(
      guardians,
      and(eq(guardians.id, studentGuardians.guardianId), eq(guardians.tenantId, tenantId)),
    )
    .where(
      and(
        eq(studentGuardians.tenantId, tenantId),
        anyId(studentGuardians.studentId, studentIds),
        eq(guardians.archived, false),
      ),
    )
    .orderBy(asc(guardians.lname), asc(guardians.fname), asc(guardians.id));
}

/** The tenant's live guardians, by last then first name (never their password hash). */
export const listGuardians = (db: Db, tenantId: number) =>
  db
    .select(guardianColumns)
    .from(guardians)
    .where(and(eq(guardians.tenantId, tenantId), eq(guardians.archived, false)))
    .orderBy(asc(guardians.lname), asc(guardians.fname), asc(guardians.id));

/** Which of these ids are live guardians of the tenant. */
export async function liveGuardianIds(db: Db, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: guardians.id })
    .from(guardians)
    .where(and(eq(guardians.tenantId, tenantId), eq(guardians.archived, false), anyId(guardians.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Which of these e-mails (lower case) a live guardian of the tenant already signs in with. Unique
 * within a tenant only: a parent may be a guardian at two schools with one e-mail.
 */
export async function guardianEmailsInUse(db: Db, tenantId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${guardians.email})` })
    .from(guardians)
    .where(
      and(
        eq(guardians.tenantId, tenantId),
        eq(guardians.archived, false),
        anyText(sql`lower(${guardians.email})`, emails),
      ),
    );
  return new Set(rows.map((r) => r.email));
}

export interface TStudentRowValues {
  fname: string;
  lname: string;
  stopName: string;
  stopLat: number;
  stopLon: number;
  /** The destination made of the stop. */
  destinationId: number;
  driverId: number | null;
}

export async function insertStudent(db: Db, tenantId: number, values: TStudentRowValues): Promise<number> {
  const [row] = await db
    .insert(students)
    .values({ tenantId, ...values })
    .returning({ id: students.id });
  return row!.id;
}

export interface TGuardianRowValues {
  fname: string;
  lname: string;
  email: string;
  passwordHash: string;
}

/** Inserts guardians in one statement; answers their ids in the order given. */
export async function insertGuardians(
  db: Db,
  tenantId: number,
  rows: TGuardianRowValues[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(guardians)
    .values(rows.map((r) => ({ tenantId, ...r })))
    .returning({ id: guardians.id });
  return inserted.map((r) => r.id);
}

export async function linkGuardians(
  db: Db,
  tenantId: number,
  studentId: number,
  guardianIds: number[],
): Promise<void> {
  if (guardianIds.length === 0) return;
  await db
    .insert(studentGuardians)
    .values(guardianIds.map((guardianId) => ({ tenantId, studentId, guardianId })));
}

/**
 * Archives a live student of the tenant; answers its stop's destination (null when it has none), or
 * undefined when there is no live student with this id.
 */
export async function archiveStudentRow(
  db: Db,
  tenantId: number,
  id: number,
): Promise<{ destinationId: number | null } | undefined> {
  const [row] = await db
    .update(students)
    .set({ archived: true })
    .where(and(eq(students.tenantId, tenantId), eq(students.id, id), eq(students.archived, false)))
    .returning({ destinationId: students.destinationId });
  return row;
}

/** The tenant's students of these ids, live or archived (a stop planned earlier keeps its pupil). */
export function studentsByIds(db: Db, tenantId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: students.id, fname: students.fname, lname: students.lname })
    .from(students)
    .where(and(eq(students.tenantId, tenantId), anyId(students.id, ids)));
}

/** The live students this guardian answers for, by first name: a parent's children. */
export function childrenOfGuardian(db: Db, tenantId: number, guardianId: number) {
  return db
    .select({
      id: students.id,
      fname: students.fname,
      lname: students.lname,
      stopName: students.stopName,
    })
    .from(studentGuardians)
    .innerJoin(students, and(eq(students.id, studentGuardians.studentId), eq(students.tenantId, tenantId)))
    .where(
      and(
        eq(studentGuardians.tenantId, tenantId),
        eq(studentGuardians.guardianId, guardianId),
        eq(students.archived, false),
      ),
    )
    .orderBy(asc(students.fname), asc(students.lname), asc(students.id));
}
