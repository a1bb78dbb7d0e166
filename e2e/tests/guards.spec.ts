import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectPublicHome, signIn } from './helpers';

test.describe('route guards', () => {
  test('[VISITOR] signed-in routes and unknown paths send a visitor to /', async ({ page }) => {
    for (const path of ['/overview', '/drivers', '/super-admins', '/tenant/1/admins', '/no-such-page']) {
      await page.goto(path);
      await expectPublicHome(page);
    }
  });

  test('[ADMIN] a tenant admin is kept out of /super-admins and sent from /login to /overview', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.school);
    await page.goto('/super-admins');
    await expect(page).not.toHaveURL(/super-admins/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/overview$/);
    // An address that is no page says so, in the console, with the way back.
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page$/);
    await page.getByRole('link', { name: 'Back to Overview' }).click();
    await expect(page).toHaveURL(/\/overview$/);
  });

  test('[ADMIN] /crm needs the CRM module: refused without it, open with it', async ({ page }) => {
    await signIn(page, ACCOUNTS.namat);
    await page.goto('/crm');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('[ADMIN] a session that ended on the server sends the console back to / on the next call', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.delivery);
    await page.context().clearCookies();
    await page.reload();
    await expectPublicHome(page);
  });
});
