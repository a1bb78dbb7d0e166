import { useSyncExternalStore } from 'react';
import type { TAdminSession } from '@fleet/contract';
import { z } from 'zod';
import { SESSION_STORAGE_KEYS } from './storage-keys';

/** The admin session of spec 000 §3, as kept in session storage. */
export const ZStoredSession = z.object({
  id: z.number().int(),
  email: z.string(),
  tenant_id: z.number().int().nullable(),
  is_super_admin: z.union([z.literal(0), z.literal(1)]),
  tenant_name: z.string().nullable(),
  tenant_type: z.string().nullable(),
  is_enabled_crm: z.union([z.literal(0), z.literal(1)]),
});
export type TStoredSession = z.infer<typeof ZStoredSession>;

/** What login and `admin/me` answer, flattened into the stored shape. */
export function toStoredSession(admin: TAdminSession): TStoredSession {
  return {
    id: admin.id,
    email: admin.email,
    tenant_id: admin.tenant_id,
    is_super_admin: admin.is_super_admin,
    tenant_name: admin.tenant?.name ?? null,
    tenant_type: admin.tenant?.type ?? null,
    is_enabled_crm: admin.tenant?.is_enabled_crm ?? 0,
  };
}

export const isSuperAdmin = (session: TStoredSession | null): boolean =>
  session !== null && session.is_super_admin !== 0;

export const isCrmEnabled = (session: TStoredSession | null): boolean =>
  session !== null && session.is_enabled_crm === 1;

// Session storage is the store; React reads it through useSyncExternalStore, so every writer
// (login, the start-up check, logout, a 401 anywhere) re-renders the guards at once.
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedSession: TStoredSession | null = null;

function parseSession(raw: string | null): TStoredSession | null {
  if (raw === null) return null;
  try {
    const parsed = ZStoredSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readSession(): TStoredSession | null {
  const raw = sessionStorage.getItem(SESSION_STORAGE_KEYS.adminSession);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseSession(raw);
  }
  return cachedSession;
}

const notify = () => listeners.forEach((listener) => listener());

export function writeSession(session: TStoredSession): void {
  sessionStorage.setItem(SESSION_STORAGE_KEYS.adminSession, JSON.stringify(session));
  notify();
}

/** Signing out clears all of session storage (spec 000 §4), not only the admin entry. */
export function clearSession(): void {
  sessionStorage.clear();
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in admin, or null when signed out. */
export function useSession(): TStoredSession | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}

/*
 * A guardian (a parent) signs in with the same cookie, to the parents' view. When the start-up check
 * finds the browser's cookie is a guardian's (admin/me answers 403: a live session that is no
 * admin's), console pages send the visitor to the parents' view instead of the public home.
 */
let guardianCookie = false;
export const noteGuardianCookie = (signedIn: boolean): void => {
  guardianCookie = signedIn;
};
export const hasGuardianCookie = (): boolean => guardianCookie;
