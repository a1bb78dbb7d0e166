import { MESSAGES, ZAdminAdd, ZAdminSave, type TAdminRow } from '@fleet/contract';
import { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { addAdmin, saveAdmin, type TAdminValues } from './api/admins';

interface AdminForm {
  email: string;
  fname: string;
  lname: string;
  password: string;
  confirm: string;
}
type AdminOutput = TAdminValues & { confirm: string };

const samePassword = (v: { password: string | null; confirm: string }) => (v.password ?? '') === v.confirm;
const mismatch = { message: MESSAGES.admin.passwordsDiffer, path: ['confirm'] };

// Adding needs a password; updating keeps the current one when both fields are left empty.
const ADD_SCHEMA = ZAdminAdd.omit({ tenant_id: true })
  .extend({ confirm: z.string() })
  .refine(samePassword, mismatch) as unknown as z.ZodType<AdminOutput, AdminForm>;
const EDIT_SCHEMA = ZAdminSave.omit({ id: true, tenant_id: true })
  .extend({ confirm: z.string() })
  .refine(samePassword, mismatch) as unknown as z.ZodType<AdminOutput, AdminForm>;

export interface AdminDialogProps {
  open: boolean;
  /** The user to update; null adds one. */
  admin: TAdminRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add/Update user (spec 001 "Users"): e-mail, names, password and its confirmation. */
export function AdminDialog({ open, admin, onClose, onSaved }: AdminDialogProps) {
  const adding = admin === null;
  return (
    <FormDialog<AdminForm, AdminOutput>
      key={adding ? 'add' : `edit-${admin.id}`}
      open={open}
      title={adding ? 'Add User' : 'Update User'}
      schema={adding ? ADD_SCHEMA : EDIT_SCHEMA}
      defaultValues={{
        email: admin?.email ?? '',
        fname: admin?.fname ?? '',
        lname: admin?.lname ?? '',
        password: '',
        confirm: '',
      }}
      onClose={onClose}
      onSubmit={async ({ confirm: _confirm, ...values }) => {
        await (adding ? addAdmin(values) : saveAdmin(admin.id, values));
        onSaved();
      }}
      successMessage={adding ? MESSAGES.admin.added : MESSAGES.admin.updated}
      failureMessage={adding ? 'Failed to add user.' : 'Failed to update user.'}
    >
      {(form) => (
        <>
          <FormTextField
            form={form}
            name="email"
            label="E-mail"
            required
            type="email"
            autoFocus
            autoComplete="off"
          />
          <FormTextField form={form} name="fname" label="First name" required />
          <FormTextField form={form} name="lname" label="Last name" required />
          <FormTextField
            form={form}
            name="password"
            password
            label="Password"
            required={adding}
            autoComplete="new-password"
            helperText={adding ? undefined : 'Leave empty to keep the current password'}
          />
          <FormTextField
            form={form}
            name="confirm"
            password
            label="Confirm password"
            required={adding}
            autoComplete="new-password"
          />
        </>
      )}
    </FormDialog>
  );
}
