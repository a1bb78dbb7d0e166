import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

test.describe('error log', () => {
  test("[TENANT ADMIN][LOGS]: the console's uncaught error is listed on /logs, and can be deleted", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/trips?search=secret-search');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // An error nothing catches, as a broken screen would throw it.
    const reported = page.waitForResponse((r) => r.url().endsWith('/api/log/report'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Logs e2e: the trips widget broke');
      }, 0);
    });
    expect((await reported).status()).toBe(200);

    await page.goto('/logs');
    const table = page.getByRole('table', { name: 'Logs' });
    const row = table.getByRole('row').filter({ hasText: 'Logs e2e: the trips widget broke' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Admin');
    await expect(row).toContainText('Route: /trips');
    await expect(row).toContainText('Console');
    await expect(row).not.toContainText('secret-search');

    await row.getByRole('button', { name: /^Delete log \d+$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      'Are you sure you want to delete this Log, This action cannot be undone!',
    );
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Driver deleted successfully.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
