import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

/*
 * The live console on the demo's simulated history: the dashboard's trips and pending approvals, the
 * map's day paths and replay, and the approvals page. The live simulator is off under the tests, so
 * what is on screen moves only by what a test does.
 */

/**
 * A driver of the signed-in tenant with positions, and the UTC day of their newest fix (today, or
 * yesterday just after midnight), asked of the API as the map page would.
 */
async function driverWithPositions(page: Page): Promise<{ id: number; name: string; day: string }> {
  const res = await page.request.post('/api/driver/get-drivers-recent-location', { data: {} });
  expect(res.ok()).toBe(true);
  const drivers = (await res.json()).data as {
    id: number;
    fname: string;
    lname: string;
    locations: { date_and_time: string }[];
  }[];
  const driver = drivers.find((d) => d.locations.length > 0);
  expect(driver).toBeDefined();
  const newest = driver!.locations
    .map((l) => l.date_and_time)
    .sort()
    .at(-1)!;
  return { id: driver!.id, name: `${driver!.fname} ${driver!.lname}`, day: newest.slice(0, 10) };
}

async function pendingCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/trips/destinations/approvals/manager/summary');
  expect(res.ok()).toBe(true);
  return (await res.json()).data.pending as number;
}

test.describe('live console', () => {
  test('[DASHBOARD]: the trip filter narrows today’s trips, and an approval accepted leaves the pending list', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/dashboard');

    const trips = page.getByRole('table', { name: /today's trips/i });
    await expect(trips).toBeVisible();
    await page.getByRole('button', { name: /^Finished\b/ }).click();
    const shown = trips.getByRole('button', { name: /^Show Trip #\d+ on the map$/ });
    if ((await shown.count()) > 0) {
      for (const row of await trips.locator('tbody tr').filter({ has: shown }).all())
        await expect(row.getByText('Delivered')).toBeVisible();
    }

    const pending = page.getByRole('region', { name: 'Pending Manager Approval' });
    const approve = pending.getByRole('button', { name: /^Approve/ });
    await expect(approve.first()).toBeVisible();
    const before = await pendingCount(page);
    await approve.first().click();
    const dialog = page.getByRole('dialog', { name: 'Approval' });
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await dialog.getByRole('radio', { name: 'Accepted' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Approval updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Recorded: one request fewer pending; the decided row is gone from the panel's page.
    expect(await pendingCount(page)).toBe(before - 1);
    if (before <= 10) await expect(approve).toHaveCount(before - 1);
  });

  test('[MAP]: a day without positions shows the empty state; one driver’s day path replays', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/map?day=2020-01-01');
    await expect(page.getByText('No recent location data available').first()).toBeVisible();

    const driver = await driverWithPositions(page);
    await page.goto(`/map?driver=${driver.id}&day=${driver.day}`);
    const replay = page.getByRole('region', { name: 'History replay' });
    await expect(replay).toBeVisible();
    const slider = replay.getByRole('slider', { name: 'Replay time' });
    const start = await slider.getAttribute('aria-valuetext');
    await replay.getByRole('combobox', { name: 'Speed' }).click();
    await page.getByRole('option', { name: '64×' }).click();
    await replay.getByRole('button', { name: 'Play replay' }).click();
    await expect(replay.getByRole('button', { name: 'Pause replay' })).toBeVisible();
    await expect.poll(() => slider.getAttribute('aria-valuetext')).not.toBe(start);
    await replay.getByRole('button', { name: 'Pause replay' }).click();
    await expect(replay.getByRole('button', { name: 'Play replay' })).toBeVisible();
  });

  test('[APPROVALS]: the status filter shows only requests of that status; the summary counts them', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/approvals');
    await expect(page.getByRole('heading', { name: 'Approval Status Summary' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Accepted' }).click();
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) await expect(row.getByText('Approved')).toBeVisible();

    await page.getByRole('tab', { name: 'Client approvals' }).click();
    await expect(page).toHaveURL(/tab=client/);
  });
});
