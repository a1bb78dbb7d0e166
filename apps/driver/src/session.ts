import type { TDriverProfile, TDriverSession } from '@fleet/contract';

/*
 * The signed-in driver's token, kept on the device until sign-out or its expiry (localStorage: it
 * must outlive a closed app, and the device is the driver's own).
 */

const KEY = 'fleet-driver-session';

export interface StoredSession {
  token: string;
  /** UTC `YYYY-MM-DD HH:mm:ss`. */
  expires_at: string;
  driver: TDriverProfile;
}

const expiry = (s: StoredSession) => Date.parse(`${s.expires_at.replace(' ', 'T')}Z`);

export function loadSession(now = Date.now()): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as StoredSession;
    if (!session.token || !(expiry(session) > now)) {
      localStorage.removeItem(KEY);
      return null;
    }
    return session;
  } catch {
    return null;
  }
}

export function saveSession(session: TDriverSession | StoredSession): StoredSession {
  const stored: StoredSession = {
    token: session.token,
    expires_at: session.expires_at,
    driver: session.driver,
  };
  localStorage.setItem(KEY, JSON.stringify(stored));
  return stored;
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}
