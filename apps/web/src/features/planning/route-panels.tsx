import { useId } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import type { TPlannedRoute, TPlanningStop, TTerms } from '@fleet/contract';
import { amount, windowText, type TLocks } from './plan-form';

/** A driver as the panels name them. */
export interface TRouteDriver {
  driver_id: number;
  name: string;
  vehicle: string | null;
  /** The capacity the route was proposed with; null for no limit. */
  capacity: number | null;
}

export interface RoutePanelProps {
  route: TPlannedRoute;
  driver: TRouteDriver;
  color: string;
  stopById: ReadonlyMap<number, TPlanningStop>;
  /** The drivers a stop may move to (the others of the plan). */
  others: TRouteDriver[];
  locks: TLocks;
  /** A proposal is on its way: moving waits for it. */
  busy: boolean;
  onToggleLock: (stopId: number, driverId: number) => void;
  onMove: (stopId: number, driverId: number) => void;
  terms: TTerms;
  unit: string;
}

const stopCount = (n: number) => `${n} ${n === 1 ? 'stop' : 'stops'}`;

/** The figures of a route: out and back, stops, load against capacity, distance and driving time. */
function routeFigures(route: TPlannedRoute, driver: TRouteDriver, unit: string): string[] {
  const load =
    driver.capacity === null
      ? `${amount(route.load)} ${unit} (no limit)`
      : `${amount(route.load)} / ${amount(driver.capacity)} ${unit}`;
  return [
    route.visits.length ? `${route.start_time}–${route.return_time}` : 'Not needed',
    stopCount(route.visits.length),
    load,
    `${amount(route.distance_km)} km`,
    `${route.driving_minutes} min driving`,
  ];
}

/** One driver's proposed route: its figures, and each stop with its lock and "Move to". */
export function RoutePanel({
  route,
  driver,
  color,
  stopById,
  others,
  locks,
  busy,
  onToggleLock,
  onMove,
  terms,
  unit,
}: RoutePanelProps) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 1.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {driver.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {driver.vehicle ?? `No ${terms.bus.toLowerCase()}`}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {routeFigures(route, driver, unit).join(' · ')}
      </Typography>
      {route.visits.length > 0 && (
        <Box
          component="ol"
          aria-label={`Stops of ${driver.name}`}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {route.visits.map((visit, index) => {
            const stop = stopById.get(visit.stop_id);
            const locked = locks.get(visit.stop_id) === route.driver_id;
            return (
              <Stack
                component="li"
                key={visit.stop_id}
                direction="row"
                spacing={1}
                useFlexGap
                sx={{
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Box
                  sx={{
                    width: 26,
                    height: 26,
                    borderRadius: '50%',
                    bgcolor: color,
                    color: '#fff',
                    display: 'grid',
                    placeItems: 'center',
                    fontSize: 12,
                    fontWeight: 700,
                    flexShrink: 0,
                  }}
                >
                  {index + 1}
                </Box>
                <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {stop?.name ?? `Stop ${visit.stop_id}`}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {stop?.references.join(', ')}
                  </Typography>
                  <Typography variant="caption" component="div">
                    {`Arrives ${visit.arrival} · window ${stop ? windowText(stop.window_start, stop.window_end) : 'any time'}`}
                  </Typography>
                </Box>
                <Tooltip
                  describeChild
                  title={locked ? `Kept with ${driver.name}` : `Keep with ${driver.name}`}
                >
                  <IconButton
                    size="small"
                    aria-label={locked ? 'Unlock stop' : 'Lock stop'}
                    aria-pressed={locked}
                    color={locked ? 'primary' : 'default'}
                    onClick={() => onToggleLock(visit.stop_id, route.driver_id)}
                  >
                    {locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
                  </IconButton>
                </Tooltip>
                <TextField
                  select
                  size="small"
                  label="Move to"
                  value=""
                  disabled={busy || others.length === 0}
                  onChange={(event) => onMove(visit.stop_id, Number(event.target.value))}
                  sx={{ width: 150 }}
                >
                  {others.map((other) => (
                    <MenuItem key={other.driver_id} value={other.driver_id}>
                      {other.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

/** The stops the proposal left out, with why. */
export function UnassignedPanel({
  unassigned,
  stopById,
}: {
  unassigned: { stop_id: number; reason: string }[];
  stopById: ReadonlyMap<number, TPlanningStop>;
}) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: 'grey.500' }} />
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {`Unassigned (${unassigned.length})`}
        </Typography>
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {unassigned.map(({ stop_id, reason }) => {
          const stop = stopById.get(stop_id);
          return (
            <Box component="li" key={stop_id} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {stop?.name ?? `Stop ${stop_id}`}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {stop?.references.join(', ')}
              </Typography>
              <Typography variant="caption" component="div">
                {reason}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
