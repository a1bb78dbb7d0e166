import { z } from 'zod';
import {
  ANALYTICS_RANKINGS,
  analyticsPath,
  type TAnalyticsRanking,
  ZAnalyticsQuery,
  ZAnalyticsRow,
  ZEnvelope,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { rankDrivers } from './service.ts';

const tags = ['Analytics'];
const DAYS =
  "`fdate` to `ldate`: the tenant's days (`YYYY-MM-DD`, its `time_zone`), both included, at most a year.";
const FIGURES =
  "Each row: `trip_count` (trips completed: live, not cancelled, ended in the period), `total_time` (`hh:mm:ss` worked, decision 0028: the Driver Summary's minutes) and `total_minutes`, `total_rate` (pay: minutes / 60 × hourly rate, rounded to cents, in `currency`), `exception_count` (exceptions raised, not withdrawn), `incident_count` (accidents reported and fines issued), `approval_accepted_count` (manager approvals accepted in the period).";

const SUMMARIES: Record<TAnalyticsRanking, string> = {
  'most-trips': 'Drivers by trips completed in a period, most first (those with at least one)',
  'most-working-hours': 'Drivers by working time in a period, most first (those who worked)',
  'fewest-incidents':
    'Drivers who worked in a period by incidents (accidents and fines), fewest first, then most trips',
  'most-approval-accepted':
    'Drivers by manager approvals accepted in a period, most first (those with at least one)',
  'most-exceptions': 'Drivers by exceptions raised in a period, most first (those with at least one)',
};

export const analyticsRoutes: ModuleRoutes = async (app, deps) => {
  for (const ranking of ANALYTICS_RANKINGS) {
    app.get(
      `/api/${analyticsPath(ranking)}`,
      {
        schema: {
          tags,
          summary: SUMMARIES[ranking],
          description: `${DAYS} ${FIGURES} Ties go by name.`,
          querystring: ZAnalyticsQuery,
          response: { 200: ZEnvelope(z.array(ZAnalyticsRow)), ...errors },
        },
      },
      async (r) => ok(await rankDrivers(tenantContext(r, deps), ranking, r.query)),
    );
  }
};
