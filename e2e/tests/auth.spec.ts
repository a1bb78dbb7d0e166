import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectPublicHome, mainMenu, signIn, signOut } from './helpers';

test.describe('sign-in and sign-out', () => {
  for (const [kind, account] of Object.entries(ACCOUNTS)) {
    test(`[${kind.toUpperCase()}] signs in, sees the overview and signs out`, async ({ page }) => {
      await signIn(page, account);
      const name = 'tenant' in account ? account.tenant : 'Admin';
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Good morning, ${name}!`);
      await expect(mainMenu(page)).toBeVisible();
      await signOut(page);
      // The session is gone on the server too: the console is closed to this browser.
      await page.goto('/overview');
      await expectPublicHome(page);
      const me = await page.request.get('/api/admin/me');
      expect(me.status()).toBe(401);
      expect(await page.evaluate(() => window.localStorage.length + window.sessionStorage.length)).toBe(0);
    });
  }

  test('[VISITOR] a wrong password shows the spec message and keeps the visitor on the login screen', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACCOUNTS.delivery.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('[VISITOR] invalid fields are flagged and nothing is sent', async ({ page }) => {
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/login')) sent = true;
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('p'.repeat(129));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(page.getByText('Use at most 128 characters')).toBeVisible();
    expect(sent).toBe(false);
  });

  test('[VISITOR] the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('[ADMIN] a second tab of a signed-in admin opens signed in', async ({ page, context }) => {
    await signIn(page, ACCOUNTS.namat);
    const second = await context.newPage();
    await second.goto('/overview');
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Good morning, Namat Field Services!');
  });
});
