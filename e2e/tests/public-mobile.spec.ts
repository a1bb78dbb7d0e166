import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from './public-pages';

// Runs in the mobile project (a phone below 1024 px wide; see playwright.config.ts).
test.describe('public site on a phone', () => {
  test('[VISITOR] the menu button opens the mobile menu, which leads to the pages and to Log in', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('#site-data')).toBeAttached();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Use cases' }).click();
    await expect(page).toHaveURL(/\/use-cases$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('[VISITOR] every public page fits the phone’s width', async ({ page }) => {
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
