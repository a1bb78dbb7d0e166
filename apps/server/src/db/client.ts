import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type TSchema = typeof schema;
/** The database handle every query takes: the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (once across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * LISTENs on `channel`: `onNotify` gets each payload sent with `pg_notify(channel, …)` by any
   * process on this database, once its transaction commits. On PostgreSQL a dedicated connection
   * listens and is re-established after a drop; `onListen` runs every time listening (re)starts, so
   * the caller can catch up on what a drop lost. Answers a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<TUnlisten>;
  /** The embedded database's files as one tarball, for `OpenOptions.snapshot` (tests); PGlite only. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type TUnlisten = () => Promise<void>;

export const MIGRATIONS_DIR = resolveMigrationsDir();

function resolveMigrationsDir(): string {
  // The bundled server runs from apps/server/dist, tests and dev from apps/server/src/db.
  const here = path.dirname(new URL(import.meta.url).pathname);
  const candidates = [path.resolve(here, '../drizzle'), path.resolve(here, '../../drizzle')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json'))) ?? candidates[0]!;
}

const MIGRATION_LOCK = 7_204_311; // advisory lock id: one migrator at a time across processes

export interface OpenOptions {
  /** `postgres://…` for PostgreSQL; otherwise the embedded database. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `undefined` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** An in-memory embedded database starts as a copy of this `dump()` (tests share one seeded demo). */
  snapshot?: Blob | undefined;
}

export async function openDatabase({ databaseUrl, dataDir, snapshot }: OpenOptions): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl);
  return openPglite(dataDir, snapshot);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(snapshot ? { loadDataDir: snapshot } : {});
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: () => ping(db),
    // One process, one connection: notifications of committed transactions reach the callback in-process.
    listen: async (channel, onNotify, onListen) => {
      const unlisten = await client.listen(channel, onNotify);
      onListen?.();
      return () => (client.closed ? Promise.resolve() : unlisten());
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      // A dedicated single connection, so the advisory lock and the migration share one session.
      const one = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await one`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migrate(drizzle(one, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        await one`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      } finally {
        await one.end();
      }
    },
    ping: () => ping(db),
    // postgres.js keeps one extra connection for every LISTEN of this client and re-listens after a drop.
    listen: async (channel, onNotify, onListen) => {
      const { unlisten } = await client.listen(channel, onNotify, onListen);
      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
