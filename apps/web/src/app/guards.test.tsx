import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { openPublicPage } from '../lib/public-site';
import { SESSIONS } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';

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

  it('sends an unknown path to /overview when signed in', async () => {
    mockApi();
    const { router } = renderApp('/no-such-page', { session: SESSIONS.delivery });
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
    expect(await screen.findByRole('heading', { name: 'Good morning, Desert Express!' })).toBeInTheDocument();
  });

  it('sends an unknown path to / when signed out', async () => {
    mockApi();
    const { router } = renderApp('/no-such-page');
    await expectPublicHome(router);
  });

  it('sends a console link whose screen is not built yet to /overview', async () => {
    mockApi();
    const { router } = renderApp('/maintenance', { session: SESSIONS.delivery });
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
  });
});
