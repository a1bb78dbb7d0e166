import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { IdOption } from '../../../components/form-id-select';

export interface IdsPickerProps<TForm extends FieldValues, TOut> {
  control: Control<TForm, unknown, TOut>;
  /** A form field holding a list of ids. */
  name: Path<TForm>;
  label: string;
  options: IdOption[] | undefined;
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
          <Autocomplete<IdOption, true>
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
