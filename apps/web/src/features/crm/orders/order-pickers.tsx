import { useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { CRM_MESSAGES } from '@fleet/contract';

/** A record to pick: its id and how it reads. */
export interface PickOption {
  id: number;
  label: string;
}

export interface IdPickerProps<TForm extends FieldValues, TOut, TOption extends PickOption> {
  control: Control<TForm, unknown, TOut>;
  /** A form field holding an id, or null for none. */
  name: Path<TForm>;
  label: string;
  options: TOption[] | undefined;
  loading: boolean;
  /** Searches on the server: each typed text asks again, and the options are not filtered here. */
  onSearch?: (text: string) => void;
  /** Name of the current value when the options lack it (another search, or not loaded yet). */
  currentLabel?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  helperText?: string | undefined;
  /** Runs after the user picks another value, with its option (an item's price, a customer's e-mail). */
  onPicked?: (option: TOption | null) => void;
}

const noFilter = <T,>(options: T[]) => options;

/**
 * A searchable select of one id of a react-hook-form form. A picker left empty reads "This field is
 * required", where the contract's message names the API's field (`customer_id must be …`).
 */
export function IdPicker<TForm extends FieldValues, TOut, TOption extends PickOption>({
  control,
  name,
  label,
  options,
  loading,
  onSearch,
  currentLabel,
  disabled = false,
  required = false,
  helperText,
  onPicked,
}: IdPickerProps<TForm, TOut, TOption>) {
  // The option picked keeps its name while another search's options lack it.
  const [picked, setPicked] = useState<PickOption | null>(null);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const list: PickOption[] = options ?? [];
        const value = field.value as number | null;
        const selected =
          value === null
            ? null
            : (list.find((o) => o.id === value) ??
              (picked?.id === value
                ? picked
                : { id: value, label: currentLabel ?? (loading ? 'Loading…' : `#${value}`) }));
        const error = fieldState.error && (value === null ? CRM_MESSAGES.required : fieldState.error.message);
        return (
          <Autocomplete<PickOption>
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
            {...(onSearch ? { filterOptions: noFilter } : {})}
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

export interface IdsPickerProps<TForm extends FieldValues, TOut> {
  control: Control<TForm, unknown, TOut>;
  /** A form field holding a list of ids. */
  name: Path<TForm>;
  label: string;
  options: PickOption[] | undefined;
  loading: boolean;
  /** Names of the current values the options lack. */
  currentLabels?: ReadonlyMap<number, string>;
  disabled?: boolean;
  helperText?: string;
}

/** A searchable select of several ids (an order's pets). */
export function IdsPicker<TForm extends FieldValues, TOut>({
  control,
  name,
  label,
  options,
  loading,
  currentLabels,
  disabled = false,
  helperText,
}: IdsPickerProps<TForm, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const list = options ?? [];
        const ids = (field.value as number[] | undefined) ?? [];
        const selected = ids.map(
          (id) => list.find((o) => o.id === id) ?? { id, label: currentLabels?.get(id) ?? `#${id}` },
        );
        return (
          <Autocomplete<PickOption, true>
            multiple
            options={list}
            value={selected}
            onChange={(_event, next) => field.onChange(next.map((o) => o.id))}
            onBlur={field.onBlur}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(o) => o.label}
            loading={loading}
            disabled={disabled}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={label}
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
