import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The rows of a raw `execute` answer: PostgreSQL's driver answers an array, PGlite an object with
 * `rows`. Every raw query reads its rows through here, so the difference is handled once.
 */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

/** Runs a raw query and answers its rows. */
export const selectRows = async <T>(db: Db, query: SQL): Promise<T[]> => rowsOf<T>(await db.execute(query));
