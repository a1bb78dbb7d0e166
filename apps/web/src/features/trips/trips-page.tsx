import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TripsIcon from '@mui/icons-material/RouteOutlined';
import {
  MESSAGES,
  NAMAT_TYPE,
  TRIPS_PAGE_SIZE,
  TRIPS_PAGE_SIZE_OPTIONS,
  parseUtcDateTime,
  pluralize,
  type TTripRow,
} from '@fleet/contract';
import { DAY_RANGES, type TDayRange } from '../../components/date-range-filter';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { formatUtc, toLocalDayInput } from '../../lib/dates';
import { parseOpenTripParam, takeOpenTripWithFilters } from '../../lib/open-trip';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { TRIPS_EXPORT_PATH, tripListQuery, tripRangeBounds, useArchiveTrip } from './api/trips';
import { TripDialogHost, type TTripDialogState } from './trip-dialog-host';
import { TripIncidentsDialog, type TIncidentKind } from '../../components/trip-incidents-dialog';
import { endedCell, plannedEnd, startedCell, tripDriverName, tripStateTexts } from './trip-texts';
import { useTripReport } from './use-trip-report';

/** The local days a trip covers: its planned start to its end (or start). */
function tripDays(trip: TTripRow): TDayRange | null {
  const start = trip.start_date ? parseUtcDateTime(trip.start_date) : null;
  if (!start) return null;
  const end = (trip.ended_date && parseUtcDateTime(trip.ended_date)) || start;
  return { from: toLocalDayInput(start), to: toLocalDayInput(end > start ? end : start) };
}

/** A count that opens the trip's fines or accidents when there are any. */
function IncidentsCell({ count, label, onOpen }: { count: number; label: string; onOpen: () => void }) {
  if (count === 0) return <>0</>;
  return (
    <Link component="button" type="button" onClick={onOpen} aria-label={label}>
      {count}
    </Link>
  );
}

/**
 * /trips ("Tasks" for namat): the server-paged trips of a date range with search, Add, Export, the
 * row menu (Info, Edit, Delete, Clone, Report) and the trip dialog; refreshed every 10 s (spec 001
 * "Trips"). `?openTrip=ID` and the `openTripWithFilters` session value open a trip read-only.
 */
