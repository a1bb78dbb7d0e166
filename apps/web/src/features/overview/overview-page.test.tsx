import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SESSIONS } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

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

  it("lists the Management Center links in the tenant's words", async () => {
    mockApi();
    renderApp('/overview', { session: SESSIONS.namat });
    const section = await screen.findByRole('region', { name: 'Management Center' });
    const links = within(section)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Staff management', '/drivers'],
      ['Vehicle management', '/vehicles'],
      ['Exception management', '/exceptions'],
      ['AI', '/ai'],
      ['Analytics', '/analytics'],
      ['Communication Channel', '/push-notifications'],
    ]);
  });

  it('falls back to Admin when there is no tenant name', async () => {
    mockApi();
    renderApp('/overview', { session: SESSIONS.superAdmin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Good morning, Admin!' }),
    ).toBeInTheDocument();
  });
});
