import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { drivers } from './fleet.ts';
import { created, tenantId } from './columns.ts';

// Notifications (spec 002 "Notifications"): the messages admins send to drivers, and the Web Push
// subscriptions of the drivers' apps. Tenant-owned; every index starts with tenant_id (DESIGN §4).

/**
 * A message sent to one driver (a send to all makes one row per driver reached). Text messages carry
 * `body`; voice messages a recording in the storage (`audio_key`, served by its file name `audio_path`
 * at `/api/files/notifications/{driverId}/{audioPath}`). `processed_path` and `media_data` hold what
 * voice processing made of a recording; no model is configured, so they stay null.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    isText: integer('is_text').notNull().default(1),
    language: text('language').notNull(),
    audioPath: text('audio_path'),
    audioKey: text('audio_key'),
    audioType: text('audio_type'),
    processedPath: text('processed_path'),
    mediaData: jsonb('media_data'),
    createdDate: created(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    feedback: integer('feedback').notNull().default(0),
    /** The admin who sent it (null when the product sent it: the demo seed). */
    sentBy: integer('sent_by').references(() => admins.id),
  },
  (t) => [
    index('notifications_tenant_idx').on(t.tenantId, t.id),
    index('notifications_tenant_driver_idx').on(t.tenantId, t.driverId, t.id),
  ],
);

/**
 * A driver app's Web Push subscription (the browser's PushSubscription): its push service endpoint
 * (unique: a browser's subscription belongs to the driver who last registered it) and its keys.
 * A subscription the push service says is gone (404/410) is deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdDate: created(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_tenant_driver_idx').on(t.tenantId, t.driverId)],
);
