import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths, type RouteKey } from '../../lib/paths';
import { openPublicPage } from '../../lib/public-site';
import type { TStoredSession } from '../../lib/session';
import { SESSIONS } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { APP_PAGES, renderApp, stubPage } from '../../test/render-app';
import type { PageMap } from '../routes';

/*
 * Every entry of every menu, clicked as an admin would, over the console's real list of pages (each
 * page stands in by its route's name, so the walk checks where an entry leads, not what the page
 * draws: each page has its own tests). An entry must open the page of the route it names, at its own
 * address; one that lands on another address (a guard turning the admin away), on another page or on
 * "page not found" fails the walk.
 */

const WHO: [string, TStoredSession][] = [
  ['a delivery tenant with CRM', SESSIONS.delivery],
  ['a school_bus tenant', SESSIONS.schoolBus],
  ['a namat tenant', SESSIONS.namat],
  [
    'a tenant of another type without CRM',
    { ...SESSIONS.delivery, tenant_type: 'airport', is_enabled_crm: 0 },
  ],
  ['the super admin', SESSIONS.superAdmin],
];

const screenOf = (key: string) => `Screen: ${key}`;
const WALK_PAGES: PageMap = Object.fromEntries(
  Object.keys(APP_PAGES).map((key) => [key, stubPage(screenOf(key))]),
);
const ROUTE_KEYS = Object.keys(paths) as RouteKey[];

type User = ReturnType<typeof userEvent.setup>;

/**
 * The side menu with its labels shown and every group open, as when a pointer rests on it. (Plain DOM
 * queries here: role queries over the whole shell, a few dozen times, are what would make the walk slow.)
 */
async function openMenu(user: User): Promise<HTMLElement> {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  await user.hover(nav);
  for (const group of nav.querySelectorAll<HTMLElement>('[aria-expanded="false"]')) await user.click(group);
  await waitFor(() => {
    for (const group of nav.querySelectorAll('[aria-controls]'))
      expect(document.getElementById(group.getAttribute('aria-controls') ?? '')).not.toBeNull();
  });
  return nav;
}

describe('every menu entry opens its screen', () => {
  it.each(WHO)('for %s', async (_who, session) => {
    mockApi();
    vi.mocked(openPublicPage).mockClear();
    // No pause between pointer moves: the walk clicks a few dozen entries.
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/overview', { session, pages: WALK_PAGES });
    await screen.findByText(screenOf('overview'), { selector: 'h1' });
    const entries = [...(await openMenu(user)).querySelectorAll('a')].map((link) => ({
      label: link.textContent ?? '',
      href: link.getAttribute('href') ?? '',
    }));
    expect(entries.length).toBeGreaterThan(0);

    const wrong: string[] = [];
    for (const { label, href } of entries) {
      // A public page (the API catalogue) leaves the console's frame: come back to the Overview first.
      if (!document.querySelector('nav[aria-label="Main menu"]')) {
        await act(() => router.navigate('/overview'));
        await screen.findByText(screenOf('overview'), { selector: 'h1' });
      }
      const route = ROUTE_KEYS.find((key) => paths[key].path === href);
      const nav = await openMenu(user);
      const link = [...nav.querySelectorAll('a')].find((a) => a.textContent === label);
      expect(link, label).toBeDefined();
      await user.click(link!);
      await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
      const { pathname } = router.state.location;
      const leaf = router.state.matches.at(-1)?.route.path;
      if (!route) wrong.push(`${label}: ${href} is no route of the table`);
      else if (pathname !== href) wrong.push(`${label}: ${href} landed on ${pathname}`);
      else if (leaf === '*') wrong.push(`${label}: ${href} is no page`);
      else if (paths[route].layout === 'home')
        // The public site's pages are the server's: the console hands them over.
        await waitFor(() => expect(openPublicPage).toHaveBeenCalledWith(href));
      else
        await screen
          .findByText(screenOf(route), { selector: 'h1' })
          .catch(() =>
            wrong.push(`${label}: ${href} showed no page, now at ${router.state.location.pathname}`),
          );
    }
    expect(wrong).toEqual([]);
  });
});
