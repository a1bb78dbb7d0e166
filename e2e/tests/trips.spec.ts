import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, signIn } from './helpers';

const pad = (n: number) => String(n).padStart(2, '0');
/** A local date as a `datetime-local` value; the browser runs in the same time zone as the test. */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const hhmm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

/** Opens an autocomplete and picks its option at `index`; answers the option's text. */
async function pickOption(page: Page, combobox: Locator, index = 0): Promise<string> {
  await combobox.click();
  const option = page.getByRole('option').nth(index);
  const text = (await option.textContent()) ?? '';
  await option.click();
  return text;
}

/** How each demo tenant names things on the trips screen, and where its stops come from. */
const TENANTS = [
  {
    tag: 'ADMIN',
    account: ACCOUNTS.delivery,
    trip: 'Trip',
    driver: 'Driver',
    origin: 'Warehouse',
    addStop: 'Add Destination',
    notPicked: 'Not Picked',
  },
  // School buses stop at the chosen driver's students' stops.
  {
    tag: 'SCHOOL',
    account: ACCOUNTS.school,
    trip: 'Trip',
    driver: 'Driver',
    origin: 'Depot',
    addStop: "Add a student's stop",
    notPicked: 'Not Picked',
  },
  // Namat says Assigned / In progress / Done for the trip flag.
  {
    tag: 'NAMAT',
    account: ACCOUNTS.namat,
    trip: 'Task',
    driver: 'Staff',
    origin: 'Office',
    addStop: 'Add Site',
    notPicked: 'Assigned',
  },
] as const;

/** The id of the trip an add-trip call answered with. */
async function savedTripId(page: Page, save: () => Promise<void>): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/trip/add-trip') && r.ok());
  await save();
  const body = (await (await answer).json()) as { data: { id: number } };
  return body.data.id;
}

