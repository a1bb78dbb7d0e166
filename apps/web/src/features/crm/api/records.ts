import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ZAddressRow,
  ZContactRow,
  ZCrmDeleted,
  ZCrmOne,
  ZCrmOrderRow,
  ZCrmPage,
  ZCrmSaved,
  ZCustomerRow,
  ZItemRow,
  ZPetRow,
  type ZCrmPagination,
  type TAddressValues,
  type TContactValues,
  type TCustomerValues,
  type TItemValues,
  type TPetValues,
} from '@fleet/contract';
import type { TListPage } from '../../../components/list';
import { apiSuccessRequest } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { queryRoots, type TChangedEntity } from '../../../lib/query-keys';

/*
 * The CRM records (issue 28): customers, contacts, pets, addresses and items, each a server-paged
 * list with search (`GET v1/crm/{records}`), one record, add (POST), save (PUT) and delete (DELETE,
 * an archive). Contacts, pets and addresses belong to a customer and filter by `customer_id` on the
 * customer's detail view. Orders are `./orders.ts`; the detail view's orders table is read here.
 */

/** What a CRM list asks for: the page (1-based), the search, and for a customer's records the customer. */
export interface TCrmListParams {
  page: number;
  pageSize: number;
  search: string;
  customerId?: number;
}

/**
 * A page of a customer's orders (newest first). Orders page by cursor: past the first page the list
 * sends the cursor the server answered for it.
 */
export type TCustomerOrdersParams = Pick<TCrmListParams, 'page' | 'pageSize'> & {
  cursor?: string | undefined;
};

/** Each record: its cache root and its change event (a write refreshes what the event makes stale). */
const RECORDS = {
  customers: { root: queryRoots.crmCustomers, entity: 'crm_customer' },
  contacts: { root: queryRoots.crmContacts, entity: 'crm_contact' },
  pets: { root: queryRoots.crmPets, entity: 'crm_pet' },
  addresses: { root: queryRoots.crmAddresses, entity: 'crm_address' },
  items: { root: queryRoots.crmItems, entity: 'crm_item' },
} as const satisfies Record<string, { root: readonly string[]; entity: TChangedEntity }>;
export type TCrmRecord = keyof typeof RECORDS;

const recordPath = (record: TCrmRecord | 'orders') => `v1/crm/${record}`;

/** The .xlsx export of a record's list, of the same search (`GET v1/crm/{records}/export`). */
export const crmExportPath = (record: TCrmRecord) => `${recordPath(record)}/export`;

/** The spreadsheet import of customers or items: its preview, then the import itself, all or nothing. */
export const crmImportPaths = (record: 'customers' | 'items') => ({
  previewPath: `${recordPath(record)}/import/preview`,
  importPath: `${recordPath(record)}/import`,
});

export const crmKeys = {
  list: (record: TCrmRecord, { page, pageSize, search, customerId }: TCrmListParams) =>
    [...RECORDS[record].root, 'list', { page, pageSize, search, customerId }] as const,
  one: (record: TCrmRecord, id: number) => [...RECORDS[record].root, 'one', id] as const,
  /** A customer's orders on its detail view: orders, refreshed with them. */
  customerOrders: (customerId: number, { page, pageSize, cursor }: TCustomerOrdersParams) =>
    [...queryRoots.crmOrders, 'of-customer', customerId, { page, pageSize, cursor }] as const,
};

/** A CRM list's answer as a server page of `ListPage`/`ListView` (its rows and how many match). */
export const crmServerPage = <TRow>(answer: {
  data: TRow[];
  pagination: z.output<typeof ZCrmPagination>;
}): TListPage<TRow> => ({
  rows: answer.data,
  total: answer.pagination.total_items,
  exact: answer.pagination.total_exact,
  // Orders: the cursors of the pages beside this one.
  next: answer.pagination.next_cursor,
  prev: answer.pagination.prev_cursor,
});

const listQuery = <TRow extends z.ZodType>(record: TCrmRecord, row: TRow) => {
  const schema = ZCrmPage(row);
  return (params: TCrmListParams) =>
    queryOptions({
      queryKey: crmKeys.list(record, params),
      queryFn: ({ signal }) =>
        apiSuccessRequest(recordPath(record), {
          schema,
          query: {
            page: params.page,
            page_size: params.pageSize,
            search: params.search || undefined,
            customer_id: params.customerId,
          },
          signal,
        }),
    });
};

