import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { TCustomerRef } from '@fleet/contract';
import type { ListColumn, TListParams } from '../../components/list';
import { crmServerPage, type TCrmListParams } from './api/records';
import { CRM_PAGING, crmRemove } from './crm-lists';
import { CustomerLink } from './customer-link';

/** A record that belongs to a customer: a contact, a pet, an address. */
interface TCustomerRecord {
  id: number;
  customer: TCustomerRef;
}

export interface CustomerRecordsOptions<T extends TCustomerRecord, TData, TKey extends QueryKey> {
  /** The record's name as messages say it ('Contact'), and its plural in lower case ('contacts'). */
  noun: string;
  plural: string;
  /** The record's list query (`contactsQuery`). */
  query: (params: TCrmListParams) => UseQueryOptions<TData, Error, TData, TKey>;
  /** Every customer's records, or this customer's (its detail view: no customer column then). */
  customer: TCustomerRef | undefined;
  /** The customer column's heading ('Owner' for pets). */
  customerLabel?: string;
  columns: ListColumn<T>[];
  rowName: (row: T) => string;
  onEdit: (row: T) => void;
  /** The record's delete mutation. */
  deleteRow: (id: number) => Promise<unknown>;
}

/**
 * The list configuration of a customer's records, for their page (every customer's, with a customer
 * column) and for a tab of the customer's detail view (filtered by `customer_id`).
 */
export function customerRecordsConfig<
  T extends TCustomerRecord,
  TData extends Parameters<typeof crmServerPage<T>>[0],
  TKey extends QueryKey,
>({
  noun,
  plural,
  query,
  customer,
  customerLabel = 'Customer',
  columns,
  rowName,
  onEdit,
  deleteRow,
}: CustomerRecordsOptions<T, TData, TKey>) {
  const customerColumn: ListColumn<T> = {
    id: 'customer',
    label: customerLabel,
    render: (row) => <CustomerLink customer={row.customer} />,
  };
  return {
    query: ({ page, pageSize, search }: TListParams) =>
      query({ page, pageSize, search, customerId: customer?.id }),
    serverPage: (data: TData) => crmServerPage<T>(data),
    paging: CRM_PAGING,
    columns: customer ? columns : [customerColumn, ...columns],
    rowName,
    onEdit,
    remove: crmRemove<T>(noun, deleteRow),
    emptyText: `No ${plural} yet.`,
  };
}
