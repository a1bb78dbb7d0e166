import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CRM_MESSAGES, ITEM_IMPORT_COLUMNS } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { WATER, bodyOf, crmPage, crmRefused, queryOf } from './crm-fixtures';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

describe('Items page', () => {
  it("shows prices in the tenant's currency and amounts in its units, and searches on the server", async () => {
    const fetchMock = mockApi({
      'GET /api/tenant-settings/get-settings': () =>
        ok([
          { key: 'currency', value: 'AED' },
          { key: 'liquid_unit', value: 'Gallons' },
        ]),
      'GET /api/settings/get-currencies': () => ok([{ id: 1, name: 'AED', symbol: 'AED' }]),
      'GET /api/settings/get-volume-units': () => ok([{ id: 1, name: 'Gallons', symbol: 'gal' }]),
      'GET /api/v1/crm/items': () => crmPage([WATER]),
    });
    renderApp('/crm/items', { session: SESSIONS.delivery });
    const table = await screen.findByRole('table', { name: 'Items' }, { timeout: PAGE_LOAD_MS });
    const row = (await within(table).findByText('Water bottle 19 L')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('WTR-19L');
    expect(await within(row).findByText('12.50 AED')).toBeInTheDocument();
    expect(row).toHaveTextContent('19.6 kg');
    expect(row).toHaveTextContent('19 gal');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'water');
    await expect
      .poll(() => callsTo(fetchMock, 'GET', '/api/v1/crm/items').map((call) => queryOf(call).get('search')))
      .toContain('water');

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(new RegExp(ITEM_IMPORT_COLUMNS.join(', ')))).toBeInTheDocument();
  });

  it("checks the price as the server does and shows the server's refusal of a taken SKU", async () => {
    const fetchMock = mockApi({
      'GET /api/v1/crm/items': () => crmPage([]),
      'POST /api/v1/crm/items': () => crmRefused(409, CRM_MESSAGES.skuTaken),
    });
    renderApp('/crm/items', { session: SESSIONS.delivery });
    expect(await screen.findByText('No items yet.', {}, { timeout: PAGE_LOAD_MS })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add item' });
    await user.type(within(dialog).getByLabelText(/^SKU/), 'WTR-19L');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Water bottle 19 L');
    await user.type(within(dialog).getByLabelText(/^Unit \*/), 'bottle');
    await user.type(within(dialog).getByLabelText(/^Unit price/), '12.555');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.priceInvalid)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/crm/items')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Unit price/));
    await user.type(within(dialog).getByLabelText(/^Unit price/), '12.5');
    await user.type(within(dialog).getByLabelText('Weight (kg)'), '19.6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.skuTaken)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/crm/items')[0])).toEqual({
      sku: 'WTR-19L',
      name: 'Water bottle 19 L',
      unit: 'bottle',
      unit_price: 12.5,
      weight: 19.6,
      volume: null,
    });
  });
});
