import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminSession, type TLoginForm } from '@fleet/contract';
import { api } from '../../../lib/api/client';
import { toStoredSession, writeSession, type TStoredSession } from '../../../lib/session';
import { prefetchTenantSettings } from '../../../lib/terms';

export { loginErrorMessage } from '../../../lib/login-error';

/** POST admin/login. A 401 here is a wrong password, not an ended session. */
export async function login(credentials: TLoginForm): Promise<TStoredSession> {
  const admin = await api.post('admin/login', credentials, {
    schema: ZAdminSession,
    redirectOnUnauthorized: false,
  });
  return toStoredSession(admin);
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
