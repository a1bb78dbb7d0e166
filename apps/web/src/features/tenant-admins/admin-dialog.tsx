import TextField from '@mui/material/TextField';
import { z } from 'zod';
import { MESSAGES, ZAdminAdd, type TAdminRow } from '@fleet/contract';
import { FormDialog } from '../../components/form-dialog';
import { PasswordField } from '../../components/password-field';
import { addTenantAdmin, saveTenantAdmin } from './api/tenant-admins';

const names = ZAdminAdd.pick({ email: true, fname: true, lname: true });
const confirmMatches = (v: { password: string; confirm_password: string }) =>
  v.password === v.confirm_password;
const mismatch = { path: ['confirm_password'], message: MESSAGES.admin.passwordsDiffer };

/** Adding: the password is required (4 to 10 characters). */
export const ZAdminAddForm = names
  .extend({ password: ZAdminAdd.shape.password, confirm_password: z.string() })
  .refine(confirmMatches, mismatch);
/** Editing: an empty password keeps the current one. */
export const ZAdminEditForm = names
  .extend({
    password: z
      .string()
      .max(10, MESSAGES.passwordMax10)
      .refine((v) => v === '' || v.length >= 4, MESSAGES.admin.passwordMin4),
    confirm_password: z.string(),
  })
  .refine(confirmMatches, mismatch);
export type TAdminForm = z.infer<typeof ZAdminAddForm>;

export interface AdminDialogProps {
  open: boolean;
  tenantId: number;
  /** The admin being edited, or null to add one. */
  admin: TAdminRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Adds or edits an admin of one tenant (spec 001 §2, §5). */
export function AdminDialog({ open, tenantId, admin, onClose, onSaved }: AdminDialogProps) {
  const defaults: TAdminForm = {
    email: admin?.email ?? '',
    fname: admin?.fname ?? '',
    lname: admin?.lname ?? '',
    password: '',
    confirm_password: '',
  };
  const submit = async ({ confirm_password: _confirm, ...values }: TAdminForm) => {
    if (admin)
      await saveTenantAdmin({
        ...values,
        id: admin.id,
        tenant_id: tenantId,
        password: values.password || null,
      });
    else await addTenantAdmin({ ...values, tenant_id: tenantId });
    onSaved();
  };
  return (
    <FormDialog
      open={open}
      title={admin ? 'Update Admin' : 'Add Admin'}
      schema={admin ? ZAdminEditForm : ZAdminAddForm}
      defaultValues={defaults}
      onSubmit={submit}
      onClose={onClose}
      successMessage={admin ? 'Admin updated successfully.' : 'Admin added successfully.'}
      failureMessage={admin ? 'Error updating admin' : 'Error adding admin'}
    >
      {({ register, formState: { errors } }) => (
        <>
          <TextField
            label="E-mail"
            type="email"
            {...register('email')}
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            autoFocus
            fullWidth
          />
          <TextField
            label="First name"
            {...register('fname')}
            error={Boolean(errors.fname)}
            helperText={errors.fname?.message}
            fullWidth
          />
          <TextField
            label="Last name"
            {...register('lname')}
            error={Boolean(errors.lname)}
            helperText={errors.lname?.message}
            fullWidth
          />
          <PasswordField
            label="Password"
            {...register('password')}
            error={Boolean(errors.password)}
            helperText={
              errors.password?.message ?? (admin ? 'Leave empty to keep the current password.' : undefined)
            }
            autoComplete="new-password"
            fullWidth
          />
          <PasswordField
            label="Confirm password"
            {...register('confirm_password')}
            error={Boolean(errors.confirm_password)}
            helperText={errors.confirm_password?.message}
            autoComplete="new-password"
            fullWidth
          />
        </>
      )}
    </FormDialog>
  );
}