export function TripsPage() {
  const terms = useTerms();
  const namat = useSession()?.tenant_type === NAMAT_TYPE;
  const report = useTripReport();
  const archive = useArchiveTrip();
  const [searchParams, setSearchParams] = useSearchParams();

  const [range, setRange] = useState<TDayRange>(() => DAY_RANGES.monthToTomorrow());
  const [dialog, setDialog] = useState<TTripDialogState | null>(null);
  const [incidents, setIncidents] = useState<{ trip: TTripRow; kind: TIncidentKind } | null>(null);
  // openTripWithFilters: the filter to restore when its dialog closes.
  const restoreRange = useRef<TDayRange | null>(null);
  const [filtersFromTrip, setFiltersFromTrip] = useState(false);

  // `?openTrip=ID` opens that trip read-only (spec 001 "Trips").
  const openTripParam = parseOpenTripParam(searchParams.get('openTrip'));
  useEffect(() => {
    if (openTripParam !== null) setDialog({ mode: 'show', id: openTripParam });
  }, [openTripParam]);

  // `openTripWithFilters` (session storage) does the same and also filters the list to the trip's dates.
  useEffect(() => {
    const id = takeOpenTripWithFilters();
    if (id === null) return;
    setFiltersFromTrip(true);
    setDialog({ mode: 'show', id });
  }, []);

  const closeDialog = useCallback(() => {
    setDialog(null);
    setFiltersFromTrip(false);
    if (restoreRange.current) {
      setRange(restoreRange.current);
      restoreRange.current = null;
    }
    if (searchParams.has('openTrip'))
      setSearchParams(
        (params) => {
          params.delete('openTrip');
          return params;
        },
        { replace: true },
      );
  }, [searchParams, setSearchParams]);

  const onTripLoaded = useCallback(
    (trip: TTripRow) => {
      if (!filtersFromTrip) return;
      const days = tripDays(trip);
      if (!days) return;
      restoreRange.current = range;
      setRange(days);
    },
    // The range captured is the one in force when the trip was asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filtersFromTrip],
  );

  const columns: ListColumn<TTripRow>[] = [
    { id: 'id', label: 'ID', render: (t) => t.id },
    { id: 'driver', label: terms.driver, render: tripDriverName },
    { id: 'origin', label: terms.warehouse, render: (t) => t.warehouse?.title ?? '' },
    { id: 'type', label: 'Type', render: (t) => t.type?.title ?? t.type0?.title ?? '' },
    { id: 'start', label: 'Start date', nowrap: true, render: (t) => formatUtc(t.start_date) },
    { id: 'end', label: 'End date', nowrap: true, render: plannedEnd },
    {
      id: 'status',
      label: 'Status',
      render: (t) => {
        const { flag, status } = tripStateTexts(t, namat);
        return (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Chip
              size="small"
              label={flag}
              color={t.flag === 0 ? 'default' : t.ended_date ? 'success' : 'primary'}
              variant={t.flag === 0 ? 'outlined' : 'filled'}
            />
            <Typography variant="caption" color="text.secondary">
              {status}
            </Typography>
          </Stack>
        );
      },
    },
    {
      id: 'fines',
      label: 'Fines',
      align: 'center',
      render: (t) => (
        <IncidentsCell
          count={t.fines.length}
          label={`Fines of ${terms.trip} ${t.id}`}
          onOpen={() => setIncidents({ trip: t, kind: 'fines' })}
        />
      ),
    },
    {
      id: 'accidents',
      label: 'Accidents',
      align: 'center',
      render: (t) => (
        <IncidentsCell
          count={t.accidents.length}
          label={`Accidents of ${terms.trip} ${t.id}`}
          onOpen={() => setIncidents({ trip: t, kind: 'accidents' })}
        />
      ),
    },
    { id: 'started', label: 'Started', nowrap: true, render: startedCell },
    { id: 'ended', label: 'Ended', nowrap: true, render: endedCell },
  ];

  const title = pluralize(terms.trip);
  const term = terms.trip.toLowerCase();
  const open = (mode: 'show' | 'edit' | 'clone') => (trip: TTripRow) => setDialog({ mode, id: trip.id });

  return (
    <ListPage
      title={title}
      icon={<TripsIcon color="primary" />}
      query={({ page, pageSize, search, range: days, cursor }) =>
        tripListQuery(page, pageSize, { ...tripRangeBounds(days), search }, cursor)
      }
      serverPage={(data) => ({
        rows: data.trips,
        total: data.pagination.total_items,
        exact: data.pagination.total_exact !== false,
        next: data.pagination.next_cursor,
        prev: data.pagination.prev_cursor,
      })}
      paging={{ size: TRIPS_PAGE_SIZE, options: TRIPS_PAGE_SIZE_OPTIONS }}
      dateRange={{ value: range, onChange: setRange }}
      searchLabel={`Search by ${terms.driver.toLowerCase()}, ${terms.warehouse.toLowerCase()} or type`}
      refetchIntervalMs={LIST_REFRESH_MS}
      columns={columns}
      dense
      add={{ label: `Add ${terms.trip}`, onClick: () => setDialog({ mode: 'add' }) }}
      exportFile={{
        path: TRIPS_EXPORT_PATH,
        fileName: `${title}.xlsx`,
        background: { kind: 'trips', noun: title.toLowerCase() },
        query: ({ range: days }) => {
          const { fdate, tdate } = tripRangeBounds(days);
          return { fdate: fdate || undefined, tdate: tdate || undefined };
        },
      }}
      remove={{
        question: () => MESSAGES.deleteQuestion(terms.trip),
        run: (trip) => archive.mutateAsync(trip.id),
        successMessage: MESSAGES.trips.deleted(terms.trip),
        failureMessage: `Failed to delete ${terms.trip}`,
      }}
      // An ended trip is history, which its report reads: it is not edited any more (the spec's
      // allowed-edit flag), though Info shows it and Clone copies it. Report needs an ended trip and
      // waits for another being made (spec 001 §4).
      rowMenu={{
        label: (t) => `Actions for ${terms.trip} ${t.id}`,
        items: [
          { id: 'info', label: 'Info', icon: <InfoOutlined fontSize="small" />, onClick: open('show') },
          {
            id: 'edit',
            label: 'Edit',
            icon: <EditOutlined fontSize="small" />,
            onClick: open('edit'),
            unavailable: (t) => (t.ended_date ? `The ${term} has ended` : null),
          },
          { id: 'delete', label: 'Delete', icon: <DeleteOutlined fontSize="small" />, onClick: 'remove' },
          {
            id: 'clone',
            label: 'Clone',
            icon: <ContentCopyOutlined fontSize="small" />,
            onClick: open('clone'),
          },
          {
            id: 'report',
            label: 'Report',
            icon: <PictureAsPdfOutlined fontSize="small" />,
            onClick: (t) => void report.generate(t.id),
            unavailable: (t) =>
              !t.ended_date
                ? `When the ${term} has ended`
                : report.generating
                  ? 'Another report is being made'
                  : null,
          },
        ],
      }}
      emptyText={`No ${title.toLowerCase()} in these dates.`}
      errorText={(message) => `Error on loading: ${message}`}
    >
      {dialog && <TripDialogHost state={dialog} onClose={closeDialog} onLoaded={onTripLoaded} />}
      <TripIncidentsDialog shown={incidents} onClose={() => setIncidents(null)} />
    </ListPage>
  );
}
