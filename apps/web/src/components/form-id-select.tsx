import { useState } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A record to pick: its id and how it reads. */
export interface IdOption {
  id: number;
  label: string;
}

export interface FormIdSelectProps<T extends FieldValues, TOut, TOption extends IdOption = IdOption> {
  control: Control<T, unknown, TOut>;
  /** A form field holding an id, or null for none. */
  name: Path<T>;
  label: string;
  options: TOption[] | undefined;
  loading: boolean;
  /** Name of the current value when the options lack it (not loaded yet, another search, or archived since). */
  currentLabel?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  helperText?: string | undefined;
  /** Runs after the user picks another value, with its option (an item's price, say). */
  onPicked?: ((option: TOption | null) => void) | undefined;
  /** Shows at most this many matches, for long lists (typing narrows them). */
  maxShown?: number;
  /** Searches on the server: each typed text asks again, and the options are not filtered here. */
  onSearch?: (text: string) => void;
  /**
   * What an empty field's error reads, where the schema's own message names the API's field
   * (`customer_id must be …`).
   */
  emptyMessage?: string;
}

const noFilter = <O,>(options: O[]) => options;

/** A searchable select of one id of a react-hook-form form (a driver, an origin, a trip, a customer). */
export function FormIdSelect<T extends FieldValues, TOut = T, TOption extends IdOption = IdOption>({
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
  onSearch,
  emptyMessage,
}: FormIdSelectProps<T, TOut, TOption>) {
  // The option picked keeps its name while another search's options lack it.
  const [picked, setPicked] = useState<IdOption | null>(null);
  const filterOptions = onSearch
    ? noFilter
    : maxShown
      ? createFilterOptions<IdOption>({ limit: maxShown })
      : undefined;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const list: IdOption[] = options ?? [];
        const value = field.value as number | null;
        const selected =
          value === null
            ? null
            : (list.find((o) => o.id === value) ??
              (picked?.id === value
                ? picked
                : { id: value, label: currentLabel ?? (loading ? 'Loading…' : `#${value}`) }));
        const error =
          fieldState.error && (value === null && emptyMessage ? emptyMessage : fieldState.error.message);
        return (
          <Autocomplete<IdOption>
            options={list}
            value={selected}
            onChange={(_event, next) => {
              setPicked(next);
              field.onChange(next?.id ?? null);
              onPicked?.(next ? (options?.find((o) => o.id === next.id) ?? null) : null);
            }}
            onInputChange={(_event, text, reason) => {
              if (onSearch && (reason === 'input' || reason === 'clear')) onSearch(text.trim());
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
                error={Boolean(error)}
                helperText={error || helperText}
              />
            )}
          />
        );
      }}
    />
  );
}
