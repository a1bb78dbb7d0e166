import CustomersIcon from '@mui/icons-material/PeopleAltOutlined';
import OpenIcon from '@mui/icons-material/OpenInNewOutlined';
import { CUSTOMER_IMPORT_COLUMNS, CUSTOMER_KIND_LABEL, type TCustomerRow } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { useRefreshAfterChange } from '../../lib/api/change';
import { paths } from '../../lib/paths';
import {
  crmExportPath,
  crmImportPaths,
  crmServerPage,
  customersQuery,
  useDeleteCustomer,
} from './api/records';
import { CRM_PAGING, crmRemove } from './crm-lists';
import { orDash } from './crm-units';
import { CustomerDialog } from './customer-dialog';
import { CustomerLink } from './customer-link';
import { TagChips } from './customer-texts';
import { useRecordDialog } from './use-record-dialog';

const COLUMNS: ListColumn<TCustomerRow>[] = [
  { id: 'name', label: 'Name', render: (c) => <CustomerLink customer={c} /> },
  { id: 'kind', label: 'Kind', render: (c) => CUSTOMER_KIND_LABEL[c.kind] },
  { id: 'phone', label: 'Phone', render: (c) => orDash(c.phone), nowrap: true },
  { id: 'email', label: 'E-mail', render: (c) => orDash(c.email) },
  { id: 'tags', label: 'Tags', render: (c) => <TagChips tags={c.tags} /> },
  { id: 'addresses', label: 'Addresses', render: (c) => c.address_count, align: 'right' },
  { id: 'open', label: 'Open orders', render: (c) => c.open_orders, align: 'right' },
];

/** /crm/customers: the people and companies the tenant delivers to or serves. */
export function CustomersPage() {
  const dialog = useRecordDialog<TCustomerRow>();
  const remove = useDeleteCustomer();
  const refresh = useRefreshAfterChange('crm_customer');
  const detailsOf = (c: TCustomerRow) => paths.crmCustomer.getHref({ id: c.id });
  return (
    <ListPage
      title="Customers"
      icon={<CustomersIcon color="primary" />}
      query={customersQuery}
      serverPage={crmServerPage<TCustomerRow>}
      paging={CRM_PAGING}
      columns={COLUMNS}
      rowName={(c) => c.name}
      add={{ label: 'Add customer', onClick: dialog.add }}
      onEdit={dialog.edit}
      remove={crmRemove('Customer', remove.mutateAsync)}
      rowActions={[
        { id: 'open', label: (c) => `Open ${c.name}`, icon: <OpenIcon fontSize="small" />, href: detailsOf },
      ]}
      exportFile={{ path: crmExportPath('customers'), fileName: 'Customers.xlsx' }}
      importFile={{
        title: 'Import customers',
        columns: CUSTOMER_IMPORT_COLUMNS,
        ...crmImportPaths('customers'),
        onImported: refresh,
      }}
      emptyText="No customers yet."
    >
      <CustomerDialog open={dialog.open} row={dialog.row} onClose={dialog.close} />
    </ListPage>
  );
}
