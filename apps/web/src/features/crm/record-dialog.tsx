import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { CRM_MESSAGES, type TCustomerRef } from '@fleet/contract';
import { FormDialog, type FormDialogProps } from '../../components/form-dialog';

/** What a list gives its record's dialog. */
export interface RecordDialogState<TRow> {
  open: boolean;
  /** The record being edited, or null to add one. */
  row: TRow | null;
  /** The customer a new record belongs to (the customer's detail view): no customer picker then. */
  customer?: TCustomerRef | undefined;
  onClose: () => void;
}

export interface RecordDialogProps<TForm extends FieldValues, TOut, TRow extends { id: number }> {
  /** The record's name as messages say it: 'Contact' ("Contact added successfully"). */
  noun: string;
  open: boolean;
  /** The record being edited, or null to add one. */
  row: TRow | null;
  /** The contract's input schema fed the form (`crmFormSchema`). */
  schema: z.ZodType<TOut, TForm>;
  defaultValues: FormDialogProps<TForm, TOut>['defaultValues'];
  onClose: () => void;
  /** The record's add and save mutations. */
  add: (input: TOut) => Promise<unknown>;
  save: (change: { id: number; input: TOut }) => Promise<unknown>;
  children: FormDialogProps<TForm, TOut>['children'];
}

/** Add/Edit of a CRM record: the form dialog, titled and answered in the record's name. */
export function RecordDialog<TForm extends FieldValues, TOut, TRow extends { id: number }>({
  noun,
  row,
  add,
  save,
  ...props
}: RecordDialogProps<TForm, TOut, TRow>) {
  const lower = noun.toLowerCase();
  return (
    <FormDialog<TForm, TOut>
      {...props}
      title={row ? `Edit ${lower}` : `Add ${lower}`}
      onSubmit={(input) => (row ? save({ id: row.id, input }) : add(input))}
      successMessage={row ? CRM_MESSAGES.updated(noun) : CRM_MESSAGES.created(noun)}
      failureMessage={row ? `Failed to update the ${lower}.` : `Failed to add the ${lower}.`}
    />
  );
}
