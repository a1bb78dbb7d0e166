import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, tenantId } from './columns.ts';

/**
 * A month's run of the monthly finance summary (decision 0032): one row per tenant and month, made
 * by the process that claims the run (`insert … on conflict do nothing`), so two processes or a
 * restart never send a month twice. `status` goes sending → sent, outbox, skipped or failed; a
 * failed run is claimed again at `next_attempt_at` (null once no attempt is left).
 */
export const financeRuns = pgTable(
  'finance_runs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** The month summarised, `YYYY-MM` on the tenant's clock. */
    month: text('month').notNull(),
    status: text('status').notNull(),
    /** 1 PDF, 2 Excel. */
    fileType: integer('file_type').notNull(),
    recipient: text('recipient').notNull(),
    fileName: text('file_name'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(1),
    /** When the current attempt was claimed: one left `sending` long after had its server stop. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdDate: created(),
  },
  (t) => [
    uniqueIndex('finance_runs_tenant_month_idx').on(t.tenantId, t.month),
    index('finance_runs_tenant_idx').on(t.tenantId, t.id),
  ],
);
