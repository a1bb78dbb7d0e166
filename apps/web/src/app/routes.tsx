import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { GuestOnly, RequireCrm, RequireSession, RequireSuperAdmin } from './guards';
import { lazyPage, type PageLoader } from './lazy-page';
import { paths, type RouteAccess, type RouteKey, type RouteLayout } from '../lib/paths';
import { RoutedProvider } from '../lib/routed';
import { NotFoundPage } from './not-found-page';
import { RootRoute } from './root-route';
import { PublicPageHandoff } from './public-page-handoff';
import { RouteError } from './route-error';

// The console shell is its own chunk, so the login page does not download it.
const MainLayout = lazy(() => import('./shell/main-layout').then((m) => ({ default: m.MainLayout })));

/**
 * The pages that exist, by route key. A route without a page is not routed: its address shows the
 * console's "page not found", and no menu entry, card or action links to it (`lib/routed.ts`).
 */
export type PageMap = Partial<Record<RouteKey, PageLoader>>;

const GUARDS: Record<Exclude<RouteAccess, 'public'>, ComponentType> = {
  guest: GuestOnly,
  signedIn: RequireSession,
  superAdmin: RequireSuperAdmin,
  crm: RequireCrm,
};

function pageRoutes(pages: PageMap, layout: RouteLayout, access: RouteAccess): RouteObject[] {
  return (Object.keys(paths) as RouteKey[]).flatMap((key) => {
    const def = paths[key];
    const loader = pages[key];
    if (!loader || def.layout !== layout || def.access !== access) return [];
    const Page = lazyPage(loader);
    return [{ path: def.path, element: <Page /> }];
  });
}

/** Wraps routes in the guard of their access rule; drops empty groups. */
function guarded(access: Exclude<RouteAccess, 'public'>, children: RouteObject[]): RouteObject[] {
  if (children.length === 0) return [];
  const Guard = GUARDS[access];
  return [{ element: <Guard />, children }];
}

function withLayout(Layout: ComponentType | null, children: RouteObject[]): RouteObject[] {
  if (children.length === 0) return [];
  return Layout ? [{ element: <Layout />, children }] : children;
}

/** The public site's routes: the server renders them, so the console hands over to it. */
function publicSiteRoutes(): RouteObject[] {
  return (Object.keys(paths) as RouteKey[])
    .filter((key) => paths[key].layout === 'home')
    .map((key) => ({ path: paths[key].path, element: <PublicPageHandoff /> }));
}

/** The route keys that lead somewhere: every page of the map, and the public site (the server's). */
export function routedKeys(pages: PageMap): ReadonlySet<RouteKey> {
  return new Set(
    (Object.keys(paths) as RouteKey[]).filter((key) => pages[key] || paths[key].layout === 'home'),
  );
}

/**
 * The route tree, built from the route table's meta: each page sits in its layout and behind its
 * guard. In the console the session guard sits outside the shell (a signed-out visitor never sees
 * it) and the role guards inside it (the shell stays mounted between pages). Any other address is
 * the console's "page not found" for a signed-in admin; a signed-out visitor goes to '/' (spec 000
 * §2). The keys routed are published to the whole tree, for the menu, cards and actions.
 */
export function buildRoutes(pages: PageMap): RouteObject[] {
  const framed = (layout: RouteLayout, Layout: ComponentType | null) =>
    withLayout(Layout, [
      ...pageRoutes(pages, layout, 'public'),
      ...guarded('guest', pageRoutes(pages, layout, 'guest')),
    ]);

  const consoleRoutes = [
    ...pageRoutes(pages, 'main', 'signedIn'),
    ...guarded('superAdmin', pageRoutes(pages, 'main', 'superAdmin')),
    ...guarded('crm', pageRoutes(pages, 'main', 'crm')),
    { path: '*', element: <NotFoundPage /> },
  ];
  const routed = routedKeys(pages);

  return [
    {
      element: (
        <RoutedProvider value={routed}>
          <RootRoute />
        </RoutedProvider>
      ),
      errorElement: <RouteError />,
      children: [
        ...publicSiteRoutes(),
        ...framed('none', null),
        ...framed('main', MainLayout),
        ...guarded('signedIn', withLayout(MainLayout, consoleRoutes)),
      ],
    },
  ];
}
