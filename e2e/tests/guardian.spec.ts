import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from './helpers';

/*
 * The parents' view on a phone: a demo parent of the school-bus tenant signs in at /guardian/login
 * and sees the pick-up photos the simulated drivers took at their child's stop.
 */

const GUARDIAN_PASSWORD = 'guardian-demo-pass';
const CLIENT = '/api/v1/trips/destinations/approvals/client';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface DemoParent {
  email: string;
  child: string;
}

/** A demo parent whose child's stop has a pick-up photo, found as the school's admin sees them. */
async function parentWithPhoto(request: APIRequestContext, newContext: () => Promise<APIRequestContext>) {
  const admin = await request.post('/api/admin/login', {
    data: { email: ACCOUNTS.school.email, password: ACCOUNTS.school.password },
  });
  expect(admin.ok()).toBe(true);
  const students = (await (await request.get('/api/v1/school-bus/students')).json()) as {
    data: { fname: string; lname: string; guardians: { email: string }[] }[];
  };
  for (const student of students.data) {
    const email = student.guardians[0]?.email;
    if (!email) continue;
    const parent = await newContext();
    try {
      const login = await parent.post('/api/v1/guardian/login', {
        data: { email, password: GUARDIAN_PASSWORD },
      });
      if (!login.ok()) continue;
      const page = (await (await parent.get(`${CLIENT}?page=1&page_size=50`)).json()) as {
        data: { client_approval_images: string[] }[];
      };
      if (page.data.some((row) => row.client_approval_images.length > 0))
        return { email, child: `${student.fname} ${student.lname}` } satisfies DemoParent;
    } finally {
      await parent.dispose();
    }
  }
  throw new Error('no demo parent has a pick-up photo');
}

test("[PARENT] signs in on a phone and sees their child's pick-up photos, and nobody else's", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const parent = await parentWithPhoto(request, () => playwright.request.newContext({ baseURL }));

  await page.goto('/login');
  await page.getByRole('link', { name: 'Parents sign in' }).click();
  await expect(page).toHaveURL(/\/guardian\/login$/);
  await page.getByLabel('Email').fill(parent.email);
  await page.getByLabel('Password', { exact: true }).fill(GUARDIAN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/guardian$/);
  await expect(page.getByRole('heading', { name: 'Pick-up photos' })).toBeVisible();
  await expect(page.getByText(ACCOUNTS.school.tenant)).toBeVisible();
  await expect(page.getByText(parent.child, { exact: false }).first()).toBeVisible();

  // A request with a photo: the client approval display rule says Accepted; the viewer shows it.
  await expect(page.getByText('Accepted').first()).toBeVisible();
  await page
    .getByRole('button', { name: /^\d+ images?: Pick-up photo/ })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: /Pick-up photo/ })).toBeVisible();
  const photo = viewer.locator('img').first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  // The console stays closed to a parent: its pages send them back to their own view.
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/guardian$/);
  expect((await page.request.get('/api/admin/me')).status()).toBe(403);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/guardian\/login$/);
  expect((await page.request.get('/api/v1/guardian/me')).status()).toBe(401);
});
