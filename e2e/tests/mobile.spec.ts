import { expect, test } from '@playwright/test';
import { ACCOUNTS, mainMenu, signIn, signOut } from './helpers';

test.describe('mobile layout (below 1024 px)', () => {
  test('[ADMIN] the menu opens from the app bar and the admin can sign out', async ({ page }) => {
    await signIn(page, ACCOUNTS.school);
    await expect(mainMenu(page)).toBeHidden();
    await page.getByRole('button', { name: /open menu/i }).click();
    await expect(mainMenu(page).getByRole('link', { name: 'Students', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await signOut(page);
  });

  test('[ADMIN] the risk dashboard and the maintenance list scroll their tables, never the page', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.delivery);
    /** How far the page itself scrolls sideways (0 when it fits the phone). */
    const sideways = () =>
      page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
    await page.goto('/vehicles-analytics');
    // The ranking's key factors carry text for screen readers only: it must stay inside the table.
    const ranking = page.getByRole('region', { name: 'Fleet risk ranking' });
    await expect(ranking.getByRole('row').nth(1)).toContainText('%');
    await expect(page.getByRole('region', { name: 'Risk model' })).toBeVisible();
    expect(await sideways()).toBe(0);
    await page.goto('/maintenance');
    await expect(page.getByRole('cell', { name: /\d+\.\d %/ }).first()).toBeVisible();
    expect(await sideways()).toBe(0);
  });
});
