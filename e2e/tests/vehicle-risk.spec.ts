import { expect, test } from '@playwright/test';
import { ACCOUNTS, mainMenu, signIn } from './helpers';

/*
 * The vehicle risk dashboard as the demo's admins open it: every figure from the model each tenant's
 * own service history trained at the demo's first start (decision 0036), never the seed's constants;
 * and the maintenance list with the same probabilities and the odometer in the Add Maintenance
 * dialog.
 */

for (const account of [ACCOUNTS.delivery, ACCOUNTS.school]) {
  test(`${account.tenant}: the risk dashboard shows the fleet's trained model and its ranking`, async ({
    page,
  }) => {
    await signIn(page, account);
    await mainMenu(page).locator('a[href="/vehicles-analytics"]').click();
    await expect(page).toHaveURL(/\/vehicles-analytics$/);
    await expect(page.getByRole('heading', { level: 1, name: /Analytics$/ })).toBeVisible();
    const model = page.getByRole('region', { name: 'Risk model' });
    await expect(model.getByText(/^Trained .* vehicle-months \(\d+ unplanned repairs\)/)).toBeVisible();
    const auc = Number(
      await model.getByText('Held-out AUC').locator('xpath=following-sibling::dd[1]').textContent(),
    );
    expect(auc).toBeGreaterThanOrEqual(0.75);
    await expect(page.getByRole('button', { name: 'Train now' })).toBeEnabled();
    const ranking = page.getByRole('region', { name: 'Fleet risk ranking' });
    await expect(ranking.getByRole('row').nth(1)).toContainText('%');
  });
}

test('the maintenance list shows probabilities, and Add Maintenance takes the odometer', async ({ page }) => {
  await signIn(page, ACCOUNTS.delivery);
  await page.goto('/maintenance');
  await expect(page.getByRole('columnheader', { name: 'Malfunction probability' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /\d+\.\d %/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add Maintenance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Maintenance' });
  await dialog.getByLabel(/^Odometer/).fill('-3');
  await dialog.getByLabel(/^Odometer/).blur();
  await expect(dialog.getByText('Odometer must be a number of at least 0')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
