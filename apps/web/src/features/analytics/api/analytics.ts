import { queryOptions } from '@tanstack/react-query';
import { analyticsPath, ZAnalyticsRow, type TAnalyticsRanking } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import type { TDayRange } from '../../../lib/dates';
import { queryRoots } from '../../../lib/query-keys';

/*
 * The analytics rankings (spec 002 "Analytics at /analytics"): `GET analytics/get-drivers-with-…`
 * with the tenant's days `fdate` and `ldate`.
 */

export const analyticsKeys = {
  all: queryRoots.analytics,
  ranking: (ranking: TAnalyticsRanking, range: TDayRange) =>
    [...queryRoots.analytics, ranking, range.from, range.to] as const,
};

/** One ranking of the tenant's drivers over the days of `range`. */
export const rankingQuery = (ranking: TAnalyticsRanking, range: TDayRange) =>
  queryOptions({
    queryKey: analyticsKeys.ranking(ranking, range),
    queryFn: ({ signal }) =>
      api.get(analyticsPath(ranking), {
        query: { fdate: range.from, ldate: range.to },
        schema: z.array(ZAnalyticsRow),
        signal,
      }),
  });
