import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CRM_MESSAGES } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi } from '../../test/mock-api';
import { PICKED_POINT } from '../../test/place-map-mock';
import { APP_PAGES, renderApp } from '../../test/render-app';
import {
  AL_NOOR,
  ORDER_17,
  WAREHOUSE,
  bodyOf,
  crmOne,
  crmPage,
  crmRefused,
  crmSaved,
  queryOf,
} from './crm-fixtures';

vi.mock('../../components/place-picker/place-map', () => import('../../test/place-map-mock'));

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

const open = (id: number) =>
  renderApp(`/crm/customers/${id}`, { session: SESSIONS.delivery, pages: APP_PAGES });

describe('Customer detail page', () => {
  it("shows the customer's fields and its addresses, and adds an address for this customer", async () => {
    const fetchMock = mockApi({
      'GET /api/v1/crm/customers/12': () => crmOne(AL_NOOR),
      'GET /api/v1/crm/contacts': () => crmPage([]),
      'GET /api/v1/crm/addresses': () => crmPage([WAREHOUSE]),
      'POST /api/v1/crm/addresses': () => crmSaved(WAREHOUSE, CRM_MESSAGES.created('Address')),
    });
    open(12);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Al Noor Trading' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.getByText('+971 4 555 0101')).toBeInTheDocument();
    expect(screen.getByText('Deliveries to the back gate.')).toBeInTheDocument();
    expect(await screen.findByText('No contacts yet.')).toBeInTheDocument();
    expect(queryOf(callsTo(fetchMock, 'GET', '/api/v1/crm/contacts')[0]).get('customer_id')).toBe('12');

    await user.click(screen.getByRole('tab', { name: 'Addresses' }));
    const table = await screen.findByRole('table', { name: 'Addresses' });
    const row = (await within(table).findByText('Warehouse 2')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Al Quoz Industrial Area 3, Dubai');
    expect(row).toHaveTextContent('Ring at gate B');
    expect(queryOf(callsTo(fetchMock, 'GET', '/api/v1/crm/addresses')[0]).get('customer_id')).toBe('12');

    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add address' });
    // The address is this customer's: the picker shows it and cannot change it.
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveValue('Al Noor Trading');
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toBeDisabled();
    // Pasted: each keystroke would re-render the map's form.
    await user.click(within(dialog).getByLabelText(/^Label/));
    await user.paste('Head office');
    await user.click(within(dialog).getByRole('textbox', { name: /^Address/ }));
    await user.paste('Business Bay, Dubai');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.coordinatesRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/crm/addresses')).toHaveLength(0);

    await user.click(await within(dialog).findByRole('button', { name: 'Click the map' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CRM_MESSAGES.created('Address'))).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/crm/addresses')[0])).toEqual({
      customer_id: 12,
      label: 'Head office',
      address: 'Business Bay, Dubai',
      lat: PICKED_POINT.lat,
      lon: PICKED_POINT.lon,
      delivery_notes: null,
    });
  });

  it("lists the customer's orders, each opening on the orders page", async () => {
    const fetchMock = mockApi({
      'GET /api/v1/crm/customers/12': () => crmOne(AL_NOOR),
      'GET /api/v1/crm/contacts': () => crmPage([]),
      'GET /api/v1/crm/orders': () => crmPage([ORDER_17]),
    });
    open(12);
    await user.click(await screen.findByRole('tab', { name: 'Orders' }, { timeout: PAGE_LOAD_MS }));
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = (await within(table).findByRole('link', { name: 'SO-000017' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'SO-000017' })).toHaveAttribute(
      'href',
      '/crm/orders?order=17',
    );
    expect(row).toHaveTextContent('2026-03-12');
    expect(row).toHaveTextContent('Confirmed');
    expect(row).toHaveTextContent('250.00 €');
    expect(queryOf(callsTo(fetchMock, 'GET', '/api/v1/crm/orders')[0]).get('customer_id')).toBe('12');
  });

  it('says a customer not in the records is not there, with a way back', async () => {
    mockApi({ 'GET /api/v1/crm/customers/99': () => crmRefused(404, CRM_MESSAGES.customerNotFound) });
    open(99);
    expect(
      await screen.findByText('That customer is not in your records.', {}, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/crm/customers');
  });
});
