import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@fleet/contract';
import { toLocalDayInput, type TDayRange } from '../lib/dates';

export type { TDayRange };

export interface DateRangeFilterProps {
  value: TDayRange;
  onChange: (value: TDayRange) => void;
  /** Either day may be left empty (an open end) instead of being required. */
  optional?: boolean;
  labels?: { from: string; to: string };
}

/** The spec's default date filters, in the browser's local days. */
export const DAY_RANGES = {
  /** Today to today (spec 001: fines, refuels, accidents). */
  today: (now = new Date()): TDayRange => ({ from: toLocalDayInput(now), to: toLocalDayInput(now) }),
  /** The first of the current month to today (spec 002 §9: summaries, analytics). */
  monthToToday: (now = new Date()): TDayRange => ({
    from: toLocalDayInput(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: toLocalDayInput(now),
  }),
  /** The first of the current month to tomorrow (spec 001 §9: trips). */
  monthToTomorrow: (now = new Date()): TDayRange => ({
    from: toLocalDayInput(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: toLocalDayInput(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)),
  }),
};

/** True when both days are given and the end is not before the start. */
export const isDayRangeValid = (range: TDayRange) =>
  range.from !== '' && range.to !== '' && range.from <= range.to;

/** From / To day pickers of a list's date filter (spec 001: trips, fines, refuels, accidents). */
export function DateRangeFilter({
  value,
  onChange,
  optional = false,
  labels = { from: 'From', to: 'To' },
}: DateRangeFilterProps) {
  const reversed = value.from !== '' && value.to !== '' && value.from > value.to;
  const missing = (day: string) => !optional && day === '';
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        type="date"
        size="small"
        label={labels.from}
        value={value.from}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
        error={missing(value.from)}
        helperText={missing(value.from) ? MESSAGES.required : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to || undefined } }}
        sx={{ width: 170 }}
      />
      <TextField
        type="date"
        size="small"
        label={labels.to}
        value={value.to}
        onChange={(event) => onChange({ ...value, to: event.target.value })}
        error={missing(value.to) || reversed}
        helperText={
          missing(value.to) ? MESSAGES.required : reversed ? MESSAGES.trips.rangeInvalid : undefined
        }
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from || undefined } }}
        sx={{ width: 170 }}
      />
    </Stack>
  );
}
