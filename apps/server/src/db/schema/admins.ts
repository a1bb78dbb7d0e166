import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    /** Null for super admins, who belong to no tenant. */
    tenantId: integer('tenant_id').references(() => tenants.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fname: text('fname').notNull().default(''),
    lname: text('lname').notNull().default(''),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admins_tenant_idx').on(t.tenantId, t.id),
    // Sign-in is by e-mail alone, so a live e-mail is unique across tenants (the one index not led by tenant_id).
    uniqueIndex('admins_email_live_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.archived} = false`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_tenant_idx').on(t.tenantId, t.adminId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Failed sign-in counters per IP and per account, shared by every server process. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});
