import { Suspense, lazy, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MOBILE_BREAKPOINT_PX } from '../../lib/layout';
import type { MapPanelProps } from './map-panel';

// MapLibre is large: the map loads in its own chunk, after the page's controls and lists.
const MapPanel = lazy(() => import('./map-panel'));

export const NO_LOCATIONS = 'No recent location data available';

/** Wide screens: the map beside its list; below 1024 px everything stacks (spec 000 §9). */
export const DESKTOP = `@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`;

export interface MapLayoutProps {
  map: MapPanelProps;
  /** The first load of what the map shows is under way. */
  loading: boolean;
  /** Nothing to show once loaded: the empty text over the map. */
  empty: boolean;
  /** The calls' failure, if any ("error flag", spec 000 §8), with a retry. */
  error: Error | null;
  onRetry: () => void;
  /** Under the map (the replay controls). */
  below?: ReactNode;
  /** Beside the map on wide screens, under it on phones: what the map shows, as a list. */
  side: ReactNode;
}

/** The Map page's body: the map with its loading bar and empty text, controls under it, the list beside. */
export function MapLayout({ map, loading, empty, error, onRetry, below, side }: MapLayoutProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'minmax(0, 1fr)',
        [DESKTOP]: { gridTemplateColumns: 'minmax(0, 1fr) 320px', alignItems: 'start' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {error && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                Retry
              </Button>
            }
          >
            Error loading location data: {error.message}
          </Alert>
        )}
        <Paper
          variant="outlined"
          sx={{
            position: 'relative',
            overflow: 'hidden',
            height: '60vh',
            minHeight: 320,
            // The page fits the window: header, map and, when shown, the replay controls under it.
            [DESKTOP]: { height: below ? 'calc(100vh - 330px)' : 'calc(100vh - 200px)', minHeight: 420 },
          }}
        >
          {loading && (
            <LinearProgress
              aria-label="Loading locations"
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
            />
          )}
          <Suspense
            fallback={
              <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
                <CircularProgress size={28} aria-label="Loading map" />
              </Box>
            }
          >
            <MapPanel {...map} />
          </Suspense>
          {empty && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'grid',
                placeItems: 'center',
                pointerEvents: 'none',
                zIndex: 1,
              }}
            >
              <Paper elevation={2} sx={{ px: 3, py: 2, maxWidth: '80%' }}>
                <Typography color="text.secondary">{NO_LOCATIONS}</Typography>
              </Paper>
            </Box>
          )}
        </Paper>
        {below}
      </Box>
      {side}
    </Box>
  );
}
