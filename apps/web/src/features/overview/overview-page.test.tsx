import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSIONS } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { TEST_PAGES, renderApp, stubPage } from '../../test/render-app';

describe('Overview page', () => {
  it('greets the tenant and offers the three entry cards', async () => {
    mockApi();
    renderApp('/overview', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Good morning, Desert Express!' }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Create A Journey' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Start: Create A Journey' })).toHaveAttribute(
      'href',
      '/trips',
    );
    expect(within(main).getByRole('link', { name: 'Operations: Dashboard & Map' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(main).getByRole('link', { name: 'Explore: API catalog' })).toHaveAttribute(
      'href',
      '/api-catalog',
    );
  });

  it("lists the Management Center links in the tenant's words, each to a screen that exists", async () => {
    mockApi();
    const user = userEvent.setup();
    const { router } = renderApp('/overview', { session: SESSIONS.namat });
    const section = await screen.findByRole('region', { name: 'Management Center' });
    const links = within(section)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    // AI has no screen yet, so it is not offered.
    expect(links).toEqual([
      ['Staff management', '/drivers'],
      ['Vehicle management', '/vehicles'],
      ['Exception management', '/exceptions'],
      ['Analytics', '/analytics'],
      ['Communication Channel', '/push-notifications'],
    ]);
    await user.click(within(section).getByRole('link', { name: 'Exception management' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exceptions'));
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('offers AI and Analytics once their screens exist', async () => {
    mockApi();
    renderApp('/overview', {
      session: SESSIONS.delivery,
      pages: { ...TEST_PAGES, ai: stubPage('AI screen'), analytics: stubPage('Analytics screen') },
    });
    const section = await screen.findByRole('region', { name: 'Management Center' });
    expect(within(section).getByRole('link', { name: 'AI' })).toHaveAttribute('href', '/ai');
    expect(within(section).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');
  });

  it('falls back to Admin when there is no tenant name', async () => {
    mockApi();
    renderApp('/overview', { session: SESSIONS.superAdmin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Good morning, Admin!' }),
    ).toBeInTheDocument();
  });
});
