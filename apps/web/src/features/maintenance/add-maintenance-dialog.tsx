import { useQuery } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import {
  EMPTY_MAINTENANCE_FORM,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_VEHICLE_SEARCH_LIMIT,
  ZMaintenanceForm,
  type TMaintenanceForm,
} from '@fleet/contract';
import { FormDialog, formSchema } from '../../components/form-dialog';
import { FormIdSelect } from '../../components/form-id-select';
import { FormTextField } from '../../components/form-text-field';
import { vehicleListQuery } from '../../lib/api/vehicles';
import { useTerms } from '../../lib/terms';
import { maintenanceTypesQuery, useAddMaintenance } from './api/maintenance';

const schema = formSchema<TMaintenanceForm>()(ZMaintenanceForm);

/**
 * Add Maintenance (spec 002): persistent (only Cancel and Save close it), empty each time it opens,
 * vehicles and types loaded on open, the vehicle search showing at most 4 matches, and Save disabled
 * while a field is invalid. Beyond the spec, the odometer at the service (optional, in the tenant's
 * distance unit): the risk model counts the distance since each service from it.
 */
export function AddMaintenanceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const terms = useTerms();
  const add = useAddMaintenance();
  const vehicles = useQuery({ ...vehicleListQuery(''), enabled: open });
  const types = useQuery({ ...maintenanceTypesQuery(), enabled: open });

  return (
    <FormDialog
      open={open}
      title="Add Maintenance"
      schema={schema}
      defaultValues={EMPTY_MAINTENANCE_FORM}
      onClose={onClose}
      onSubmit={(values) =>
        add.mutateAsync({
          bus_id: values.bus_id,
          type: values.type,
          date: values.date,
          cost: values.cost === '' ? null : values.cost,
          note: values.note || null,
          completed_by: values.completed_by || null,
          odometer: values.odometer === '' ? null : values.odometer,
        })
      }
      successMessage={MAINTENANCE_MESSAGES.added}
      failureMessage={MAINTENANCE_MESSAGES.submitFailed}
      persistent
      saveWhenValid
    >
      {(form) => (
        <>
          <FormIdSelect
            control={form.control}
            name="bus_id"
            label={terms.bus}
            required
            loading={vehicles.isPending}
            options={vehicles.data?.map((v) => ({ id: v.id, label: v.reference }))}
            maxShown={MAINTENANCE_VEHICLE_SEARCH_LIMIT}
            helperText={vehicles.isError ? MAINTENANCE_MESSAGES.vehiclesFailed : undefined}
          />
          <FormIdSelect
            control={form.control}
            name="type"
            label="Maintenance type"
            required
            loading={types.isPending}
            options={types.data?.map((t) => ({ id: t.id, label: t.name }))}
          />
          <Controller
            control={form.control}
            name="date"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                type="date"
                label="Date"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          />
          <FormTextField
            form={form}
            name="cost"
            label={`Cost (${terms.currency.symbol})`}
            inputMode="decimal"
          />
          <FormTextField
            form={form}
            name="odometer"
            label={`Odometer (${terms.spaceUnit.symbol})`}
            inputMode="decimal"
          />
          <FormTextField form={form} name="completed_by" label="Completed By" />
          <FormTextField form={form} name="note" label="Note" multiline minRows={2} />
        </>
      )}
    </FormDialog>
  );
}
