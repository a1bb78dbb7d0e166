import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { driverFiles } from '../../db/schema/index.ts';

export type TDriverFileRow = typeof driverFiles.$inferSelect;
export type TNewDriverFile = typeof driverFiles.$inferInsert;

export async function insertDriverFile(db: Db, row: TNewDriverFile): Promise<TDriverFileRow> {
  const [created] = await db.insert(driverFiles).values(row).returning();
  return created!;
}

/** A driver's files, newest first. */
export const listDriverFiles = (db: Db, tenantId: number, driverId: number) =>
  db
    .select()
    .from(driverFiles)
    .where(and(eq(driverFiles.tenantId, tenantId), eq(driverFiles.driverId, driverId)))
    .orderBy(desc(driverFiles.id));

export async function findDriverFile(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(driverFiles)
    .where(and(eq(driverFiles.tenantId, tenantId), eq(driverFiles.id, id)))
    .limit(1);
  return row;
}

/** A driver's file by its stored name (the path it is served under). */
export async function findDriverFileByPath(db: Db, tenantId: number, driverId: number, path: string) {
  const [row] = await db
    .select()
    .from(driverFiles)
    .where(
      and(eq(driverFiles.tenantId, tenantId), eq(driverFiles.driverId, driverId), eq(driverFiles.path, path)),
    )
    .limit(1);
  return row;
}

export async function updateDriverFileTitle(db: Db, tenantId: number, id: number, title: string) {
  const [row] = await db
    .update(driverFiles)
    .set({ title, updatedDate: new Date() })
    .where(and(eq(driverFiles.tenantId, tenantId), eq(driverFiles.id, id)))
    .returning();
  return row;
}

export async function deleteDriverFileRow(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .delete(driverFiles)
    .where(and(eq(driverFiles.tenantId, tenantId), eq(driverFiles.id, id)))
    .returning();
  return row;
}
