import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGuardianSession, type TLoginForm } from '@fleet/contract';
import { clearSession } from '../session';
import { queryRoots } from '../query-keys';
import { api } from './client';

/*
 * The parents' view (guardians of a school bus's pupils): sign-in, sign-out and the signed-in
 * guardian; their children's proof requests are `clientApprovalsQuery(…, { asGuardian: true })`.
 * A guardian's session is the console's cookie, so none of these calls redirects on 401: the
 * parents' pages send a signed-out parent to their own sign-in, never to the console's start.
 */

export const guardianKeys = {
  all: queryRoots.guardianView,
  me: () => [...queryRoots.guardianView, 'me'] as const,
};

export const guardianMeQuery = () =>
  queryOptions({
    queryKey: guardianKeys.me(),
    queryFn: ({ signal }) =>
      api.get('v1/guardian/me', { schema: ZGuardianSession, redirectOnUnauthorized: false, signal }),
    retry: false,
    staleTime: 60_000,
  });

/**
 * Signs a guardian in. The cookie it sets replaces any console session of this browser, so the
 * console's stored session is cleared too.
 */
export function useGuardianLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: TLoginForm) =>
      api.post('v1/guardian/login', credentials, { schema: ZGuardianSession, redirectOnUnauthorized: false }),
    onSuccess: (guardian) => {
      clearSession();
      queryClient.removeQueries({ queryKey: guardianKeys.all });
      queryClient.removeQueries({ queryKey: queryRoots.approvals });
      queryClient.setQueryData(guardianKeys.me(), guardian);
    },
  });
}

/** Signs the guardian out on the server and forgets what the view showed. */
export function useGuardianLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('v1/guardian/logout', undefined, { redirectOnUnauthorized: false }).catch(() => undefined),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: guardianKeys.all });
      queryClient.removeQueries({ queryKey: queryRoots.approvals });
    },
  });
}
