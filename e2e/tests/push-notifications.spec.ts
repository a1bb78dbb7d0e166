import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';
import { PASSWORD, adminApi, data } from './driver-helpers';

/*
 * The Communication Channel: an admin sends a text message to a driver whose app is signed in (a
 * registered device), sees it said and listed in the history; a driver without a device cannot be
 * reached, and the console says so in the tenant's words; bad input is refused on its fields. The
 * test server has no VAPID keys, so the console also says the message reaches only an open app.
 */

const SENT = 'Notification has been sent successfully.';
const PUSH_OFF =
  'Web Push is not set up (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), so the message reaches only an app that is open.';

let unique = 0;
/** A new driver of the delivery tenant; `signedIn` signs their app in, which registers a device. */
async function newDriver(api: APIRequestContext, baseURL: string, signedIn: boolean) {
  unique += 1;
  const fname = 'Noor';
  const lname = `Saleh${Date.now() % 100_000}${unique}`;
  const email = `notify-${Date.now()}-${unique}@fleet.example`;
  const driver = await data<{ id: number }>(
    await api.post('/api/driver/add-driver', {
      data: { fname, lname, email, password: PASSWORD, hourly_rate: 20, language: 'en' },
    }),
  );
  if (signedIn) {
    const app = await playwrightRequest.newContext({ baseURL });
    await data(await app.post('/api/v1/driver/login', { data: { email, password: PASSWORD } }));
    await app.dispose();
  }
  return { id: driver.id, name: `${fname} ${lname}`, email };
}

const openFor = (driver: { id: number; name: string }) =>
  `/push-notifications?driver_id=${driver.id}&driverName=${encodeURIComponent(driver.name)}`;

test('[ADMIN][NOTIFY]: an admin sends a text message to a driver with a device and sees it in the history', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL!);
  const driver = await newDriver(api, baseURL!, true);
  await api.dispose();
  const title = `Gate closed ${Date.now().toString(36)}`;

  await signIn(page, ACCOUNTS.delivery);
  await page.goto(openFor(driver));
  await expect(page.getByRole('heading', { name: 'Communication Channel' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Send a notification' });
  await expect(form.getByRole('combobox', { name: 'Driver' })).toHaveValue(
    `${driver.name} (${driver.email})`,
  );
  await expect(form.getByRole('combobox', { name: 'Language' })).toHaveText('Arabic');

  // Validation: nothing is sent without a title and a body.
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Field is required')).toHaveCount(2);

  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Body' }).fill('Use the north gate today.');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText(SENT)).toBeVisible();
  await expect(form.getByText(PUSH_OFF)).toBeVisible();

  const history = page.getByRole('table', { name: 'Sent notifications' });
  const row = history.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(driver.email);
  await expect(row).toContainText('Not seen');
  await row.getByRole('button', { name: `Details of notification ${title}` }).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toContainText('Use the north gate today.');
  await expect(details).toContainText('Arabic');
});

test('[ADMIN][NOTIFY]: a driver without a registered device cannot be reached, and the console says so', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL!);
  const driver = await newDriver(api, baseURL!, false);
  await api.dispose();
  const title = `Unreachable ${Date.now().toString(36)}`;

  await signIn(page, ACCOUNTS.delivery);
  // From the driver's row on the Drivers page.
  await page.goto('/drivers');
  await page.getByLabel('Search by name or e-mail').fill(driver.email);
  await page.getByRole('link', { name: `Push notification to ${driver.name}` }).click();
  await expect(page).toHaveURL(/\/push-notifications\?driver_id=/);
  const form = page.getByRole('form', { name: 'Send a notification' });
  await expect(form.getByRole('combobox', { name: 'Driver' })).toHaveValue(
    `${driver.name} (${driver.email})`,
  );
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Body' }).fill('Are you there?');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Driver has no registered tokens.')).toBeVisible();
  await expect(form.getByText(SENT)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Sent notifications' }).getByText(title)).toHaveCount(0);
});
