import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { drivers } from './fleet.ts';
import { tripDestinations, trips } from './operations.ts';
import { tenants } from './tenants.ts';

/**
 * What the exceptions engine raised when a trip broke its plan (spec 002 "Exceptions";
 * modules/exceptions). One row per trip, stop and type: the engine re-judges a trip as data arrives
 * and updates, withdraws or restores its row rather than raising it again. Withdrawn rows (later
 * data proved them wrong) are kept, so a restart or a second process never raises them anew, and
 * are never listed.
 */
export const exceptions = pgTable(
  'exceptions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** The stop it is about; null for the trip's start and for an idle stop on the way back. */
    tripDestinationId: integer('trip_destination_id').references(() => tripDestinations.id, {
      onDelete: 'cascade',
    }),
    driverId: integer('driver_id').references(() => drivers.id),
    /** One of EXCEPTION_TYPES. */
    type: text('type').notNull(),
    /** When the plan was broken, by the data's own clock (a fix's or a transition's time). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Timing types: the planned and the actual (or estimated) time of what was late or early. */
    expectedDate: timestamp('expected_date', { withTimezone: true }),
    actualDate: timestamp('actual_date', { withTimezone: true }),
    message: text('message').notNull(),
    seen: boolean('seen').notNull().default(false),
    seenDate: timestamp('seen_date', { withTimezone: true }),
    /** Set when later data proved it wrong (a start that arrived late, timed on time). */
    withdrawnDate: timestamp('withdrawn_date', { withTimezone: true }),
    /** When the engine first raised it (the clock of the computation, not of the data). */
    raisedDate: timestamp('raised_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The engine's key: a stop-less exception (null) is as unique as a stop's.
    unique('exceptions_tenant_trip_stop_type_uq')
      .on(t.tenantId, t.tripId, t.tripDestinationId, t.type)
      .nullsNotDistinct(),
    // The Exceptions page and the bell read the newest first, withdrawn ones never.
    index('exceptions_tenant_listed_idx')
      .on(t.tenantId, t.occurredAt.desc(), t.id.desc())
      .where(sql`${t.withdrawnDate} is null`),
    index('exceptions_tenant_not_seen_idx')
      .on(t.tenantId, t.occurredAt.desc(), t.id.desc())
      .where(sql`${t.withdrawnDate} is null and not ${t.seen}`),
  ],
);

/**
 * Where the engine's sweep stands in each tenant: a lease, so that one process at a time sweeps it,
 * the last change event it took into account, and when it last swept (the catch-up after downtime
 * starts there).
 */
export const exceptionEngineState = pgTable('exception_engine_state', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  leaseHolder: uuid('lease_holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  changeEventId: bigint('change_event_id', { mode: 'number' }).notNull().default(0),
  sweptAt: timestamp('swept_at', { withTimezone: true }),
});
