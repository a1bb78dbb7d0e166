import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

/*
 * The street map: the product's default style is OpenFreeMap's, which the tests never reach (they run
 * without a network). Each test decides what the map server does: refuse, never answer, or serve a
 * small raster style whose tiles the test hands over.
 */

const STYLE = 'https://tiles.openfreemap.org/styles/liberty';
const NOTICE = /Street map unavailable/;
/** A 1×1 grey PNG, stretched over each tile. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGM4AQAAygDJmcpdfgAAAABJRU5ErkJggg==',
  'base64',
);

async function openMap(page: Page) {
  await signIn(page, ACCOUNTS.delivery);
  await page.goto('/map');
  const map = page.getByRole('region', { name: /^Latest locations of / });
  await expect(map.locator('canvas')).toBeVisible();
  // The drivers are listed beside the map whatever the map draws on.
  await expect(page.getByRole('region', { name: /on the map \([1-9]\d*\)$/ })).toBeVisible();
  return map;
}

test.describe('street map', () => {
  test('[MAP]: without a connection to the map server, the drivers are drawn on the plain background and the map says so', async ({
    page,
  }) => {
    await page.route('https://tiles.openfreemap.org/**', (route) => route.abort('internetdisconnected'));
    const map = await openMap(page);
    await expect(map.getByRole('status')).toHaveText(NOTICE);
  });

  test('[MAP]: a map server that never answers is given up after a while', async ({ page }) => {
    await page.clock.install();
    await page.route('https://tiles.openfreemap.org/**', () => {
      // Never answered.
    });
    const map = await openMap(page);
    await expect(map.getByRole('status')).toBeHidden();
    await page.clock.fastForward('00:11');
    await expect(map.getByRole('status')).toHaveText(NOTICE);
  });

  test('[MAP]: the street map draws its tiles with their attribution, and no notice', async ({ page }) => {
    let tiles = 0;
    await page.route(STYLE, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          version: 8,
          sources: {
            streets: {
              type: 'raster',
              tiles: ['https://tiles.openfreemap.org/e2e/{z}/{x}/{y}.png'],
              tileSize: 256,
              attribution: '© OpenStreetMap contributors',
            },
          },
          layers: [{ id: 'streets', type: 'raster', source: 'streets' }],
        }),
      }),
    );
    await page.route('https://tiles.openfreemap.org/e2e/**', (route) => {
      tiles++;
      return route.fulfill({ contentType: 'image/png', body: TILE });
    });
    const map = await openMap(page);
    await expect.poll(() => tiles).toBeGreaterThan(0);
    await expect(map.locator('.maplibregl-ctrl-attrib')).toContainText('OpenStreetMap');
    await expect(map.getByRole('status')).toBeHidden();
  });
});
