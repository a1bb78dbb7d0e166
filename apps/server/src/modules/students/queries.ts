import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { students } from '../../db/schema/index.ts';

/** The live students a driver carries, by last then first name. */
export const listDriverStudents = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(students)
    .where(
      and(eq(students.tenantId, tenantId), eq(students.driverId, driverId), eq(students.archived, false)),
    )
    .orderBy(asc(students.lname), asc(students.fname));
