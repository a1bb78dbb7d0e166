import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { languages } from '../../db/schema/index.ts';

/** Every language of the reference list, by name. */
export const listLanguages = (db: Db) => db.select().from(languages).orderBy(asc(languages.name));

export async function languageCodeExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(eq(languages.code, code))
    .limit(1);
  return Boolean(row);
}
