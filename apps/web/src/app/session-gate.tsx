import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PageSpinner } from '../components/page-spinner';
import { ApiError } from '../lib/api/client';
import { fetchCurrentAdmin } from '../lib/api/session';
import { noteGuardianCookie, readSession, writeSession } from '../lib/session';
import { prefetchTenantSettings } from '../lib/terms';

/**
 * Session storage is per tab, the session cookie is not: a new tab of a signed-in admin asks
 * `admin/me` once before routing, behind a spinner. A failure simply means signed out; a 403 means
 * the cookie is a parent's (the parents' view), not an admin's.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(() => readSession() !== null);
  // One request even when StrictMode runs the effect twice.
  const request = useRef<Promise<void> | null>(null);

  useEffect(() => {
    if (checked) return;
    let active = true;
    request.current ??= fetchCurrentAdmin().then(
      (session) => {
        writeSession(session);
        prefetchTenantSettings(queryClient, session);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 403) noteGuardianCookie(true);
      },
    );
    void request.current.then(() => {
      if (active) setChecked(true);
    });
    return () => {
      active = false;
    };
  }, [checked, queryClient]);

  return checked ? children : <PageSpinner label="Checking your session" />;
}
