import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { drivers, vehicles } from './fleet.ts';
import { students } from './operations.ts';
import { created, tenantId } from './columns.ts';

// Operational records of spec 001 beyond trips: the pictures of fines, refuels, accidents and
// vehicle change requests, the guardians of school-bus pupils, and the drivers' vehicle change
// requests. Every table is tenant-owned and every index starts with tenant_id (DESIGN §4).

/**
 * A picture of a record, in one of the spec's image folders (`fines`, `accidents`, `fuel`,
 * `vehicles`): the record is a fine, an accident, a refuel or a vehicle change request. `title` is
 * the file name the spec's pictures carry (generated: never the client's), unique in its folder, so
 * `GET /api/files/{folder}/{title}` finds it; the file lives in the storage under `storage_key`, its
 * list thumbnail under `thumb_key` (none when the format cannot be decoded, HEIC for one).
 */
export const recordPhotos = pgTable(
  'record_photos',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    folder: text('folder').notNull(),
    recordId: integer('record_id').notNull(),
    title: text('title').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** The driver who sent it from the road, or null when an admin added it. */
    driverId: integer('driver_id').references(() => drivers.id),
    adminId: integer('admin_id').references(() => admins.id),
    createdDate: created(),
  },
  (t) => [
    index('record_photos_tenant_record_idx').on(t.tenantId, t.folder, t.recordId),
    uniqueIndex('record_photos_tenant_title_idx').on(t.tenantId, t.folder, t.title),
  ],
);

/**
 * A pupil's guardian (spec 001 "Students"): a parent with an account of their own, who signs in to
 * the client view of approvals. The e-mail is a sign-in identity, so a live one is unique everywhere.
 */
export const guardians = pgTable(
  'guardians',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    archived: boolean('archived').notNull().default(false),
    createdDate: created(),
  },
  (t) => [
    index('guardians_tenant_idx').on(t.tenantId, t.id),
    // A live e-mail is unique within its tenant only: a parent may have children at two schools.
    uniqueIndex('guardians_tenant_email_live_idx')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.archived} = false`),
    // The parents' sign-in is by e-mail across tenants (decision 0024): an index not led by tenant_id.
    index('guardians_email_live_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.archived} = false`),
  ],
);

/** Which guardians answer for which pupil (a pupil may have several, a parent several children). */
export const studentGuardians = pgTable(
  'student_guardians',
  {
    tenantId: tenantId(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.studentId, t.guardianId] }),
    index('student_guardians_tenant_guardian_idx').on(t.tenantId, t.guardianId),
  ],
);

/**
 * A driver's request to change vehicle (spec 001 "Vehicle change requests"): status 0 pending,
 * 1 approved, 2 declined. `resolution` says how an approved one was carried out: `accept` (the new
 * vehicle was free), `swap` (the two drivers exchanged vehicles) or `force` (the new vehicle's
 * driver was left without one).
 */
export const vehicleRequests = pgTable(
  'vehicle_requests',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    /** The driver's vehicle when asking (none when the driver had none). */
    oldBusId: integer('old_bus_id').references(() => vehicles.id),
    newBusId: integer('new_bus_id')
      .notNull()
      .references(() => vehicles.id),
    note: text('note'),
    status: integer('status').notNull().default(0),
    resolution: text('resolution'),
    decidedDate: timestamp('decided_date', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => admins.id),
    creationDate: created('creation_date'),
  },
  (t) => [
    index('vehicle_requests_tenant_status_idx').on(t.tenantId, t.status, t.creationDate),
    // One pending request per driver: a second one replaces nothing silently, it is refused.
    uniqueIndex('vehicle_requests_tenant_driver_pending_idx')
      .on(t.tenantId, t.driverId)
      .where(sql`${t.status} = 0`),
  ],
);

/**
 * A document kept for a driver (spec 002 "Driver files"): a licence scan, a contract, a permit. The
 * spec's `path` is the generated file name (`{uuid}.{ext}`, never the client's), unique per driver,
 * so `GET /api/files/driver-files/{driverId}/{path}` finds it; the file lives in the storage under
 * `storage_key`. `file_name` is the name it was uploaded with (shown, and offered on download).
 * A deleted file goes with its row: nothing of a removed document is kept.
 */
export const driverFiles = pgTable(
  'driver_files',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    title: text('title').notNull(),
    path: text('path').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** The admin who uploaded it. */
    adminId: integer('admin_id').references(() => admins.id),
    createdDate: created(),
    updatedDate: created('updated_date'),
  },
  (t) => [
    index('driver_files_tenant_driver_idx').on(t.tenantId, t.driverId, t.id),
    uniqueIndex('driver_files_tenant_path_idx').on(t.tenantId, t.driverId, t.path),
  ],
);
