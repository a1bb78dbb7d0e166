import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/dates';
import { useTerms } from '../../lib/terms';
import { fixAge, parseFixTime } from './fix-age';
import type { TMapVehicle } from './types';

/** Fix ages are words like "2 min ago": re-read twice a minute while shown. */
const AGE_TICK_MS = 30_000;

/** The current time, renewed every `everyMs` while mounted. */
export function useNow(everyMs = AGE_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The trip a vehicle is on, in the tenant's words; none when the driver is between trips. */
export function vehicleTripText(vehicle: TMapVehicle, tripTerm: string): string {
  if (vehicle.tripLabel) return vehicle.tripLabel;
  return vehicle.tripId === null
    ? `No ${tripTerm.toLowerCase()} in progress`
    : `${tripTerm} #${vehicle.tripId}`;
}

/** What a vehicle's popup says (spec 000 "Map page"): driver, vehicle, speed, last fix age, trip. */
export function VehiclePopup({ vehicle }: { vehicle: TMapVehicle }) {
  const terms = useTerms();
  const now = useNow();
  const at = parseFixTime(vehicle.recordedAt);
  const rows: [string, string][] = [
    [terms.bus, vehicle.vehicle ?? `No ${terms.bus.toLowerCase()}`],
    ['Speed', vehicle.speed === null ? 'Unknown' : `${Math.round(vehicle.speed)} km/h`],
    ['Last fix', fixAge(vehicle.recordedAt, now)],
    [terms.trip, vehicleTripText(vehicle, terms.trip)],
  ];
  return (
    <Box sx={{ minWidth: 180, fontSize: 13 }}>
      <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
        {vehicle.label}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}>
        {rows.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {name}
            </Box>
            <Box
              component="dd"
              sx={{ m: 0 }}
              title={name === 'Last fix' && at ? formatDateTime(at) : undefined}
            >
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
