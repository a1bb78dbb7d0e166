import { and, desc, eq, gte, ilike, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { destinations, warehouses } from '../../db/schema/index.ts';
import { anyId } from '../../db/id-lists.ts';

export interface PlaceFilter {
  search?: string | undefined;
  limit?: number | undefined;
  /** Added at or after this instant. */
  from?: Date | undefined;
  /** Added before this instant. */
  to?: Date | undefined;
}
export type TPlaceValues = { name: string; lat: number; lon: number };

// Origins (warehouses) and destinations are both named points of a tenant. The two tables differ
// only in the name column (title vs name), so each gets the same queries from one description;
// the insert is spelled per table, the one statement whose values TypeScript checks column by column.
const TABLES = {
  warehouses: {
    table: warehouses,
    name: warehouses.title,
    nameKey: 'title' as const,
    insert: (db: Db, tenantId: number, v: TPlaceValues) =>
      db.insert(warehouses).values({ tenantId, title: v.name, lat: v.lat, lon: v.lon }).returning(),
  },
  destinations: {
    table: destinations,
    name: destinations.name,
    nameKey: 'name' as const,
    insert: (db: Db, tenantId: number, v: TPlaceValues) =>
      db.insert(destinations).values({ tenantId, name: v.name, lat: v.lat, lon: v.lon }).returning(),
  },
};
export type TPlaceKind = keyof typeof TABLES;

export function placeQueries(kind: TPlaceKind) {
  const { table, name, nameKey, insert } = TABLES[kind];
  const live = (tenantId: number) => and(eq(table.tenantId, tenantId), eq(table.archived, false));
  const toRow = (
    r: { id: number; lat: number; lon: number; createdDate: Date } & Record<string, unknown>,
  ) => ({
    id: r.id,
    name: String(r[nameKey]),
    lat: r.lat,
    lon: r.lon,
    tenantId: r.tenantId as number,
    createdDate: r.createdDate,
  });
  return {
    async list(db: Db, tenantId: number, { search, limit, from, to }: PlaceFilter = {}) {
      const rows = await db
        .select()
        .from(table)
        .where(
          and(
            live(tenantId),
            search ? ilike(name, `%${escapeLike(search)}%`) : undefined,
            from ? gte(table.createdDate, from) : undefined,
            to ? lt(table.createdDate, to) : undefined,
          ),
        )
        .orderBy(desc(table.id))
        .limit(limit ?? 100_000);
      return rows.map(toRow);
    },
    /** The tenant's live places among these ids (another tenant's are as unknown as missing ones). */
    async byIds(db: Db, tenantId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return (
        await db
          .select()
          .from(table)
          .where(and(live(tenantId), anyId(table.id, ids)))
      ).map(toRow);
    },
    async insert(db: Db, tenantId: number, v: TPlaceValues) {
      const [row] = await insert(db, tenantId, v);
      return toRow(row!);
    },
    async update(db: Db, tenantId: number, id: number, v: TPlaceValues) {
      const [row] = await db
        .update(table)
        .set({ [nameKey]: v.name, lat: v.lat, lon: v.lon })
        .where(and(live(tenantId), eq(table.id, id)))
        .returning();
      return row ? toRow(row) : undefined;
    },
    async archive(db: Db, tenantId: number, id: number) {
      const rows = await db
        .update(table)
        .set({ archived: true })
        .where(and(live(tenantId), eq(table.id, id)))
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}
export type TPlace = Awaited<ReturnType<ReturnType<typeof placeQueries>['list']>>[number];
