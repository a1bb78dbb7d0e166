import { get, useFormContext, type FieldPath } from 'react-hook-form';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { TPlanForm } from './trip-form';

export interface MinutesFieldProps {
  name: FieldPath<TPlanForm>;
  label: string;
  readOnly: boolean;
  helperText?: string;
}

/** A time of the plan in minutes: empty or a non-negative number (spec 001 §5). */
export function MinutesField({ name, label, readOnly, helperText }: MinutesFieldProps) {
  const { register, formState } = useFormContext<TPlanForm>();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  return (
    <TextField
      {...register(name)}
      label={label}
      size="small"
      disabled={readOnly}
      error={Boolean(error)}
      helperText={error?.message ?? helperText}
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
      }}
    />
  );
}
