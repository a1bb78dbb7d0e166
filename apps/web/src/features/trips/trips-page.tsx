import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
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
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateRangeFilter, isDayRangeValid, type TDayRange } from '../../components/date-range-filter';
import { ExportButton } from '../../components/export-button';
import { LIST_REFRESH_MS, type ListColumn } from '../../components/list-page';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader, SearchField, useSearch } from '../../components/page-header';
import { PagedTable, queryTableState, usePaging } from '../../components/paged-table';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api';
import { formatUtc, localDayBoundsUtc, toLocalDayInput } from '../../lib/dates';
import { parseOpenTripParam, takeOpenTripWithFilters } from '../../lib/open-trip';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { TRIPS_QUERY_KEY, archiveTrip, tripsPageQuery } from './api/trips';
import { TripDialogHost, type TTripDialogState } from './trip-dialog-host';
import { TripIncidentsDialog, type TIncidentKind } from './trip-incidents-dialog';
import { TripRowMenu, type TTripAction } from './trip-row-menu';
import { endedCell, plannedEnd, startedCell, tripDriverName, tripStateTexts } from './trip-texts';
import { useTripReport } from './use-trip-report';

/** The default filter: the first of the current month to tomorrow, local days (spec 001 §9). */
export function defaultDayRange(now = new Date()): TDayRange {
  return {
    from: toLocalDayInput(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: toLocalDayInput(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)),
  };
}

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
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const report = useTripReport();
  const [searchParams, setSearchParams] = useSearchParams();

  const [range, setRange] = useState<TDayRange>(() => defaultDayRange());
  const paging = usePaging(TRIPS_PAGE_SIZE);
  const searchBox = useSearch(paging.reset);
  const { search } = searchBox;
  const resetPage = paging.reset;
  const [dialog, setDialog] = useState<TTripDialogState | null>(null);
  const [deleting, setDeleting] = useState<TTripRow | null>(null);
  const [incidents, setIncidents] = useState<{ trip: TTripRow; kind: TIncidentKind } | null>(null);
  // openTripWithFilters: the filter to restore when its dialog closes.
  const restoreRange = useRef<TDayRange | null>(null);
  const [filtersFromTrip, setFiltersFromTrip] = useState(false);

  const rangeValid = isDayRangeValid(range);
  const filter = useMemo(() => {
    const from = localDayBoundsUtc(range.from);
    const to = localDayBoundsUtc(range.to);
    return { fdate: from?.start ?? '', tdate: to?.end ?? '', search };
  }, [range, search]);
  const trips = useQuery({
    ...tripsPageQuery(paging.page + 1, paging.pageSize, filter, LIST_REFRESH_MS),
    enabled: rangeValid,
  });

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
      resetPage();
    }
    if (searchParams.has('openTrip'))
      setSearchParams(
        (params) => {
          params.delete('openTrip');
          return params;
        },
        { replace: true },
      );
  }, [searchParams, setSearchParams, resetPage]);

  const onTripLoaded = useCallback(
    (trip: TTripRow) => {
      if (!filtersFromTrip) return;
      const days = tripDays(trip);
      if (!days) return;
      restoreRange.current = range;
      setRange(days);
      resetPage();
    },
    // The range captured is the one in force when the trip was asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filtersFromTrip],
  );

  const refresh = () => void queryClient.invalidateQueries({ queryKey: TRIPS_QUERY_KEY });

  const onAction = (action: TTripAction, trip: TTripRow) => {
    if (action === 'delete') setDeleting(trip);
    else if (action === 'report') void report.generate(trip.id);
    else setDialog({ mode: action === 'info' ? 'show' : action, id: trip.id });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await archiveTrip(deleting.id);
      snackbar.show(MESSAGES.trips.deleted(terms.trip), 'success');
      setDeleting(null);
      refresh();
    } catch (error) {
      snackbar.show(
        error instanceof ApiError && error.responseMessage
          ? error.responseMessage
          : `Failed to delete ${terms.trip}`,
        'error',
      );
    }
  };

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

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title={title} icon={<TripsIcon color="primary" />}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add' })}>
          Add {terms.trip}
        </Button>
        <ExportButton
          path="v1/trips/export"
          fileName={`${title}.xlsx`}
          search={search}
          query={{ fdate: filter.fdate || undefined, tdate: filter.tdate || undefined }}
        />
      </PageHeader>

      <Paper variant="outlined">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ p: 2, alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}
        >
          <DateRangeFilter
            value={range}
            onChange={(next) => {
              setRange(next);
              paging.reset();
            }}
          />
          <SearchField
            label={`Search by ${terms.driver.toLowerCase()}, ${terms.warehouse.toLowerCase()} or type`}
            {...searchBox.field}
          />
        </Stack>
        {rangeValid ? (
          <PagedTable
            label={title}
            dense
            columns={columns}
            rows={trips.data?.trips}
            total={trips.data?.pagination.total_items ?? 0}
            {...paging.tableProps}
            pageSizeOptions={TRIPS_PAGE_SIZE_OPTIONS}
            {...queryTableState(trips, (message) => `Error on loading: ${message}`)}
            emptyText={`No ${title.toLowerCase()} in these dates.`}
            actions={(t) => (
              <TripRowMenu
                trip={t}
                tripTerm={terms.trip}
                reportBusy={report.generating}
                onAction={onAction}
              />
            )}
          />
        ) : (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
            Choose a valid date range.
          </Typography>
        )}
      </Paper>

      {dialog && (
        <TripDialogHost state={dialog} onClose={closeDialog} onSaved={refresh} onLoaded={onTripLoaded} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={MESSAGES.deleteQuestion(terms.trip)}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      <TripIncidentsDialog shown={incidents} onClose={() => setIncidents(null)} />
    </Box>
  );
}
