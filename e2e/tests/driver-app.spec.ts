import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';
import { adminApi, data, day, driverWithTrip, phone, PASSWORD, PHOTO, signInOnPhone } from './driver-helpers';

/*
 * The driver app (/driver) on a phone (Pixel 7) with emulated geolocation, against the console: a
 * driver and a trip starting now are made through the admin API, the driver signs in on the phone
 * and runs the whole trip, completing one task with a photo of the client's proof and one for the
 * manager's approval, which the console decides while the phone shows it. Mid-trip the phone loses
 * the network: the actions and positions wait on the phone, are counted on screen, and are recorded
 * once and in order when the network returns.
 */

interface TripDetails {
  started_date: string | null;
  ended_date: string | null;
  destinations: {
    destination_name: string;
    arrived_date: string | null;
    departed_date: string | null;
    tasks: { order_id: string; completed_date: string | null; manager_approval_status: string | null }[];
  }[];
}

test.describe('driver app', () => {
  test('[DRIVER APP]: a driver runs a whole trip on the phone, offline for part of it, and the console sees each step', async ({
    browser,
    page: consolePage,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const started = Date.now();
    const api = await adminApi(baseURL!);
    const driver = await driverWithTrip(api, 'en');
    const tripDetails = async () =>
      data<TripDetails>(await api.post('/api/trip/get-trip-details', { data: { id: driver.tripId } }));

    const context = await phone(browser, baseURL!);
    const page = await context.newPage();
    await page.goto('/driver/');

    // Sign-in: a wrong password is told plainly; the right one opens the driver's day.
    await page.getByLabel('E-mail').fill(driver.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Wrong e-mail or password, or this account is no longer active.',
    );
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    // Today → the trip: its stops, tasks, order ids and note.
    await page.getByRole('link', { name: new RegExp(`#${driver.tripId}\\b`) }).click();
    await expect(page).toHaveURL(new RegExp(`/driver/trips/${driver.tripId}$`));
    await expect(page.getByText('Gate code 4711')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Marina Mall loading bay' })).toBeVisible();
    await expect(page.getByText('Order ORD-7001')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete task' })).toHaveCount(0);

    // Start: location sharing begins; the console's dashboard has the trip on the road.
    await page.getByRole('button', { name: /^Start / }).click();
    await expect(page.getByTestId('sharing')).toContainText('Sharing location · Last fix');
    const navigate = page.getByRole('link', { name: 'Navigate to Marina Mall loading bay' });
    await expect(navigate).toHaveAttribute('href', /destination=25\.0765,55\.1403/);
    await expect(page.getByTestId('outbox-count')).toHaveText('Everything is sent');
    await expect.poll(async () => (await tripDetails()).started_date).not.toBeNull();

    await signIn(consolePage, ACCOUNTS.delivery);
    await consolePage.goto('/dashboard');
    await expect(
      consolePage
        .getByRole('table', { name: /today's trips/i })
        .getByRole('button', { name: `Show Trip #${driver.tripId} on the map` }),
    ).toBeVisible();

    // Arrive, complete a task with the client's photo and one for the manager's approval.
    await page.getByRole('button', { name: 'Arrive at Marina Mall loading bay' }).click();
    await context.setGeolocation({ latitude: 25.0765, longitude: 55.1403, accuracy: 8 });
    const parcels = page.getByRole('listitem', { name: 'Deliver 3 parcels' });
    await parcels.getByRole('button', { name: 'Complete task' }).click();
    await parcels.getByLabel("Client's proof").setInputFiles(PHOTO);
    await parcels.getByRole('button', { name: 'Complete' }).click();
    await expect(parcels.getByText('Completed', { exact: true })).toBeVisible();

    const cash = page.getByRole('listitem', { name: 'Cash on delivery' });
    await cash.getByRole('button', { name: 'Complete task' }).click();
    // Without its photo the task is not completed.
    await cash.getByRole('button', { name: 'Complete' }).click();
    await expect(cash.getByRole('alert')).toHaveText('Add at least one photo.');
    await cash.getByLabel('Proof for the manager').setInputFiles(PHOTO);
    await cash.getByLabel('Your note (optional)').fill('Paid in cash, 120 AED');
    await cash.getByRole('button', { name: 'Complete' }).click();
    await expect(cash.getByText('Manager approval: waiting')).toBeVisible();
    await expect(page.getByTestId('outbox-count')).toHaveText('Everything is sent');

    // The console decides the approval; the phone shows it without a reload.
    await consolePage.goto('/approvals');
    const approve = consolePage.getByRole('button', { name: `Approve: Cash on delivery · ${driver.name}` });
    await approve.click();
    const dialog = consolePage.getByRole('dialog', { name: 'Approval' });
    await dialog.getByRole('radio', { name: 'Accepted' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(consolePage.getByText('Approval updated successfully')).toBeVisible();
    await expect(cash.getByText('Manager approval: accepted')).toBeVisible();

    // Offline: depart, drive (positions), arrive and depart at the last stop; all of it waits.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await expect(page.getByText('Offline: your work is kept on this phone')).toBeVisible();
    await page.getByRole('button', { name: 'Depart from Marina Mall loading bay' }).click();
    for (const [latitude, longitude] of [
      [25.074, 55.141],
      [25.0715, 55.1425],
      [25.0693, 55.1445],
    ] as const) {
      await context.setGeolocation({ latitude, longitude, accuracy: 8 });
      await expect(page.getByTestId('sharing')).toContainText('Last fix');
    }
    await page.getByRole('button', { name: 'Arrive at JLT Cluster D' }).click();
    await page.getByRole('button', { name: 'Depart from JLT Cluster D' }).click();
    await expect(page.getByRole('button', { name: /^End / })).toBeVisible();
    // Three actions and the fixes taken on the way (one a place: at least three).
    await expect(page.getByTestId('outbox-count')).toHaveText(/^([6-9]|\d{2,}) waiting to send$/);
    // The app opens again without a network (its service worker), with what waits still waiting.
    const count = async () =>
      Number(/^(\d+) waiting/.exec((await page.getByTestId('outbox-count').textContent()) ?? '')?.[1]);
    const waiting = await count();
    await page.reload();
    await expect(page.getByRole('button', { name: /^End / })).toBeVisible();
    // (The phone may take a new fix as the app starts again: one more, never fewer.)
    await expect.poll(count).toBeGreaterThanOrEqual(waiting);
    const whileOffline = await tripDetails();
    expect(whileOffline.destinations[0]!.departed_date).toBeNull();
    expect(whileOffline.destinations[1]!.arrived_date).toBeNull();

    // Back online: everything is sent, in order; then the trip ends.
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-count')).toHaveText('Everything is sent', { timeout: 20_000 });
    await page.getByRole('button', { name: /^End / }).click();
    await expect(page.getByText('Ended', { exact: true })).toBeVisible();
    await expect(page.getByTestId('outbox-count')).toHaveText('Everything is sent');

    const done = await tripDetails();
    const [first, last] = done.destinations;
    const moments = [
      done.started_date,
      first!.arrived_date,
      first!.departed_date,
      last!.arrived_date,
      last!.departed_date,
      done.ended_date,
    ];
    for (const moment of moments) expect(moment).not.toBeNull();
    expect([...moments].sort()).toEqual(moments);
    expect(
      first!.tasks.map((t) => [t.order_id, t.completed_date !== null, t.manager_approval_status]),
    ).toEqual([
      ['ORD-7001', true, null],
      ['ORD-7002', true, 'accepted'],
    ]);

    // Every fix once: the positions of the day(s) the test ran, the offline ones included, none twice.
    const days = [...new Set([day(started), day(Date.now())])];
    const fixes: { lat: number; lon: number; date_and_time: string }[] = [];
    for (const d of days) {
      const answer = await data<{ locations: { lat: number; lon: number; date_and_time: string }[] }>(
        await api.post('/api/driver/get-driver-locations-for-today', { data: { id: driver.id, date: d } }),
      );
      fixes.push(...answer.locations);
    }
    // (The console shows whole seconds: two fixes of one second differ by place.)
    const seen = fixes.map((f) => `${f.date_and_time} ${f.lat} ${f.lon}`);
    expect(new Set(seen).size).toBe(seen.length);
    for (const lat of [25.074, 25.0715, 25.0693]) {
      expect(fixes.some((f) => Math.abs(f.lat - lat) < 1e-6)).toBe(true);
    }

    // A refuel from the road, with the receipt's photo, in the tenant's units.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Report a refuel' }).click();
    await page.getByLabel(/^Volume \(/).fill('42.5');
    await page.getByLabel(/^Amount paid \(/).fill('96.30');
    await page.getByLabel('Photo of the receipt').setInputFiles(PHOTO);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Refuel kept: it is sent as soon as the network allows.',
    );
    await expect(page.getByTestId('outbox-count')).toHaveText('Everything is sent');
    const refuels = await data<{ volume: number; amount: number }[]>(
      await api.post('/api/diesel-tank/get-driver-diesel-tanks', { data: { driver_id: driver.id } }),
    );
    expect(refuels.map((r) => [r.volume, r.amount])).toEqual([[42.5, 96.3]]);

    await context.close();
    await api.dispose();
  });

  test('[DRIVER APP]: a driver whose language is Arabic gets the app in Arabic, right to left', async ({
    browser,
    baseURL,
  }) => {
    const api = await adminApi(baseURL!);
    const driver = await driverWithTrip(api, 'ar');
    const context = await phone(browser, baseURL!);
    const page = await context.newPage();
    await signInOnPhone(page, driver.email, 'اليوم');

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.getByRole('link', { name: new RegExp(`#${driver.tripId}\\b`) }).click();
    await expect(page.getByRole('button', { name: 'ابدأ رحلة' })).toBeVisible();
    // Right to left: the text runs from the right, and the driver's name sits at the right edge.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('direction', 'rtl');
    const name = await page.getByText(driver.name).boundingBox();
    expect(name!.x + name!.width).toBeGreaterThan(page.viewportSize()!.width - 40);
    await expect(page.getByRole('button', { name: 'تسجيل الخروج' })).toBeVisible();
    await context.close();
    await api.dispose();
  });

  test('[DRIVER APP]: the app is installable: manifest, icons and service worker under /driver', async ({
    request,
  }) => {
    const manifest = await (await request.get('/driver/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ start_url: '/driver/', scope: '/driver/', display: 'standalone' });
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await request.get(icon.src)).ok(), icon.src).toBe(true);
    }
    const worker = await request.get('/driver/sw.js');
    expect(worker.headers()['content-type']).toContain('javascript');
    // A file the app does not have is a 404, not the console's page.
    expect((await request.get('/driver/assets/missing.js')).status()).toBe(404);
  });
});
