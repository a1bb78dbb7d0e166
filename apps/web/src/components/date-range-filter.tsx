import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@fleet/contract';

/** A range of local days, `YYYY-MM-DD` each. */
export interface TDayRange {
  from: string;
  to: string;
}

export interface DateRangeFilterProps {
  value: TDayRange;
  onChange: (value: TDayRange) => void;
}

/** True when both days are given and the end is not before the start. */
export const isDayRangeValid = (range: TDayRange) =>
  range.from !== '' && range.to !== '' && range.from <= range.to;

/** From / To day pickers of a list's date filter (spec 001: trips, fines, refuels, accidents). */
export function DateRangeFilter({ value, onChange }: DateRangeFilterProps) {
  const reversed = value.from !== '' && value.to !== '' && value.from > value.to;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        type="date"
        size="small"
        label="From"
        value={value.from}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
        error={value.from === ''}
        helperText={value.from === '' ? MESSAGES.required : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to || undefined } }}
        sx={{ width: 170 }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={value.to}
        onChange={(event) => onChange({ ...value, to: event.target.value })}
        error={value.to === '' || reversed}
        helperText={value.to === '' ? MESSAGES.required : reversed ? MESSAGES.trips.rangeInvalid : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from || undefined } }}
        sx={{ width: 170 }}
      />
    </Stack>
  );
}
