import type { Database } from './client.ts';
import { demoHistory } from './schema/index.ts';
import { isEmpty, seedDemo, seedReferenceData } from './seed/index.ts';

/**
 * Brings a database up to date: migrations, reference lists, and the demo on an empty database
 * (always on the embedded database, on PostgreSQL only when asked), with its last `demoHistoryDays`
 * recorded as still to be replayed (modules/simulation/history.ts). Returns whether the demo was seeded.
 */
export async function prepareDatabase(
  database: Database,
  { seedDemoOnPostgres, demoHistoryDays = 0 }: { seedDemoOnPostgres: boolean; demoHistoryDays?: number },
) {
  await database.migrate();
  await seedReferenceData(database.db);
  const wantsDemo = database.driver === 'pglite' || seedDemoOnPostgres;
  if (wantsDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    if (demoHistoryDays > 0) await database.db.insert(demoHistory).values({ id: 1, days: demoHistoryDays });
    return { seeded: true };
  }
  return { seeded: false };
}
