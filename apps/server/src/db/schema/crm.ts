import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { destinations, tasks, trips } from './operations.ts';
import { created, tenantId } from './columns.ts';

// CRM (the tenant's `is_enabled_crm` module): customers with their contacts, pets and addresses, a
// catalogue of items, and orders that become trips. Every table is tenant-owned and every index
// starts with tenant_id (DESIGN §4), except the tracking links' token, which a public page looks up.

export const crmCustomers = pgTable(
  'crm_customers',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** person or company */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    index('crm_customers_tenant_live_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.archived} = false`),
  ],
);

export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => crmCustomers.id),
    name: text('name').notNull(),
    role: text('role'),
    phone: text('phone'),
    email: text('email'),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    index('crm_contacts_tenant_live_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.archived} = false`),
    index('crm_contacts_tenant_customer_idx').on(t.tenantId, t.customerId),
  ],
);

export const crmPets = pgTable(
  'crm_pets',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => crmCustomers.id),
    name: text('name').notNull(),
    species: text('species').notNull(),
    breed: text('breed'),
    birthDate: date('birth_date'),
    /** In the tenant's weight unit. */
    weight: doublePrecision('weight'),
    specialNeeds: text('special_needs'),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    index('crm_pets_tenant_live_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.archived} = false`),
    index('crm_pets_tenant_customer_idx').on(t.tenantId, t.customerId),
  ],
);

export const crmAddresses = pgTable(
  'crm_addresses',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => crmCustomers.id),
    label: text('label').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    deliveryNotes: text('delivery_notes'),
    /** The destination the address became when first used as a stop (reused after). */
    destinationId: integer('destination_id').references(() => destinations.id),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    index('crm_addresses_tenant_live_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.archived} = false`),
    index('crm_addresses_tenant_customer_idx').on(t.tenantId, t.customerId),
  ],
);

export const crmItems = pgTable(
  'crm_items',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    /** In the tenant's currency. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** Of one unit, in the tenant's weight and volume units. */
    weight: doublePrecision('weight'),
    volume: doublePrecision('volume'),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    index('crm_items_tenant_live_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.archived} = false`),
    uniqueIndex('crm_items_tenant_sku_live_idx')
      .on(t.tenantId, sql`lower(${t.sku})`)
      .where(sql`${t.archived} = false`),
  ],
);

export const crmOrders = pgTable(
  'crm_orders',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => crmCustomers.id),
    addressId: integer('address_id')
      .notNull()
      .references(() => crmAddresses.id),
    /** The day asked for, in the tenant's time zone. */
    requestedDate: date('requested_date').notNull(),
    /** The window on that day, as instants (null: any time that day). */
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    /** draft, confirmed, planned, in_progress, delivered, failed or cancelled (contract CRM_ORDER_STATUSES). */
    status: text('status').notNull(),
    statusDate: timestamp('status_date', { withTimezone: true }).notNull().defaultNow(),
    notes: text('notes'),
    total: numeric('total', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
    /** The trip it is (or was last) planned on, and the task that carries it there. */
    tripId: integer('trip_id').references(() => trips.id),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    deliveredDate: timestamp('delivered_date', { withTimezone: true }),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    // The list's order (newest first) and its filters, each read as a range of one index.
    index('crm_orders_tenant_live_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.archived} = false`),
    index('crm_orders_tenant_status_idx')
      .on(t.tenantId, t.status, t.id)
      .where(sql`${t.archived} = false`),
    index('crm_orders_tenant_customer_idx').on(t.tenantId, t.customerId, t.id),
    index('crm_orders_tenant_address_idx').on(t.tenantId, t.addressId),
    index('crm_orders_tenant_day_idx')
      .on(t.tenantId, t.requestedDate, t.id)
      .where(sql`${t.archived} = false`),
    index('crm_orders_tenant_task_idx')
      .on(t.tenantId, t.taskId)
      .where(sql`${t.taskId} is not null`),
    index('crm_orders_tenant_trip_idx')
      .on(t.tenantId, t.tripId)
      .where(sql`${t.tripId} is not null`),
  ],
);

export const crmOrderLines = pgTable(
  'crm_order_lines',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => crmOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: integer('item_id').references(() => crmItems.id),
    /** The item as it was ordered (a later change to the catalogue leaves the order as it was). */
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [index('crm_order_lines_tenant_order_idx').on(t.tenantId, t.orderId, t.position)],
);

export const crmOrderPets = pgTable(
  'crm_order_pets',
  {
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => crmOrders.id, { onDelete: 'cascade' }),
    petId: integer('pet_id')
      .notNull()
      .references(() => crmPets.id),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.orderId, t.petId] })],
);

/** Every status an order took, when and by whom. */
export const crmOrderHistory = pgTable(
  'crm_order_history',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => crmOrders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin's or driver's name, or "System". */
    by: text('by').notNull(),
  },
  (t) => [index('crm_order_history_tenant_order_idx').on(t.tenantId, t.orderId, t.id)],
);

/**
 * A planned order's public tracking link: a 256-bit random token, kept so the order screen can copy
 * or e-mail the link again (it shows one order's progress and nothing else). It works until
 * revoked or until `expiresDate` (set when the order is delivered or failed).
 */
export const crmTrackingLinks = pgTable(
  'crm_tracking_links',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => crmOrders.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    expiresDate: timestamp('expires_date', { withTimezone: true }),
    revokedDate: timestamp('revoked_date', { withTimezone: true }),
    createdDate: created(),
  },
  (t) => [
    // The public page finds its link by the token alone: an index not led by tenant_id.
    uniqueIndex('crm_tracking_links_token_idx').on(t.token),
    index('crm_tracking_links_tenant_order_idx').on(t.tenantId, t.orderId),
  ],
);
