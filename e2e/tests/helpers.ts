import { expect, type Page } from '@playwright/test';

export const ACCOUNTS = {
  super: { email: 'super@example.com', password: 'super123' },
  delivery: { email: 'admin@example.com', password: 'admin123', tenant: 'Desert Express' },
  school: { email: 'school@example.com', password: 'school123', tenant: 'Bright Start School Transport' },
  namat: { email: 'namat@example.com', password: 'namat123', tenant: 'Namat Field Services' },
} as const;

/** Signs in through the login screen, as a person would, and waits for the overview. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

/** Signs out through the user menu and checks the browser is back on the public home. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
