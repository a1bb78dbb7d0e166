import { expect, test } from '@playwright/test';
import { adminApi, data, driverWithTrip, phone, signInOnPhone } from './driver-helpers';

/*
 * Messages from the office on the driver's phone (spec 002 "Notifications"): a driver signed in on
 * the app receives a text message an admin sends through the console's call while the app is open
 * (the live stream: no reload), sees it counted as new, opens it (marked seen) and acknowledges it;
 * the console's history then shows when it was seen and that it was acknowledged. A message read
 * without a network is recorded once the network returns.
 */

interface HistoryRow {
  id: number;
  title: string;
  driver_id: number;
  seen_at: string | null;
  feedback: number;
}

test('[DRIVER APP]: a message the office sends reaches the open app live; the driver opens and acknowledges it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const driver = await driverWithTrip(api, 'en');
  const context = await phone(browser, baseURL!);
  const page = await context.newPage();
  await signInOnPhone(page, driver.email);

  await page.getByTestId('messages-link').click();
  await expect(page).toHaveURL(/\/driver\/messages$/);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(page.getByText('No messages from the office yet.')).toBeVisible();
  // No VAPID keys on this server: the app says messages arrive only while it is open.
  await expect(page.getByTestId('push-status')).toHaveText(/Push messages are not set up on the server/);

  const sent = await api.post('/api/device/send-notification', {
    data: {
      title: 'Gate 4 closed',
      body: 'Use gate 2 for pickups today.',
      driver_id: driver.id,
      tenant_id: 1,
      language: 'en',
    },
  });
  const { ids } = await data<{ ids: number[] }>(sent);

  // It arrives while the screen is open, counted as new.
  const message = page.getByTestId('message').filter({ hasText: 'Gate 4 closed' });
  await expect(message).toBeVisible();
  await expect(message.getByText('New')).toBeVisible();
  await expect(page.getByTestId('messages-link')).toHaveAccessibleName('Messages, 1 new');

  await message.getByRole('button', { name: /Gate 4 closed/ }).click();
  await expect(message.getByText('Use gate 2 for pickups today.')).toBeVisible();
  await expect(page.getByTestId('messages-link')).toHaveAccessibleName('Messages');
  await message.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(message.getByText('You acknowledged this message: the office can see it.')).toBeVisible();

  const historyRow = async (id: number | undefined) =>
    (await data<HistoryRow[]>(await api.post('/api/notification/get-notifications?tenant_id=1'))).find(
      (n) => n.id === id,
    );
  await expect.poll(async () => (await historyRow(ids[0]))?.feedback).toBe(1);
  const row = await historyRow(ids[0]);
  expect(row).toMatchObject({ driver_id: driver.id, feedback: 1 });
  expect(row!.seen_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await page.screenshot({ path: test.info().outputPath('messages.png') });

  // Read without a network: opened and acknowledged on the phone, recorded when the network returns.
  const second = await api.post('/api/device/send-notification', {
    data: {
      title: 'Fuel card',
      body: 'Your new fuel card is at the depot.',
      driver_id: driver.id,
      language: 'en',
    },
  });
  const [secondId] = (await data<{ ids: number[] }>(second)).ids;
  const card = page.getByTestId('message').filter({ hasText: 'Fuel card' });
  await expect(card).toBeVisible();
  await context.setOffline(true);
  await card.getByRole('button', { name: /Fuel card/ }).click();
  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(card.getByText('You acknowledged this message: the office can see it.')).toBeVisible();
  expect(await historyRow(secondId)).toMatchObject({ seen_at: null, feedback: 0 });
  await context.setOffline(false);
  await expect.poll(async () => (await historyRow(secondId))?.feedback, { timeout: 30_000 }).toBe(1);
  expect((await historyRow(secondId))!.seen_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await context.close();
  await api.dispose();
});