/** A page of customers matching the search (name, phone, e-mail, tags). */
export const customersQuery = listQuery('customers', ZCustomerRow);
/** A page of contacts, of one customer with `customerId`. */
export const contactsQuery = listQuery('contacts', ZContactRow);
/** A page of pets, of one customer with `customerId`. */
export const petsQuery = listQuery('pets', ZPetRow);
/** A page of addresses, of one customer with `customerId`. */
export const addressesQuery = listQuery('addresses', ZAddressRow);
/** A page of the catalogue's items. */
export const itemsQuery = listQuery('items', ZItemRow);

/** One customer (its detail view); a customer not in the tenant's records fails with 404. */
export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: crmKeys.one('customers', id),
    queryFn: async ({ signal }) =>
      (await apiSuccessRequest(`${recordPath('customers')}/${id}`, { schema: ZCrmOne(ZCustomerRow), signal }))
        .data,
    // A missing customer stays missing: asking again would only delay the message.
    retry: false,
  });

/** A page of one customer's orders, newest first (the detail view's Orders table). */
export const customerOrdersQuery = (customerId: number, params: TCustomerOrdersParams) =>
  queryOptions({
    queryKey: crmKeys.customerOrders(customerId, params),
    queryFn: ({ signal }) =>
      apiSuccessRequest(recordPath('orders'), {
        schema: ZCrmPage(ZCrmOrderRow),
        query: {
          customer_id: customerId,
          page: params.page,
          page_size: params.pageSize,
          cursor: params.cursor,
        },
        signal,
      }),
  });

/** The server's answers to add, save and delete: the saved row with its message, or the message. */
const useAdd = <TInput, TRow extends z.ZodType>(record: TCrmRecord, row: TRow) =>
  useChange(RECORDS[record].entity, (input: TInput) =>
    apiSuccessRequest(recordPath(record), {
      method: 'POST',
      body: input,
      schema: ZCrmSaved(row),
    }),
  );

const useSave = <TInput, TRow extends z.ZodType>(record: TCrmRecord, row: TRow) =>
  useChange(RECORDS[record].entity, ({ id, input }: { id: number; input: TInput }) =>
    apiSuccessRequest(`${recordPath(record)}/${id}`, {
      method: 'PUT',
      body: input,
      schema: ZCrmSaved(row),
    }),
  );

const useDelete = (record: TCrmRecord) =>
  useChange(RECORDS[record].entity, (id: number) =>
    apiSuccessRequest(`${recordPath(record)}/${id}`, { method: 'DELETE', schema: ZCrmDeleted }),
  );

export const useAddCustomer = () => useAdd<TCustomerValues, typeof ZCustomerRow>('customers', ZCustomerRow);
export const useSaveCustomer = () => useSave<TCustomerValues, typeof ZCustomerRow>('customers', ZCustomerRow);
export const useDeleteCustomer = () => useDelete('customers');

export const useAddContact = () => useAdd<TContactValues, typeof ZContactRow>('contacts', ZContactRow);
export const useSaveContact = () => useSave<TContactValues, typeof ZContactRow>('contacts', ZContactRow);
export const useDeleteContact = () => useDelete('contacts');

export const useAddPet = () => useAdd<TPetValues, typeof ZPetRow>('pets', ZPetRow);
export const useSavePet = () => useSave<TPetValues, typeof ZPetRow>('pets', ZPetRow);
export const useDeletePet = () => useDelete('pets');

export const useAddAddress = () => useAdd<TAddressValues, typeof ZAddressRow>('addresses', ZAddressRow);
export const useSaveAddress = () => useSave<TAddressValues, typeof ZAddressRow>('addresses', ZAddressRow);
export const useDeleteAddress = () => useDelete('addresses');

export const useAddItem = () => useAdd<TItemValues, typeof ZItemRow>('items', ZItemRow);
export const useSaveItem = () => useSave<TItemValues, typeof ZItemRow>('items', ZItemRow);
export const useDeleteItem = () => useDelete('items');
