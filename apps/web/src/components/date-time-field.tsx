import { useEffect, useId, useState, type Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';

export interface DateTimeFieldProps {
  /** `YYYY-MM-DDTHH:mm` (a `datetime-local` value), or empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** "Start" gives the fields "Start date" and "Start time". */
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** "9:5" is not a time; "9:05" becomes "09:05". */
const normalTime = (text: string) => {
  const m = TIME.exec(text.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : text.trim();
};

/**
 * A date and a time on the 24-hour clock (spec 001 §9), whatever the browser's locale: the day
 * comes from the browser's date picker, the time is typed as HH:mm. The value is the
 * `datetime-local` form, local time.
 */
export function DateTimeField({
  value,
  onChange,
  onBlur,
  label,
  required = false,
  disabled = false,
  error,
  helperText,
  inputRef,
}: DateTimeFieldProps) {
  const id = useId();
  const [day, setDay] = useState(value.slice(0, 10));
  const [time, setTime] = useState(value.slice(11, 16));

  // A new value from outside (the form reset) replaces what is shown.
  useEffect(() => {
    const current = day || time ? `${day}T${normalTime(time)}` : '';
    if (value !== current) {
      setDay(value.slice(0, 10));
      setTime(value.slice(11, 16));
    }
    // Only when the value changes from outside: typing keeps its own text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const emit = (nextDay: string, nextTime: string) =>
    onChange(nextDay || nextTime ? `${nextDay}T${normalTime(nextTime)}` : '');

  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: 1 }}>
        <TextField
          type="date"
          label={`${label} date`}
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            emit(event.target.value, time);
          }}
          onBlur={onBlur}
          inputRef={inputRef}
          required={required}
          disabled={disabled}
          error={Boolean(error)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': `${id}-help` } }}
        />
        <TextField
          label={`${label} time`}
          placeholder="HH:mm"
          value={time}
          onChange={(event) => {
            const next = event.target.value.replace(/[^\d:]/g, '').slice(0, 5);
            setTime(next);
            emit(day, next);
          }}
          onBlur={() => {
            setTime(normalTime(time));
            onBlur?.();
          }}
          required={required}
          disabled={disabled}
          error={Boolean(error)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { inputMode: 'numeric', maxLength: 5, 'aria-describedby': `${id}-help` },
          }}
        />
      </Box>
      <FormHelperText id={`${id}-help`} error={Boolean(error)} sx={{ mx: 1.75 }}>
        {error ?? helperText ?? '24-hour clock, your local time'}
      </FormHelperText>
    </Box>
  );
}

export type FormDateTimeFieldProps<T extends FieldValues> = Omit<
  DateTimeFieldProps,
  'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & { control: Control<T>; name: Path<T> };

/** A DateTimeField bound to a react-hook-form field, showing its error. */
export function FormDateTimeField<T extends FieldValues>({
  control,
  name,
  ...props
}: FormDateTimeFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateTimeField
          {...props}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
