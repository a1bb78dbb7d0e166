import { z } from 'zod';
import { zPage, zPageSize } from './numbers.ts';

/*
 * The monthly finance run (beyond the spec; decision 0032): with the tenant setting
 * `finance_monthly_send` on, last month's all-drivers finance summary is e-mailed to the tenant's
 * finance address on the 1st of each month, once across server processes, and each month's run is
 * listed with its result.
 *
 *   GET v1/finance-runs?page=&page_size=   {success, data: [run], pagination: {total, page, page_size}}
 */

/** The local hour of the 1st from which last month is sent: the month's last day is over by then. */
export const FINANCE_RUN_HOUR = 6;

/**
 * What became of a month's run: `sending` (under way), `sent` (an SMTP server took it), `outbox`
 * (no SMTP_URL: written to the server's outbox), `failed` (with its reason; tried again while
 * `next_attempt_date` is set), `skipped` (with its reason: nobody worked in the month).
 */
export const FINANCE_RUN_STATUSES = ['sending', 'sent', 'outbox', 'failed', 'skipped'] as const;
export type TFinanceRunStatus = (typeof FINANCE_RUN_STATUSES)[number];

export const FINANCE_RUNS_PAGE_SIZE = 12;

export const ZFinanceRunsQuery = z.object({
  page: zPage(),
  page_size: zPageSize(FINANCE_RUNS_PAGE_SIZE),
});
export type TFinanceRunsQuery = z.input<typeof ZFinanceRunsQuery>;

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');

export const ZFinanceRun = z.object({
  id: z.number().int(),
  /** The month summarised, `YYYY-MM`, on the tenant's clock. */
  month: z.string(),
  fdate: z.string(),
  tdate: z.string(),
  status: z.enum(FINANCE_RUN_STATUSES),
  /** 1 PDF, 2 Excel. */
  type: z.number().int(),
  recipient: z.string(),
  /** The attachment's name once sent. */
  file_name: z.string().nullable(),
  /** Why it failed or was skipped; null otherwise. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  /** When a failed run is tried again; null when it is not. */
  next_attempt_date: utcDate.nullable(),
  created_date: utcDate,
  /** When its last attempt ended; null while it is under way. */
  finished_date: utcDate.nullable(),
});
export type TFinanceRun = z.infer<typeof ZFinanceRun>;

export const ZFinanceRunPage = z.object({
  success: z.literal(true),
  data: z.array(ZFinanceRun),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});
export type TFinanceRunPage = z.infer<typeof ZFinanceRunPage>;
