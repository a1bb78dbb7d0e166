import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { TLogExtra } from '@fleet/contract';
import { created } from './columns.ts';
import { tenants } from './tenants.ts';

/**
 * The error log (spec 002 "Logs", decision 0019): the API's 5xx answers, failed background jobs and
 * the console's and driver app's uncaught errors. `tenant_id` is the tenant the error happened in, null
 * for the platform's own (seen by the super admin). Nothing the user typed is kept: no query string,
 * no secret, no request body. Rows older than LOG_RETENTION_DAYS are deleted.
 */
export const logs = pgTable(
  'logs',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    file: text('file').notNull(),
    line: integer('line').notNull(),
    error: text('error').notNull(),
    stack: text('stack'),
    userId: integer('user_id'),
    /** 0 an admin, 1 a driver (spec 002 §3); null when nobody was signed in. */
    userType: integer('user_type'),
    extra: jsonb('extra').$type<TLogExtra>(),
    createdDate: created(),
  },
  (t) => [index('logs_tenant_idx').on(t.tenantId, t.id), index('logs_created_idx').on(t.createdDate)],
);
