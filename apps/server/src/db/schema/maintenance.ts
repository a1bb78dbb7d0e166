import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { created, tenantId } from './columns.ts';
import { vehicles } from './fleet.ts';

/**
 * A tenant's kinds of maintenance (oil change, tyres, …), each with an interval in distance and/or
 * days; an unplanned one (a breakdown repair) has none. Every tenant starts with the defaults of
 * `DEFAULT_MAINTENANCE_TYPES`, and its admin edits them.
 */
export const maintenanceTypes = pgTable(
  'maintenance_types',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** In the tenant's distance unit. */
    intervalDistance: doublePrecision('interval_distance'),
    intervalDays: integer('interval_days'),
    unplanned: boolean('unplanned').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    index('maintenance_types_tenant_idx').on(t.tenantId, t.id),
    uniqueIndex('maintenance_types_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** A service done on a vehicle on a day (spec 002 "Maintenance record"). */
export const maintenances = pgTable(
  'maintenances',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    busId: integer('bus_id')
      .notNull()
      .references(() => vehicles.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => maintenanceTypes.id),
    /** The service day, on the tenant's calendar. */
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note'),
    /** In the tenant's currency, two decimals. */
    cost: numeric('cost', { precision: 12, scale: 2 }),
    completedBy: text('completed_by'),
    /** The odometer at the service, in the tenant's distance unit, when the workshop noted it. */
    odometer: doublePrecision('odometer'),
    createdDate: created(),
  },
  (t) => [
    index('maintenances_tenant_bus_date_idx').on(t.tenantId, t.busId, t.date),
    index('maintenances_tenant_date_idx').on(t.tenantId, t.date),
  ],
);
