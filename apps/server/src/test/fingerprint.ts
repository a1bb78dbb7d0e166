import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// Tables that change on every request for reasons of their own: session clocks, sign-in counters,
// the log of change events, which the relay writes just after an earlier write's answer, and the
// background exports, whose progress the server writes while it runs a job an earlier call started,
// and the error log, whose entries are written beside the answer of an earlier failed request.
const VOLATILE = new Set([
  'sessions',
  'login_failures',
  'change_events',
  'export_jobs',
  'logs',
  '__drizzle_migrations',
]);

/**
 * One text per table summarising its rows, so a test can prove that a refused request changed
 * nothing anywhere in the database: how many rows, and the newest transaction that wrote one
 * (`xmin`). Any committed insert or update raises it and a delete lowers the count, while a refused
 * request's rolled-back writes leave both alone; neither needs reading the rows' values, which
 * matters with the demo's tens of thousands of positions. A partitioned table counts once, with its
 * partitions' rows.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  )) as unknown as { rows?: { name: string }[] } | { name: string }[];
  const names = (Array.isArray(tables) ? tables : (tables.rows ?? []))
    .map((r) => r.name)
    .filter((n) => !VOLATILE.has(n));
  const parts = names.map(
    (name) =>
      sql`select ${name} as name, count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) as digest from ${sql.identifier(name)} t`,
  );
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as
    { rows?: { name: string; digest: string }[] } | { name: string; digest: string }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}
