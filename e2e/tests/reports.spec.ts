import { expect, test } from '@playwright/test';
import { ACCOUNTS, mainMenu, signIn } from './helpers';

/*
 * Working-time reports as an admin uses them: the Driver Summary from the Reports menu (Performance
 * summary for namat), a driver's trips from the trip count, and the finance summary e-mailed as a
 * PDF (the test server has no mail server: the message goes to its outbox and the console says so).
 */

const SENT_TO_OUTBOX =
  "No mail server is set up (SMTP_URL), so the e-mail was saved in the server's outbox instead of being sent.";

test('Driver Summary lists the month, and a trip count opens that driver’s trips', async ({ page }) => {
  await signIn(page, ACCOUNTS.delivery);
  await mainMenu(page).getByRole('button', { name: 'Reports' }).click();
  await mainMenu(page).getByRole('link', { name: 'Driver Summary' }).click();
  await expect(page).toHaveURL(/\/driver-summary$/);
  await expect(page.getByRole('heading', { name: 'Driver Summary' })).toBeVisible();
  // The month so far; the demo's trips may all lie before the first, so look at its 30 days.
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(from);
  const tripLink = page
    .getByRole('link', { name: /^Trips of / })
    .filter({ hasNotText: /^0$/ })
    .first();
  await expect(tripLink).toBeVisible();
  const count = Number(await tripLink.textContent());
  await tripLink.click();
  await expect(page).toHaveURL(/\/driver-summary\/driver-trips\?fdate=.*&tdate=.*&driver_id=\d+/);
  await expect(page.getByRole('columnheader', { name: 'Delivered On' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(Math.min(count, 10) + 1);
  await page
    .getByRole('button', { name: /^View Destinations of / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: /^Destinations of Trip #/ })).toBeVisible();
});

test('namat sees the Performance summary', async ({ page }) => {
  await signIn(page, ACCOUNTS.namat);
  await page.goto('/driver-summary');
  await expect(page.getByRole('heading', { name: 'Performance summary' })).toBeVisible();
});

test('a driver’s finance summary is e-mailed as a PDF from the Drivers row’s Finance action', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.delivery);
  await page.goto('/drivers');
  // One of the demo's drivers, who drove in the last days (drivers added by other tests did not).
  await page.getByLabel('Search by name or e-mail').fill('@desertexpress.example');
  await page
    .getByRole('row')
    .filter({ hasText: '@desertexpress.example' })
    .first()
    .getByRole('link', { name: /^Finance of / })
    .click();
  await expect(page).toHaveURL(/\/one-Driver-Finance-Summary\/\d+&/);
  await page
    .getByLabel('From', { exact: true })
    .fill(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
  const send = page.getByRole('button', { name: 'Send Selected Driver Report' });
  await expect(send).toBeEnabled();
  await expect(page.getByRole('columnheader', { name: 'Total Working Hours' })).toBeVisible();
  await send.click();
  const dialog = page.getByRole('dialog', { name: 'Send File' });
  await dialog.getByLabel('To', { exact: true }).fill('admin@example.com');
  await dialog.getByLabel('Pdf').check();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`File sent successfully ${SENT_TO_OUTBOX}`)).toBeVisible();
});

test('the all-drivers send screen says when the period holds no data', async ({ page }) => {
  await signIn(page, ACCOUNTS.school);
  await page.goto('/all-finance-summary');
  await expect(page.getByLabel('Select all')).toBeChecked();
  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2001-01-31');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send File' });
  await dialog.getByLabel('To', { exact: true }).fill('school@example.com');
  await dialog.getByLabel('To', { exact: true }).press('Enter');
  await expect(dialog.getByText(/^No data for the selected .+ \/ date range\.$/)).toBeVisible();
});

test('Analytics from the menu shows the demo’s drivers with their working hours and exceptions', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.delivery);
  await mainMenu(page).getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  // The demo's last 30 days (the month so far may hold none of them).
  const fdate = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(fdate);
  const ldate = await page.getByLabel('To', { exact: true }).inputValue();
  // What the server counts from the demo's trips and exceptions of those days, most first.
  const ranking = async (name: string) =>
    (
      await (
        await page.request.get(`/api/analytics/get-drivers-with-${name}?fdate=${fdate}&ldate=${ldate}`)
      ).json()
    ).data as { fullname: string; total_time: string; exception_count: number }[];
  const [busiest] = await ranking('most-working-hours');
  expect(busiest, 'the demo has worked time in its last 30 days').toBeDefined();
  const hoursTable = page.getByRole('table', { name: 'Working hours' });
  await expect(hoursTable.getByRole('row').nth(1)).toContainText(busiest!.fullname);
  await expect(hoursTable.getByRole('row').nth(1)).toContainText(busiest!.total_time);
  const [mostExceptions] = await ranking('most-exceptions');
  expect(mostExceptions, 'the demo raises exceptions').toBeDefined();
  const exceptionsRow = page.getByRole('table', { name: 'Total Exceptions' }).getByRole('row').nth(1);
  await expect(exceptionsRow).toContainText(mostExceptions!.fullname);
  await expect(exceptionsRow.getByRole('cell').nth(2)).toHaveText(String(mostExceptions!.exception_count));
  await expect(page.getByRole('img', { name: /^Top Drivers by Trips Completed: / })).toBeVisible();
});
