import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CRM_MESSAGES, MESSAGES } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { WAREHOUSE, bodyOf, crmPage } from './crm-fixtures';

vi.mock('../../components/place-picker/place-map', () => import('../../test/place-map-mock'));

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

describe('Addresses page', () => {
  it('lists addresses with their customer, edits one on the map, and deletes one after asking', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/crm/addresses': () => crmPage([WAREHOUSE]),
      'PUT /api/v1/crm/addresses/51': () => ({
        body: { success: true, message: CRM_MESSAGES.updated('Address'), data: WAREHOUSE },
      }),
      'DELETE /api/v1/crm/addresses/51': () => ({
        body: { success: true, message: CRM_MESSAGES.deleted('Address') },
      }),
    });
    renderApp('/crm/addresses', { session: SESSIONS.delivery });
    const table = await screen.findByRole('table', { name: 'Addresses' }, { timeout: PAGE_LOAD_MS });
    const row = (await within(table).findByText('Warehouse 2')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Al Noor Trading' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Al Quoz Industrial Area 3, Dubai');

    await user.click(within(row).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    expect(await within(dialog).findByText('Marker at 25.1372, 55.2384')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CRM_MESSAGES.updated('Address'))).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/v1/crm/addresses/51')[0])).toEqual({
      customer_id: 12,
      label: 'Warehouse 2',
      address: 'Al Quoz Industrial Area 3, Dubai',
      lat: 25.1372,
      lon: 55.2384,
      delivery_notes: 'Ring at gate B',
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Al Noor Trading: Warehouse 2' }));
    expect(await screen.findByText(MESSAGES.deleteQuestion('address'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(CRM_MESSAGES.deleted('Address'))).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/v1/crm/addresses/51')).toHaveLength(1);
  });
});
