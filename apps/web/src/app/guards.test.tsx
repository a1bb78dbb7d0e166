import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openPublicPage } from '../lib/public-site';
import { SESSIONS } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { TEST_PAGES, renderApp } from '../test/render-app';

/** The public home is rendered by the server: the console hands over to it with a page load. */
const expectPublicHome = async (router: { state: { location: { pathname: string } } }) => {
  await waitFor(() => expect(openPublicPage).toHaveBeenCalledWith('/'));
  expect(router.state.location.pathname).toBe('/');
};

describe('route guards', () => {
  beforeEach(() => vi.mocked(openPublicPage).mockClear());

  it('sends a signed-out visitor from a console page to the public home', async () => {
    mockApi();
    const { router } = renderApp('/overview');
    await expectPublicHome(router);
  });

  it('shows a signed-in admin the console page', async () => {
    mockApi();
    renderApp('/overview', { session: SESSIONS.delivery });
    expect(await screen.findByRole('heading', { name: 'Good morning, Desert Express!' })).toBeInTheDocument();
  });

  it('turns a tenant admin away from /super-admins to the Overview', async () => {
    mockApi();
    const { router } = renderApp('/super-admins', { session: SESSIONS.delivery });
    expect(await screen.findByRole('heading', { name: 'Good morning, Desert Express!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/overview');
    expect(screen.queryByText('Tenants screen')).not.toBeInTheDocument();
  });

  it('lets the super admin open /super-admins', async () => {
    mockApi();
    renderApp('/super-admins', { session: SESSIONS.superAdmin });
    expect(await screen.findByRole('heading', { name: 'Tenants screen' })).toBeInTheDocument();
  });

  it('sends an admin without CRM from /crm pages to /', async () => {
    mockApi();
    const { router } = renderApp('/crm/customers', { session: SESSIONS.schoolBus });
    await expectPublicHome(router);
  });

  it('lets an admin whose tenant has CRM open /crm pages', async () => {
    mockApi();
    renderApp('/crm/customers', { session: SESSIONS.delivery });
    expect(await screen.findByRole('heading', { name: 'Customers screen' })).toBeInTheDocument();
  });

  it('sends a signed-in admin from /login to /overview', async () => {
    mockApi();
    const { router } = renderApp('/login', { session: SESSIONS.namat });
    expect(
      await screen.findByRole('heading', { name: 'Good morning, Namat Field Services!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/overview');
  });

  it('shows a signed-out visitor the login page', async () => {
    mockApi();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('tells a signed-in admin that an unknown path is no page, in the console, with the way back', async () => {
    mockApi();
    const user = userEvent.setup();
    const { router } = renderApp('/no-such-page', { session: SESSIONS.delivery });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-such-page');
    expect(screen.getByText('/no-such-page')).toBeInTheDocument();
    // The shell stays, menu included.
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Overview' }));
    expect(await screen.findByRole('heading', { name: 'Good morning, Desert Express!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/overview');
  });

  it('sends an unknown path to / when signed out', async () => {
    mockApi();
    const { router } = renderApp('/no-such-page');
    await expectPublicHome(router);
  });

  it('answers a console address whose screen this build lacks as not found, not with the Overview', async () => {
    mockApi();
    const { router } = renderApp('/maintenance', {
      session: SESSIONS.delivery,
      pages: { ...TEST_PAGES, maintenance: undefined },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/maintenance');
    expect(screen.queryByText('Good morning, Desert Express!')).not.toBeInTheDocument();
  });
});
