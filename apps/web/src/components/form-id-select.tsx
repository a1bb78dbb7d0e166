import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A record to pick: its id and how it reads. */
export interface IdOption {
  id: number;
  label: string;
}

export interface FormIdSelectProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  /** A form field holding an id, or null for none. */
  name: Path<T>;
  label: string;
  options: IdOption[] | undefined;
  loading: boolean;
  /** Name of the current value when the options lack it (not loaded yet, or archived since). */
  currentLabel?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  helperText?: string | undefined;
  /** Runs after the user picks another value (what depends on it is cleared). */
  onPicked?: (() => void) | undefined;
  /** Shows at most this many matches, for long lists (typing narrows them). */
  maxShown?: number;
}

/** A searchable select of one id of a react-hook-form form (a driver, an origin, a trip). */
export function FormIdSelect<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  options,
  loading,
  currentLabel,
  disabled = false,
  required = false,
  helperText,
  onPicked,
  maxShown,
}: FormIdSelectProps<T, TOut>) {
  const filterOptions = maxShown ? createFilterOptions<IdOption>({ limit: maxShown }) : undefined;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const list = options ?? [];
        const value = field.value as number | null;
        const selected =
          value === null
            ? null
            : (list.find((o) => o.id === value) ?? {
                id: value,
                label: currentLabel ?? (loading ? 'Loading…' : `#${value}`),
              });
        return (
          <Autocomplete<IdOption>
            options={list}
            value={selected}
            onChange={(_event, next) => {
              field.onChange(next?.id ?? null);
              onPicked?.();
            }}
            onBlur={field.onBlur}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(o) => o.label}
            {...(filterOptions ? { filterOptions } : {})}
            loading={loading}
            disabled={disabled}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={label}
                required={required}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? helperText}
              />
            )}
          />
        );
      }}
    />
  );
}
