import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES } from '@fleet/contract';
import { SESSIONS } from '../../../test/fixtures';
import { callsTo } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { formatUtc } from '../../../lib/dates';
import {
  CONFIRMED,
  PLANNED,
  PAGE_LOAD_MS,
  details,
  jsonOf,
  mockOrders,
  pick,
  queryOf,
  rowOf,
  success,
  refused,
  user,
} from './orders-test-kit';

describe('CRM orders page', () => {
  it("lists the API's orders with their window, status, total and trip, and filters by status", async () => {
    const fetchMock = mockOrders();
    renderApp('/crm/orders', { session: SESSIONS.delivery });
    const row = await rowOf('SO-000001');
    expect(row).toHaveTextContent('Layla Haddad');
    expect(row).toHaveTextContent('Home');
    expect(row).toHaveTextContent('2026-03-1009:00–12:00');
    expect(row).toHaveTextContent('Confirmed');
    expect(row).toHaveTextContent('1,250.50 €');
    expect(within(await rowOf('SO-000003')).getByRole('link', { name: 'Trip 42' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Planned' }));
    await waitFor(() => expect(screen.queryByText('SO-000001')).not.toBeInTheDocument());
    const calls = callsTo(fetchMock, 'GET', '/api/v1/crm/orders');
    expect(queryOf(calls.at(-1))).toEqual({ page: '1', page_size: '25', status: 'planned' });

    fireEvent.change(screen.getByLabelText('Requested from'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(queryOf(callsTo(fetchMock, 'GET', '/api/v1/crm/orders').at(-1))).toEqual({
        page: '1',
        page_size: '25',
        status: 'planned',
        fdate: '2026-03-01',
      }),
    );
  });

  it('adds an order: the lines make the total, the window is checked as the server does, and its refusal shows', async () => {
    let attempts = 0;
    const fetchMock = mockOrders({
      'POST /api/v1/crm/orders': () =>
        ++attempts === 1
          ? refused(400, CRM_MESSAGES.addressOfOtherCustomer)
          : success({ message: CRM_MESSAGES.created('Order'), data: CONFIRMED }),
    });
    renderApp('/crm/orders', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add order' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add order' });

    await pick(dialog, /^Customer/, 'Layla Haddad');
    // The customer's only address is picked for it.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Address/ })).toHaveValue(
        'Home — Villa 12, Jumeirah 1',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText(/^Requested date/), { target: { value: '2026-03-10' } });

    const first = within(dialog).getByRole('group', { name: 'Line 1' });
    await pick(first, /^Item/, 'FD-10 · Dog food 10 kg');
    expect(within(first).getByLabelText(/^Unit price/)).toHaveValue('12.5');
    fireEvent.change(within(first).getByLabelText(/^Quantity/), { target: { value: '2' } });
    expect(within(first).getByTestId('line-amount-1')).toHaveTextContent('25.00 €');

    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    const second = within(dialog).getByRole('group', { name: 'Line 2' });
    await pick(second, /^Item/, 'GR-1 · Grooming visit', 'groom');
    fireEvent.change(within(second).getByLabelText(/^Unit price/), { target: { value: '90.25' } });
    expect(within(dialog).getByText('Total: 115.25 €')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Window start'), { target: { value: '12:00' } });
    fireEvent.change(within(dialog).getByLabelText('Window end'), { target: { value: '09:00' } });
    await user.click(within(dialog).getByRole('radio', { name: 'Confirmed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save and confirm' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.windowInvalid)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/crm/orders')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Window end'), { target: { value: '13:30' } });
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'Ring twice' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save and confirm' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.addressOfOtherCustomer)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save and confirm' }));
    expect(await screen.findByText(CRM_MESSAGES.created('Order'))).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/v1/crm/orders')[1])).toEqual({
      customer_id: 3,
      address_id: 5,
      requested_date: '2026-03-10',
      window_start: '12:00',
      window_end: '13:30',
      lines: [
        { item_id: 21, quantity: 2, unit_price: 12.5 },
        { item_id: 22, quantity: 1, unit_price: 90.25 },
      ],
      pet_ids: [],
      notes: 'Ring twice',
      status: 'confirmed',
    });
  });

  it('opens the order of ?order= with its history, and offers only the status changes it allows', async () => {
    const fetchMock = mockOrders({
      'POST /api/v1/crm/orders/1/status': () => success({ message: CRM_MESSAGES.statusChanged }),
    });
    renderApp('/crm/orders?order=1', { session: SESSIONS.delivery });
    const dialog = await screen.findByRole('dialog', { name: /Order SO-000001/ }, { timeout: PAGE_LOAD_MS });
    const history = await within(dialog).findByRole('list', { name: 'Status history' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent(`Draft${formatUtc('2026-03-01 08:00:00')}by Sara Admin`);
    expect(entries[1]).toHaveTextContent(`Confirmed${formatUtc('2026-03-02 09:30:00')}by Omar Admin`);
    expect(within(dialog).getByText('FD-10 · Dog food 10 kg')).toBeInTheDocument();
    expect(within(dialog).getByText('Rex (Dog)')).toBeInTheDocument();
    expect(within(dialog).getByText('Ring twice')).toBeInTheDocument();

    // Confirmed: back to draft or cancelled, edited, but neither confirmed again nor deleted.
    expect(within(dialog).getByRole('button', { name: 'Back to draft' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Tracking link' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel order' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(CRM_MESSAGES.statusChanged)).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/v1/crm/orders/1/status')[0])).toEqual({
      status: 'cancelled',
    });
  });

  it('gives a planned order no status changes, and makes, copies and e-mails its tracking link', async () => {
    const LINK = { url: 'https://fleet.test/track/abc', expires_date: null };
    let tracking: typeof LINK | null = null;
    const fetchMock = mockOrders({
      'GET /api/v1/crm/orders/3': () => success({ data: details(PLANNED, { task_id: 77, tracking }) }),
      'POST /api/v1/crm/orders/3/tracking': () => {
        tracking = LINK;
        return success({ message: 'Tracking link ready', data: LINK });
      },
      'POST /api/v1/crm/orders/3/tracking/send': () => success({ message: CRM_MESSAGES.trackingSent }),
    });
    renderApp('/crm/orders', { session: SESSIONS.delivery });
    await user.click(within(await rowOf('SO-000003')).getByRole('button', { name: 'SO-000003' }));
    const dialog = await screen.findByRole('dialog', { name: /Order SO-000003/ });
    const section = await within(dialog).findByRole('region', { name: 'Tracking link' });
    expect(within(dialog).getByRole('link', { name: 'Trip 42' })).toBeInTheDocument();
    for (const name of ['Confirm', 'Back to draft', 'Cancel order', 'Edit', 'Delete'])
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(dialog).getByText(CRM_MESSAGES.orderNotEditable + '.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Tracking link ready')).toBeInTheDocument();
    // The order is read again, and now has its link.
    expect(await within(section).findByLabelText('Link')).toHaveValue(LINK.url);
    expect(section).toHaveTextContent('Works until 24 hours after the order is delivered or fails.');

    await user.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK.url);

    await user.click(within(section).getByRole('button', { name: 'Send by e-mail' }));
    const send = await screen.findByRole('dialog', { name: 'Send the tracking link of SO-000003' });
    expect(within(send).getByLabelText('E-mail')).toHaveValue('layla@example.com');
    await user.click(within(send).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CRM_MESSAGES.trackingSent)).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/v1/crm/orders/3/tracking/send')[0])).toEqual({
      email: 'layla@example.com',
    });
  });
});
