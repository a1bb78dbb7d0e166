import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZHealth, type THealth } from '@fleet/contract';
import { queryRoots } from '../query-keys';
import { API_BASE } from './client';

/** How often the console asks again while the server prepares the demo's history. */
export const STARTUP_POLL_MS = 3000;

export const healthQuery = () =>
  queryOptions({
    queryKey: queryRoots.health,
    // `/api/health` answers its own shape, not an envelope: 503 still carries it.
    queryFn: async ({ signal }): Promise<THealth> =>
      ZHealth.parse(await (await fetch(`${API_BASE}/health`, { signal })).json()),
    // Asked again only while there is something to follow.
    refetchInterval: (query) => (query.state.data?.demo_history ? STARTUP_POLL_MS : false),
    staleTime: Infinity,
    retry: false,
  });

/** The demo's history a first start prepares behind (days and percent done), or null. */
export function useDemoHistory(): THealth['demo_history'] {
  return useQuery(healthQuery()).data?.demo_history ?? null;
}
