import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TVehicleRow } from '@fleet/contract';
import { vehicleSearchQuery } from '../../lib/api/vehicles';

/** A vehicle as the picker shows it; `taken` is unknown for the driver's current vehicle. */
export type VehicleOption = Pick<TVehicleRow, 'id' | 'reference'> & Partial<Pick<TVehicleRow, 'taken'>>;

interface VehiclePickerProps {
  label: string;
  value: VehicleOption | null;
  onChange: (value: VehicleOption | null) => void;
  error?: string;
}

const SEARCH_DEBOUNCE_MS = 250;

/**
 * Searchable vehicle field: at most 4 available vehicles (held by no other driver) matching the typed
 * reference; the driver's own vehicle stays the value until another is picked.
 */
export function VehiclePicker({ label, value, onChange, error }: VehiclePickerProps) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const options = useQuery({ ...vehicleSearchQuery(search), enabled: open });

  return (
    <Autocomplete<VehicleOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options.data ?? []}
      filterOptions={(all) => all}
      loading={options.isFetching}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      getOptionLabel={(option) => option.reference}
      noOptionsText="No available vehicle matches"
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
