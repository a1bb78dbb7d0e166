import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

/*
 * The record screens on the demo's simulated month: fines (with pictures uploaded from the dialog),
 * diesel refuels and accidents (with the drivers' photos), the school-bus tenant's students, and
 * the vehicle change requests. Tests share one seeded server, so each one finds or makes its own
 * records (names unique per run) and leaves the others' data as it was.
 */

/** A 16 × 16 PNG: the picture a fine is uploaded with. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABlklEQVR42hXR4RiFMQiG4Q9hCEMIYQghhDCEEIbwIIQQQgghDOHs9Lu7662+72N8zA/5WB/6YR/7wz/OBx/xkR/10R/34/sGYzAHMlgDHdhgD3xwBgxikIMa9OCOByZjMicyWROd2GRPfHImTGKSk5r05M4HhCFMQYQlqGDCFlw4AkIIKZTQwpUHFmMxF7JYC13YYi98cRYsYpGLWvTirgeUoUxFlKWoYspWXDkKSiiplNLK1QeMYUxDjGWoYcY23DgGRhhplNHGtQc2YzM3slkb3dhmb3xzNmxik5va9ObuB5zhTEec5ahjznbcOQ5OOOmU0871Bw7jMA9yWAc92GEf/HAOHOKQhzr04Z4H/s95534HfCd5S77YL8gb/Zr/FZBQ0HDf679gBDOQYAUaWLADD0782yPIoIIObjyQjGQmkqxEE0t24snJ//BIMqmkk5sPFKOYhRSr0MKKXXhx6h8liiyq6OLWA81oZiPNarSxZjfenP4Hjyabarq5/cBlXOZFLuuiF7vsi1/O/a8Zl7zUpS/38gNq4ZAQAX6pcwAAAABJRU5ErkJggg==',
  'base64',
);
const NOT_IMAGE = 'Pictures must be JPEG, PNG, WebP or HEIC images.';

const pad = (n: number) => String(n).padStart(2, '0');
/** The local day `days` before today as a date input's value; the browser runs in the test's time zone. */
const localDay = (days = 0) => {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
/** Unique per run, for names, descriptions and e-mails. */
const stamp = () => Date.now().toString(36);

/** Widens a list's From / To filter to the demo's simulated month (To stays today). */
async function showLastMonth(page: Page) {
  await page.getByLabel('From', { exact: true }).fill(localDay(30));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(localDay());
}

/** Waits until the browser has decoded the picture: it is loaded, not broken. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/**
 * Every picture of the carousel in `dialog` loads: paused, then walked with Next. `alt` is the
 * pictures' alternative text, "(2 of 3)" added to it when there are several.
 */
async function expectCarouselLoads(dialog: Locator, alt: string) {
  await expect(dialog.getByRole('img').first()).toBeVisible();
  const next = dialog.getByRole('button', { name: 'Next image' });
  const several = (await next.count()) > 0;
  const count = several ? Number((await dialog.getByText(/^\d+ \/ \d+$/).textContent())!.split('/')[1]) : 1;
  if (several) await dialog.getByRole('button', { name: 'Pause slideshow' }).click();
  for (let i = 1; i <= count; i += 1) {
    const name = several ? `${alt} (${i} of ${count})` : alt;
    await expectLoaded(dialog.getByRole('img', { name, exact: true }));
    if (i < count) await next.click();
  }
  await expect(dialog.getByText('This image could not be loaded.')).toHaveCount(0);
}

/** Opens an autocomplete, types `name` and picks the option of that name. */
async function pickNamed(page: Page, combobox: Locator, name: string) {
  await combobox.click();
  await combobox.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(combobox).toHaveValue(name);
}

/** Opens an autocomplete and picks its first option; answers the option's text. */
async function pickFirst(page: Page, combobox: Locator): Promise<string> {
  await combobox.click();
  const option = page.getByRole('option').first();
  const text = (await option.textContent()) ?? '';
  await option.click();
  return text;
}

interface TDriver {
  id: number;
  fname: string;
  lname: string;
  bus_id: number | null;
  archived: 0 | 1;
}

/** The signed-in tenant's live drivers, asked of the API as the dialogs do. */
async function liveDrivers(page: Page): Promise<TDriver[]> {
  const res = await page.request.get('/api/driver/get-drivers');
  expect(res.ok()).toBe(true);
  return ((await res.json()).data as TDriver[]).filter((d) => d.archived === 0);
}

/** A live driver with at least one trip, so the fine dialog's trip search has something to offer. */
async function driverWithTrips(page: Page): Promise<string> {
  for (const driver of await liveDrivers(page)) {
    const res = await page.request.post('/api/trip/get-all-trips-filtred', {
      data: { driver_id: driver.id, limit: 1 },
    });
    expect(res.ok()).toBe(true);
    if (((await res.json()).data as unknown[]).length > 0) return `${driver.fname} ${driver.lname}`;
  }
  throw new Error('No driver of the tenant has a trip');
}

/** Fills the Add Fine dialog's driver, amount and description. */
async function fillFine(page: Page, dialog: Locator, fine: { driver: string; amount: string; text: string }) {
  await pickNamed(page, dialog.getByRole('combobox', { name: 'Driver' }), fine.driver);
  await dialog.getByLabel('Amount').fill(fine.amount);
  await dialog.getByLabel('Description').fill(fine.text);
}

test.describe('record screens', () => {
  test('[FINES]: an admin adds a fine with a picture and sees it in the list', async ({ page }) => {
    test.setTimeout(60_000);
    const run = stamp();
    const fine = { amount: `${100 + (Date.now() % 800)}.50`, text: `E2E fine ${run}`, driver: '' };

    await signIn(page, ACCOUNTS.delivery);
    fine.driver = await driverWithTrips(page);
    await page.goto('/fines');
    await expect(page.getByRole('heading', { level: 1, name: 'Fines' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Fine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Fine' });
    await expect(dialog.getByRole('combobox', { name: 'Trip' })).toBeDisabled();
    await fillFine(page, dialog, fine);
    // The trip search opens once the driver is chosen, with that driver's trips.
    const trip = dialog.getByRole('combobox', { name: 'Trip' });
    await expect(trip).toBeEnabled();
    const tripLabel = await pickFirst(page, trip);
    expect(tripLabel).toContain(` - ${fine.driver} - `);
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Postponed');

    await dialog
      .getByTestId('fine-photos-input')
      .setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: PNG });
    await expectLoaded(dialog.getByRole('img', { name: 'ticket.png' }));

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/fine/add'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    const res = await answer;
    expect(res.ok()).toBe(true);
    const saved = (await res.json()).data as { id: number; trip_id: number | null };
    expect(saved.trip_id).not.toBeNull();
    await expect(page.getByText('Fine added successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Today's list (the default range) holds it, with the amount in the tenant's currency.
    const table = page.getByRole('table', { name: 'Fines' });
    const row = table.getByRole('row').filter({ hasText: fine.text });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${fine.amount} AED`);
    await expect(row).toContainText(fine.driver);
    await expect(row).toContainText(`#${saved.trip_id}`);
    await expect(row).toContainText('Postponed');

    // Its thumbnail, then the picture itself in the carousel, load in the browser.
    const pictures = row.getByRole('button', { name: `Pictures of fine ${saved.id} (1)` });
    // The thumbnail is decorative (empty alternative text): the button names it.
    await expectLoaded(pictures.locator('img'));
    await pictures.click();
    const viewer = page.getByRole('dialog', { name: `Pictures of fine #${saved.id}` });
    await expectCarouselLoads(viewer, `Pictures of fine ${saved.id}`);
    const shown = viewer.getByRole('img', { name: `Pictures of fine ${saved.id}`, exact: true });
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
  });

  test("[FINES]: a picture that is not an image is refused with the server's message and nothing is added", async ({
    page,
  }) => {
    const fine = { amount: '75', text: `E2E refused fine ${stamp()}`, driver: '' };
    await signIn(page, ACCOUNTS.delivery);
    fine.driver = await driverWithTrips(page);
    await page.goto('/fines');

    await page.getByRole('button', { name: 'Add Fine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Fine' });
    await fillFine(page, dialog, fine);
    // Text named like a picture: the browser takes it for a PNG, the server reads its content.
    await dialog.getByTestId('fine-photos-input').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are words, not a picture.\n'),
    });
    await expect(dialog.getByRole('img', { name: 'photo.png' })).toBeAttached();

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/fine/add'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await answer).status()).toBe(400);
    await expect(dialog.getByText(NOT_IMAGE)).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Nothing was recorded: neither in the list nor in the API's answer.
    await page.getByLabel('Search by driver or description').fill(fine.text);
    await expect(page.getByText('No fines in these days.')).toBeVisible();
    const res = await page.request.post('/api/fine/get-fines', { data: {} });
    expect(res.ok()).toBe(true);
    const texts = ((await res.json()).data as { description: string }[]).map((f) => f.description);
    expect(texts).not.toContain(fine.text);
  });

  test('[REFUELS]: over the last 30 days an admin sees the refuels, their receipts, and updates one', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/refuel');
    await expect(page.getByRole('heading', { level: 1, name: 'Diesel refuels' })).toBeVisible();
    await showLastMonth(page);

    const table = page.getByRole('table', { name: 'Diesel refuels' });
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const photos = rows.first().getByRole('button', { name: /^Receipt photos of refuel \d+ of / });
    // "Receipt photos of refuel 12 of Ali Hassan": the row's name is "refuel 12 of Ali Hassan".
    const rowName = (await photos.getAttribute('aria-label'))!.replace(/^Receipt photos of /, '');
    const [, id, driver] = /^refuel (\d+) of (.+)$/.exec(rowName)!;
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Edit ${rowName}`, exact: true }) });

    await photos.click();
    const receipt = page.getByRole('dialog', { name: `Receipt of refuel ${id} · ${driver}` });
    await expectCarouselLoads(receipt, `Receipt of refuel ${id} · ${driver}`);
    await receipt.getByRole('button', { name: 'Close' }).click();
    await expect(receipt).toBeHidden();

    // Correct its price: the list shows the new one.
    const amount = `${200 + (Date.now() % 100)}.25`;
    await row.getByRole('button', { name: `Edit ${rowName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Diesel Tank' });
    await expect(dialog.getByLabel('Volume')).not.toHaveValue('');
    await dialog.getByLabel('Amount').fill(amount);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Diesel Tank updated successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(`${amount} AED`);
  });

  test('[ACCIDENTS][NAMAT]: the namat admin sees Emergency events with every unit on standby', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.namat);
    await page.goto('/accidents');
    await expect(page.getByRole('heading', { level: 1, name: 'Emergency events' })).toBeVisible();
    const readiness = page.getByRole('table', { name: 'Readiness' });
    await expect(readiness.locator('tbody tr')).toHaveCount(4);
    for (const unit of [
      'Emergency Kits',
      'Disaster Recovery Plans',
      'Rapid Response Teams',
      'Civil Defence Unit',
    ]) {
      const row = readiness.getByRole('row').filter({ hasText: unit });
      await expect(row).toContainText('On-standby');
    }
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(localDay());
  });

  test('[ACCIDENTS]: over the last 30 days the delivery admin sees accidents whose pictures load', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/accidents');
    await expect(page.getByRole('heading', { level: 1, name: 'Accidents' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Readiness' })).toHaveCount(0);
    await showLastMonth(page);

    const rows = page.getByRole('table', { name: 'Accidents' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // Every accident of the first page: its pictures open and load.
    for (const row of await rows.all()) {
      await expect(row.locator('td').nth(2)).not.toBeEmpty();
      const button = row.getByRole('button', { name: /^Pictures of accident \d+ of / });
      const [, id, driver] = /^Pictures of accident (\d+) of (.+)$/.exec(
        (await button.getAttribute('aria-label'))!,
      )!;
      await button.click();
      const title = `Pictures of accident ${id} · ${driver}`;
      const dialog = page.getByRole('dialog', { name: title });
      await expectCarouselLoads(dialog, title);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('[STUDENTS]: the school admin sees pupils with their driver, adds one with a new guardian and a bus stop, finds it and deletes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const run = stamp();
    const pupil = { fname: 'Mira', lname: `Pupil${run}` };
    const guardian = { fname: 'Hana', lname: `Parent${run}`, email: `guardian.${run}@example.com` };

    await signIn(page, ACCOUNTS.school);
    const drivers = (await liveDrivers(page)).map((d) => `${d.fname} ${d.lname}`);
    await page.goto('/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Students' });
    await expect(table.getByRole('columnheader', { name: 'Driver' })).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) expect(drivers).toContain(await row.locator('td').nth(2).innerText());

    await page.getByRole('button', { name: 'Add Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Student' });
    // The pupil's own names come before the guardians'.
    await dialog.getByLabel('First name').first().fill(pupil.fname);
    await dialog.getByLabel('Last name').first().fill(pupil.lname);
    // No geocoder in tests: the stop is named and its point typed.
    await expect(dialog.getByLabel('Search address')).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Bus stop address' }).fill(`E2E stop ${run}, Al Barsha`);
    await dialog.getByLabel('Latitude').fill('25.1134');
    await dialog.getByLabel('Longitude').fill('55.1996');
    await expect(dialog.getByText('Invalid place selected')).toHaveCount(0);
    const driver = await pickFirst(page, dialog.getByRole('combobox', { name: 'Associated driver' }));

    const first = dialog.getByRole('group', { name: 'Guardian 1' });
    await expect(first.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    await first.getByLabel('First name').fill(guardian.fname);
    await first.getByLabel('Last name').fill(guardian.lname);
    await first.getByLabel('Email').fill(guardian.email);
    await first.getByLabel(/^Password/).fill('guardian-test-pass');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Student added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Newest first, then found by search.
    const name = `${pupil.fname} ${pupil.lname}`;
    const row = table.getByRole('row').filter({ hasText: pupil.lname });
    await expect(row).toContainText(driver);
    await page.getByLabel('Search by name').fill(pupil.lname);
    await expect(rows).toHaveCount(1);
    await expect(row).toContainText(pupil.fname);
    await expect(row).toContainText(driver);

    // Info shows it read-only, with its guardian.
    await row.getByRole('button', { name: `Info of ${name}` }).click();
    const info = page.getByRole('dialog', { name });
    await expect(info.getByRole('textbox', { name: 'Bus stop address' })).toHaveValue(
      `E2E stop ${run}, Al Barsha`,
    );
    await expect(info.getByRole('textbox', { name: 'Bus stop address' })).toBeDisabled();
    await expect(info.getByLabel('Email')).toHaveValue(guardian.email);
    await expect(info.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await info.getByRole('button', { name: 'Close' }).click();
    await expect(info).toBeHidden();

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Student deleted successfully')).toBeVisible();
    await expect(page.getByText('No students yet.')).toBeVisible();
  });

  test('[VEHICLE_REQUESTS]: the delivery admin accepts a pending request, which moves to the old requests and changes the drivers’ vehicles', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, ACCOUNTS.delivery);

    // A pending request to accept, one that offers a swap when there is one.
    type TPerson = { id: number; fname: string; lname: string };
    type TRequest = {
      id: number;
      driver: TPerson & { archived: boolean; bus: { id: number; reference: string } | null };
      newBus: { id: number; reference: string; archived: boolean; drivers: TPerson[] };
    };
    const res = await page.request.post('/api/bus-request/get-bus-requests', {
      data: { page: 1, page_size: 10 },
    });
    expect(res.ok()).toBe(true);
    const pending = ((await res.json()).data.pending as TRequest[]).filter(
      (r) => !r.driver.archived && !r.newBus.archived,
    );
    expect(pending.length).toBeGreaterThan(0);
    const othersOf = (r: TRequest) => r.newBus.drivers.filter((d) => d.id !== r.driver.id);
    const request =
      pending.find((r) => othersOf(r).length > 0 && r.driver.bus && r.driver.bus.id !== r.newBus.id) ??
      pending.find((r) => othersOf(r).length === 0) ??
      pending[0]!;
    const others = othersOf(request);
    const given = request.driver.bus;
    const name = `${request.driver.fname} ${request.driver.lname}`;

    await page.goto('/change-vehicle-requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Change Vehicle Requests' })).toBeVisible();
    const card = page
      .getByRole('article')
      .filter({ has: page.getByText(`Request #${request.id}`, { exact: true }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText(request.newBus.reference);
    await expect(card.getByRole('button', { name: /^(Photos \(\d+\)|No photos): / })).toBeVisible();
    await expect(
      card.getByRole('button', { name: `Decline request #${request.id} of ${name}` }),
    ).toBeVisible();
    await expect(card).toContainText(others.length > 0 ? 'Taken' : 'Free');
    await card.getByRole('button', { name: `Accept request #${request.id} of ${name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Accept request #${request.id}` });
    let outcome = 'Approved';
    if (others.length > 0 && !given) {
      // Taken, and the requester has no vehicle to give: Force Accept is the only way.
      await expect(dialog.getByRole('button', { name: 'Swap' })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Force Accept' }).click();
      await expect(page.getByText(/^Request accepted: .+ no longer has a vehicle\.$/)).toBeVisible();
      outcome = 'Approved (forced)';
    } else if (others.length > 0) {
      // Taken: Swap and Force Accept are offered; Swap gives the other driver(s) the requester's vehicle.
      await expect(dialog.getByRole('button', { name: 'Force Accept' })).toBeVisible();
      const swap = dialog.getByRole('button', { name: 'Swap' });
      await expect(swap).toBeEnabled();
      await expect(dialog).toContainText(`${name} gets ${request.newBus.reference};`);
      await swap.click();
      await expect(page.getByText('Request accepted: the vehicles were swapped.')).toBeVisible();
      outcome = 'Approved (swap)';
    } else {
      await expect(dialog.getByRole('button', { name: 'Swap' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByText('Request accepted.')).toBeVisible();
    }
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);

    // In the Old Requests table (newest first), approved.
    const old = page.getByRole('table', { name: 'Old Requests' });
    const row = old
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: new RegExp(`request #${request.id} by `) }) });
    await expect(row).toContainText(outcome);
    await expect(row).toContainText(name);
    await expect(row).toContainText(request.newBus.reference);

    // The drivers' vehicles changed, as the API tells them.
    const drivers = await liveDrivers(page);
    const busOf = (id: number) => drivers.find((d) => d.id === id)?.bus_id;
    expect(busOf(request.driver.id)).toBe(request.newBus.id);
    for (const other of others) expect(busOf(other.id)).toBe(given?.id ?? null);
  });
});
