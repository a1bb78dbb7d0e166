import { ZAdminSession } from '@fleet/contract';
import { toStoredSession, type TStoredSession } from '../session';
import { api } from './client';

/*
 * The admin session's calls besides sign-in (`features/auth/api/login.ts`). A 401 here is an
 * expected answer, not an ended session to redirect from.
 */

/** Asks the server whether the session cookie is still valid (a new tab of a signed-in user). */
export async function fetchCurrentAdmin(): Promise<TStoredSession> {
  const admin = await api.get('admin/me', { schema: ZAdminSession, redirectOnUnauthorized: false });
  return toStoredSession(admin);
}

/** Ends the session on the server; its answer does not matter (spec 000 §4). */
export const endServerSession = (): Promise<unknown> =>
  api.post('admin/logout', undefined, { redirectOnUnauthorized: false }).catch(() => undefined);
