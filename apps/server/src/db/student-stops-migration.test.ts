import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.ts';

/*
 * Migration 0023 on a database that already holds pupils: each stop kept becomes one of its tenant's
 * destinations (archived with an archived pupil), and a pupil without a stop gets none.
 */

const MIGRATION = '0023_student_stop_destinations';

/** The committed migrations up to (not including) `tag`, as a folder the migrator reads. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const client = new PGlite();
const folders: string[] = [];
afterAll(async () => {
  await client.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it("makes each pupil's stop a destination of the pupil's tenant", async () => {
    const db = drizzle(client);
    const before = migrationsBefore(MIGRATION);
    folders.push(before);
    await migrate(db, { migrationsFolder: before });

    const tenants = await client.query<{ id: number }>(
      `INSERT INTO tenants (name, type) VALUES ('School A', 'school_bus'), ('School B', 'school_bus') RETURNING id`,
    );
    const [a, b] = tenants.rows.map((row) => row.id) as [number, number];
    await client.query(
      `INSERT INTO destinations (tenant_id, name, lat, lon) VALUES ($1, 'Depot gate', 25, 55)`,
      [a],
    );
    await client.query(
      `INSERT INTO students (tenant_id, fname, lname, stop_name, stop_lat, stop_lon, archived) VALUES
        ($1, 'Lina', 'Haddad', 'Al Barsha 1', 25.11, 55.2, false),
        ($1, 'Omar', 'Saleh', NULL, NULL, NULL, false),
        ($2, 'Sara', 'Nour', '  ', 24.45, 54.37, true)`,
      [a, b],
    );

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const pupils = await client.query<{
      fname: string;
      tenant_id: number;
      name: string | null;
      lat: number | null;
      lon: number | null;
      place_tenant: number | null;
      place_archived: boolean | null;
    }>(
      `SELECT s.fname, s.tenant_id, d.name, d.lat, d.lon, d.tenant_id AS place_tenant, d.archived AS place_archived
       FROM students s LEFT JOIN destinations d ON d.id = s.destination_id ORDER BY s.id`,
    );
    expect(pupils.rows).toEqual([
      {
        fname: 'Lina',
        tenant_id: a,
        name: 'Al Barsha 1',
        lat: 25.11,
        lon: 55.2,
        place_tenant: a,
        place_archived: false,
      },
      {
        fname: 'Omar',
        tenant_id: a,
        name: null,
        lat: null,
        lon: null,
        place_tenant: null,
        place_archived: null,
      },
      // No stop name: the pupil's name names the place; an archived pupil's stop is archived.
      {
        fname: 'Sara',
        tenant_id: b,
        name: 'Sara Nour',
        lat: 24.45,
        lon: 54.37,
        place_tenant: b,
        place_archived: true,
      },
    ]);
    // The destinations kept before are untouched, and new ones keep drawing fresh ids.
    const places = await client.query<{ name: string }>(`SELECT name FROM destinations ORDER BY id`);
    expect(places.rows.map((row) => row.name)).toEqual(['Depot gate', 'Al Barsha 1', 'Sara Nour']);
    const next = await client.query<{ id: number }>(
      `INSERT INTO destinations (tenant_id, name, lat, lon) VALUES ($1, 'New', 1, 1) RETURNING id`,
      [a],
    );
    expect(next.rows[0]!.id).toBeGreaterThan(3);
  });
});
