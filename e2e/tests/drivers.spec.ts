import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, signIn } from './helpers';

/** Every cell text of the first sheet of an .xlsx file. */
async function sheetTexts(path: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const texts: string[] = [];
  workbook.worksheets[0]?.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.text))));
  return texts;
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function search(page: Page, label: RegExp, text: string) {
  await page.getByLabel(label).fill(text);
}

test.describe('drivers and vehicles registry', () => {
  test('[ADMIN][DRIVER]: admin adds a driver with a new vehicle, finds it by search, edits it, exports the list, and deletes it', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const stamp = Date.now().toString(36);
    const lastName = `Tester${stamp}`;
    const email = `e2e.${stamp}@example.com`;
    const reference = `E2E-${stamp}`.toUpperCase();

    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/drivers');
    await expect(page.getByRole('heading', { level: 1, name: 'Drivers' })).toBeVisible();

    // Add, with a vehicle created from inside the dialog.
    await page.getByRole('button', { name: 'Add Driver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Driver' });
    await dialog.getByLabel('First name').fill('Eve');
    await dialog.getByLabel('Last name').fill(lastName);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel(/^Password/).fill('lemon-tree-42');
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    const vehicleDialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    await vehicleDialog.getByLabel('Reference').fill(reference);
    await vehicleDialog.getByLabel('Brand').fill('Volvo');
    await vehicleDialog.getByLabel('Model').fill('FH16');
    await vehicleDialog.getByLabel('Year').fill('2024');
    await vehicleDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Vehicle added successfully.')).toBeVisible();
    await expect(vehicleDialog).toBeHidden();
    await expect(dialog.getByRole('combobox', { name: 'Vehicle' })).toHaveValue(reference);
    await dialog.getByLabel(/Hourly rate/).fill('20');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Driver added successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Find it by search.
    await search(page, /Search/, lastName);
    const table = page.getByRole('table', { name: 'Drivers' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row', { name: new RegExp(lastName) });
    await expect(row).toContainText(email);
    await expect(row).toContainText(reference);
    await expect(row).toContainText('20.00');

    // Edit the hourly rate; an empty password keeps the current one.
    await row.getByRole('button', { name: `Edit Eve ${lastName}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Update Driver' });
    await expect(editDialog.getByLabel('First name')).toHaveValue('Eve');
    await editDialog.getByLabel(/Hourly rate/).fill('32.5');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Driver updated successfully.')).toBeVisible();
    await expect(row).toContainText('32.50');

    // Export the searched list: a real .xlsx holding the driver.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const texts = await sheetTexts(await download.path());
    expect(texts).toContain(email);
    expect(texts).toContain(lastName);

    // Delete (archive) it after the confirmation.
    await row.getByRole('button', { name: `Delete Eve ${lastName}` }).click();
    await expect(
      page.getByText('Are you sure you want to delete this User, This action cannot be undone!'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Driver deleted successfully.')).toBeVisible();
    await expect(page.getByText(`No drivers yet.`)).toBeVisible();
  });

  test('[ADMIN][VEHICLE]: an import file with a bad row shows the error and imports nothing; a good file imports', async ({
    page,
  }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    const header = 'Reference,Brand,Model,Year,Mileage\n';

    await signIn(page, ACCOUNTS.delivery);
    await page.goto('/vehicles');
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Vehicles' });
    await expect(dialog.getByText(/Reference, Brand, Model, Year, Mileage/)).toBeVisible();

    await dialog
      .getByLabel('Import file')
      .setInputFiles(csvFile('bad.csv', `${header}IMP-${stamp}-1,Volvo,FH,2020,100\n,MAN,TGX,2019,\n`));
    await expect(dialog.getByText('2 rows: 1 valid, 1 with errors.', { exact: false })).toBeVisible();
    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expect(preview.getByRole('row', { name: /Reference: Field is required/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Nothing from the bad file was written.
    await search(page, /Search/, `IMP-${stamp}`);
    await expect(page.getByText('No vehicles yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Import' }).click();
    await dialog
      .getByLabel('Import file')
      .setInputFiles(
        csvFile('good.csv', `${header}IMP-${stamp}-1,Volvo,FH,2020,100\nIMP-${stamp}-2,MAN,TGX,2019,\n`),
      );
    await expect(dialog.getByText('2 rows: 2 valid, 0 with errors.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('2 rows imported.')).toBeVisible();
    const table = page.getByRole('table', { name: 'Vehicles' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table).toContainText(`IMP-${stamp}-2`);
    await expect(table).toContainText('Not Assigned');
  });
});
