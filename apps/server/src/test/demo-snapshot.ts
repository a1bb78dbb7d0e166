import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '@fleet/sim';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { prepareDatabase } from '../db/setup.ts';
import { HISTORY_DAYS, replayDemoHistory } from '../modules/simulation/service.ts';
import { createEventBus } from '../platform/events.ts';
import { systemActor } from '../platform/principal.ts';
import { createStorage } from '../platform/storage.ts';

/*
 * The seeded demo, made once per test run and copied for each test file: the seed's plans plus
 * the fleet simulator's 30 days of history take a while to make, and every file starts from the
 * same demo anyway. On PGlite the copy is a tarball of the database's files; on PostgreSQL, a
 * template database each file's database is created from.
 */

export type TDemoSnapshot =
  { kind: 'pglite'; file: string } | { kind: 'postgres'; serverUrl: string; template: string };

/** Brings a database to the demo a first start makes: migrations, seed, simulated history. */
export async function seedDemoDatabase(database: Database): Promise<void> {
  const { seeded } = await prepareDatabase(database, {
    seedDemoOnPostgres: true,
    demoHistoryDays: HISTORY_DAYS,
  });
  if (!seeded) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-seed-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const events = createEventBus();
  const storage = createStorage(config.storage);
  const app = await buildApp({ config, database, logger: false, events, storage });
  try {
    await app.ready();
    const system = { db: database.db, actor: systemActor('fleet simulator'), publish: events.publish };
    await replayDemoHistory(system, app, {
      logger: silentLogger,
      storage,
      retentionDays: config.positions.retentionDays,
    });
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A test database's commits answer before they reach the disk: a crash of the database server could
 * lose the last ones, which no test needs, and each commit no longer waits on a flush. Set on each
 * database (a copy does not inherit its template's settings), before anyone connects.
 */
export const FAST_COMMITS = (database: string) => `alter database ${database} set synchronous_commit = off`;

export const databaseUrlOf = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Makes the run's demo; answers it and how to remove it afterwards. */
export async function makeDemoSnapshot(): Promise<{ snapshot: TDemoSnapshot; remove: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    try {
      await seedDemoDatabase(database);
      const file = path.join(os.tmpdir(), `fleet-demo-${randomBytes(6).toString('hex')}.tar`);
      fs.writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
      return { snapshot: { kind: 'pglite', file }, remove: async () => fs.rmSync(file, { force: true }) };
    } finally {
      await database.close();
    }
  }
  const { default: postgres } = await import('postgres');
  const template = `fleet_demo_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${template}`);
  await admin.unsafe(FAST_COMMITS(template));
  const database = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, template) });
  try {
    await seedDemoDatabase(database);
  } finally {
    // A template cannot be copied while anyone is connected to it.
    await database.close();
  }
  return {
    snapshot: { kind: 'postgres', serverUrl, template },
    remove: async () => {
      await admin.unsafe(`drop database if exists ${template} with (force)`);
      await admin.end();
    },
  };
}
