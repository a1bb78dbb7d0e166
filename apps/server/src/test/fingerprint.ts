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
/** The tests' own table of write counts (below). */
const COUNTS = 'test_write_counts';

type TRows<T> = { rows?: T[] } | T[];
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as TRows<T> & { rows?: T[] }).rows ?? []);

/** The database's tables (a partitioned table once, not its partitions), but the volatile ones. */
async function watchedTables(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    ),
  );
  return tables.map((r) => r.name).filter((n) => !VOLATILE.has(n) && n !== COUNTS);
}

/**
 * Counts the writes to each watched table from now on: a row trigger (a partitioned table's is its
 * partitions' too, present and future) and a truncate trigger add one to the table's count in
 * `test_write_counts`, in the writing transaction, so a write rolled back counts nothing. Done once
 * a database, by the first fingerprint; the triggers are the tests' own, on a test's copy of the demo.
 */
async function countWrites(db: Db, tables: string[]): Promise<void> {
  await db.execute(
    sql.raw(`create table if not exists ${COUNTS} (name text primary key, writes bigint not null)`),
  );
  await db.execute(
    sql.raw(`create or replace function test_count_write() returns trigger language plpgsql as $$
      begin
        insert into ${COUNTS} as c (name, writes) values (tg_argv[0], 1)
          on conflict (name) do update set writes = c.writes + 1;
        return null;
      end $$`),
  );
  for (const table of tables) {
    const name = `"${table.replaceAll('"', '""')}"`;
    const arg = `'${table.replaceAll("'", "''")}'`;
    await db.execute(
      sql.raw(`create or replace trigger test_count_rows after insert or update or delete on ${name}
                 for each row execute function test_count_write(${arg})`),
    );
    await db.execute(
      sql.raw(`create or replace trigger test_count_truncate after truncate on ${name}
                 for each statement execute function test_count_write(${arg})`),
    );
  }
}
const counting = new WeakSet<Db>();

/**
 * One text per table saying how often it was written, so a test can prove that a refused request
 * changed nothing anywhere in the database: any committed insert, update, delete or truncate raises
 * its table's count (and a table created since shows up), while a refused request's rolled-back
 * writes leave them all alone. Reading the counts costs the same whatever the tables hold, which
 * matters with the demo's tens of thousands of positions and a fingerprint around each fuzzed write.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await watchedTables(db);
  if (!counting.has(db)) {
    await countWrites(db, tables);
    counting.add(db);
  }
  const counts = new Map(
    rowsOf<{ name: string; writes: string | number }>(
      await db.execute(sql.raw(`select name, writes from ${COUNTS}`)),
    ).map((r) => [r.name, String(r.writes)]),
  );
  return Object.fromEntries(tables.map((name) => [name, counts.get(name) ?? '0']));
}
