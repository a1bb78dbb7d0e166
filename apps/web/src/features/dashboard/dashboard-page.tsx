import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import {
  DEFAULT_MAP_ZOOM,
  LIVE_REFRESH_MS,
  NAMAT_MAP_ZOOM,
  NAMAT_TYPE,
  type TTripRow,
} from '@fleet/contract';
import { ManagerApprovalsTable } from '../../components/approvals';
import { useTenantMapCenter } from '../../components/live-map/map-center';
import type { TMapPoint } from '../../components/live-map/types';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { driverOptionsQuery } from '../../lib/api/drivers';
import { driverDayPathQuery, recentLocationsQuery } from '../../lib/api/locations';
import { MOBILE_BREAKPOINT_PX, MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useLivePositions } from '../../lib/live-events';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { todayTripsQuery } from './api/trips';
import { JobAccomplishmentsPanel } from './job-accomplishments-panel';
import { MapPanel } from './map-panel';
import { latestFixes, pathWhileRunning, tripLayers, vehiclesOf } from './map-data';
import { OrdersPanel } from './orders-panel';
import { useShownTrips } from './shown-trips';
import { TripsCalendar } from './trips-calendar';
import { isOnTheRoad } from './trips-list';
import { TripsPanel } from './trips-panel';

/** Zoom when the map is sent to one driver. */
const LOCATE_ZOOM = 15;

/** Spec 000 §8 wording, in the tenant's driver term. */
export const noLocationMessage = (driverTerm: string) => `${driverTerm} has no location to share`;

