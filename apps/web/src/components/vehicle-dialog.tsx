import InputAdornment from '@mui/material/InputAdornment';
import { MESSAGES, ZVehicleInput, type TVehicleInput, type TVehicleRow } from '@fleet/contract';
import { useTerms } from '../lib/terms';
import { formatDistance, weightUnit } from '../lib/unit-options';
import { useSaveVehicle } from '../lib/api/vehicles';
import { FormDialog } from './form-dialog';
import { FormTextField } from './form-text-field';

export interface VehicleDialogProps {
  open: boolean;
  /** The vehicle to edit; null adds a new one. */
  vehicle: TVehicleRow | null;
  onClose: () => void;
  /** Gets the saved row (the driver dialog selects a vehicle it just added); the lists refresh themselves. */
  onSaved?: (row: TVehicleRow) => void;
}

const EMPTY: TVehicleInput = {
  reference: '',
  brand: '',
  model: '',
  year: '',
  mileage: '',
  load_capacity: '',
};

/**
 * Add/Edit vehicle (spec 000 "Drivers page"): reference, brand, model, year and mileage, and beyond
 * the spec an optional load capacity (route planning reads it). It opens from the vehicles screen and
 * from the driver dialog, so it lives among the shared components.
 */
export function VehicleDialog({ open, vehicle, onClose, onSaved }: VehicleDialogProps) {
  const terms = useTerms();
  const save = useSaveVehicle();
  const adding = vehicle === null;
  const defaults: TVehicleInput = vehicle
    ? {
        reference: vehicle.reference,
        brand: vehicle.brand,
        model: vehicle.model,
        year: String(vehicle.year),
        mileage: vehicle.mileage === null ? '' : String(vehicle.mileage),
        load_capacity: vehicle.load_capacity === null ? '' : String(vehicle.load_capacity),
      }
    : EMPTY;

  return (
    <FormDialog
      open={open}
      title={adding ? `Add ${terms.bus}` : `Update ${terms.bus}`}
      schema={ZVehicleInput}
      defaultValues={defaults}
      onClose={onClose}
      onSubmit={async (values) => {
        // Saved first: `onSaved?.(await …)` would skip the save itself where no onSaved is given.
        const row = await save.mutateAsync({ vehicle: values, id: vehicle?.id });
        onSaved?.(row);
      }}
      successMessage={`${terms.bus} ${adding ? 'added' : 'updated'} successfully.`}
      failureMessage={`Failed to ${adding ? 'add' : 'update'} ${terms.bus}.`}
      invalidMessage={MESSAGES.vehicle.formInvalid}
    >
      {(form) => (
        <>
          <FormTextField form={form} name="reference" label="Reference" required autoFocus />
          <FormTextField form={form} name="brand" label="Brand" required />
          <FormTextField form={form} name="model" label="Model" required />
          <FormTextField form={form} name="year" label="Year" required inputMode="numeric" />
          <FormTextField
            form={form}
            name="mileage"
            label={`Mileage (${terms.spaceUnit.symbol})`}
            inputMode="decimal"
            helperText={
              vehicle && vehicle.counted_distance > 0
                ? `Odometer now ${formatDistance(vehicle.odometer ?? vehicle.counted_distance)} with ${formatDistance(vehicle.counted_distance)} counted from GPS since ${vehicle.mileage_date.slice(0, 10)}. A new mileage starts the count again from it.`
                : 'The odometer as read on the vehicle: distance driven from then on is added from GPS.'
            }
          />
          <FormTextField
            form={form}
            name="load_capacity"
            label="Load capacity"
            helperText="What it can carry, for route planning. Optional."
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { endAdornment: <InputAdornment position="end">{weightUnit(terms)}</InputAdornment> },
            }}
          />
        </>
      )}
    </FormDialog>
  );
}
