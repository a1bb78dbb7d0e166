import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/client';

/** Client errors (4xx) are answers, not glitches: only failures of the server or network are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof ApiError) || error.isServerFailure),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
