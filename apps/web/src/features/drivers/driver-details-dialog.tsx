import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  FINE_STATUS,
  MESSAGES,
  SCHOOL_BUS_TYPE,
  TRACKER_MESSAGES,
  driverTripStatusLabel,
  pluralize,
  type TDriverRow,
  type TDriverTrip,
  type TIgnoredFixes,
} from '@fleet/contract';
import { ListView } from '../../components/list';
import { driverStudentsQuery } from '../../lib/api/students';
import { formatUtc } from '../../lib/dates';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import {
  driverAccidentsQuery,
  driverFinesQuery,
  driverFuelQuery,
  driverLocationsQuery,
  driverTripsQuery,
} from './api/driver-details';
import { TrackerDialog } from './tracker-dialog';

type TabId = 'trips' | 'accidents' | 'fines' | 'fuel' | 'location' | 'students';

/*
 * Each tab is a list of the driver's records (spec 000 §2 "Drivers page"): every row on one page,
 * except the trips (10 a page of 5, 10, 15, 20) and the fines (paged on the server, 10 a page).
 */

function TripsTab({ driverId }: { driverId: number }) {
  const terms = useTerms();
  const destinationNames = (trip: TDriverTrip) =>
    trip.destinations.map((d) => d.destination_name || `Unknown ${terms.destination}`).join(', ');
  const tasks = (trip: TDriverTrip) => {
    const all = trip.destinations.flatMap((d) => d.tasks);
    return all.length === 0 ? 'No Tasks Assigned' : all.map((t) => t.description).join(', ');
  };
  return (
    <ListView
      label={`${terms.trip} list`}
      query={({ page, pageSize }) => driverTripsQuery(driverId, page, pageSize)}
      serverPage={(data) => ({ rows: data.trips, total: data.total })}
      paging={{ size: 10, options: [5, 10, 15, 20] }}
      errorText={() => 'Error loading trips data'}
      emptyText={`No ${terms.trip.toLowerCase()} records.`}
      columns={[
        { id: 'id', label: 'ID', render: (t) => t.id },
        { id: 'origin', label: terms.warehouse, render: (t) => t.warehouse?.title ?? '' },
        { id: 'type', label: 'Type', render: (t) => t.type0?.title ?? '' },
        { id: 'start', label: 'Start date', nowrap: true, render: (t) => formatUtc(t.start_date) },
        { id: 'status', label: 'Status', render: (t) => driverTripStatusLabel(t.status) },
        { id: 'destinations', label: pluralize(terms.destination), render: destinationNames },
        { id: 'tasks', label: 'Tasks', render: tasks },
        { id: 'note', label: 'Note', render: (t) => t.note || 'No note to display', prose: true },
      ]}
    />
  );
}

function AccidentsTab({ driverId }: { driverId: number }) {
  return (
    <ListView
      label="Accidents"
      query={() => driverAccidentsQuery(driverId)}
      paging={false}
      errorText={() => 'Error loading accidents data'}
      emptyText="No accidents recorded."
      columns={[
        { id: 'date', label: 'Date', nowrap: true, render: (a) => formatUtc(a.created_date) },
        { id: 'location', label: 'Location', render: (a) => a.location ?? '' },
        { id: 'description', label: 'Description', render: (a) => a.description ?? '', prose: true },
        { id: 'trip', label: 'Trip', render: (a) => a.trip_id ?? '' },
      ]}
    />
  );
}

function FinesTab({ driverId }: { driverId: number }) {
  const terms = useTerms();
  return (
    <ListView
      label="Fines"
      query={({ page, pageSize }) => driverFinesQuery(driverId, page, pageSize)}
      serverPage={(data) => ({ rows: data.fines, total: data.pagination.total_items })}
      paging={{ size: 10, options: [5, 10, 25] }}
      errorText={() => 'Error loading fines data'}
      emptyText="No fines recorded."
      columns={[
        { id: 'issued', label: 'Issued date', nowrap: true, render: (f) => formatUtc(f.issued_date) },
        { id: 'status', label: 'Status', render: (f) => FINE_STATUS[f.status] ?? 'Unknown' },
        { id: 'amount', label: 'Amount', render: (f) => `${f.amount.toFixed(2)} ${terms.currency.symbol}` },
        { id: 'description', label: 'Description', render: (f) => f.description, prose: true },
        { id: 'trip', label: 'Trip', render: (f) => f.trip_id ?? '' },
      ]}
    />
  );
}

function FuelTab({ driverId }: { driverId: number }) {
  const terms = useTerms();
  return (
    <ListView
      label="Fuel"
      query={() => driverFuelQuery(driverId)}
      paging={false}
      errorText={() => 'Error loading fuel data'}
      emptyText="No fuel records."
      columns={[
        { id: 'date', label: 'Date', nowrap: true, render: (f) => formatUtc(f.created_date) },
        { id: 'volume', label: 'Volume', render: (f) => `${f.volume.toFixed(2)} ${terms.liquidUnit.symbol}` },
        { id: 'amount', label: 'Amount', render: (f) => `${f.amount.toFixed(2)} ${terms.currency.symbol}` },
        { id: 'trip', label: 'Trip', render: (f) => f.trip_id ?? '' },
      ]}
    />
  );
}

