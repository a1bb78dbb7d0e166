import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, mainMenu, signIn } from './helpers';

/*
 * The CRM as Desert Express's admin uses it on the demo: customers with their contacts, orders the
 * simulator delivered with a proof photo and the customer's tracking page for one of them, and
 * two confirmed orders of a coming day planned into a new trip.
 */

async function pickFirst(page: Page, combobox: Locator) {
  await combobox.click();
  await page.getByRole('option').first().click();
}

test('the CRM menu leads to customers, whose detail view shows their contacts', async ({ page }) => {
  await signIn(page, ACCOUNTS.delivery);
  for (const [label, href] of [
    ['Customers', '/crm/customers'],
    ['Contacts', '/crm/contacts'],
    ['Pets', '/crm/pets'],
    ['Orders', '/crm/orders'],
    ['Items', '/crm/items'],
    ['Addresses', '/crm/addresses'],
  ] as const) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  }
  await expect(mainMenu(page).getByText('CRM')).toBeVisible();
  await page.goto('/crm/customers');
  await page.getByLabel('Search').fill('Gulf Pets');
  await page.getByRole('link', { name: 'Gulf Pets LLC' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gulf Pets LLC' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Karim Aziz', exact: true })).toBeVisible();
});

test("a planned order's tracking page shows the customer their order alone", async ({ page }) => {
  await signIn(page, ACCOUNTS.delivery);
  await page.goto('/crm/orders');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Planned' }).click();
  await page
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^SO-\d{6}$/ })
    .click();
  const details = page.getByRole('dialog', { name: /^Order SO-\d{6}/ });
  await expect(details.getByText('Status history')).toBeVisible();
  const tracking = details.getByRole('region', { name: 'Tracking link' });
  await tracking.getByRole('button', { name: /Create link|New link/ }).click();
  const link = tracking.getByRole('textbox', { name: 'Link' });
  await expect(link).toHaveValue(/\/track\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(await link.inputValue()).pathname;

  const customer = await page.context().newPage();
  await customer.goto(path);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText(/Planned|In progress|Delivered/);
  await expect(customer.getByText('Desert Express')).toBeVisible();
  await expect(customer.getByText('Your driver')).toBeVisible();
  // A guessed token finds nothing.
  await customer.goto(`/track/${'x'.repeat(43)}`);
  await expect(customer.getByRole('heading', { name: 'Tracking link not found' })).toBeVisible();
});

test("a day's confirmed orders are planned into a new trip", async ({ page }) => {
  await signIn(page, ACCOUNTS.delivery);
  await page.goto('/crm/orders');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Confirmed' }).click();
  const rows = page.getByRole('row').filter({ has: page.getByRole('checkbox') });
  await expect(rows.first()).toBeVisible();
  const day = (await rows.first().getByRole('cell').nth(4).textContent())!.slice(0, 10);
  const sameDay = rows.filter({ hasText: day });
  for (const i of [0, 1]) await sameDay.nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Plan selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan selected orders' });
  await pickFirst(page, dialog.getByRole('combobox', { name: 'Driver' }));
  await pickFirst(page, dialog.getByRole('combobox', { name: 'Warehouse' }));
  await pickFirst(page, dialog.getByRole('combobox', { name: 'Type' }));
  await dialog.getByLabel(/^Start time/).fill('07:30');
  await dialog.getByRole('button', { name: 'Plan' }).click();
  const planned = page.getByRole('dialog', { name: 'Orders planned' });
  await expect(planned.getByText(/2 orders planned into trip \d+/)).toBeVisible();
  await planned.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Planned' }).click();
  await expect(page.getByRole('row').filter({ hasText: day }).first()).toContainText('Planned');
});
