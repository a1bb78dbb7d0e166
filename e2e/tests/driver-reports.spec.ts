import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';
import { adminApi, data, driverWithTrip, phone, PHOTO, signInOnPhone } from './driver-helpers';

/*
 * Reports from the road on the driver app (a phone, Pixel 7, with emulated geolocation and a file
 * standing in for the camera), against the console: an accident with a photo and the GPS place
 * reaches the console's Accidents page; a vehicle change request reaches Change Vehicle Requests,
 * the admin declines it, then accepts a second one, and the phone shows each decision as it is
 * made. The driver also skips a stop of a running trip, after a confirmation.
 */

const pad = (n: number) => String(n).padStart(2, '0');
/** The local day `days` before today as a date input's value. */
const localDay = (days = 0) => {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

test.describe('driver app reports', () => {
  test('[DRIVER APP]: a driver reports an accident with a photo and the GPS place, and the console lists it', async ({
    browser,
    page: consolePage,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(baseURL!);
    const driver = await driverWithTrip(api, 'en');
    const context = await phone(browser, baseURL!);
    const page = await context.newPage();
    await signInOnPhone(page, driver.email);
    await page.getByRole('link', { name: new RegExp(`#${driver.tripId}\\b`) }).click();
    await page.getByRole('button', { name: /^Start / }).click();
    await expect(page.getByTestId('outbox-count')).toHaveText('Everything is sent', { timeout: 30_000 });
    await page.getByRole('button', { name: /Back/ }).click();

    // The screen's heading takes the focus when the driver moves to it.
    await page.getByRole('link', { name: 'Report an accident' }).click();
    await expect(page).toHaveURL(/\/driver\/accident$/);
    await expect(page.getByRole('heading', { name: 'Accident', level: 1 })).toBeFocused();
    await expect(page.getByTestId('accident-place')).toContainText('Place from the GPS: 25.05000, 55.13000');

    // Nothing said: nothing sent.
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Say what happened.');

    const description = `Scraped a bollard reversing ${Date.now()}`;
    await page.getByLabel('What happened').fill(description);
    await page.getByLabel('Photos').setInputFiles(PHOTO);
    await expect(page.getByText('1 photo(s)')).toBeVisible();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Accident report kept: it is sent as soon as the network allows.',
    );
    await expect(page.getByTestId('outbox-count')).toHaveText('Everything is sent');

    // Tied to the trip in progress, with the place from the GPS.
    const accidents = await data<{ description: string; trip_id: number | null }[]>(
      await api.post('/api/accident/get-driver-accidents', { data: { driver_id: driver.id } }),
    );
    expect(accidents.map((a) => [a.description, a.trip_id])).toEqual([[description, driver.tripId]]);

    await signIn(consolePage, ACCOUNTS.delivery);
    await consolePage.goto('/accidents');
    await consolePage.getByLabel('From', { exact: true }).fill(localDay(1));
    await consolePage.getByRole('searchbox', { name: 'Search' }).fill(description);
    const row = consolePage
      .getByRole('table', { name: 'Accidents' })
      .getByRole('row')
      .filter({ hasText: description });
    await expect(row).toContainText(driver.name);
    await expect(row.getByRole('button', { name: /^Pictures of accident \d+ of / })).toBeVisible();

    // Without a GPS position the app says so and asks for the place in words.
    await context.clearPermissions();
    await page.getByRole('button', { name: /Back/ }).click();
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeFocused();
    await page.getByRole('link', { name: 'Report an accident' }).click();
    await expect(page.getByTestId('accident-place')).toContainText('No GPS position on this phone now');
    await page.getByLabel('What happened').fill('Flat tyre');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Say where it happened: the phone has no GPS position.',
    );
    await expect(page.getByLabel('Where it happened')).toBeVisible();

    await context.close();
    await api.dispose();
  });

  test('[DRIVER APP]: a driver asks for another vehicle; the admin declines, then accepts, and the phone shows each decision', async ({
    browser,
    page: consolePage,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const api = await adminApi(baseURL!);
    const driver = await driverWithTrip(api, 'en');
    const context = await phone(browser, baseURL!);
    const page = await context.newPage();
    await signInOnPhone(page, driver.email);
    await signIn(consolePage, ACCOUNTS.delivery);
    // A new vehicle nobody drives, so the console's Accept gives it without taking it from anyone.
    const reference = `E2E-${Date.now().toString(36)}`;
    const bus = await data<{ id: number }>(
      await api.post('/api/bus/add', {
        data: { reference, brand: 'Toyota', model: 'Hiace', year: 2024, mileage: 1000 },
      }),
    );
    const vehicleId = String(bus.id);

    const ask = async (note: string) => {
      await page.getByLabel(/ you need/).selectOption(vehicleId);
      await page.getByLabel('Your note (optional)').fill(note);
      await page.getByLabel('Photos').setInputFiles(PHOTO);
      await page.getByRole('button', { name: 'Send' }).click();
    };
    const card = consolePage.getByRole('article').filter({ hasText: driver.name });

    await page.getByRole('link', { name: /^Ask for another / }).click();
    await expect(page.getByRole('heading', { name: /^Change of /, level: 1 })).toBeFocused();

    await ask('Warning light on the dashboard');
    const request = page.getByTestId('vehicle-request');
    await expect(request).toContainText(`Your request for ${reference}`);
    await expect(request).toContainText('Waiting for the office');
    // One request waits at a time: no new one is offered meanwhile.
    await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);

    await consolePage.goto('/change-vehicle-requests');
    await expect(card).toContainText(reference);
    await card.getByRole('button', { name: new RegExp(`^Decline request #\\d+ of ${driver.name}$`) }).click();
    await consolePage
      .getByRole('dialog', { name: /^Decline request #/ })
      .getByRole('button', { name: 'Decline' })
      .click();
    await expect(consolePage.getByText('Request declined.')).toBeVisible();
    await expect(request).toContainText('Declined');

    // Declined: the driver may ask again; this time the admin accepts.
    await ask('Still blinking');
    await expect(request).toContainText('Waiting for the office');
    await expect(card).toContainText(reference);
    await card.getByRole('button', { name: new RegExp(`^Accept request #\\d+ of ${driver.name}$`) }).click();
    await consolePage
      .getByRole('dialog', { name: /^Accept request #/ })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(consolePage.getByText('Request accepted.')).toBeVisible();
    await expect(request).toContainText(/^Your request for .+Accepted: the vehicle is yours/);
    await expect(page.getByText(`Your vehicle now: ${reference}`)).toBeVisible();

    await context.close();
    await api.dispose();
  });

  test('[DRIVER APP]: a driver skips a stop after confirming, with a reason, and the trip goes on to the next', async ({
    browser,
    baseURL,
  }) => {
    const api = await adminApi(baseURL!);
    const driver = await driverWithTrip(api, 'en');
    const context = await phone(browser, baseURL!);
    const page = await context.newPage();
    await signInOnPhone(page, driver.email);
    await page.getByRole('link', { name: new RegExp(`#${driver.tripId}\\b`) }).click();
    await page.getByRole('button', { name: /^Start / }).click();

    const first = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Marina Mall loading bay' }) });
    await first.getByRole('button', { name: /^Skip this / }).click();
    await expect(first).toContainText('Skip Marina Mall loading bay? Its tasks will be missed');
    await first.getByRole('button', { name: 'Skip it' }).click();
    await expect(first.getByRole('alert')).toHaveText(/^Say why the .+ is skipped\.$/);
    await first.getByLabel('Why is it skipped?').fill('Loading bay closed');
    await first.getByRole('button', { name: 'Skip it' }).click();
    await expect(first.getByText('Skipped', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Arrive at JLT Cluster D' })).toBeVisible();
    await expect(page.getByTestId('outbox-count')).toHaveText('Everything is sent', { timeout: 30_000 });

    // The server has it: after a reload (nothing waits on the phone) the stop is still skipped.
    await page.reload();
    await expect(first.getByText('Skipped', { exact: true })).toBeVisible();
    await expect(first).toContainText('Loading bay closed');
    await expect(page.getByRole('button', { name: 'Arrive at JLT Cluster D' })).toBeVisible();

    await context.close();
    await api.dispose();
  });
});
