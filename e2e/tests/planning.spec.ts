import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, mainMenu, signIn } from './helpers';

/*
 * Plan a day as Desert Express's admin: the demo leaves the day after tomorrow's orders confirmed;
 * the planner shares them among the drivers chosen, and the routes shown become trips.
 */

async function pickFirst(page: Page, combobox: Locator) {
  await combobox.click();
  await page.getByRole('option').first().click();
}

const dayAfterTomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date(Date.now() + 2 * 86_400_000));

test("a day's orders are planned across drivers and created as the trips shown", async ({ page }) => {
  await signIn(page, ACCOUNTS.delivery);
  await mainMenu(page).getByRole('link', { name: 'Plan Trips' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan Trips' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Day' }).fill(dayAfterTomorrow());
  await expect(page.getByText(/^\d+ stops \(\d+ orders\), total load/)).toBeVisible();
  await pickFirst(page, page.getByRole('combobox', { name: /Warehouse/ }));
  await pickFirst(page, page.getByRole('combobox', { name: /Trip type/ }));
  const drivers = page.getByRole('table', { name: 'Drivers of the day' });
  for (const row of [1, 2, 3]) await drivers.getByRole('row').nth(row).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Propose' }).click();

  const create = page.getByRole('button', { name: /^Create \d+ trips?$/ });
  await expect(create).toBeEnabled({ timeout: 30_000 });
  const count = Number((await create.textContent())!.match(/\d+/)![0]);
  await create.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`${count} ${count === 1 ? 'trip' : 'trips'} created`).first()).toBeVisible();
  // The planned orders leave the day's plan.
  await expect(page.getByRole('button', { name: /^Create \d+ trips?$/ })).toHaveCount(0);
});
