import type {
  TAddressRow,
  TContactRow,
  TCrmOrderRow,
  TCustomerRow,
  TItemRow,
  TPetRow,
} from '@fleet/contract';
import type { MockAnswer } from '../../test/mock-api';

/* Rows and answers of the CRM calls, for the CRM screens' tests. */

/** A list's answer: one page holding every row. */
export const crmPage = (rows: readonly unknown[], total = rows.length): MockAnswer => ({
  body: { success: true, data: rows, pagination: { page: 1, page_size: 25, total_items: total } },
});
export const crmOne = (row: unknown): MockAnswer => ({ body: { success: true, data: row } });
export const crmSaved = (row: unknown, message: string): MockAnswer => ({
  body: { success: true, message, data: row },
});
/** A refusal as the CRM calls answer it. */
export const crmRefused = (status: number, message: string): MockAnswer => ({
  status,
  body: { success: false, message },
});

export const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;
export const queryOf = (call: unknown[] | undefined) =>
  new URL(String(call?.[0]), 'http://localhost').searchParams;

export const AL_NOOR: TCustomerRow = {
  id: 12,
  kind: 'company',
  name: 'Al Noor Trading',
  phone: '+971 4 555 0101',
  email: 'orders@alnoor.ae',
  notes: 'Deliveries to the back gate.',
  tags: ['wholesale', 'vip'],
  address_count: 2,
  open_orders: 1,
  created_date: '2026-01-05 09:00:00',
};
export const SARA: TCustomerRow = {
  id: 14,
  kind: 'person',
  name: 'Sara Haddad',
  phone: null,
  email: null,
  notes: null,
  tags: [],
  address_count: 0,
  open_orders: 0,
  created_date: '2026-01-06 09:00:00',
};
const ref = (c: TCustomerRow) => ({ id: c.id, name: c.name });

export const OMAR: TContactRow = {
  id: 31,
  customer: ref(AL_NOOR),
  name: 'Omar Khalil',
  role: 'Buyer',
  phone: '+971 50 123 4567',
  email: 'omar@alnoor.ae',
  created_date: '2026-01-05 09:10:00',
};

export const LUNA: TPetRow = {
  id: 41,
  customer: ref(SARA),
  name: 'Luna',
  species: 'cat',
  breed: 'Persian',
  birth_date: '2021-04-02',
  weight: 4.2,
  special_needs: 'Anxious in cars',
  created_date: '2026-01-06 09:10:00',
};

export const WAREHOUSE: TAddressRow = {
  id: 51,
  customer: ref(AL_NOOR),
  label: 'Warehouse 2',
  address: 'Al Quoz Industrial Area 3, Dubai',
  lat: 25.1372,
  lon: 55.2384,
  delivery_notes: 'Ring at gate B',
  destination_id: null,
  created_date: '2026-01-05 09:20:00',
};

export const WATER: TItemRow = {
  id: 61,
  sku: 'WTR-19L',
  name: 'Water bottle 19 L',
  unit: 'bottle',
  unit_price: 12.5,
  weight: 19.6,
  volume: 19,
  created_date: '2026-01-02 08:00:00',
};

export const ORDER_17: TCrmOrderRow = {
  id: 17,
  reference: 'SO-000017',
  customer: ref(AL_NOOR),
  address: {
    id: 51,
    label: 'Warehouse 2',
    address: WAREHOUSE.address,
    lat: WAREHOUSE.lat,
    lon: WAREHOUSE.lon,
  },
  requested_date: '2026-03-12',
  window_start: '09:00',
  window_end: '12:00',
  status: 'confirmed',
  status_date: '2026-03-10 08:00:00',
  total: 250,
  line_count: 2,
  trip_id: null,
  created_date: '2026-03-10 07:00:00',
};