const WIDE = `@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/**
 * /dashboard (spec 000 "Dashboard"): today's trips per driver beside the live map, then Orders
 * Monitoring, Pending Manager Approval, Job Accomplishments Today, and for namat the calendar.
 * Trips, locations and orders are polled every 10 s (spec 000 §7) and refreshed sooner by the event
 * stream; each panel keeps its last data while it refreshes, and fails on its own.
 */
export function DashboardPage() {
  const terms = useTerms();
  const session = useSession();
  const namat = session?.tenant_type === NAMAT_TYPE;
  const snackbar = useSnackbar();
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);

  const tripsQuery = useQuery(todayTripsQuery());
  const trips = tripsQuery.data;
  const todayIds = useMemo(() => trips?.map((t) => t.id), [trips]);
  const { shown, setShown } = useShownTrips(todayIds);

  const locationsQuery = useQuery({
    ...recentLocationsQuery(),
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const live = useLivePositions();
  const driversQuery = useQuery(driverOptionsQuery());
  const fixes = useMemo(() => latestFixes(locationsQuery.data, live), [locationsQuery.data, live]);

  const [selectedTripId, setSelectedTripId] = useState<number | null>(null);
  const [selectedDriverId, setSelectedDriverId] = useState<number | null>(null);
  const [focus, setFocus] = useState<(TMapPoint & { zoom?: number }) | null>(null);
  // A trip archived meanwhile is simply no longer chosen.
  const selectedTrip = trips?.find((t) => t.id === selectedTripId) ?? null;

  // The chosen trip's actual path: its driver's positions of the day it started, cut to the trip.
  const pathDriverId = selectedTrip?.started_date && selectedTrip.driver ? selectedTrip.driver.id : null;
  const pathDay = selectedTrip?.started_date?.slice(0, 10);
  const pathQuery = useQuery({
    ...driverDayPathQuery(pathDriverId ?? 0, pathDay),
    enabled: pathDriverId !== null,
    refetchInterval: selectedTrip && isOnTheRoad(selectedTrip) ? LIVE_REFRESH_MS : false,
  });
  const layers = useMemo(
    () =>
      selectedTrip
        ? tripLayers(
            selectedTrip,
            pathWhileRunning(selectedTrip, pathDriverId ? pathQuery.data : undefined),
            terms,
          )
        : null,
    [selectedTrip, pathDriverId, pathQuery.data, terms],
  );

  const vehicles = useMemo(
    () => vehiclesOf({ fixes, drivers: driversQuery.data, trips, terms, selectedDriverId }),
    [fixes, driversQuery.data, trips, terms, selectedDriverId],
  );

  // The map opens on the tenant's location, then shows the whole fleet once it is known (a fleet
  // working away from the tenant's centre would otherwise start off screen), and again on request.
  const [fleetView, setFleetView] = useState(0);
  const hasVehicles = vehicles.length > 0;
  useEffect(() => {
    if (hasVehicles) setFleetView((n) => n || 1);
  }, [hasVehicles]);
  const fleetPoints = useMemo(() => vehicles.map(({ lat, lon }) => ({ lat, lon })), [vehicles]);
  const fit = layers
    ? { key: `trip-${layers.tripId}-${layers.path.length > 0 ? 'path' : 'plan'}`, points: layers.fitPoints }
    : fleetView > 0
      ? { key: `fleet-${fleetView}`, points: fleetPoints }
      : null;
  const showFleet = useCallback(() => {
    setSelectedTripId(null);
    setFocus(null);
    setFleetView((n) => n + 1);
  }, []);

  // Below 1024 px the map sits under the list: bring it into view when asked to show something.
  const revealMap = useCallback(() => {
    if (mobile) document.getElementById('dashboard-map-title')?.scrollIntoView?.({ behavior: 'smooth' });
  }, [mobile]);

  const selectTrip = useCallback(
    (trip: TTripRow) => {
      if (trip.id === selectedTripId) {
        setSelectedTripId(null);
        return;
      }
      setSelectedTripId(trip.id);
      setSelectedDriverId(trip.driver?.id ?? null);
      revealMap();
    },
    [selectedTripId, revealMap],
  );

  const locate = useCallback(
    (driverId: number) => {
      const fix = fixes.get(driverId);
      if (!fix) {
        snackbar.show(
          locationsQuery.isPending ? 'Locations are still loading.' : noLocationMessage(terms.driver),
          'warning',
        );
        return;
      }
      setSelectedDriverId(driverId);
      setFocus({ lat: fix.lat, lon: fix.lon, zoom: LOCATE_ZOOM });
      revealMap();
    },
    [fixes, locationsQuery.isPending, snackbar, terms.driver, revealMap],
  );

  // A vehicle chosen on the map chooses its trip on the road, if it has one.
  const selectVehicle = useCallback(
    (driverId: number) => {
      setSelectedDriverId(driverId);
      const running = trips?.find((t) => t.driver?.id === driverId && isOnTheRoad(t));
      if (running) setSelectedTripId(running.id);
    },
    [trips],
  );

  const center = useTenantMapCenter();
  const tripsError = tripsQuery.isError ? tripsQuery.error : null;

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title="Dashboard" icon={<DashboardIcon color="primary" />} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'minmax(0, 1fr)',
          [WIDE]: {
            gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)',
            // The list and the map share a fixed height: refreshes never move what is below.
            gridTemplateRows: 'minmax(560px, 68vh)',
          },
          '& > *': { minWidth: 0, minHeight: 0 },
          '& > .wide': { [WIDE]: { gridColumn: '1 / -1' } },
        }}
      >
        <TripsPanel
          trips={trips}
          loading={tripsQuery.isPending}
          fetching={tripsQuery.isFetching && !tripsQuery.isPending}
          error={tripsError}
          terms={terms}
          namat={namat}
          shown={shown}
          setShown={setShown}
          selectedTripId={selectedTrip?.id ?? null}
          onSelect={selectTrip}
          onClearSelection={() => setSelectedTripId(null)}
          onLocate={locate}
        />
        <MapPanel
          terms={terms}
          loading={locationsQuery.isPending}
          fetching={locationsQuery.isFetching && !locationsQuery.isPending}
          error={locationsQuery.isError ? locationsQuery.error : null}
          center={center}
          zoom={namat ? NAMAT_MAP_ZOOM : DEFAULT_MAP_ZOOM}
          vehicles={vehicles}
          trip={layers}
          fit={fit}
          focus={focus}
          onSelectVehicle={selectVehicle}
          onShowFleet={showFleet}
        />
        <Box className="wide">
          <OrdersPanel destinationTerm={terms.destination} />
        </Box>
        <Box className="wide">
          <ManagerApprovalsTable pendingOnly title="Pending Manager Approval" />
        </Box>
        <Box className="wide">
          <JobAccomplishmentsPanel
            trips={trips}
            loading={tripsQuery.isPending}
            error={tripsError}
            terms={terms}
          />
        </Box>
        {namat && (
          <Box className="wide">
            <TripsCalendar terms={terms} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
