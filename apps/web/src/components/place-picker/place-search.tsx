import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { GEOCODE_MIN_CHARS, type TGeocodeResult } from '@fleet/contract';
import { geocodeQuery } from '../../lib/api/geocode';

const SEARCH_DEBOUNCE_MS = 400;

export interface PlaceSearchProps {
  /** Called with the chosen place: its formatted address and point. */
  onPick: (place: TGeocodeResult) => void;
  disabled?: boolean;
}

/**
 * Address search through the server's geocoder (shown only when one is configured). Choosing a
 * result fills the name with the formatted address and moves the point there.
 */
export function PlaceSearch({ onPick, disabled = false }: PlaceSearchProps) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const enabled = query.length >= GEOCODE_MIN_CHARS;
  const search = useQuery({ ...geocodeQuery(query), enabled });

  const options = enabled ? (search.data ?? []) : [];
  const helperText = search.isError
    ? search.error.message
    : enabled && search.isSuccess && options.length === 0
      ? 'No places found'
      : 'Type an address or place name, then choose a result';

  return (
    <Autocomplete<TGeocodeResult, false, false, false>
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => `${option.lat},${option.lon},${option.name}`}
      isOptionEqualToValue={(a, b) => a.lat === b.lat && a.lon === b.lon && a.name === b.name}
      loading={enabled && search.isFetching}
      loadingText="Searching..."
      noOptionsText={enabled ? 'No places found' : `Type at least ${GEOCODE_MIN_CHARS} characters`}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      value={null}
      onChange={(_, place) => {
        if (!place) return;
        onPick(place);
        setInput('');
      }}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Search address"
          error={search.isError}
          helperText={helperText}
          sx={{ mb: 2 }}
        />
      )}
    />
  );
}
