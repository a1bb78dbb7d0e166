import { useSyncExternalStore } from 'react';

/*
 * The app's places: Today (`/driver/`), one trip (`/driver/trips/:id`) and the refuel report
 * (`/driver/refuel`), in the address bar
 * so the phone's back button and a reload keep the driver where they were.
 */

export type Route = { name: 'today' } | { name: 'trip'; id: number } | { name: 'refuel' };

const BASE = '/driver';

export function parseRoute(pathname: string): Route {
  if (/^\/driver\/refuel\/?$/.test(pathname)) return { name: 'refuel' };
  const m = /^\/driver\/trips\/(\d+)\/?$/.exec(pathname);
  return m ? { name: 'trip', id: Number(m[1]) } : { name: 'today' };
}

export const hrefOf = (route: Route) =>
  route.name === 'trip'
    ? `${BASE}/trips/${route.id}`
    : route.name === 'refuel'
      ? `${BASE}/refuel`
      : `${BASE}/`;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};

export function navigate(route: Route) {
  window.history.pushState(null, '', hrefOf(route));
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

export function useRoute(): Route {
  const pathname = useSyncExternalStore(subscribe, () => window.location.pathname);
  return parseRoute(pathname);
}
