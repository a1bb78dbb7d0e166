import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// Tables that change on every request for reasons of their own: session clocks, sign-in counters,
// the log of change events, which the relay writes just after an earlier write's answer, and the
// background exports, whose progress the server writes while it runs a job an earlier call started,
// and the error log, whose entries are written beside the answer of an earlier failed request; and
// the kept working days, which a report (a read) writes as it computes them (decision 0034).
const VOLATILE = new Set([
  'worked_days',
  'worked_days_kept',
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

/**
 * The tables holding tenant-owned rows (a `tenant_id` column), a partitioned table once, not also
 * per partition (its partitions' rows are its own).
 */
export async function tablesWithTenantColumn(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select c.relname as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
          where c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    ),
  );
  return tables.map((r) => r.name);
}

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
 * `test_write_counts`, in the writing transaction, so a write rolled back counts nothing. A row
 * write also counts for the tenant of the row before and after it (`table#tenant`), and a truncate
 * for the table's truncates (`table!truncate`), so a check of one tenant's rows can tell whether
 * they may have changed. Done once a database, by the first fingerprint; the triggers are the
 * tests' own, on a test's copy of the demo.
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
        if tg_level = 'STATEMENT' then
          insert into ${COUNTS} as c (name, writes) values (tg_argv[0] || '!truncate', 1)
            on conflict (name) do update set writes = c.writes + 1;
        elsif tg_argv[1] <> '' then
          insert into ${COUNTS} as c (name, writes)
            select distinct tg_argv[0] || '#' || tenant, 1
            from unnest(array[
              case when tg_op <> 'INSERT' then to_jsonb(old) ->> tg_argv[1] end,
              case when tg_op <> 'DELETE' then to_jsonb(new) ->> tg_argv[1] end
            ]) tenant
            where tenant is not null
          on conflict (name) do update set writes = c.writes + 1;
        end if;
        return null;
      end $$`),
  );
  const tenantColumns = new Map((await tablesWithTenantColumn(db)).map((name) => [name, 'tenant_id']));
  tenantColumns.set('tenants', 'id');
  for (const table of tables) {
    const name = `"${table.replaceAll('"', '""')}"`;
    const arg = `'${table.replaceAll("'", "''")}'`;
    const tenantColumn = `'${tenantColumns.get(table) ?? ''}'`;
    await db.execute(
      sql.raw(`create or replace trigger test_count_rows after insert or update or delete on ${name}
                 for each row execute function test_count_write(${arg}, ${tenantColumn})`),
    );
    await db.execute(
      sql.raw(`create or replace trigger test_count_truncate after truncate on ${name}
                 for each statement execute function test_count_write(${arg}, ${tenantColumn})`),
    );
  }
}
/** The tables each database counts the writes of, from the first fingerprint on. */
const counting = new WeakMap<Db, Set<string>>();

async function installedCounts(db: Db): Promise<{ tables: string[]; counted: Set<string> }> {
  const tables = await watchedTables(db);
  let counted = counting.get(db);
  if (!counted) {
    await countWrites(db, tables);
    counted = new Set(tables);
    counting.set(db, counted);
  }
  return { tables, counted };
}

async function readCounts(db: Db): Promise<Map<string, string>> {
  return new Map(
    rowsOf<{ name: string; writes: string | number }>(
      await db.execute(sql.raw(`select name, writes from ${COUNTS}`)),
    ).map((r) => [r.name, String(r.writes)]),
  );
}

/**
 * One text per table saying how often it was written, so a test can prove that a refused request
 * changed nothing anywhere in the database: any committed insert, update, delete or truncate raises
 * its table's count (and a table created since shows up), while a refused request's rolled-back
 * writes leave them all alone. Reading the counts costs the same whatever the tables hold, which
 * matters with the demo's tens of thousands of positions and a fingerprint around each fuzzed write.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const { tables } = await installedCounts(db);
  const counts = await readCounts(db);
  return Object.fromEntries(tables.map((name) => [name, counts.get(name) ?? '0']));
}

/**
 * The write counts of the tables whose writes are counted (a partitioned table's count its
 * partitions' writes too), for a check that reads tables only when they were written since it last
 * read them: `table` for every write, `table#tenant` for the writes to that tenant's rows and
 * `table!truncate` for truncates. Tables missing from `counted` (the volatile ones, one created
 * after counting began) must be read afresh every time.
 */
export async function writeCounts(db: Db): Promise<{ counted: Set<string>; count: (key: string) => string }> {
  const { counted } = await installedCounts(db);
  const counts = await readCounts(db);
  return { counted, count: (key) => counts.get(key) ?? '0' };
}
