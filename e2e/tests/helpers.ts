import { expect, type Page } from '@playwright/test';

export const ACCOUNTS = {
  super: { email: 'super@example.com', password: 'super-demo-pass' },
  delivery: { email: 'admin@example.com', password: 'admin-demo-pass', tenant: 'Desert Express' },
  school: {
    email: 'school@example.com',
    password: 'school-demo-pass',
    tenant: 'Bright Start School Transport',
  },
  namat: { email: 'namat@example.com', password: 'namat-demo-pass', tenant: 'Namat Field Services' },
} as const;

/** Signs in through the login screen, as a person would, and waits for the overview. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

/**
 * Waits for the public home, which the server renders: the console hands '/' over with a page
 * load, so the page is there once the server's page (with its data for hydration) has arrived.
 */
export async function expectPublicHome(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#site-data')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Every driver, vehicle and trip in one place',
  );
}

/** Signs out through the user menu and checks the browser is back on the public home. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectPublicHome(page);
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
