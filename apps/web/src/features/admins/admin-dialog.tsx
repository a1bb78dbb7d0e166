import { MESSAGES, PASSWORD_MIN_LENGTH, ZAdminAdd, ZAdminSave, type TAdminRow } from '@fleet/contract';
import { z } from 'zod';
import { FormDialog, formSchema } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { withStrongPassword } from '../../lib/password-strength';
import { useSaveAdmin } from './api/admins';

interface AdminForm {
  email: string;
  fname: string;
  lname: string;
  password: string;
  confirm: string;
}

const PASSWORD_HINT = MESSAGES.password.hint(PASSWORD_MIN_LENGTH);
const samePassword = (v: { password: string | null; confirm: string }) => (v.password ?? '') === v.confirm;
const mismatch = { message: MESSAGES.admin.passwordsDiffer, path: ['confirm'] };

// The contract's own schemas read the form: adding needs a password; updating keeps the current one
// when both fields are left empty.
// A weak password is refused here with the server's reason, before anything is sent.
const ADD_SCHEMA = withStrongPassword(
  formSchema<AdminForm>()(
    ZAdminAdd.omit({ tenant_id: true }).extend({ confirm: z.string() }).refine(samePassword, mismatch),
  ),
);
const EDIT_SCHEMA = withStrongPassword(
  formSchema<AdminForm>()(
    ZAdminSave.omit({ id: true, tenant_id: true })
      .extend({ confirm: z.string() })
      .refine(samePassword, mismatch),
  ),
);
type AdminOutput = z.output<typeof ADD_SCHEMA> | z.output<typeof EDIT_SCHEMA>;

/** The spec's words for the tenant's own users, and for the admins of a tenant the super admin manages. */
const WORDS = {
  user: {
    title: (adding: boolean) => (adding ? 'Add User' : 'Update User'),
    saved: (adding: boolean) => (adding ? MESSAGES.admin.added : MESSAGES.admin.updated),
    failed: (adding: boolean) => (adding ? 'Failed to add user.' : 'Failed to update user.'),
  },
  admin: {
    title: (adding: boolean) => (adding ? 'Add Admin' : 'Update Admin'),
    saved: (adding: boolean) => (adding ? 'Admin added successfully.' : 'Admin updated successfully.'),
    failed: (adding: boolean) => (adding ? 'Error adding admin' : 'Error updating admin'),
  },
};

export interface AdminDialogProps {
  open: boolean;
  /** The admin to update; null adds one. */
  admin: TAdminRow | null;
  /** The tenant whose admins the super admin manages; left out, the signed-in admin's own tenant. */
  tenantId?: number;
  onClose: () => void;
}

/**
 * Add/Update an admin (spec 001 "Users", and a tenant's admins for the super admin): e-mail, names,
 * password and its confirmation.
 */
export function AdminDialog({ open, admin, tenantId, onClose }: AdminDialogProps) {
  const save = useSaveAdmin();
  const adding = admin === null;
  const words = tenantId === undefined ? WORDS.user : WORDS.admin;
  return (
    <FormDialog<AdminForm, AdminOutput>
      key={adding ? 'add' : `edit-${admin.id}`}
      open={open}
      title={words.title(adding)}
      schema={adding ? ADD_SCHEMA : EDIT_SCHEMA}
      defaultValues={{
        email: admin?.email ?? '',
        fname: admin?.fname ?? '',
        lname: admin?.lname ?? '',
        password: '',
        confirm: '',
      }}
      onClose={onClose}
      onSubmit={({ confirm: _confirm, ...values }) =>
        save.mutateAsync(
          // Adding, the password is never null: the add schema requires one. The super admin names the tenant.
          adding
            ? { ...values, password: values.password ?? '', tenant_id: tenantId }
            : { ...values, id: admin.id, tenant_id: tenantId },
        )
      }
      successMessage={words.saved(adding)}
      failureMessage={words.failed(adding)}
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
            helperText={adding ? PASSWORD_HINT : 'Leave empty to keep the current password'}
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
