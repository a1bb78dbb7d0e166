import { Fragment, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import LocateIcon from '@mui/icons-material/MyLocationOutlined';
import {
  parseUtcDateTime,
  pluralize,
  TRIP_STATUS,
  tripFlagText,
  type TTerms,
  type TTripRow,
} from '@fleet/contract';
import { formatDateTime, formatTime } from '../../lib/dates';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { SectionPanel } from '../../components/section-panel';
import {
  countByFilter,
  filterTrips,
  groupByDriver,
  isOnTheRoad,
  stopProgress,
  timingText,
  TRIP_FILTER_LABELS,
  TRIP_FILTERS,
  tripOfDriverDay,
  tripTitle,
  type TDriverGroup,
  type TTripFilter,
} from './trips-list';

/** A time of today in local time; the date too when it falls on another local day. */
function clock(utc: string | null): string {
  const date = utc ? parseUtcDateTime(utc) : null;
  if (!date) return '—';
  return date.toDateString() === new Date().toDateString() ? formatTime(date) : formatDateTime(date);
}

/** Which filter shows what, in the tenant's words. */
function filterHint(filter: TTripFilter, terms: TTerms, withSwitch: boolean): string {
  const trips = pluralize(terms.trip).toLowerCase();
  const Trips = pluralize(terms.trip);
  const pin = withSwitch ? ` Switch one on to keep it under All.` : '';
  switch (filter) {
    case 'all':
      return withSwitch
        ? `${Trips} on the road, and the waiting or delivered ones you switched on. The others are under Waiting and Finished.`
        : `${Trips} on the road. Waiting and delivered ${trips} are under Waiting and Finished.`;
    case 'late':
      return `${Trips} of the list that started after their planned start.`;
    case 'early':
      return `${Trips} of the list that started on or before their planned start.`;
    case 'finished':
      return `Every ${terms.trip.toLowerCase()} delivered today.${pin}`;
    case 'waiting':
      return `Every ${terms.trip.toLowerCase()} of today not started yet.${pin}`;
  }
}

const EMPTY_FILTER_TEXT: Record<TTripFilter, string> = {
  all: 'on the road right now',
  late: 'started late',
  early: 'started early',
  finished: 'delivered yet',
  waiting: 'waiting',
};

function FlagChip({ trip, namat }: { trip: TTripRow; namat: boolean }) {
  return (
    <Chip
      size="small"
      label={tripFlagText(trip, namat)}
      color={trip.flag === 0 ? 'default' : trip.ended_date ? 'success' : 'primary'}
      variant={trip.flag === 0 ? 'outlined' : 'filled'}
    />
  );
}

function Timing({ trip }: { trip: TTripRow }) {
  return (
    <Typography
      variant="caption"
      component="span"
      sx={{
        whiteSpace: 'nowrap',
        color: trip.status === TRIP_STATUS.startedLate ? 'warning.dark' : 'text.secondary',
        fontWeight: trip.status === TRIP_STATUS.startedLate ? 600 : undefined,
      }}
    >
      {timingText(trip)}
    </Typography>
  );
}

function Progress({ trip, unit = '' }: { trip: TTripRow; unit?: string }) {
  const { done, total } = stopProgress(trip);
  const text = `${done} / ${total}${unit}`;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 72 }}>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={total === 0 ? 0 : (done / total) * 100}
        aria-label={`${done} of ${total} stops done`}
        sx={{ height: 4, borderRadius: 2 }}
      />
    </Stack>
  );
}

interface RowParts {
  terms: TTerms;
  namat: boolean;
  selectedTripId: number | null;
  onSelect: (trip: TTripRow) => void;
  shown: ReadonlySet<number>;
  setShown: (tripId: number, on: boolean) => void;
  dayPosition: Map<number, { index: number; total: number }>;
}

/** The trip's name as a button: choosing it draws the trip on the map (Enter works from the keyboard). */
function TripButton({ trip, parts }: { trip: TTripRow; parts: RowParts }) {
  const selected = parts.selectedTripId === trip.id;
  const title = tripTitle(trip);
  return (
    <Stack sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      <Link
        component="button"
        type="button"
        underline="hover"
        onClick={(event) => {
          event.stopPropagation();
          parts.onSelect(trip);
        }}
        aria-pressed={selected}
        aria-label={`Show ${parts.terms.trip} #${trip.id} on the map`}
        sx={{ fontWeight: 600, textAlign: 'left', whiteSpace: 'nowrap' }}
      >
        {parts.terms.trip} #{trip.id}
      </Link>
      {title && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      )}
    </Stack>
  );
}

