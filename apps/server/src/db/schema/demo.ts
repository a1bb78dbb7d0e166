import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The demo's history at a first start (modules/simulation/history.ts): one row, made with the demo,
 * until its days are replayed. A row left unfinished (the server stopped meanwhile) is taken up again
 * at the next start.
 */
export const demoHistory = pgTable('demo_history', {
  id: integer('id').primaryKey().default(1),
  days: integer('days').notNull(),
  /** The last sign of life of the process replaying it: another takes it over a minute after. */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
