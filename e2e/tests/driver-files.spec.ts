import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './helpers';

/*
 * A driver's files, as an admin keeps them: opened from the Files action of a row on the Drivers
 * page, a document uploaded with its title, downloaded from its link, renamed, e-mailed outside the
 * organisation once confirmed (the test server has no mail server, so the message goes to its outbox
 * and the console says so) and deleted.
 */

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const SENT_TO_OUTBOX =
  "No mail server is set up (SMTP_URL), so the e-mail was saved in the server's outbox instead of being sent.";
/** Unique per run: tests share one seeded server. */
const stamp = () => Date.now().toString(36);

test('uploads a file for a driver, downloads, renames, e-mails and deletes it', async ({ page }) => {
  const title = `Licence ${stamp()}`;
  const fileName = `licence-${stamp()}.pdf`;
  await signIn(page, ACCOUNTS.delivery);
  await page.goto('/drivers');
  const filesAction = page.getByRole('link', { name: /^Files of / }).first();
  const driverName = ((await filesAction.getAttribute('aria-label')) ?? '').replace(/^Files of /, '');
  await filesAction.click();
  await expect(page).toHaveURL(/\/driver-file\/\d+&/);
  await expect(page.getByRole('heading', { name: `Files of ${driverName}` })).toBeVisible();

  // Add: both a title and a file are required.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add File' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Please make sure you provide all the required information.')).toBeVisible();
  await add.getByLabel('File Title').fill(title);
  await add
    .getByTestId('driver-file-input')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('File uploaded successfully.')).toBeVisible();
  await expect(add).toBeHidden();

  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);

  // Download: the same bytes, under the name it was uploaded with.
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: `Download ${fileName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(Buffer.compare(await fs.readFile((await download.path())!), PDF)).toBe(0);

  // Rename.
  const renamed = `${title} (renewed)`;
  await row.getByRole('button', { name: `Edit file ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit File Title' });
  await edit.getByLabel('File Title').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('File title updated.')).toBeVisible();
  const renamedRow = table.getByRole('row').filter({ hasText: renamed });
  await expect(renamedRow).toHaveCount(1);

  // E-mail: the address is checked; without a mail server the message goes to the outbox.
  await renamedRow.getByRole('button', { name: `E-mail file ${renamed}` }).click();
  const send = page.getByRole('dialog', { name: `Send "${renamed}" by e-mail` });
  await send.getByLabel('E-mail').fill('not-an-address');
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(send.getByText('E-mail must be valid')).toBeVisible();
  await send.getByLabel('E-mail').fill('hr@example.com');
  await send.getByLabel('E-mail').press('Enter');
  // An address outside the tenant's people is sent to only once the admin confirms it.
  await expect(
    send.getByText(/is not the address of one of your admins, drivers or guardians/),
  ).toBeVisible();
  await send.getByRole('checkbox', { name: /outside the organisation/ }).check();
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(SENT_TO_OUTBOX)).toBeVisible();
  await expect(send).toBeHidden();

  // Delete, after the question.
  await renamedRow.getByRole('button', { name: `Delete file ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm' });
  await expect(
    confirm.getByText('Are you sure you want to delete this File, This action cannot be undone!'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('File deleted successfully.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);

  // Back to the drivers.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/drivers$/);
});