/**
 * Fixes of the driver's phone or tracker the server acknowledged but did not store (a wrong clock, a
 * fix from before the retention window, impossible coordinates): how many, and why the last one.
 */
function IgnoredFixesNotice({ ignored }: { ignored: TIgnoredFixes }) {
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      {`${MESSAGES.position.ignoredCount(ignored.count)}: ${ignored.last_detail}`}
      {` (last received ${formatUtc(ignored.last_received)}).`}
    </Alert>
  );
}

/** A tracker still reporting with an id set before ids had to be strong (docs/decisions/0023). */
function LegacyTrackerNotice({ driver }: { driver: TDriverRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert
        severity="warning"
        sx={{ mb: 1 }}
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)}>
            Regenerate
          </Button>
        }
      >
        {TRACKER_MESSAGES.legacy}
      </Alert>
      <TrackerDialog driver={open ? driver : null} onClose={() => setOpen(false)} />
    </>
  );
}

function LocationTab({ driver }: { driver: TDriverRow }) {
  const driverId = driver.id;
  // The list's own query: the notice reads the same answer, no second request.
  const ignored = useQuery(driverLocationsQuery(driverId)).data?.ignored_fixes;
  return (
    <>
      {driver.tracker === 'legacy' && <LegacyTrackerNotice driver={driver} />}
      {ignored && ignored.count > 0 && <IgnoredFixesNotice ignored={ignored} />}
      <ListView
        label="Locations today"
        query={() => driverLocationsQuery(driverId)}
        rowsOf={(data) => data.locations}
        paging={false}
        errorText={() => 'Error loading location data'}
        emptyText="No recent location data available"
        columns={[
          { id: 'time', label: 'Time', nowrap: true, render: (l) => formatUtc(l.date_and_time) },
          { id: 'lat', label: 'Latitude', render: (l) => l.lat.toFixed(6) },
          { id: 'lon', label: 'Longitude', render: (l) => l.lon.toFixed(6) },
        ]}
      />
    </>
  );
}

function StudentsTab({ driverId }: { driverId: number }) {
  return (
    <ListView
      label="Students"
      query={() => driverStudentsQuery(driverId)}
      paging={false}
      errorText={() => 'Error loading students data'}
      emptyText="No students assigned."
      columns={[
        { id: 'fname', label: 'First name', render: (s) => s.fname },
        { id: 'lname', label: 'Last name', render: (s) => s.lname },
        { id: 'stop', label: 'Stop', render: (s) => s.stop_name ?? '' },
        { id: 'lat', label: 'Stop latitude', render: (s) => s.stop_lat ?? '' },
        { id: 'lon', label: 'Stop longitude', render: (s) => s.stop_lon ?? '' },
      ]}
    />
  );
}

/** The driver details in tabs; the Students tab only for school_bus tenants (spec 000 §6). */
export function DriverDetailsDialog({ driver, onClose }: { driver: TDriverRow | null; onClose: () => void }) {
  const terms = useTerms();
  const session = useSession();
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [tab, setTab] = useState<TabId>('trips');
  const schoolBus = session?.tenant_type === SCHOOL_BUS_TYPE;
  const tabs: { id: TabId; label: string }[] = [
    { id: 'trips', label: pluralize(terms.trip) },
    { id: 'accidents', label: 'Accidents' },
    { id: 'fines', label: 'Fines' },
    { id: 'fuel', label: 'Fuel' },
    { id: 'location', label: 'Location' },
    ...(schoolBus ? [{ id: 'students' as const, label: 'Students' }] : []),
  ];

  return (
    <Dialog
      open={driver !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby="driver-details-title"
      slotProps={{
        paper: { sx: fullScreen ? {} : { width: 1200, maxWidth: '95vw', minHeight: 480 } },
        transition: { onExited: () => setTab('trips') },
      }}
    >
      <DialogTitle id="driver-details-title">{driver ? `${driver.fname} ${driver.lname}` : ''}</DialogTitle>
      <Tabs
        value={tab}
        onChange={(_event, next: TabId) => setTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} />
        ))}
      </Tabs>
      <DialogContent>
        {driver && (
          <Box role="tabpanel" sx={{ pt: 1 }}>
            {tab === 'trips' && <TripsTab driverId={driver.id} />}
            {tab === 'accidents' && <AccidentsTab driverId={driver.id} />}
            {tab === 'fines' && <FinesTab driverId={driver.id} />}
            {tab === 'fuel' && <FuelTab driverId={driver.id} />}
            {tab === 'location' && <LocationTab driver={driver} />}
            {tab === 'students' && schoolBus && <StudentsTab driverId={driver.id} />}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
