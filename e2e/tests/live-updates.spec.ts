import { expect, request, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

/*
 * The console's event stream: a change made elsewhere reaches an open screen without a reload. The
 * screens also poll every 10 s (the spec's fallback), so the page's clock is held still once the list
 * has loaded: only the stream can refresh it then, and the clock is moved on in small steps (the
 * console coalesces a burst of changes for 250 ms), never as far as the next poll.
 */

const DISPATCH = { email: 'dispatch@example.com', password: 'team-demo-pass' };

test.describe('live updates', () => {
  test('[ADMIN][LIVE]: a trip archived by a second admin leaves the open Trips list without a reload', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/trips');
    const actions = page.getByRole('button', { name: /^Actions for Trip \d+$/ });
    await expect(actions.first()).toBeVisible();
    const name = (await actions.first().getAttribute('aria-label')) ?? '';
    const id = Number(/(\d+)$/.exec(name)?.[1]);
    expect(id).toBeGreaterThan(0);
    const row = page.getByRole('button', { name: `Actions for Trip ${id}`, exact: true });

    // From here on the page's timers run only when the test moves the clock: polling stands still.
    await page.clock.pauseAt(Date.now() + 500);

    const other = await request.newContext({ baseURL });
    const login = await other.post('/api/admin/login', { data: DISPATCH });
    expect(login.ok()).toBe(true);
    const archived = await other.post('/api/trip/archive', { data: { id } });
    expect(archived.ok()).toBe(true);
    await other.dispose();

    // Each step moves the page's clock 250 ms; 20 of them stay well short of the 10 s poll.
    for (let step = 0; step < 20 && (await row.count()) > 0; step++) {
      await page.clock.runFor(250);
      await page.waitForTimeout(100);
    }
    await expect(row).toHaveCount(0);
  });
});
