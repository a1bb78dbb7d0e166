import { useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import TripsIcon from '@mui/icons-material/RouteOutlined';
import { NAMAT_TYPE, tripFlagText, type TDriverTrip } from '@fleet/contract';
import { ImageCarousel } from '../../components/image-carousel';
import { ListPage, type ListColumn } from '../../components/list';
import { TripIncidentsDialog, type TIncidentKind } from '../../components/trip-incidents-dialog';
import { formatUtc } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { DRIVER_TRIPS_EXPORT_PATH, driverAllTripsQuery } from './api/reports';
import { monthToToday } from './report-texts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const driverName = (t: TDriverTrip) => (t.driver ? `${t.driver.fname} ${t.driver.lname}` : 'N/A');
const statusText = (t: TDriverTrip, namat: boolean) =>
  t.status === 3 ? 'Cancelled' : tripFlagText(t, namat);

function IncidentsCell({ count, label, onOpen }: { count: number; label: string; onOpen: () => void }) {
  if (count === 0) return <>0</>;
  return (
    <Link component="button" type="button" onClick={onOpen} aria-label={label}>
      {count}
    </Link>
  );
}

/**
 * /driver-summary/driver-trips?fdate&tdate&driver_id (route driver-summary-trips): one driver's trips
 * of the summary's days with the spec's eleven columns, search, Trips.xlsx, the fines and accidents
 * dialogs and View Destinations (spec 002 "Driver trips screen").
 */
export function DriverTripsPage() {
  const terms = useTerms();
  const namat = useSession()?.tenant_type === NAMAT_TYPE;
  const [params] = useSearchParams();
  const fallback = monthToToday();
  const fdate = DAY.test(params.get('fdate') ?? '') ? params.get('fdate')! : fallback.from;
  const tdate = DAY.test(params.get('tdate') ?? '') ? params.get('tdate')! : fallback.to;
  const driverId = Number(params.get('driver_id'));
  const valid = Number.isInteger(driverId) && driverId > 0;
  const [incidents, setIncidents] = useState<{ trip: TDriverTrip; kind: TIncidentKind } | null>(null);
  const [stops, setStops] = useState<TDriverTrip | null>(null);

  const columns: ListColumn<TDriverTrip>[] = [
    { id: 'driver', label: `${terms.driver} Name`, render: driverName },
    { id: 'origin', label: terms.warehouse, render: (t) => t.warehouse?.title ?? '' },
    { id: 'type', label: 'Type', render: (t) => t.type0?.title ?? '' },
    {
      id: 'status',
      label: 'Status',
      render: (t) => (
        <Chip
          size="small"
          label={statusText(t, namat)}
          color={t.status === 3 ? 'default' : t.ended_date ? 'success' : t.flag ? 'primary' : 'default'}
          variant={t.flag === 0 ? 'outlined' : 'filled'}
        />
      ),
    },
    { id: 'created', label: 'Created On', nowrap: true, render: (t) => formatUtc(t.created_date) },
    { id: 'start', label: 'Start Date', nowrap: true, render: (t) => formatUtc(t.start_date) },
    { id: 'picked', label: 'Picked On', nowrap: true, render: (t) => formatUtc(t.started_date) },
    { id: 'delivered', label: 'Delivered On', nowrap: true, render: (t) => formatUtc(t.ended_date) },
    {
      id: 'accidents',
      label: 'Accident(s)',
      align: 'center',
      render: (t) => (
        <IncidentsCell
          count={t.accidents.length}
          label={`Accidents of ${terms.trip} ${t.id}`}
          onOpen={() => setIncidents({ trip: t, kind: 'accidents' })}
        />
      ),
    },
    {
      id: 'fines',
      label: 'Fine(s)',
      align: 'center',
      render: (t) => (
        <IncidentsCell
          count={t.fines.length}
          label={`Fines of ${terms.trip} ${t.id}`}
          onOpen={() => setIncidents({ trip: t, kind: 'fines' })}
        />
      ),
    },
  ];

  const name = (t: TDriverTrip) => `${terms.trip} ${t.id} of ${driverName(t)}`;
  return (
    <ListPage
      title={`${terms.driver} ${terms.trip}s`}
      icon={<TripsIcon color="primary" />}
      query={({ search }) => ({
        ...driverAllTripsQuery(valid ? driverId : 0, { fdate, tdate }),
        enabled: valid,
        select: (rows: TDriverTrip[]) => {
          const wanted = search.toLowerCase();
          return rows.filter(
            (t) =>
              !wanted ||
              [driverName(t), t.warehouse?.title ?? '', t.type0?.title ?? '', statusText(t, namat)].some(
                (v) => v.toLowerCase().includes(wanted),
              ),
          );
        },
      })}
      order={(a, b) =>
        (b.start_date ?? b.created_date).localeCompare(a.start_date ?? a.created_date) || b.id - a.id
      }
      columns={columns}
      dense
      rowName={name}
      rowActions={[
        {
          id: 'destinations',
          label: (t) => `View Destinations of ${name(t)}`,
          icon: <PlaceOutlined />,
          onClick: setStops,
        },
      ]}
      searchLabel={`Search by ${terms.warehouse.toLowerCase()}, type or status`}
      emptyText={
        valid
          ? `No ${terms.trip.toLowerCase()}s from ${fdate} to ${tdate}.`
          : `Choose a ${terms.driver.toLowerCase()} on the summary.`
      }
      errorText={(message) => `Error fetching data: ${message}`}
      exportFile={
        valid
          ? {
              path: DRIVER_TRIPS_EXPORT_PATH,
              fileName: 'Trips.xlsx',
              query: () => ({ fdate, tdate, driver_id: String(driverId) }),
            }
          : undefined
      }
      toolbar={
        <Button component={RouterLink} to={paths.driverSummary.getHref()} startIcon={<ArrowBackIcon />}>
          Back
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 3, md: 4 } }}>
        {fdate} to {tdate}
      </Typography>
      <TripIncidentsDialog shown={incidents} onClose={() => setIncidents(null)} />
      <DestinationsDialog trip={stops} onClose={() => setStops(null)} />
    </ListPage>
  );
}

