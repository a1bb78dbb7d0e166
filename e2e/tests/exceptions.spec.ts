import { expect, test, type Locator } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

/*
 * The exceptions the engine raised over the demo's simulated history: the bell in the top bar and
 * the Exceptions page. Nothing here is inserted by hand; the counts are whatever the history produced.
 */

/** The unread count in the bell's accessible name ("Exceptions, 3 unread"; 0 for "none unread"). */
async function unreadOf(bell: Locator): Promise<number> {
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

test.describe('exceptions', () => {
  test('[ADMIN][EXCEPTIONS]: admin opens an exception from the bell, finds it highlighted, and marks all as read', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.delivery);
    const bell = page.getByRole('button', { name: /^Exceptions, / });
    await expect(bell).toHaveAccessibleName(/^Exceptions, \d+ unread(; .+)?$/);
    const unread = await unreadOf(bell);
    expect(unread).toBeGreaterThan(0);

    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Exceptions' });
    const newest = popover.getByRole('list', { name: 'New exceptions' }).getByRole('button').first();
    const typeLabel = (await newest.innerText()).split('\n')[0]!.trim();
    await newest.click();

    await expect(page).toHaveURL(/\/exceptions$/);
    // Lowered at once by the one opened.
    await expect.poll(() => unreadOf(bell)).toBeLessThan(unread);
    const highlighted = page
      .getByRole('row')
      .filter({ has: page.getByText('Opened from the bell', { exact: true }) });
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toBeInViewport();
    await expect(highlighted.getByRole('cell').first()).toContainText(typeLabel);
    // Opened from the bell, it is seen: no longer marked.
    await expect(highlighted.getByRole('img', { name: 'Not seen' })).toHaveCount(0);

    await bell.click();
    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName(/^Exceptions, none unread/);
    await expect(page.getByRole('img', { name: 'Not seen' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Exceptions, none unread/ })).toBeVisible();
  });

  test("[ADMIN][EXCEPTIONS]: admin filters the Exceptions page by type and reads an exception's details", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/exceptions');
    await expect(page.getByRole('heading', { level: 1, name: 'Exceptions' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Exceptions' });
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    const typeLabel = (await firstRow.getByRole('cell').first().innerText()).split('\n')[0]!.trim();

    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/v1/exceptions?') && r.url().includes('type=') && r.ok(),
    );
    await page.getByRole('combobox', { name: 'Type' }).click();
    await expect(page.getByRole('option')).toHaveCount(12);
    await page.getByRole('option', { name: typeLabel, exact: true }).click();
    await filtered;
    const typeCells = table.locator('tbody tr td:first-child');
    await expect(typeCells.first()).toHaveText(typeLabel);
    for (const cell of await typeCells.all()) await expect(cell).toHaveText(typeLabel);

    await table
      .getByRole('button', { name: new RegExp(`^Info on ${typeLabel} · `) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: typeLabel });
    await expect(dialog).toBeVisible();
    const field = (label: string) => dialog.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
    for (const label of ['Driver', 'Type', 'Time', 'Trip warehouse', 'Message'])
      await expect(field(label)).toBeVisible();
    await expect(field('Type').locator('+ dd')).toHaveText(typeLabel);
    await expect(dialog.getByRole('region', { name: /s$/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});
