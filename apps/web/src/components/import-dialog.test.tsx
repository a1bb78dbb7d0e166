import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeXhr } from '../test/fake-xhr';
import { renderUi } from '../test/render-ui';
import { ImportDialog } from './import-dialog';

const ok = (data: unknown) => ({ responseCode: 1, responseMessage: 'OK', data });

function renderImport() {
  const onImported = vi.fn();
  renderUi(
    <ImportDialog
      open
      onClose={vi.fn()}
      title="Import Vehicles"
      columns={['Reference', 'Brand', 'Model', 'Year', 'Mileage']}
      previewPath="v1/vehicles/import/preview"
      importPath="v1/vehicles/import"
      onImported={onImported}
    />,
  );
  return { onImported };
}

const csv = () => new File(['Reference,Brand\nA-1,Volvo\n'], 'vehicles.csv', { type: 'text/csv' });

describe('ImportDialog', () => {
  it('lists the accepted columns', () => {
    fakeXhr();
    renderImport();
    expect(screen.getByText(/Reference, Brand, Model, Year, Mileage/)).toBeInTheDocument();
  });

  it('uploads with progress, shows row errors and keeps Import disabled', async () => {
    const requests = fakeXhr();
    renderImport();
    await userEvent.upload(screen.getByLabelText('Import file'), csv());
    expect(requests[0]?.url).toBe('/api/v1/vehicles/import/preview');
    expect(requests[0]?.file?.name).toBe('vehicles.csv');
    act(() => requests[0]?.progress(50, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    act(() =>
      requests[0]?.respond(
        200,
        ok({
          total: 2,
          valid: 1,
          invalid: 1,
          rows: [
            { row: 2, fields: { Reference: 'A-1', Brand: 'Volvo' }, errors: [] },
            { row: 3, fields: { Reference: '', Brand: 'MAN' }, errors: ['Reference: Field is required'] },
          ],
        }),
      ),
    );
    expect(await screen.findByText(/2 rows: 1 valid, 1 with errors/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Import preview' });
    // The problems sit next to the row number, visible without scrolling sideways.
    const badRow = within(table).getByText('Reference: Field is required').closest('tr') as HTMLElement;
    expect(
      within(badRow)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((cell) => cell.textContent),
    ).toEqual(['3', 'Reference: Field is required']);
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('imports a clean file, says how many rows and refreshes the list', async () => {
    const requests = fakeXhr();
    const { onImported } = renderImport();
    await userEvent.upload(screen.getByLabelText('Import file'), csv());
    act(() =>
      requests[0]?.respond(
        200,
        ok({ total: 1, valid: 1, invalid: 0, rows: [{ row: 2, fields: { Reference: 'A-1' }, errors: [] }] }),
      ),
    );
    const importButton = await screen.findByRole('button', { name: 'Import' });
    await vi.waitFor(() => expect(importButton).toBeEnabled());
    await userEvent.click(importButton);
    expect(requests[1]?.url).toBe('/api/v1/vehicles/import');
    act(() => requests[1]?.respond(200, ok({ imported: 1 })));
    expect(await screen.findByText('1 row imported.')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith(1);
  });

  it("shows the server's message when the import is refused", async () => {
    const requests = fakeXhr();
    renderImport();
    await userEvent.upload(screen.getByLabelText('Import file'), csv());
    act(() =>
      requests[0]?.respond(400, {
        responseCode: 0,
        responseMessage: 'Only .xlsx and .csv files can be imported.',
        data: null,
      }),
    );
    expect(await screen.findByText('Only .xlsx and .csv files can be imported.')).toBeInTheDocument();
  });
});
