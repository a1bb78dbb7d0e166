import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openPublicPage } from '../../lib/public-site';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi } from '../../test/mock-api';
import { TEST_PAGES, renderApp, stubPage } from '../../test/render-app';

function useMobileViewport() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

describe('Console shell', () => {
  it('shows the side menu as links and the tenant name in the top bar', async () => {
    mockApi();
    renderApp('/overview', { session: SESSIONS.delivery });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'API' })).toHaveAttribute('href', '/api-catalog');
    expect(within(nav).getByRole('button', { name: 'CRM' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Desert Express')).toBeInTheDocument();
  });

  it("labels the menu with a namat tenant's words and shows no tenant title", async () => {
    mockApi();
    renderApp('/overview', { session: SESSIONS.namat });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Tasks' })).toHaveAttribute('href', '/trips');
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/drivers');
    expect(within(screen.getByRole('banner')).queryByText('Namat Field Services')).not.toBeInTheDocument();
  });

  it('shows the super admin Super Admins, Blog, Landing page, Inbox and Logs only', async () => {
    mockApi();
    renderApp('/overview', { session: SESSIONS.superAdmin });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Super Admins', 'Blog', 'Landing page', 'Inbox', 'Logs']);
  });

  it('expands on hover, opens the group of the current page and marks it active', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/crm/customers', { session: SESSIONS.delivery });
    await screen.findByRole('heading', { name: 'Customers screen' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    // Collapsed, the mini drawer shows no group children.
    expect(within(nav).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument();
    await user.hover(nav);
    const customers = await within(nav).findByRole('link', { name: 'Customers' });
    expect(customers).toHaveAttribute('aria-current', 'page');
    expect(customers).toHaveAttribute('href', '/crm/customers');
    await user.unhover(nav);
    await waitFor(() =>
      expect(within(nav).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument(),
    );
  });

  it('marks the entry of the page shown, not the one whose address it sits under', async () => {
    mockApi();
    renderApp('/trips/planning', {
      session: SESSIONS.delivery,
      pages: { ...TEST_PAGES, tripPlanning: stubPage('Planning screen') },
    });
    await screen.findByRole('heading', { name: 'Planning screen' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Plan Trips' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Trips' })).not.toHaveAttribute('aria-current');
  });

  it('opens Reports to show its three screens once they exist', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/overview', {
      session: SESSIONS.schoolBus,
      pages: {
        ...TEST_PAGES,
        driverSummary: stubPage('Driver summary screen'),
        financeSummary: stubPage('Finance summary screen'),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.hover(nav);
    await user.click(within(nav).getByRole('button', { name: 'Reports' }));
    const reports = await within(nav).findByRole('list', { name: 'Reports' });
    expect(
      within(reports)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/driver-summary', '/finance-summary', '/logs']);
  });

  it('shows the email in the account menu and signs out', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    localStorage.setItem('fleet.tenantSettings.1', '[]');
    const { router } = renderApp('/overview', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(callsTo(fetchMock, 'POST', '/api/admin/logout')).toHaveLength(1);
    // The public home is rendered by the server: the console loads it.
    await waitFor(() => expect(openPublicPage).toHaveBeenCalledWith('/'));
  });

  it('opens the menu from the app bar below 1024 px', async () => {
    useMobileViewport();
    mockApi();
    const user = userEvent.setup();
    renderApp('/overview', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav).getByRole('button', { name: 'Reports' }));
    expect(await within(nav).findByRole('link', { name: 'Logs' })).toBeVisible();
  });
});
