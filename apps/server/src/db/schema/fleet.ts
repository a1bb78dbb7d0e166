import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    reference: text('reference').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    /** The odometer as recorded by an admin, in the tenant's distance unit. */
    mileage: doublePrecision('mileage'),
    /** When `mileage` was recorded: distance counted from GPS since then is added to it. */
    mileageAt: timestamp('mileage_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kilometres counted from GPS since `mileage_at` (modules/odometer). */
    gpsKm: doublePrecision('gps_km').notNull().default(0),
    /** Beyond the spec: what the vehicle can carry, in the tenant's weight unit (kg or lb); null: not recorded. */
    loadCapacity: doublePrecision('load_capacity'),
    archived: boolean('archived').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vehicles_tenant_idx').on(t.tenantId, t.id),
    // One live vehicle per reference in a tenant; archived ones keep their reference for history.
    uniqueIndex('vehicles_tenant_reference_live_idx')
      .on(t.tenantId, sql`lower(${t.reference})`)
      .where(sql`${t.archived} = false`),
  ],
);

export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    busId: integer('bus_id').references(() => vehicles.id),
    hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    /** A language code of the languages list (the driver app speaks it). */
    language: text('language'),
    /**
     * SHA-256 (hex) of the Tracker ID the driver's tracker app reports; the id itself is shown once
     * when it is made and never stored (docs/decisions/0023).
     */
    trackerDigest: text('tracker_digest'),
    /** How the Tracker ID was set: issued (made by the server), custom (typed, strong) or legacy. */
    trackerKind: text('tracker_kind'),
    archived: boolean('archived').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('drivers_tenant_idx').on(t.tenantId, t.id),
    // A tracker's reports name only the device: its id must find one live driver among all tenants.
    uniqueIndex('drivers_tracker_live_idx')
      .on(t.trackerDigest)
      .where(sql`${t.archived} = false and ${t.trackerDigest} is not null`),
    index('drivers_tenant_bus_idx').on(t.tenantId, t.busId),
    // A live e-mail is unique within its tenant only: one person may drive for two fleets.
    uniqueIndex('drivers_tenant_email_live_idx')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.archived} = false`),
    // The driver app signs in by e-mail across tenants (decision 0024): an index not led by tenant_id.
    index('drivers_email_live_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.archived} = false`),
  ],
);
