import { ZFinanceRunPage, ZFinanceRunsQuery } from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { SUCCESS_ENVELOPE_ROUTE, SUCCESS_ERROR_RESPONSES } from '../../platform/envelope.ts';
import { financeRuns } from './service.ts';

const tags = ['Reports'];

export const financeRunRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/api/v1/finance-runs',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: "The monthly finance summary's runs, the newest month first",
        description:
          "With the setting `finance_monthly_send` on, last month's all-drivers finance summary is e-mailed to `finance_email` from 06:00 on the 1st of each month (the tenant's `time_zone`), once per month (decision 0032). A row per month: `status` `sent` (an SMTP server took it), `outbox` (no SMTP_URL: written to the server's outbox), `failed` (with `reason`; tried again at `next_attempt_date` while attempts remain), `skipped` (with `reason`: nobody worked in the month) or `sending`.",
        querystring: ZFinanceRunsQuery,
        response: { 200: ZFinanceRunPage, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => financeRuns(tenantContext(r, deps), r.query),
  );
};