const APPROVAL_LABEL: Record<string, string> = {
  awaiting_submission: 'Awaiting Submission',
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** A trip's destinations with their tasks and approvals; approval pictures in the 5 s carousel. */
function DestinationsDialog({ trip, onClose }: { trip: TDriverTrip | null; onClose: () => void }) {
  const terms = useTerms();
  const titleId = useId();
  return (
    <Dialog
      open={trip !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 700, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId}>
        {terms.destination}s of {terms.trip} #{trip?.id}
      </DialogTitle>
      <DialogContent>
        {trip && trip.destinations.length === 0 && <Typography color="text.secondary">None.</Typography>}
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {trip?.destinations.map((d, i) => (
            <div key={d.id}>
              <Typography sx={{ fontWeight: 600 }}>
                {i + 1}. {d.destination_name ?? 'Unknown Destination'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {d.skipped_date
                  ? `Skipped ${formatUtc(d.skipped_date)}`
                  : `Arrived ${formatUtc(d.arrived_date) || '—'} · Departed ${formatUtc(d.departed_date) || '—'}`}
              </Typography>
              {d.tasks.map((task) => {
                const images = [
                  ...(task.client_approval_images ?? []),
                  ...(task.manager_approval_images ?? []),
                ];
                return (
                  <Box key={task.id} sx={{ pl: 2, mt: 1 }}>
                    <Typography variant="body2">
                      {task.description}
                      {task.completed_date ? ` · done ${formatUtc(task.completed_date)}` : ''}
                    </Typography>
                    {task.manager_approval && (
                      <Typography variant="caption" color="text.secondary">
                        Approval: {APPROVAL_LABEL[task.manager_approval_status ?? ''] ?? 'Not requested'}
                      </Typography>
                    )}
                    {images.length > 0 && (
                      <Box sx={{ mt: 1 }}>
                        <ImageCarousel
                          images={images}
                          alt={`Approval pictures of ${task.description}`}
                          height={220}
                        />
                      </Box>
                    )}
                  </Box>
                );
              })}
            </div>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
