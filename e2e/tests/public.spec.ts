import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, mainMenu, signIn } from './helpers';
import { PUBLIC_PAGES } from './public-pages';

/** Fails the test on any script error or failed hydration the page reports. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The site is interactive once React has hydrated it: the About button then opens its menu. */
async function hydrated(page: Page) {
  await expect(page.locator('#site-data')).toBeAttached();
  await page.waitForLoadState('networkidle');
}

test.describe('public site', () => {
  test('[VISITOR] every public route renders its page, with navigation and footer, without script errors', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    for (const [path, heading] of PUBLIC_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Compliance' })).toBeVisible();
      await hydrated(page);
    }
    expect(errors).toEqual([]);
  });

  test('[VISITOR] the About dropdown leads to the blog, and Login to the sign-in screen', async ({
    page,
  }) => {
    await page.goto('/features');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'About' }).click();
    await nav.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  test('[VISITOR] a use-case hash link scrolls its section into view below the bar', async ({ page }) => {
    await page.goto('/use-cases');
    await hydrated(page);
    const section = page.locator('#airport-management');
    await expect(section).not.toBeInViewport();
    await page
      .getByRole('list', { name: 'Use cases' })
      .getByRole('link', { name: 'Airport management' })
      .click();
    await expect(page).toHaveURL(/#airport-management$/);
    await expect(section.getByRole('heading', { level: 2 })).toBeInViewport();
    // Arriving with the hash from elsewhere (the footer of another page) lands there too.
    await page.goto('/');
    await hydrated(page);
    await page
      .getByRole('navigation', { name: 'Use cases' })
      .getByRole('link', { name: 'Construction companies' })
      .click();
    await expect(page).toHaveURL(/\/use-cases#construction-companies$/);
    const heading = page.locator('#construction-companies').getByRole('heading', { level: 2 });
    await expect(heading).toBeInViewport();
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(64);
  });

  test('[VISITOR] the contact form shows the spec messages for bad input, then sends a good request', async ({
    page,
  }) => {
    await page.goto('/contact');
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Full name').click();
    await form.getByLabel('E-mail').fill('not-an-address');
    await form.getByLabel('Telephone').click();
    await expect(form.getByText('Full name is required.')).toBeVisible();
    await expect(form.getByText('Enter a valid email address.')).toBeVisible();
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Please fill in all required fields with valid information',
    );
    await expect(form.getByText('Company is required.')).toBeVisible();

    await form.getByLabel('Full name').fill('Mona Saeed');
    await form.getByLabel('E-mail').fill('mona.e2e@logistics.example');
    await form.getByLabel('Telephone').fill('+971 4 555 0101');
    await form.getByLabel('Company').fill('Gulf Logistics');
    await form.getByLabel('Message').fill('We run 40 vans and want photo proof of delivery.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('status')).toHaveText('Your message has been sent successfully.');
    await expect(form.getByLabel('Full name')).toHaveValue('');
  });

  test('[VISITOR] the newsletter box subscribes and goes back to idle', async ({ page }) => {
    await page.goto('/blog');
    await hydrated(page);
    const box = page.getByRole('form', { name: 'Newsletter' });
    const input = box.getByLabel('Get new articles by e-mail');
    await input.fill('nope');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByText('Enter a valid email address.')).toBeVisible();
    await input.fill('  reader.e2e@fleet.example ');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByRole('button', { name: 'Subscribed' })).toBeVisible();
    await expect(box.getByRole('button', { name: 'Subscribe' })).toBeVisible({ timeout: 5000 });
    await expect(input).toHaveValue('');
  });

  test('[VISITOR] the demo button fills the landing form, which sends the request', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Request a demo' }).click();
    const form = page.getByRole('form', { name: 'Contact us' });
    await expect(form.getByLabel('What would you like to discuss?')).toHaveValue(/demo of Fleet Console/);
    await expect(form.getByLabel('What would you like to discuss?')).toBeInViewport();
    await form.getByLabel('Name').fill('Omar Saleh');
    await form.getByLabel('E-mail').fill('omar.e2e@school.example');
    await form.getByLabel('Company size').selectOption('11–50 vehicles');
    await form.getByLabel('Phone number').fill('+971 50 000 0000');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('status')).toHaveText('Your message has been sent successfully.');
  });

  test('[SUPER_ADMIN][BLOG]: super admin publishes a post with a script in it; it appears on /blog and at its slug, harmless', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const stamp = Date.now().toString(36);
    const title = `Idle time checks ${stamp}`;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await signIn(page, ACCOUNTS.super);
    await mainMenu(page).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await page.getByRole('button', { name: 'Write a post' }).click();
    const editor = page.getByRole('dialog', { name: 'Write a post' });
    await editor.getByLabel('Title', { exact: true }).fill(title);
    await expect(editor.getByLabel('Slug', { exact: true })).toHaveValue(`idle-time-checks-${stamp}`);
    await editor.getByLabel('Excerpt').fill('How to find engines running for nothing.');
    await editor
      .getByLabel('Content', { exact: true })
      .fill(
        [
          '## Why idle time matters',
          '',
          'An engine running at a stop burns fuel for nothing.',
          '',
          '<img src="x" onerror="window.__xss = 1; alert(1)">',
          '<script>window.__xss = 2; alert(2)</script>',
          '<a href="javascript:window.__xss = 3; alert(3)">Click for tips</a>',
        ].join('\n'),
      );
    await editor.getByRole('tab', { name: 'Preview' }).click();
    await expect(
      editor.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Why idle time matters' }),
    ).toBeVisible();
    await editor.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Published' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('table', { name: 'Blog' }).getByRole('link', { name: title })).toBeVisible();

    // A visitor: the post is first on /blog, and its page shows the text without running anything.
    await page.context().clearCookies();
    await page.goto('/blog');
    await hydrated(page);
    const firstCard = page.getByRole('article').first();
    await expect(firstCard.getByRole('heading')).toHaveText(title);
    await firstCard.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/idle-time-checks-${stamp}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('An engine running at a stop burns fuel for nothing.')).toBeVisible();
    await hydrated(page);
    const tips = page.getByText('Click for tips');
    await expect(tips).toBeVisible();
    expect(await tips.getAttribute('href')).toBeNull();
    await tips.click();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const article = await page.locator('.prose').innerHTML();
    expect(article).not.toMatch(/<script|onerror|javascript:/i);
  });
});
