import { expect } from 'vitest';
import { waitFor, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAddressRow, TCrmOrderDetails, TCrmOrderRow, TCustomerRow, TItemRow } from '@fleet/contract';
import { mockApi, ok, type MockAnswer, type MockHandler } from '../../../test/mock-api';
import { DRIVERS, ORIGINS, TYPES } from '../../../test/trip-fixtures';

/* The orders screen's tests: the API's orders, customers and catalogue, and how a test picks and finds. */

export const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
export const PAGE_LOAD_MS = 10_000;

export const CREATED = '2026-03-01 08:00:00';
export const order = (id: number, extra: Partial<TCrmOrderRow> = {}): TCrmOrderRow => ({
  id,
  reference: `SO-${String(id).padStart(6, '0')}`,
  customer: { id: 3, name: 'Layla Haddad' },
  address: { id: 5, label: 'Home', address: 'Villa 12, Jumeirah 1', lat: 25.2, lon: 55.25 },
  requested_date: '2026-03-10',
  window_start: '09:00',
  window_end: '12:00',
  status: 'confirmed',
  status_date: CREATED,
  total: 1250.5,
  line_count: 2,
  trip_id: null,
  created_date: CREATED,
  ...extra,
});
export const CONFIRMED = order(1);
export const SECOND = order(2, {
  customer: { id: 4, name: 'Omar Farouk' },
  window_start: null,
  window_end: null,
});
export const PLANNED = order(3, { status: 'planned', trip_id: 42, total: 80 });

export const details = (row: TCrmOrderRow, extra: Partial<TCrmOrderDetails> = {}): TCrmOrderDetails => ({
  ...row,
  lines: [
    {
      id: 11,
      item_id: 21,
      sku: 'FD-10',
      name: 'Dog food 10 kg',
      unit: 'bag',
      quantity: 2,
      unit_price: 12.5,
      amount: 25,
    },
  ],
  pets: [{ id: 31, name: 'Rex', species: 'dog' }],
  notes: 'Ring twice',
  history: [
    { status: 'draft', at: '2026-03-01 08:00:00', by: 'Sara Admin' },
    { status: 'confirmed', at: '2026-03-02 09:30:00', by: 'Omar Admin' },
  ],
  task_id: null,
  proof_images: [],
  tracking: null,
  ...extra,
});

export const page = (rows: unknown[]): MockAnswer => ({
  body: {
    success: true,
    data: rows,
    pagination: { page: 1, page_size: 25, total_items: rows.length, next_cursor: null, prev_cursor: null },
  },
});
export const success = (body: Record<string, unknown>): MockAnswer => ({ body: { success: true, ...body } });
export const refused = (status: number, message: string): MockAnswer => ({
  body: { success: false, message },
  status,
});

export const CUSTOMER: TCustomerRow = {
  id: 3,
  kind: 'person',
  name: 'Layla Haddad',
  phone: null,
  email: 'layla@example.com',
  notes: null,
  tags: [],
  address_count: 1,
  open_orders: 1,
  created_date: CREATED,
};
export const ADDRESS: TAddressRow = {
  id: 5,
  customer: { id: 3, name: 'Layla Haddad' },
  label: 'Home',
  address: 'Villa 12, Jumeirah 1',
  lat: 25.2,
  lon: 55.25,
  delivery_notes: null,
  destination_id: null,
  created_date: CREATED,
};
export const item = (id: number, sku: string, name: string, unit_price: number): TItemRow => ({
  id,
  sku,
  name,
  unit: 'piece',
  unit_price,
  weight: null,
  volume: null,
  created_date: CREATED,
});
export const ITEMS = [item(21, 'FD-10', 'Dog food 10 kg', 12.5), item(22, 'GR-1', 'Grooming visit', 100)];

export const jsonOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;
export const queryOf = (call: unknown[] | undefined) =>
  Object.fromEntries(new URL(String(call?.[0]), 'http://localhost').searchParams);

export function mockOrders(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/crm/orders': ({ query }) =>
      page(
        [CONFIRMED, SECOND, PLANNED].filter((o) => !query.get('status') || o.status === query.get('status')),
      ),
    'GET /api/v1/crm/orders/1': () => success({ data: details(CONFIRMED) }),
    'GET /api/v1/crm/customers': () => page([CUSTOMER]),
    'GET /api/v1/crm/customers/3': () => success({ data: CUSTOMER }),
    'GET /api/v1/crm/addresses': () => page([ADDRESS]),
    'GET /api/v1/crm/pets': () => page([]),
    'GET /api/v1/crm/items': ({ query }) =>
      page(ITEMS.filter((i) => i.name.toLowerCase().includes(query.get('search') ?? ''))),
    'GET /api/driver/get-drivers': () => ok(DRIVERS),
    'GET /api/warehouse/get-warehouse': () => ok(ORIGINS),
    'GET /api/type/get-types': () => ok(TYPES),
    ...extra,
  });
}

export const rowOf = async (text: string) => {
  const table = await screen.findByRole('table', { name: 'Orders' }, { timeout: PAGE_LOAD_MS });
  return (await within(table).findByText(text)).closest('tr') as HTMLElement;
};

export async function pick(scope: HTMLElement, label: string | RegExp, option: string, typed?: string) {
  const box = within(scope).getByRole('combobox', { name: label });
  await user.click(box);
  if (typed) await user.type(box, typed);
  // Within the open list only: a role query over the whole shell is what makes a pick slow.
  const listbox = await waitFor(() => {
    const list = document.querySelector<HTMLElement>('[role="listbox"]');
    expect(list).not.toBeNull();
    return list!;
  });
  await user.click(await within(listbox).findByRole('option', { name: option }));
}
