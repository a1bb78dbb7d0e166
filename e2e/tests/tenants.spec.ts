import { expect, test } from '@playwright/test';
import { ACCOUNTS, mainMenu, signIn, signOut } from './helpers';

test.describe('tenants and their settings', () => {
  test('[SUPER ADMIN][CREATE_TENANT]: super admin creates a tenant with its terms and an admin, who signs in and sees those terms in the menu', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const stamp = Date.now();
    const tenantName = `Harbour Couriers ${stamp}`;
    const admin = { email: `harbour.${stamp}@example.com`, password: 'lantern-over-harbour-42' };

    await signIn(page, ACCOUNTS.super);
    await mainMenu(page).getByRole('link', { name: 'Super Admins' }).click();
    await expect(page.getByRole('heading', { name: 'Tenants' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Tenant' });
    await dialog.getByLabel('Name').fill(tenantName);
    await dialog.getByRole('combobox', { name: 'Tenant type' }).click();
    await page.getByRole('option', { name: 'Last-mile delivery' }).click();
    await dialog.getByLabel('Type of Staff').fill('Courier');
    await dialog.getByLabel('Task to Track').fill('Run');
    await dialog.getByLabel('Destination to Track').fill('Drop');
    await dialog.getByLabel('Latitude').fill('25.2');
    await dialog.getByLabel('Longitude').fill('55.3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Tenant added successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('link', { name: `Admins of ${tenantName}` }).click();
    await expect(page.getByRole('heading', { name: `${tenantName} admins` })).toBeVisible();
    await page.getByRole('button', { name: 'Add Admin' }).click();
    const adminDialog = page.getByRole('dialog', { name: 'Add Admin' });
    await adminDialog.getByLabel('E-mail').fill(admin.email);
    await adminDialog.getByLabel('First name').fill('Hana');
    await adminDialog.getByLabel('Last name').fill('Saleh');
    await adminDialog.getByLabel(/^Password/).fill(admin.password);
    await adminDialog.getByLabel('Confirm password').fill(admin.password);
    await adminDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Admin added successfully.')).toBeVisible();
    await expect(page.getByRole('cell', { name: admin.email })).toBeVisible();

    await signOut(page);
    await signIn(page, admin);
    const menu = mainMenu(page);
    for (const label of ['Runs', 'Couriers', 'Drops', 'Run Types']) {
      await expect(menu.getByRole('link', { name: label, exact: true }), label).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Drivers', exact: true })).toHaveCount(0);
  });

  test('[ADMIN][SETTINGS]: admin renames the driver term and the menu shows the new word', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.namat);
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toBeVisible();

    const renameDriverTerm = async (word: string) => {
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Terminology' }).click();
      await page.getByLabel('Driver term').fill(word);
      // Saving reloads the page, so every label reads the new word.
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Settings updated successfully')).toBeVisible();
      await reloaded;
    };

    await renameDriverTerm('Agent');
    await expect(menu.getByRole('link', { name: 'Agents', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);

    // Put the tenant's word back so other specs see the demo as seeded.
    await renameDriverTerm('Staff');
    await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toBeVisible();
  });
});
