import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, ZAdminSession, type TLoginForm } from '@fleet/contract';
import { ApiError, api } from '../../../lib/api/client';
import { toStoredSession, writeSession, type TStoredSession } from '../../../lib/session';
import { prefetchTenantSettings } from '../../../lib/terms';

/** POST admin/login. A 401 here is a wrong password, not an ended session. */
export async function login(credentials: TLoginForm): Promise<TStoredSession> {
  const admin = await api.post('admin/login', credentials, {
    schema: ZAdminSession,
    redirectOnUnauthorized: false,
  });
  return toStoredSession(admin);
}

/**
 * The three outcomes of spec 000 §4/§8: too many attempts shows the server's message; a failed
 * request or a server failure is an internal error; every other refusal is invalid credentials.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.login.internalError;
  if (error.status === 429) return error.responseMessage || MESSAGES.http.tooManyRequests;
  if (error.isServerFailure) return MESSAGES.login.internalError;
  return MESSAGES.login.invalidCredentials;
}

/** Signs in, stores the session and starts loading the tenant's settings. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      writeSession(session);
      prefetchTenantSettings(queryClient, session);
    },
  });
}
