import { expect, test } from '@playwright/test';
import { ACCOUNTS, mainMenu, signIn } from './helpers';

test.describe('console shell per tenant type', () => {
  test('[SUPER ADMIN] sees only Super Admins, Blog, Landing page, Inbox and Logs', async ({ page }) => {
    await signIn(page, ACCOUNTS.super);
    const links = mainMenu(page).getByRole('link');
    await expect(links).toHaveCount(5);
    await expect(links.nth(0)).toHaveAccessibleName('Super Admins');
    await expect(links.nth(1)).toHaveAccessibleName('Blog');
    await expect(links.nth(2)).toHaveAccessibleName('Landing page');
    await expect(links.nth(3)).toHaveAccessibleName('Inbox');
    await expect(links.nth(4)).toHaveAccessibleName('Logs');
  });

  test('[DELIVERY] the default menu in its own terms, only with the screens that exist', async ({ page }) => {
    await signIn(page, ACCOUNTS.delivery);
    const menu = mainMenu(page);
    for (const label of [
      'Dashboard',
      'Trips',
      'Vehicles',
      'Drivers',
      'Warehouses',
      'Destinations',
      'Trip Types',
      'Approvals',
      'API',
    ]) {
      await expect(menu.getByRole('link', { name: label, exact: true }), label).toBeVisible();
    }
    // The menu walk of apps/web (app/shell/menu-walk.test.tsx) checks every entry leads to its screen.
    await expect(menu.getByRole('link', { name: 'Students' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('Desert Express');
  });

  test('[SCHOOL BUS] Students shown; Origins, Destinations, Trip Types, AI, Approvals and API hidden', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.school);
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Students', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Buses', exact: true })).toBeVisible();
    for (const label of ['Depots', 'Stops', 'Trip Types', 'AI', 'Approvals', 'API']) {
      await expect(menu.getByRole('link', { name: label, exact: true }), label).toHaveCount(0);
    }
    await expect(menu.getByText('CRM', { exact: true })).toHaveCount(0);
  });

  test('[NAMAT] says Staff and Tasks, and shows no tenant title', async ({ page }) => {
    await signIn(page, ACCOUNTS.namat);
    const menu = mainMenu(page);
    for (const label of ['Tasks', 'Staff', 'Scheduled Tasks', 'Task Types', 'Offices', 'Sites']) {
      await expect(menu.getByRole('link', { name: label, exact: true }), label).toBeVisible();
    }
    await expect(page.getByRole('banner')).not.toContainText('Namat Field Services');
    await expect(page.getByRole('link', { name: /Staff management/ })).toBeVisible();
  });

  test('[ADMIN] the overview cards and Management Center lead to their pages', async ({ page }) => {
    await signIn(page, ACCOUNTS.delivery);
    await expect(page.getByText('Create A Journey')).toBeVisible();
    await expect(page.getByText('Dashboard & Map')).toBeVisible();
    await expect(page.getByText('API catalog')).toBeVisible();
    await expect(page.getByRole('link', { name: /Driver management/ })).toHaveAttribute('href', '/drivers');
    await expect(page.getByRole('link', { name: /Communication Channel/ })).toHaveAttribute(
      'href',
      '/push-notifications',
    );
  });
});