async function rowMenu(page: Page, term: string, id: number, item: string) {
  await page.getByRole('button', { name: `Actions for ${term} ${id}` }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${item}`) }).click();
}

test.describe('trips', () => {
  for (const tenant of TENANTS) {
    const { trip: term } = tenant;
    test(`[${tenant.tag}][TRIP]: admin plans a ${term.toLowerCase()} with three stops and tasks, sees the arrival times, finds it, opens it read-only, clones it and archives it`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, tenant.account);
      await page.goto('/trips');
      await expect(page.getByRole('heading', { level: 1, name: `${term}s` })).toBeVisible();

      await page.getByRole('button', { name: `Add ${term}` }).click();
      const dialog = page.getByRole('dialog', { name: `Add ${term}` });
      // Tomorrow 09:00: inside the default filter (the first of the month to tomorrow).
      const now = new Date();
      const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
      await dialog.getByLabel('Start date').fill(localInput(start).slice(0, 10));
      await dialog.getByLabel('Start time').fill(hhmm(start));
      const origin = await pickOption(page, dialog.getByRole('combobox', { name: tenant.origin }));
      const type = await pickOption(page, dialog.getByRole('combobox', { name: 'Type' }));
      const driver = await pickOption(page, dialog.getByRole('combobox', { name: tenant.driver }));
      const names: string[] = [];
      for (const index of [0, 1, 2])
        names.push(await pickOption(page, dialog.getByRole('combobox', { name: tenant.addStop }), index));

      const stops = dialog.getByRole('listitem', { name: /^Stop \d/ });
      await expect(stops).toHaveCount(3);
      const times = [
        [20, 10],
        [15, 5],
        [30, 20],
      ] as const;
      let clock = start;
      for (const [i, [driving, staying]] of times.entries()) {
        const stop = stops.nth(i);
        await stop.getByLabel('Driving time').fill(String(driving));
        await stop.getByLabel('Staying time').fill(String(staying));
        await stop.getByRole('button', { name: /^Add task to/ }).click();
        await stop.getByLabel('Description').fill(`E2E task ${i + 1}`);
        await stop.getByLabel('Order id').fill(`ORD-E2E-${i + 1}`);
        const arrival = addMinutes(clock, driving);
        clock = addMinutes(arrival, staying);
        await expect(stop).toContainText(`Arrival ${hhmm(arrival)} · Departure ${hhmm(clock)}`);
      }
      await expect(dialog.getByText('Continuous', { exact: true })).toBeVisible();
      await dialog.getByLabel('Note').fill('Planned by the browser test');

      const id = await savedTripId(page, () => dialog.getByRole('button', { name: 'Save' }).click());
      await expect(page.getByText(`${term} added successfully`)).toBeVisible();
      await expect(dialog).toBeHidden();

      // In the paged list with the texts of a trip not started yet.
      const table = page.getByRole('table', { name: `${term}s` });
      const search = page.getByLabel(`Search by ${tenant.driver.toLowerCase()}`, { exact: false });
      await search.fill(driver.split(' ')[1] ?? driver);
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
      await expect(row).toContainText(driver);
      await expect(row).toContainText(origin);
      await expect(row).toContainText(type);
      await expect(row).toContainText(tenant.notPicked);
      await expect(row).toContainText('Waiting');
      await expect(row.getByText('Awaiting..')).toHaveCount(2);

      // /trips?openTrip=ID opens it read-only.
      await page.goto(`/trips?openTrip=${id}`);
      const shown = page.getByRole('dialog', { name: `${term} #${id}` });
      await expect(shown).toBeVisible();
      await expect(shown.getByLabel('Start date')).toBeDisabled();
      await expect(shown.getByLabel('Start date')).toHaveValue(localInput(start).slice(0, 10));
      await expect(shown.getByLabel('Start time')).toHaveValue(hhmm(start));
      await expect(shown.getByRole('listitem', { name: /^Stop \d/ })).toHaveCount(3);
      for (const [i, name] of names.entries()) {
        // A student's stop ("pupil · stop" in the picker) is listed as "stop (pupil)".
        const [pupil, stop] = name.split(' · ');
        const title = stop ? `${stop} (${pupil})` : name;
        await expect(shown.getByRole('listitem', { name: `Stop ${i + 1}: ${title}` })).toBeVisible();
      }
      await expect(shown.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await shown.getByRole('button', { name: 'Close' }).click();
      await expect(page).toHaveURL(/\/trips$/);

      // Clone it: the copy is a new trip with the same plan.
      await search.fill(driver.split(' ')[1] ?? driver);
      await rowMenu(page, term, id, 'Clone');
      const copy = page.getByRole('dialog', { name: `Add ${term} (copy of #${id})` });
      await expect(copy.getByRole('listitem', { name: /^Stop \d/ })).toHaveCount(3);
      await expect(copy.getByLabel('Description').first()).toHaveValue('E2E task 1');
      const cloneId = await savedTripId(page, () => copy.getByRole('button', { name: 'Save' }).click());
      expect(cloneId).toBeGreaterThan(id);
      await expect(page.getByText(`${term} added successfully`)).toBeVisible();
      await expect(table.getByRole('cell', { name: String(cloneId), exact: true })).toBeVisible();

      // Archive both: they leave the list.
      for (const trip of [cloneId, id]) {
        await rowMenu(page, term, trip, 'Delete');
        await expect(
          page.getByText(`Are you sure you want to delete this ${term}, This action cannot be undone!`),
        ).toBeVisible();
        await page.getByRole('button', { name: 'Confirm' }).click();
        await expect(page.getByText(`${term} deleted successfully.`)).toBeVisible();
        await expect(table.getByRole('cell', { name: String(trip), exact: true })).toHaveCount(0);
      }
    });
  }

  test('[ADMIN][TRIP_REPORT]: admin downloads the PDF report of an ended demo trip', async ({ page }) => {
    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/trips');
    const table = page.getByRole('table', { name: 'Trips' });
    await expect(table).toBeVisible();
    const pageAnswer = () =>
      page.waitForResponse((r) => r.url().includes('/api/trip/get-all-trips') && r.ok());
    // The demo's trips span the last 30 days: widen the filter to them, then page on (newest first)
    // until a page holds an ended trip.
    let answer = pageAnswer();
    await page.getByLabel('From').fill(localInput(new Date(Date.now() - 30 * 86_400_000)).slice(0, 10));
    let id: number | undefined;
    for (let pages = 0; pages < 10 && id === undefined; pages += 1) {
      const body = (await (await answer).json()) as {
        data: { trips: { id: number; ended_date: string | null }[] };
      };
      id = body.data.trips.find((t) => t.ended_date)?.id;
      if (id === undefined) {
        answer = pageAnswer();
        await page.getByRole('button', { name: 'Go to next page' }).click();
      }
    }
    expect(id).toBeDefined();
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    await expect(row).toContainText('Delivered');

    const downloading = page.waitForEvent('download');
    await rowMenu(page, 'Trip', id!, 'Report');
    const download = await downloading;
    await expect(page.getByText('Trip report generated successfully')).toBeVisible();
    expect(download.suggestedFilename()).toBe(`trip-${id}.pdf`);
    const pdf = await fs.readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('[ADMIN][TRIP_EXPORT]: admin exports the listed range and receives a spreadsheet of its trips', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.delivery);
    const firstPage = page.waitForResponse((r) => r.url().includes('/api/trip/get-all-trips') && r.ok());
    await page.goto('/trips');
    const body = (await (await firstPage).json()) as { data: { trips: { id: number }[] } };
    const listed = body.data.trips.map((t) => t.id);
    expect(listed.length).toBeGreaterThan(0);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Trips.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['ID', 'Driver', 'Origin']);
    const ids = sheet.getColumn(1).values.slice(2);
    for (const id of listed) expect(ids).toContain(id);
    // A range small enough for a direct download opens no background export.
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