/** Keep-in-list switch; trips on the road are always listed, so theirs is on and fixed. */
function ShowSwitch({ trip, parts }: { trip: TTripRow; parts: RowParts }) {
  const always = isOnTheRoad(trip);
  const label = `Keep ${parts.terms.trip} #${trip.id} in the list`;
  const control = (
    <Switch
      size="small"
      checked={always || parts.shown.has(trip.id)}
      disabled={always}
      onClick={(event) => event.stopPropagation()}
      onChange={(_event, on) => parts.setShown(trip.id, on)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
  return always ? (
    <Tooltip title={`On the road: always listed`}>
      <span>{control}</span>
    </Tooltip>
  ) : (
    control
  );
}

function DriverHeading({
  group,
  terms,
  onLocate,
}: {
  group: TDriverGroup;
  terms: TTerms;
  onLocate: (driverId: number, name: string) => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 34 }}>
      <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
        {group.name}
      </Typography>
      {group.driverId !== -1 && (
        <Tooltip title={`Locate ${group.name} on the map`}>
          <IconButton
            size="small"
            aria-label={`Locate ${group.name}`}
            onClick={() => onLocate(group.driverId, group.name)}
          >
            <LocateIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Typography variant="caption" color="text.secondary">
        {group.trips.length}{' '}
        {group.trips.length === 1 ? terms.trip.toLowerCase() : pluralize(terms.trip).toLowerCase()} listed
      </Typography>
    </Stack>
  );
}

function TripsTable({
  groups,
  parts,
  onLocate,
}: {
  groups: TDriverGroup[];
  parts: RowParts;
  onLocate: (driverId: number, name: string) => void;
}) {
  const { terms, namat } = parts;
  const columns: {
    id: string;
    label: string;
    render: (trip: TTripRow) => ReactNode;
    nowrap?: boolean;
    minWidth?: number;
  }[] = [
    { id: 'trip', label: terms.trip, minWidth: 200, render: (t) => <TripButton trip={t} parts={parts} /> },
    { id: 'planned', label: 'Planned start', nowrap: true, render: (t) => clock(t.start_date) },
    { id: 'started', label: 'Started', nowrap: true, render: (t) => clock(t.started_date) },
    {
      id: 'status',
      label: 'Status',
      render: (t) => (
        <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
          <FlagChip trip={t} namat={namat} />
          <Timing trip={t} />
        </Stack>
      ),
    },
    { id: 'progress', label: 'Stops', render: (t) => <Progress trip={t} /> },
    // The spec hides the Trips column and the visibility switch for namat (spec 000 §1).
    ...(namat
      ? []
      : [
          {
            id: 'trips',
            label: pluralize(terms.trip),
            nowrap: true,
            render: (t: TTripRow) => {
              const at = parts.dayPosition.get(t.id);
              return at ? `${at.index} of ${at.total}` : '—';
            },
          },
          { id: 'show', label: 'Show', render: (t: TTripRow) => <ShowSwitch trip={t} parts={parts} /> },
        ]),
  ];
  return (
    <TableContainer sx={{ flexGrow: 1, overflow: 'auto' }}>
      <Table size="small" stickyHeader aria-label={`Today's ${pluralize(terms.trip).toLowerCase()}`}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.id} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <Fragment key={group.driverId}>
              <TableRow>
                <TableCell
                  component="th"
                  scope="rowgroup"
                  colSpan={columns.length}
                  sx={{ bgcolor: 'action.hover', py: 0.25 }}
                >
                  <DriverHeading group={group} terms={terms} onLocate={onLocate} />
                </TableCell>
              </TableRow>
              {group.trips.map((trip) => (
                <TableRow
                  key={trip.id}
                  hover
                  selected={parts.selectedTripId === trip.id}
                  onClick={() => parts.onSelect(trip)}
                  sx={{ cursor: 'pointer' }}
                >
                  {columns.map((c) => (
                    <TableCell
                      key={c.id}
                      sx={{ whiteSpace: c.nowrap ? 'nowrap' : undefined, minWidth: c.minWidth }}
                    >
                      {c.render(trip)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below 1024 px: one card per trip under its driver, nothing to scroll sideways. */
function TripCards({
  groups,
  parts,
  onLocate,
}: {
  groups: TDriverGroup[];
  parts: RowParts;
  onLocate: (driverId: number, name: string) => void;
}) {
  const { terms, namat } = parts;
  return (
    <Stack spacing={1.5} sx={{ px: 2, pb: 2 }}>
      {groups.map((group) => (
        <Box key={group.driverId} component="section" aria-label={group.name}>
          <DriverHeading group={group} terms={terms} onLocate={onLocate} />
          <Stack spacing={1} sx={{ mt: 0.5 }}>
            {group.trips.map((trip) => {
              const at = parts.dayPosition.get(trip.id);
              return (
                <Paper
                  key={trip.id}
                  variant="outlined"
                  onClick={() => parts.onSelect(trip)}
                  sx={{
                    p: 1.5,
                    cursor: 'pointer',
                    borderColor: parts.selectedTripId === trip.id ? 'primary.main' : undefined,
                    bgcolor: parts.selectedTripId === trip.id ? 'action.selected' : undefined,
                  }}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <TripButton trip={trip} parts={parts} />
                    </Box>
                    <FlagChip trip={trip} namat={namat} />
                  </Stack>
                  <Stack
                    direction="row"
                    useFlexGap
                    spacing={2}
                    sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}
                  >
                    <Typography variant="body2">Planned {clock(trip.start_date)}</Typography>
                    <Typography variant="body2">Started {clock(trip.started_date)}</Typography>
                    <Timing trip={trip} />
                    {!namat && at && (
                      <Typography variant="body2" color="text.secondary">
                        {terms.trip} {at.index} of {at.total} today
                      </Typography>
                    )}
                  </Stack>
                  <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
                    <Box sx={{ flexGrow: 1 }}>
                      <Progress trip={trip} unit=" stops" />
                    </Box>
                    {!namat && (
                      <Stack direction="row" sx={{ alignItems: 'center' }}>
                        <Typography variant="caption" color="text.secondary" aria-hidden>
                          Show
                        </Typography>
                        <ShowSwitch trip={trip} parts={parts} />
                      </Stack>
                    )}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function TableSkeleton() {
  return (
    <Box sx={{ px: 2, py: 1 }} aria-busy="true" aria-label="Loading">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={36} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

export interface TripsPanelProps {
  trips: TTripRow[] | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  terms: TTerms;
  namat: boolean;
  shown: ReadonlySet<number>;
  setShown: (tripId: number, on: boolean) => void;
  selectedTripId: number | null;
  onSelect: (trip: TTripRow) => void;
  onClearSelection: () => void;
  onLocate: (driverId: number, name: string) => void;
}

/**
 * Today's trips per driver (spec 000 "Dashboard"): the status filter, the keep-in-list switch,
 * one group per driver with its locate button, and the trip chosen for the map.
 */
export function TripsPanel(props: TripsPanelProps) {
  const { trips, loading, terms, namat, selectedTripId } = props;
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [filter, setFilter] = useState<TTripFilter>('all');
  // namat has no switch, so nothing it may have remembered counts (spec 000 §1).
  const shown = useMemo(() => (namat ? new Set<number>() : props.shown), [namat, props.shown]);
  const counts = useMemo(() => countByFilter(trips ?? [], shown), [trips, shown]);
  const groups = useMemo(
    () => groupByDriver(filterTrips(trips ?? [], filter, shown)),
    [trips, filter, shown],
  );
  const dayPosition = useMemo(() => tripOfDriverDay(trips ?? []), [trips]);
  const plural = pluralize(terms.trip);
  const selected = trips?.find((t) => t.id === selectedTripId) ?? null;

  const parts: RowParts = {
    terms,
    namat,
    selectedTripId,
    onSelect: props.onSelect,
    shown,
    setShown: props.setShown,
    dayPosition,
  };

  let body: ReactNode;
  if (loading) body = <TableSkeleton />;
  else if (!trips) body = null;
  else if (trips.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
        No {plural.toLowerCase()} today
      </Typography>
    );
  else if (groups.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
        No {plural.toLowerCase()} {EMPTY_FILTER_TEXT[filter]}.
      </Typography>
    );
  else
    body = mobile ? (
      <TripCards groups={groups} parts={parts} onLocate={props.onLocate} />
    ) : (
      <TripsTable groups={groups} parts={parts} onLocate={props.onLocate} />
    );

  return (
    <SectionPanel
      id="dashboard-trips"
      title={`Today's ${plural.toLowerCase()} per ${terms.driver.toLowerCase()}`}
      fetching={props.fetching}
      error={props.error}
      errorText={(message) => `Could not load today's ${plural.toLowerCase()}: ${message}`}
      sx={{ height: '100%' }}
    >
      <Box sx={{ px: 2, pt: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_event, next: TTripFilter | null) => next && setFilter(next)}
          aria-label={`${terms.trip} status filter`}
          sx={{ maxWidth: '100%', overflowX: 'auto' }}
        >
          {TRIP_FILTERS.map((f) => (
            <ToggleButton
              key={f}
              value={f}
              sx={{
                px: { xs: 0.75, sm: 1.5 },
                py: 0.25,
                whiteSpace: 'nowrap',
                fontSize: { xs: '0.8125rem', sm: '0.875rem' },
              }}
            >
              {TRIP_FILTER_LABELS[f]}
              <Box component="span" sx={{ ml: 0.75, color: 'text.secondary', fontWeight: 400 }}>
                {trips ? counts[f] : ''}
              </Box>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75, minHeight: 20 }}>
          {filterHint(filter, terms, !namat)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }} role="status">
          {selected ? (
            <>
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                On the map:{' '}
                <strong>
                  {terms.trip} #{selected.id}
                </strong>
                {selected.driver ? ` · ${selected.driver.fname} ${selected.driver.lname}` : ''}
              </Typography>
              <Button size="small" onClick={props.onClearSelection}>
                Clear
              </Button>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Choose a {terms.trip.toLowerCase()} to see its route on the map.
            </Typography>
          )}
        </Stack>
      </Box>
      {body}
    </SectionPanel>
  );
}
