import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogPosts, contactRequests, landingSections } from '../../db/schema/index.ts';

export type TBlogPostRow = typeof blogPosts.$inferSelect;
export type TBlogPostValues = Omit<typeof blogPosts.$inferInsert, 'id' | 'createdAt'>;

const published = () => and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, sql`now()`));

/** Published posts, newest first, one page. */
export async function listPublishedPosts(db: Db, { page, pageSize }: { page: number; pageSize: number }) {
  const [total] = await db.select({ n: count() }).from(blogPosts).where(published());
  const rows = await db
    .select()
    .from(blogPosts)
    .where(published())
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}

export async function findPublishedBySlug(db: Db, slug: string) {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(published(), eq(blogPosts.slug, slug)))
    .limit(1);
  return row;
}

export const listAllPosts = (db: Db) => db.select().from(blogPosts).orderBy(desc(blogPosts.id));

export async function slugTaken(db: Db, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), exceptId ? sql`${blogPosts.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertPost(db: Db, values: TBlogPostValues) {
  const [row] = await db.insert(blogPosts).values(values).returning();
  return row!;
}

/** Several posts in one statement (the demo's articles). */
export const insertPosts = (db: Db, values: TBlogPostValues[]) =>
  db.insert(blogPosts).values(values).returning({ id: blogPosts.id });

export async function updatePost(db: Db, id: number, values: TBlogPostValues) {
  const [row] = await db
    .update(blogPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  return row;
}

export async function deletePost(db: Db, id: number) {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

export const listLandingSections = (db: Db) => db.select().from(landingSections);

export type TLandingSectionRow = typeof landingSections.$inferSelect;

export async function upsertLandingSection(db: Db, key: string, content: unknown) {
  const [row] = await db
    .insert(landingSections)
    .values({ key, content })
    .onConflictDoUpdate({ target: landingSections.key, set: { content, updatedAt: new Date() } })
    .returning();
  return row!;
}

export type TContactValues = Omit<typeof contactRequests.$inferInsert, 'id' | 'createdAt' | 'mailedAt'>;

export async function insertContactRequest(db: Db, values: TContactValues) {
  const [row] = await db.insert(contactRequests).values(values).returning();
  return row!;
}

export async function markMailed(db: Db, id: number) {
  await db.update(contactRequests).set({ mailedAt: new Date() }).where(eq(contactRequests.id, id));
}

export const listContactRequests = (db: Db, limit: number) =>
  db.select().from(contactRequests).orderBy(desc(contactRequests.id)).limit(limit);
