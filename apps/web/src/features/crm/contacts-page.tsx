import ContactsIcon from '@mui/icons-material/ContactPhoneOutlined';
import type { TContactRow, TCustomerRef } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { contactsQuery, crmExportPath, useDeleteContact } from './api/records';
import { ContactDialog } from './contact-dialog';
import { orDash } from './crm-units';
import { customerRecordsConfig } from './customer-records';
import { useRecordDialog } from './use-record-dialog';

const COLUMNS: ListColumn<TContactRow>[] = [
  { id: 'name', label: 'Name', render: (c) => c.name },
  { id: 'role', label: 'Role', render: (c) => orDash(c.role) },
  { id: 'phone', label: 'Phone', render: (c) => orDash(c.phone), nowrap: true },
  { id: 'email', label: 'E-mail', render: (c) => orDash(c.email) },
];

/**
 * The contacts list as configuration, with its dialog: every contact (the Contacts page), or one
 * customer's (its detail view, where a new contact is that customer's).
 */
export function useContactList(customer?: TCustomerRef) {
  const dialog = useRecordDialog<TContactRow>();
  const remove = useDeleteContact();
  return {
    add: dialog.add,
    config: customerRecordsConfig({
      noun: 'Contact',
      plural: 'contacts',
      query: contactsQuery,
      customer,
      columns: COLUMNS,
      rowName: (c) => c.name,
      onEdit: dialog.edit,
      deleteRow: remove.mutateAsync,
    }),
    dialog: <ContactDialog open={dialog.open} row={dialog.row} customer={customer} onClose={dialog.close} />,
  };
}

/** /crm/contacts: the people at the tenant's customers. */
export function ContactsPage() {
  const list = useContactList();
  return (
    <ListPage
      title="Contacts"
      icon={<ContactsIcon color="primary" />}
      {...list.config}
      add={{ label: 'Add contact', onClick: list.add }}
      exportFile={{ path: crmExportPath('contacts'), fileName: 'Contacts.xlsx' }}
    >
      {list.dialog}
    </ListPage>
  );
}
