import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { created, tenantId } from './columns.ts';

/**
 * A background export (issue 16): a file too large to build while the browser waits (more than
 * the direct export's limit of rows), written by the server and kept for a while to be downloaded.
 * It belongs to the tenant and to the admin who asked; nobody else sees it. `status` goes queued →
 * running → done or failed; a running job touches `heartbeat_date` after every chunk of rows, so a
 * job whose server stopped is recognised and marked failed. The finished file lives in the storage
 * under `storage_key` until `expires_date`, when the cleanup removes the file and the row.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    /** What is exported: `trips`. */
    kind: text('kind').notNull(),
    /** The list's filter the file holds (the trips' fdate, tdate and search). */
    filter: jsonb('filter').$type<Record<string, string | undefined>>().notNull(),
    /** queued, running, done or failed. */
    status: text('status').notNull().default('queued'),
    rowsWritten: integer('rows_written').notNull().default(0),
    /** How many rows the file will hold, once counted. */
    rowsTotal: integer('rows_total'),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    /** Why a failed job failed, for the admin. */
    error: text('error'),
    createdDate: created(),
    startedDate: timestamp('started_date', { withTimezone: true }),
    finishedDate: timestamp('finished_date', { withTimezone: true }),
    heartbeatDate: timestamp('heartbeat_date', { withTimezone: true }),
    /** When the job and its file are removed. */
    expiresDate: timestamp('expires_date', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('export_jobs_tenant_admin_idx').on(t.tenantId, t.adminId, t.id),
    index('export_jobs_status_idx').on(t.status, t.id),
    index('export_jobs_expires_idx').on(t.expiresDate),
  ],
);
