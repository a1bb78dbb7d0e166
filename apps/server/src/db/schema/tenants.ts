import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** A tenant type value (`school_bus`, `namat`, …); any other value gets the default behaviour. */
  type: text('type').notNull(),
  isEnabledCrm: boolean('is_enabled_crm').notNull().default(false),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  archived: boolean('archived').notNull().default(false),
});

export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
