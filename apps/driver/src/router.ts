import { useSyncExternalStore } from 'react';

/*
 * The app's places: Today (`/driver/`), one trip (`/driver/trips/:id`) and the reports from the road
 * (`/driver/refuel`, `/driver/accident`, `/driver/vehicle`) and the messages from the office
 * (`/driver/messages`, where a Web Push notification opens the app), in the address bar so the phone's back
 * button and a reload keep the driver where they were. A move between places asks the next screen's
 * heading to take the focus (keyboard and screen-reader users hear where they are).
 */

export type Route =
  | { name: 'today' }
  | { name: 'trip'; id: number }
  | { name: 'refuel' }
  | { name: 'accident' }
  | { name: 'vehicle' }
  | { name: 'messages' };

const BASE = '/driver';
/** The screens one level below Today, each at `/driver/{name}`. */
const REPORTS = ['refuel', 'accident', 'vehicle', 'messages'] as const;

export function parseRoute(pathname: string): Route {
  const report = /^\/driver\/(\w+)\/?$/.exec(pathname)?.[1];
  const named = REPORTS.find((name) => name === report);
  if (named) return { name: named };
  const m = /^\/driver\/trips\/(\d+)\/?$/.exec(pathname);
  return m ? { name: 'trip', id: Number(m[1]) } : { name: 'today' };
}

export const hrefOf = (route: Route) =>
  route.name === 'trip'
    ? `${BASE}/trips/${route.id}`
    : route.name === 'today'
      ? `${BASE}/`
      : `${BASE}/${route.name}`;

let focusWanted = false;
/** Whether the screen just shown should focus its heading (once: the first heading that asks gets it). */
export function takeFocusRequest(): boolean {
  const wanted = focusWanted;
  focusWanted = false;
  return wanted;
}

const listeners = new Set<() => void>();
const moved = () => {
  focusWanted = true;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  if (listeners.size === 0) window.addEventListener('popstate', moved);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', moved);
  };
};

export function navigate(route: Route) {
  window.history.pushState(null, '', hrefOf(route));
  moved();
  window.scrollTo(0, 0);
}

export function useRoute(): Route {
  const pathname = useSyncExternalStore(subscribe, () => window.location.pathname);
  return parseRoute(pathname);
}
