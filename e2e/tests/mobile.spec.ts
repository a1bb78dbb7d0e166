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
});
