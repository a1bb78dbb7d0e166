import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

// Product-wide reference lists (not tenant-owned): the same for every tenant.

export const tenantTypes = pgTable('tenant_types', {
  id: serial('id').primaryKey(),
  value: text('value').notNull().unique(),
  name: text('name').notNull(),
});

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('currencies_name_idx').on(t.name)],
);

export const volumeUnits = pgTable('volume_units', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  symbol: text('symbol').notNull(),
});

export const spaceUnits = pgTable('space_units', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  symbol: text('symbol').notNull(),
});
