import { describe, expect, it } from 'vitest';
import { prepareReadsOn } from './client.ts';

/*
 * On PostgreSQL the client names its reads, so PostgreSQL plans them from its cache (decision 0017),
 * and leaves writes unnamed, whose text grows with their rows.
 */
describe('prepareReadsOn', () => {
  const calls: { query: string; prepare: boolean | undefined }[] = [];
  const client = {
    unsafe: (query: string, _params?: unknown[], options?: { prepare?: boolean }) => {
      calls.push({ query, prepare: options?.prepare });
      return query;
    },
  };
  prepareReadsOn(client);

  it('names selects and with-queries, as Drizzle sends them unnamed', () => {
    client.unsafe('select "id" from "trips" where "tenant_id" = $1', [1], { prepare: false });
    client.unsafe('  WITH refs AS (select 1) SELECT * FROM refs', [], { prepare: false });
    client.unsafe('select 1');
    expect(calls.splice(0).map((c) => c.prepare)).toEqual([true, true, true]);
  });

  it('leaves writes and other statements as they were asked', () => {
    client.unsafe('insert into "driver_locations" values ($1, $2), ($3, $4)', [1, 2, 3, 4], {
      prepare: false,
    });
    client.unsafe('update "sessions" set "last_seen_at" = $1', [new Date()], { prepare: false });
    client.unsafe('vacuum analyze trips');
    client.unsafe('selection_is_not_a_select', []);
    expect(calls.splice(0).map((c) => c.prepare)).toEqual([false, false, undefined, undefined]);
  });
});
