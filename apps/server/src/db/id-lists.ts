import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * Lists of ids in SQL, bound as one array parameter (`= any($1)`), never one parameter each: a
 * statement takes at most 65,535 parameters, which a month's export of a large fleet (its trips,
 * then their stops, then their tasks) goes past. One array keeps the statement the same text
 * whatever the list's length, on PGlite and on PostgreSQL alike.
 */

/** `column` is one of these integer ids (false for none). */
export const anyId = (column: AnyPgColumn | SQL, ids: readonly number[]): SQL =>
  sql`${column} = any(${sql.param([...ids])}::int[])`;

/** `column` is none of these integer ids (true for none). */
export const noneOfIds = (column: AnyPgColumn | SQL, ids: readonly number[]): SQL =>
  sql`${column} <> all(${sql.param([...ids])}::int[])`;

/** `column` is one of these texts (false for none). */
export const anyText = (column: AnyPgColumn | SQL, values: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...values])}::text[])`;

/**
 * The items grouped by a key, each group in the items' order: one pass, so assembling trips with
 * their stops and the stops with their tasks stays linear in the number of rows.
 */
export function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
