import { and, asc, eq } from 'drizzle-orm';
import type { TRecordPhotoFolder } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { recordPhotos } from '../../db/schema/index.ts';
import { anyId } from '../../db/id-lists.ts';

export type TRecordPhotoRow = typeof recordPhotos.$inferSelect;
export type TNewRecordPhoto = typeof recordPhotos.$inferInsert;

export const insertRecordPhotos = (db: Db, rows: TNewRecordPhoto[]) =>
  rows.length === 0 ? Promise.resolve([]) : db.insert(recordPhotos).values(rows).returning();

/** The pictures of these records of one folder, oldest first. */
export const listRecordPhotos = (
  db: Db,
  tenantId: number,
  folder: TRecordPhotoFolder,
  recordIds: number[],
) =>
  recordIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(recordPhotos)
        .where(
          and(
            eq(recordPhotos.tenantId, tenantId),
            eq(recordPhotos.folder, folder),
            anyId(recordPhotos.recordId, recordIds),
          ),
        )
        .orderBy(asc(recordPhotos.recordId), asc(recordPhotos.id));

export async function findRecordPhoto(db: Db, tenantId: number, folder: TRecordPhotoFolder, title: string) {
  const [row] = await db
    .select()
    .from(recordPhotos)
    .where(
      and(
        eq(recordPhotos.tenantId, tenantId),
        eq(recordPhotos.folder, folder),
        eq(recordPhotos.title, title),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteRecordPhoto(
  db: Db,
  tenantId: number,
  folder: TRecordPhotoFolder,
  recordId: number,
  id: number,
) {
  const [row] = await db
    .delete(recordPhotos)
    .where(
      and(
        eq(recordPhotos.tenantId, tenantId),
        eq(recordPhotos.folder, folder),
        eq(recordPhotos.recordId, recordId),
        eq(recordPhotos.id, id),
      ),
    )
    .returning();
  return row;
}
