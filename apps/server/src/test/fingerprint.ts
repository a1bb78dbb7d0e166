import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// Tables that change on every request for reasons of their own: session clocks, sign-in counters,
// and the log of change events, which the relay writes just after an earlier write's answer.
const VOLATILE = new Set(['sessions', 'login_failures', 'change_events', '__drizzle_migrations']);

/**
 * One text per table summarising every row (an md5 of the rows in a fixed order), so a test can
 * prove that a refused request changed nothing anywhere in the database.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows?: { name: string }[] } | { name: string }[];
  const names = (Array.isArray(tables) ? tables : (tables.rows ?? []))
    .map((r) => r.name)
    .filter((n) => !VOLATILE.has(n));
  const parts = names.map(
    (name) =>
      sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
  );
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as
    { rows?: { name: string; digest: string }[] } | { name: string; digest: string }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}
