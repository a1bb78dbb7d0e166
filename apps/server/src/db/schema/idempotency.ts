import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { drivers } from './fleet.ts';
import { tenants } from './tenants.ts';

/**
 * The first answer to each driver write sent with an `Idempotency-Key` (platform/idempotency.ts):
 * an app replaying its offline queue gets that answer again instead of acting twice. A row with no
 * status is a request still being answered. Rows older than a day are no longer replayed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and JSON body: the same key for another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.driverId, t.key] }),
    index('idempotency_keys_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
