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
  /**
   * PostgreSQL: keep each connection's reads as named prepared statements (`DATABASE_PREPARE`,
   * default true); false behind a pooler in transaction mode that cannot hold them.
   */
  prepareReads?: boolean | undefined;
}

export async function openDatabase({
  databaseUrl,
  dataDir,
  snapshot,
  prepareReads = true,
}: OpenOptions): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl, prepareReads);
  return openPglite(dataDir, snapshot);
}

/** A read: one `select`, or a `with … select`; their text is fixed by the code that builds them. */
const READ = /^\s*(select|with)\b/i;

type TUnsafe = (query: string, params?: unknown[], options?: { prepare?: boolean }) => unknown;

/**
 * Makes the client keep its reads as named prepared statements. Drizzle asks postgres.js for an
 * unnamed statement on every query, so PostgreSQL parsed and planned each statement of every
 * request again: about 8 ms of its CPU for a page of ten trips (ten statements), more than half the
 * database's share of the request. Named, a read is parsed once per connection and planned from
 * its cache (postgres.js re-prepares when a migration invalidates one). Only reads are named:
 * their text is fixed by the code (ids travel as one array parameter), while a batch write's text
 * grows with its rows, and naming each size would leave a statement per size on every connection.
 */
export function prepareReadsOn(client: { unsafe: TUnsafe }): void {
  const unsafe = client.unsafe;
  client.unsafe = (query, params, options) =>
    unsafe(query, params, READ.test(query) ? { ...options, prepare: true } : options);
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

async function openPostgres(url: string, prepareReads: boolean): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, {
    max: 10,
    onnotice: () => {},
    prepare: prepareReads,
    // After lost connections postgres.js waits before connecting again, three times longer after each
    // failure, up to 20 s: a database back after a few seconds' outage would leave requests waiting
    // that long. Here it tries again within a second, however many attempts failed (decision 0021).
    backoff: (attempts: number) => Math.min(0.05 * 2 ** attempts, 1),
    // A connection whose start-up is cut (the server ending sessions as it fails over) is given up
    // after 5 s rather than postgres.js's 30, so the request behind it is answered 503 "try again".
    connect_timeout: 5,
  });
  // The first connection reads the database's array types, whose parsers postgres.js then keeps for
  // every connection of the client; later connections do not read them again. They must not: that
  // read's promise is left unhandled by postgres.js, so a connection lost during it (a failover, a
  // terminated session) would end the process with an unhandled rejection (decision 0021).
  await client`select 1`;
  (client.options as { fetch_types: boolean }).fetch_types = false;
  if (prepareReads) prepareReadsOn(client as unknown as { unsafe: TUnsafe });
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
