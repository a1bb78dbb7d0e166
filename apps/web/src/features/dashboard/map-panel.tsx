import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { pluralize, type TTerms } from '@fleet/contract';
import { paths } from '../../lib/paths';
import { SectionPanel } from '../../components/section-panel';
import type { DashboardMapProps } from './dashboard-map';

// MapLibre is a large download: the map comes in its own chunk, after the tables have rendered.
const DashboardMap = lazy(() => import('./dashboard-map'));

/** The dashboard's map panel: the live map, "Show all" and "Open map", and its own error flag. */
export function MapPanel({
  terms,
  error,
  fetching,
  loading,
  onShowFleet,
  ...map
}: Omit<DashboardMapProps, 'label'> & {
  terms: TTerms;
  error: unknown;
  fetching: boolean;
  loading: boolean;
  /** Fits the map to every located driver. */
  onShowFleet: () => void;
}) {
  const located = map.vehicles.length;
  const drivers = pluralize(terms.driver).toLowerCase();
  return (
    <SectionPanel
      id="dashboard-map"
      title="Map"
      fetching={fetching}
      error={error}
      errorText={(message) => `Could not load the ${drivers}' locations: ${message}`}
      actions={
        <>
          <Typography variant="caption" color="text.secondary" aria-live="polite">
            {loading ? '' : `${located} ${located === 1 ? terms.driver.toLowerCase() : drivers} located`}
          </Typography>
          <Button
            size="small"
            onClick={onShowFleet}
            disabled={located === 0}
            aria-label={`Show all ${drivers} on the map`}
          >
            Show all
          </Button>
          <Button
            component={RouterLink}
            to={paths.map.getHref()}
            size="small"
            endIcon={<OpenIcon fontSize="small" />}
          >
            Open map
          </Button>
        </>
      }
      sx={{ height: '100%' }}
    >
      <Box sx={{ position: 'relative', flexGrow: 1, minHeight: { xs: 340, lg: 0 }, m: 1, mt: 0 }}>
        <Box sx={{ position: 'absolute', inset: 0, borderRadius: 1, overflow: 'hidden' }}>
          <Suspense
            fallback={
              <Skeleton variant="rectangular" width="100%" height="100%" aria-label="Loading the map" />
            }
          >
            <DashboardMap
              label={`Live map of ${drivers} and the chosen ${terms.trip.toLowerCase()}`}
              {...map}
            />
          </Suspense>
        </Box>
      </Box>
    </SectionPanel>
  );
}
