import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TCustomerRef } from '@fleet/contract';
import { useDebounced } from '../../lib/use-debounced';
import { customersQuery } from './api/records';

/** Matches offered at once; typing narrows the search on the server. */
const PICKER_MATCHES = 20;
const PICKER_DEBOUNCE_MS = 250;

export interface CustomerPickerProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  /** A form field holding the customer's id, or null for none. */
  name: Path<T>;
  label?: string;
  /** The current customer's name, shown before the search answers (editing a record). */
  current?: TCustomerRef | null | undefined;
  disabled?: boolean;
}

/**
 * A required customer field searched on the server (names, phones, e-mails), for the records that
 * belong to a customer: a tenant may have thousands, so they are never loaded whole.
 */
export function CustomerPicker<T extends FieldValues, TOut = T>({
  control,
  name,
  label = 'Customer',
  current,
  disabled = false,
}: CustomerPickerProps<T, TOut>) {
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), PICKER_DEBOUNCE_MS);
  const matches = useQuery({
    ...customersQuery({ page: 1, pageSize: PICKER_MATCHES, search }),
    enabled: !disabled,
    placeholderData: keepPreviousData,
  });
  const options: TCustomerRef[] = (matches.data?.data ?? []).map(({ id, name }) => ({ id, name }));

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const id = field.value as number | null;
        const selected =
          id === null
            ? null
            : (options.find((o) => o.id === id) ??
              (current?.id === id ? current : { id, name: matches.isPending ? 'Loading…' : `#${id}` }));
        return (
          <Autocomplete<TCustomerRef>
            options={options}
            value={selected}
            onChange={(_event, next) => field.onChange(next?.id ?? null)}
            onInputChange={(_event, text, reason) => {
              // Showing the chosen name is not a search: the list keeps offering every customer.
              if (reason === 'input') setTyped(text);
              else if (reason === 'clear') setTyped('');
            }}
            onBlur={field.onBlur}
            // The server has filtered already.
            filterOptions={(all) => all}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(o) => o.name}
            getOptionKey={(o) => o.id}
            loading={matches.isFetching}
            disabled={disabled}
            noOptionsText={search ? 'No customer matches' : 'No customers yet'}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={label}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        );
      }}
    />
  );
}
