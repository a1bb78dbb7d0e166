import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { pages as appPages } from '../app/pages';
import { AppProviders } from '../app/providers';
import { buildRoutes, type PageMap } from '../app/routes';
import { SessionGate } from '../app/session-gate';
import { writeSession, type TStoredSession } from '../lib/session';

/** Pages that do not exist yet, so the guards in front of them can be tested. */
export const stubPage = (text: string) => () => Promise.resolve({ default: () => <h1>{text}</h1> });

/** Every page of the app, for tests that need one the default set stubs (the tenants screen). */
export const APP_PAGES: PageMap = appPages;

export const TEST_PAGES: PageMap = {
  ...appPages,
  superAdmins: stubPage('Tenants screen'),
  crmCustomers: stubPage('Customers screen'),
};

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

interface RenderAppOptions {
  session?: TStoredSession;
  pages?: PageMap;
}

/** Renders the whole app (providers, session check, route tree) at `path`. */
export function renderApp(path: string, { session, pages = TEST_PAGES }: RenderAppOptions = {}) {
  if (session) writeSession(session);
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(buildRoutes(pages), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
