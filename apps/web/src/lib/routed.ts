import { createContext, useCallback, useContext } from 'react';
import type { RouteKey } from './paths';

/*
 * Which routes of the route table lead to a screen. The table (`paths.ts`) names every route of the
 * specification; only some have a page so far. The route tree publishes the keys it actually routes,
 * and every menu entry, card and row action asks here before it shows a link, so nothing points at
 * a screen that is not there.
 */

const RoutedContext = createContext<ReadonlySet<RouteKey>>(new Set());

export const RoutedProvider = RoutedContext.Provider;

/** Whether a route key leads to a screen in this build. */
export function useIsRouted(): (key: RouteKey) => boolean {
  const routed = useContext(RoutedContext);
  return useCallback((key: RouteKey) => routed.has(key), [routed]);
}

/** The set itself, for code that filters many entries at once (the side menu). */
export function useRoutedKeys(): ReadonlySet<RouteKey> {
  return useContext(RoutedContext);
}
