import { ZContactInput, type TContactRow, type TContactValues } from '@fleet/contract';
import { FormTextField } from '../../components/form-text-field';
import { useAddContact, useSaveContact } from './api/records';
import { RecordDialog, type RecordDialogState } from './record-dialog';
import { crmFormSchema } from './crm-form';
import { CustomerPicker } from './customer-picker';

interface ContactForm {
  customer_id: number | null;
  name: string;
  role: string;
  phone: string;
  email: string;
}

const SCHEMA = crmFormSchema<ContactForm, typeof ZContactInput>(ZContactInput);

/** Add/Edit a contact: a person at a customer, with role, phone and e-mail. */
export function ContactDialog({ open, row: contact, customer, onClose }: RecordDialogState<TContactRow>) {
  const add = useAddContact();
  const save = useSaveContact();
  const owner = contact?.customer ?? customer;
  const defaultValues: ContactForm = {
    customer_id: owner?.id ?? null,
    name: contact?.name ?? '',
    role: contact?.role ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
  };
  return (
    <RecordDialog<ContactForm, TContactValues, TContactRow>
      noun="Contact"
      open={open}
      row={contact}
      schema={SCHEMA}
      defaultValues={defaultValues}
      onClose={onClose}
      add={add.mutateAsync}
      save={save.mutateAsync}
    >
      {(form) => (
        <>
          <CustomerPicker control={form.control} name="customer_id" current={owner} disabled={!!customer} />
          <FormTextField form={form} name="name" label="Name" required autoFocus />
          <FormTextField form={form} name="role" label="Role" placeholder="Buyer, site manager, …" />
          <FormTextField form={form} name="phone" label="Phone" type="tel" />
          <FormTextField form={form} name="email" label="E-mail" type="email" />
        </>
      )}
    </RecordDialog>
  );
}
