import { useRef } from 'react';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Controller, FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES, ZTenantAdd, type TTenantRow } from '@fleet/contract';
import { FormDialog } from '../../components/form-dialog';
import { LocationField, TermFields, UnitFields } from '../../components/tenant-settings-fields';
import { ApiError } from '../../lib/api/client';
import { tenantTypesQuery, useSaveTenantSettings } from '../../lib/api/settings';
import { useAddTenant, useSaveTenant } from '../../lib/api/tenants';
import { ZTenantSettingsForm, formToSettings, type TTenantSettingsForm } from '../../lib/tenant-settings';

export const ZTenantForm = ZTenantSettingsForm.extend({
  name: ZTenantAdd.shape.name,
  type: z.string().min(1, MESSAGES.required),
  is_enabled_crm: z.boolean(),
});
export type TTenantForm = z.infer<typeof ZTenantForm>;

/** The terms the spec's tenant dialog asks for, in its words (spec 001 §2). */
const TENANT_TERMS = [
  { name: 'driver_term', label: 'Type of Staff', helper: 'Driver, Staff, Courier…' },
  { name: 'trip_term', label: 'Task to Track', helper: 'Trip, Task, Delivery…' },
  { name: 'destination_term', label: 'Destination to Track', helper: 'Destination, Site, Stop…' },
] as const;

export interface TenantDialogProps {
  open: boolean;
  /** The tenant being edited, or null to add one. */
  tenant: TTenantRow | null;
  defaultValues: TTenantForm;
  onClose: () => void;
}

/** Adds or edits a tenant, then saves its settings with `save-all` (spec 001 §2, §7). */
export function TenantDialog({ open, tenant, defaultValues, onClose }: TenantDialogProps) {
  const types = useQuery(tenantTypesQuery());
  const addTenant = useAddTenant();
  const saveTenant = useSaveTenant();
  const saveSettings = useSaveTenantSettings();
  // A tenant added whose settings then failed to save is edited, not added again, on the next Save.
  const createdId = useRef<number | null>(null);

  const submit = async (values: TTenantForm) => {
    const { name, type, is_enabled_crm, ...settings } = values;
    const body = { name, type, is_enabled_crm: is_enabled_crm ? 1 : 0 } as const;
    let id = tenant?.id ?? createdId.current;
    if (id === null) {
      id = (await addTenant.mutateAsync(body)).id;
      createdId.current = id;
    } else {
      await saveTenant.mutateAsync({ ...body, id });
    }
    try {
      await saveSettings.mutateAsync({
        settings: formToSettings(settings as TTenantSettingsForm),
        tenantId: id,
      });
    } catch (error) {
      const reason = error instanceof ApiError ? error.responseMessage : 'Failed to update settings';
      throw new ApiError(0, `The tenant was saved, but its settings were not: ${reason}`);
    }
    createdId.current = null;
  };

  const typeOptions = types.data ?? [];
  return (
    <FormDialog
      open={open}
      title={tenant ? 'Update Tenant' : 'Add Tenant'}
      schema={ZTenantForm}
      defaultValues={defaultValues}
      onSubmit={submit}
      onClose={() => {
        createdId.current = null;
        onClose();
      }}
      successMessage={tenant ? MESSAGES.tenant.updated : MESSAGES.tenant.added}
      failureMessage={tenant ? 'Error updating tenant' : 'Error adding tenant'}
      width={720}
    >
      {(form) => (
        <FormProvider {...form}>
          <TextField
            label="Name"
            {...form.register('name')}
            error={Boolean(form.formState.errors.name)}
            helperText={form.formState.errors.name?.message}
            autoFocus
            fullWidth
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Tenant type"
                {...field}
                error={Boolean(fieldState.error) || types.isError}
                helperText={
                  fieldState.error?.message ?? (types.isError ? 'Failed to load tenant types' : undefined)
                }
                fullWidth
              >
                {typeOptions.length === 0 && field.value && (
                  <MenuItem value={field.value}>{field.value}</MenuItem>
                )}
                {typeOptions.map((option) => (
                  <MenuItem key={option.id} value={option.value}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="is_enabled_crm"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />
                }
                label="CRM module"
              />
            )}
          />
          <Divider />
          <Typography variant="subtitle2" component="h3">
            Configuration
          </Typography>
          <UnitFields />
          <LocationField mapHeight={220} />
          <Divider />
          <Typography variant="subtitle2" component="h3">
            Terminology
          </Typography>
          <TermFields fields={[...TENANT_TERMS]} />
        </FormProvider>
      )}
    </FormDialog>
  );
}
