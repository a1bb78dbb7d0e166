import AddressesIcon from '@mui/icons-material/HomeWorkOutlined';
import type { TAddressRow, TCustomerRef } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { addressesQuery, crmExportPath, useDeleteAddress } from './api/records';
import { AddressDialog } from './address-dialog';
import { orDash } from './crm-units';
import { customerRecordsConfig } from './customer-records';
import { useRecordDialog } from './use-record-dialog';

const COLUMNS: ListColumn<TAddressRow>[] = [
  { id: 'label', label: 'Label', render: (a) => a.label },
  { id: 'address', label: 'Address', render: (a) => a.address, prose: true },
  { id: 'notes', label: 'Delivery notes', render: (a) => orDash(a.delivery_notes), prose: true },
];

/**
 * The addresses list as configuration, with its dialog: every address, or one customer's (its
 * detail view, where a new address is that customer's).
 */
export function useAddressList(customer?: TCustomerRef) {
  const dialog = useRecordDialog<TAddressRow>();
  const remove = useDeleteAddress();
  return {
    add: dialog.add,
    config: customerRecordsConfig({
      noun: 'Address',
      plural: 'addresses',
      query: addressesQuery,
      customer,
      columns: COLUMNS,
      rowName: (a) => `${a.customer.name}: ${a.label}`,
      onEdit: dialog.edit,
      deleteRow: remove.mutateAsync,
    }),
    dialog: <AddressDialog open={dialog.open} row={dialog.row} customer={customer} onClose={dialog.close} />,
  };
}

/** /crm/addresses: the customers' delivery addresses, each a point on the map. */
export function AddressesPage() {
  const list = useAddressList();
  return (
    <ListPage
      title="Addresses"
      icon={<AddressesIcon color="primary" />}
      {...list.config}
      add={{ label: 'Add address', onClick: list.add }}
      exportFile={{ path: crmExportPath('addresses'), fileName: 'Addresses.xlsx' }}
    >
      {list.dialog}
    </ListPage>
  );
}
