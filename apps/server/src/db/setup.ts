import type { Database } from './client.ts';
import { isEmpty, seedDemo, seedReferenceData } from './seed/index.ts';

/**
 * Brings a database up to date: migrations, reference lists, and the demo on an empty database
 * (always on the embedded database, on PostgreSQL only when asked). Returns whether the demo was seeded.
 */
export async function prepareDatabase(
  database: Database,
  { seedDemoOnPostgres }: { seedDemoOnPostgres: boolean },
) {
  await database.migrate();
  await seedReferenceData(database.db);
  const wantsDemo = database.driver === 'pglite' || seedDemoOnPostgres;
  if (wantsDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    return { seeded: true };
  }
  return { seeded: false };
}
