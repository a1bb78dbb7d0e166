import { useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  FINE_STATUS,
  SCHOOL_BUS_TYPE,
  driverTripStatusLabel,
  pluralize,
  type TDriverRow,
  type TDriverTrip,
} from '@fleet/contract';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import {
  driverAccidentsQuery,
  driverFinesQuery,
  driverFuelQuery,
  driverLocationsQuery,
  driverStudentsQuery,
  driverTripsQuery,
} from './api/driver-details';

type TabId = 'trips' | 'accidents' | 'fines' | 'fuel' | 'location' | 'students';

/** A column of a details table. */
interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/** Loading, error and empty states around one tab's table. */
function TabTable<T>({
  query,
  rows,
  columns,
  rowKey,
  label,
  errorText,
  emptyText,
  footer,
}: {
  query: UseQueryResult<unknown>;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  label: string;
  errorText: string;
  emptyText: string;
  footer?: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (query.isError) return <Alert severity="error">{errorText}</Alert>;
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label} sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.label}>{column.render(row)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </>
  );
}

const TRIP_PAGE_SIZES = [5, 10, 15, 20];

function TripsTab({ driverId }: { driverId: number }) {
  const terms = useTerms();
  const query = useQuery(driverTripsQuery(driverId));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const trips = query.data ?? [];
  const shown = trips.slice(page * pageSize, page * pageSize + pageSize);
  const destinationNames = (trip: TDriverTrip) =>
    trip.destinations.map((d) => d.destination_name || `Unknown ${terms.destination}`).join(', ');
  const tasks = (trip: TDriverTrip) => {
    const all = trip.destinations.flatMap((d) => d.tasks);
    return all.length === 0 ? 'No Tasks Assigned' : all.map((t) => t.description).join(', ');
  };
  return (
    <TabTable
      query={query}
      rows={shown}
      rowKey={(t) => t.id}
      label={`${terms.trip} list`}
      errorText="Error loading trips data"
      emptyText={`No ${terms.trip.toLowerCase()} records.`}
      columns={[
        { label: 'ID', render: (t) => t.id },
        { label: terms.warehouse, render: (t) => t.warehouse?.title ?? '' },
        { label: 'Type', render: (t) => t.type0?.title ?? '' },
        { label: 'Start date', render: (t) => t.start_date ?? '' },
        { label: 'Status', render: (t) => driverTripStatusLabel(t.status) },
        { label: pluralize(terms.destination), render: destinationNames },
        { label: 'Tasks', render: tasks },
        { label: 'Note', render: (t) => t.note || 'No note to display' },
      ]}
      footer={
        <TablePagination
          component="div"
          count={trips.length}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={TRIP_PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      }
    />
  );
}

function AccidentsTab({ driverId }: { driverId: number }) {
  const query = useQuery(driverAccidentsQuery(driverId));
  return (
    <TabTable
      query={query}
      rows={query.data ?? []}
      rowKey={(a) => a.id}
      label="Accidents"
      errorText="Error loading accidents data"
      emptyText="No accidents recorded."
      columns={[
        { label: 'Date', render: (a) => a.created_date },
        { label: 'Location', render: (a) => a.location ?? '' },
        { label: 'Description', render: (a) => a.description ?? '' },
        { label: 'Trip', render: (a) => a.trip_id ?? '' },
      ]}
    />
  );
}

function FinesTab({ driverId }: { driverId: number }) {
  const terms = useTerms();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const query = useQuery({
    ...driverFinesQuery(driverId, page + 1, pageSize),
    placeholderData: (previous) => previous,
  });
  return (
    <TabTable
      query={query}
      rows={query.data?.fines ?? []}
      rowKey={(f) => f.id}
      label="Fines"
      errorText="Error loading fines data"
      emptyText="No fines recorded."
      columns={[
        { label: 'Issued date', render: (f) => f.issued_date },
        { label: 'Status', render: (f) => FINE_STATUS[f.status] ?? 'Unknown' },
        { label: 'Amount', render: (f) => `${f.amount.toFixed(2)} ${terms.currency.symbol}` },
        { label: 'Description', render: (f) => f.description },
        { label: 'Trip', render: (f) => f.trip_id ?? '' },
      ]}
      footer={
        <TablePagination
          component="div"
          count={query.data?.pagination.total_items ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[5, 10, 25]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      }
    />
  );
}

function FuelTab({ driverId }: { driverId: number }) {
  const terms = useTerms();
  const query = useQuery(driverFuelQuery(driverId));
  return (
    <TabTable
      query={query}
      rows={query.data ?? []}
      rowKey={(f) => f.id}
      label="Fuel"
      errorText="Error loading fuel data"
      emptyText="No fuel records."
      columns={[
        { label: 'Date', render: (f) => f.created_date },
        { label: 'Volume', render: (f) => `${f.volume.toFixed(2)} ${terms.liquidUnit.symbol}` },
        { label: 'Amount', render: (f) => `${f.amount.toFixed(2)} ${terms.currency.symbol}` },
        { label: 'Trip', render: (f) => f.trip_id ?? '' },
      ]}
    />
  );
}

function LocationTab({ driverId }: { driverId: number }) {
  const query = useQuery(driverLocationsQuery(driverId));
  return (
    <TabTable
      query={query}
      rows={query.data?.locations ?? []}
      rowKey={(l) => l.id}
      label="Locations today"
      errorText="Error loading location data"
      emptyText="No recent location data available"
      columns={[
        { label: 'Time (UTC)', render: (l) => l.date_and_time },
        { label: 'Latitude', render: (l) => l.lat.toFixed(6) },
        { label: 'Longitude', render: (l) => l.lon.toFixed(6) },
      ]}
    />
  );
}

function StudentsTab({ driverId }: { driverId: number }) {
  const query = useQuery(driverStudentsQuery(driverId));
  return (
    <TabTable
      query={query}
      rows={query.data ?? []}
      rowKey={(s) => s.id}
      label="Students"
      errorText="Error loading students data"
      emptyText="No students assigned."
      columns={[
        { label: 'First name', render: (s) => s.fname },
        { label: 'Last name', render: (s) => s.lname },
        { label: 'Stop', render: (s) => s.stop_name ?? '' },
        { label: 'Stop latitude', render: (s) => s.stop_lat ?? '' },
        { label: 'Stop longitude', render: (s) => s.stop_lon ?? '' },
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
            {tab === 'location' && <LocationTab driverId={driver.id} />}
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
