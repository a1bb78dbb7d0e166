import { Controller } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import { MESSAGES, ZTripTypeInput, type TTripTypeRow } from '@fleet/contract';
import { FormDialog, formSchema } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { useSaveTripType } from '../../lib/api/trip-types';

/** The form holds text; the contract schema turns the minutes into a number. */
interface TripTypeForm {
  title: string;
  time_stop: string;
}
const SCHEMA = formSchema<TripTypeForm>()(ZTripTypeInput);

export interface TripTypeDialogProps {
  open: boolean;
  /** "Trip type" in the tenant's words ("Task type" for namat). */
  noun: string;
  /** The type being edited, or null to add one. */
  tripType: TTripTypeRow | null;
  onClose: () => void;
}

/** Add/update trip type (spec 001 "Trip types", §5): title (under 50) and unauthorised stop time. */
export function TripTypeDialog({ open, noun, tripType, onClose }: TripTypeDialogProps) {
  const save = useSaveTripType();
  const adding = tripType === null;
  return (
    <FormDialog
      open={open}
      title={adding ? `Add ${noun}` : `Update ${noun}`}
      schema={SCHEMA}
      defaultValues={{
        title: tripType?.title ?? '',
        time_stop: tripType?.time_stop === null || !tripType ? '' : String(tripType.time_stop),
      }}
      onClose={onClose}
      onSubmit={(values) => save.mutateAsync({ tripType: values, id: tripType?.id })}
      successMessage={`${noun} ${adding ? 'added' : 'updated'} successfully.`}
      failureMessage={`Failed to ${adding ? 'add' : 'update'} ${noun}.`}
      invalidMessage={MESSAGES.places.formInvalid}
    >
      {(form) => (
        <>
          <FormTextField form={form} name="title" label="Title" required autoFocus />
          <Controller
            control={form.control}
            name="time_stop"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                // Digits only (spec 001 §5): anything else typed or pasted is dropped.
                onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
                label="Unauthorized stop time"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Longest stop allowed, 1 to 1440 minutes'}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: 4 },
                  input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
                }}
              />
            )}
          />
        </>
      )}
    </FormDialog>
  );
}
