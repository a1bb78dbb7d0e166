import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { drivers } from './fleet.ts';
import { guardians } from './records.ts';
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
    // A live e-mail is unique within its tenant only, so no answer about one reveals another tenant's admins.
    uniqueIndex('admins_tenant_email_live_idx')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.archived} = false`),
    // Sign-in is by e-mail across tenants (decision 0024): the one index not led by tenant_id.
    index('admins_email_live_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.archived} = false`),
  ],
);

/**
 * Sessions of every principal that signs in: admins (a cookie in the console) and drivers (a bearer
 * token in their app). Exactly one of `admin_id` and `driver_id` is set.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the cookie or bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'cascade' }),
    /** A parent signed in to the guardians' view (a cookie of its own, like an admin's). */
    guardianId: integer('guardian_id').references(() => guardians.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_tenant_idx').on(t.tenantId, t.adminId),
    index('sessions_tenant_driver_idx').on(t.tenantId, t.driverId),
    index('sessions_tenant_guardian_idx').on(t.tenantId, t.guardianId),
    index('sessions_expires_idx').on(t.expiresAt),
    check('sessions_one_principal', sql`num_nonnulls(${t.adminId}, ${t.driverId}, ${t.guardianId}) = 1`),
  ],
);

/**
 * Failed sign-in counters, shared by every server process: per account and address together
 * (`pair:`), per account (`account:`) and per address (`ip:`). See platform/login-limiter.ts.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** An address locked out of an account (`pair:` rows) until then. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** A paced account or address (`account:`, `ip:` rows) may try again from then. */
  notBefore: timestamp('not_before', { withTimezone: true }),
});

/**
 * Browsers that signed in to an account (OWASP's device cookies): the `fleet_device` cookie's token,
 * stored only as its hash, with the account's limiter key. A browser known to an account is spared
 * the pacing that failures from unknown clients bring on it, and has failures and a lockout of its
 * own. See platform/login-limiter.ts.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').notNull(),
    account: text('account').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.account] }),
    index('trusted_devices_expires_idx').on(t.expiresAt),
  ],
);

/**
 * One e-mail a tenant's admin sent from the console (a driver's file): what the per-admin and
 * per-tenant mail limits count (platform/mail-limits.ts). Nothing of the message is kept, not even
 * its address; rows older than a day are deleted as new ones are written.
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_sends_tenant_idx').on(t.tenantId, t.createdDate),
    index('mail_sends_tenant_admin_idx').on(t.tenantId, t.adminId, t.createdDate),
  ],
);
