import { integer, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

// Columns every tenant-owned table of the operational records has.

/** The owning tenant: every query filters on it and every index starts with it (DESIGN §4). */
export const tenantId = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id);

/** When the row was made. */
export const created = (name = 'created_date') =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();
