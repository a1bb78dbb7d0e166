import { Component, Suspense, lazy, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_MAP_CENTER, MESSAGES } from '@fleet/contract';
import { useAppConfig } from '../../lib/api/app-config';
import { PlaceSearch } from './place-search';
import { formatCoordinate, isValidLatitude, isValidLongitude, placePoint, type TPlaceValue } from './place';

// MapLibre is large: the map loads in its own chunk, only when a picker is shown.
const PlaceMap = lazy(() => import('./place-map'));

/** Keeps the typed fields usable when the map cannot start (no WebGL, a broken style). */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed)
      return (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          The map could not be shown. Type the latitude and longitude instead.
        </Typography>
      );
    return this.props.children;
  }
}

export interface PlacePickerProps {
  value: TPlaceValue;
  onChange: (value: TPlaceValue) => void;
  /** Label of the name/address field. */
  label?: string;
  /** A form-level error for the whole place (for example 'Invalid place selected'). */
  error?: string;
  /** An error of the name/address field itself (for example 'Field is required'). */
  locationError?: string;
  /** Marks the name/address field required and focuses it when the picker opens (a dialog's first field). */
  required?: boolean;
  autoFocus?: boolean;
  /** Where the map opens when no point is chosen. */
  center?: { lat: number; lon: number };
  /**
   * MapLibre style URL; defaults to the server's MAP_STYLE_URL. Without one the map draws on a
   * plain background and needs no network.
   */
  mapStyleUrl?: string;
  disabled?: boolean;
  mapHeight?: number;
}

/**
 * Picks a place: search an address (when the server has a geocoder), click the map, or type
 * latitude and longitude, and name it.
 */
export function PlacePicker({
  value,
  onChange,
  label = 'Location',
  error,
  locationError,
  required = false,
  autoFocus = false,
  center = DEFAULT_MAP_CENTER,
  mapStyleUrl,
  disabled = false,
  mapHeight = 260,
}: PlacePickerProps) {
  const id = useId();
  const appConfig = useAppConfig();
  const styleUrl = mapStyleUrl ?? appConfig.map_style_url ?? undefined;
  const [touched, setTouched] = useState({ lat: false, lon: false });
  const latError = touched.lat && !isValidLatitude(value.lat) ? MESSAGES.settings.latInvalid : '';
  const lonError = touched.lon && !isValidLongitude(value.lon) ? MESSAGES.settings.lonInvalid : '';
  const point = placePoint(value);

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={`${id}-error`}>
      {appConfig.geocoder && (
        <PlaceSearch
          disabled={disabled}
          onPick={(place) => {
            setTouched({ lat: true, lon: true });
            onChange({
              location: place.name,
              lat: formatCoordinate(place.lat),
              lon: formatCoordinate(place.lon),
            });
          }}
        />
      )}
      <TextField
        label={label}
        value={value.location}
        onChange={(event) => onChange({ ...value, location: event.target.value })}
        error={Boolean(locationError)}
        helperText={locationError}
        required={required}
        autoFocus={autoFocus}
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2,
          my: 2,
          alignItems: 'start',
        }}
      >
        <TextField
          label="Latitude"
          value={value.lat}
          onChange={(event) => onChange({ ...value, lat: event.target.value })}
          onBlur={() => setTouched((t) => ({ ...t, lat: true }))}
          error={latError !== ''}
          helperText={latError || undefined}
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Longitude"
          value={value.lon}
          onChange={(event) => onChange({ ...value, lon: event.target.value })}
          onBlur={() => setTouched((t) => ({ ...t, lon: true }))}
          error={lonError !== ''}
          helperText={lonError || undefined}
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <Box
        role="region"
        aria-label={`${label} map: click to pick a point`}
        sx={{
          height: mapHeight,
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          bgcolor: '#eef2f6',
          pointerEvents: disabled ? 'none' : undefined,
        }}
      >
        <MapBoundary>
          <Suspense
            fallback={
              <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
                <CircularProgress size={28} aria-label="Loading map" />
              </Box>
            }
          >
            <PlaceMap
              point={point}
              center={point ?? center}
              styleUrl={styleUrl}
              onPick={({ lat, lon }) => {
                setTouched({ lat: true, lon: true });
                onChange({ ...value, lat: formatCoordinate(lat), lon: formatCoordinate(lon) });
              }}
            />
          </Suspense>
        </MapBoundary>
      </Box>
      <FormHelperText id={`${id}-error`} error={Boolean(error)}>
        {error || 'Click the map or type the coordinates.'}
      </FormHelperText>
    </Box>
  );
}
