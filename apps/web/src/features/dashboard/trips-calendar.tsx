import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { pluralize, type TTerms, type TTripRow } from '@fleet/contract';
import { formatTime, toLocalDayInput } from '../../lib/dates';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { requestOpenTripWithFilters } from '../../lib/open-trip';
import { paths } from '../../lib/paths';
import { calendarTripsQuery } from './api/trips';
import {
  calendarWeeks,
  rangeOf,
  shiftAnchor,
  startOfDay,
  tripsByDay,
  tripStart,
  WEEKDAY_OPTIONS,
  weekdayOption,
  type TCalendarView,
  type TWeekdayOptionId,
} from './calendar';
import { SectionPanel } from '../../components/section-panel';
import { driverName } from './trips-list';

const DAY_HEADER = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const WEEKDAY = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** A month view cell lists this many trips, then "+n more". */
const MONTH_CELL_TRIPS = 3;

const stateColor = (trip: TTripRow) =>
  trip.ended_date ? 'success.main' : trip.started_date ? 'primary.main' : 'text.disabled';

/** One trip of a day: time, staff and type; it opens the trip in the trips screen. */
function CalendarTrip({ trip, terms }: { trip: TTripRow; terms: TTerms }) {
  const start = tripStart(trip);
  const type = trip.type0?.title ?? trip.type?.title ?? '';
  const text = [start ? formatTime(start) : '', driverName(trip), type].filter(Boolean).join(' · ');
  return (
    <Link
      component={RouterLink}
      to={paths.trips.getHref()}
      onClick={() => requestOpenTripWithFilters(trip.id)}
      underline="hover"
      color="inherit"
      aria-label={`${terms.trip} #${trip.id}: ${text}`}
      sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline', fontSize: '0.8125rem', py: 0.25 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: stateColor(trip), flexShrink: 0 }}
      />
      <span>{text}</span>
    </Link>
  );
}

function DayTrips({ trips, terms, limit }: { trips: TTripRow[]; terms: TTerms; limit?: number }) {
  const shown = limit === undefined ? trips : trips.slice(0, limit);
  return (
    <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {shown.map((trip) => (
        <li key={trip.id}>
          <CalendarTrip trip={trip} terms={terms} />
        </li>
      ))}
      {shown.length < trips.length && (
        <Typography component="li" variant="caption" color="text.secondary">
          +{trips.length - shown.length} more
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The namat calendar (spec 000 "Dashboard"): the tenant's real trips (spec's random events replaced,
 * DESIGN §7) in a week or month view, with previous/next/today and the four weekday options choosing
 * the columns.
 */
export function TripsCalendar({ terms }: { terms: TTerms }) {
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [view, setView] = useState<TCalendarView>('week');
  const [optionId, setOptionId] = useState<TWeekdayOptionId>('sun-sat');
  const option = weekdayOption(optionId);
  const weeks = useMemo(() => calendarWeeks(anchor, view, option), [anchor, view, option]);
  const range = useMemo(() => rangeOf(weeks), [weeks]);
  const query = useQuery(calendarTripsQuery(range));
  const byDay = useMemo(() => tripsByDay(query.data ?? []), [query.data]);
  const today = toLocalDayInput(new Date());
  const plural = pluralize(terms.trip);
  const firstWeek = weeks[0] ?? [];
  const days = weeks.flat();

  const title =
    view === 'month'
      ? MONTH.format(anchor)
      : `${DAY.format(days[0] ?? anchor)} – ${DAY.format(days[days.length - 1] ?? anchor)}`;
  const unit = view === 'week' ? 'week' : 'month';
  const nothing = !query.isPending && days.every((d) => !byDay.get(toLocalDayInput(d))?.length);

  const cellSx = (day: Date) => ({
    verticalAlign: 'top',
    borderLeft: 1,
    borderColor: 'divider',
    bgcolor: toLocalDayInput(day) === today ? 'action.hover' : undefined,
    opacity: view === 'month' && day.getMonth() !== anchor.getMonth() ? 0.55 : 1,
  });

  return (
    <SectionPanel
      id="dashboard-calendar"
      title={`${plural} calendar`}
      fetching={query.isFetching && !query.isPending}
      error={query.error}
      errorText={(message) => `Could not load the ${plural.toLowerCase()}: ${message}`}
    >
      <Stack
        direction="row"
        useFlexGap
        spacing={1.5}
        sx={{ px: 2, py: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <IconButton
            aria-label={`Previous ${unit}`}
            onClick={() => setAnchor((a) => shiftAnchor(a, view, -1))}
          >
            <ChevronLeft />
          </IconButton>
          <Button size="small" variant="outlined" onClick={() => setAnchor(startOfDay(new Date()))}>
            Today
          </Button>
          <IconButton aria-label={`Next ${unit}`} onClick={() => setAnchor((a) => shiftAnchor(a, view, 1))}>
            <ChevronRight />
          </IconButton>
        </Stack>
        <Typography
          variant="subtitle1"
          component="p"
          aria-live="polite"
          sx={{ fontWeight: 600, flexGrow: 1 }}
        >
          {title}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_event, next: TCalendarView | null) => next && setView(next)}
          aria-label="Calendar view"
        >
          <ToggleButton value="week" sx={{ py: 0.25 }}>
            Week
          </ToggleButton>
          <ToggleButton value="month" sx={{ py: 0.25 }}>
            Month
          </ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Days shown"
          value={optionId}
          onChange={(event) => setOptionId(event.target.value as TWeekdayOptionId)}
          sx={{ minWidth: 150 }}
        >
          {WEEKDAY_OPTIONS.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {query.isPending ? (
        <Box sx={{ px: 2, pb: 2 }} aria-busy="true" aria-label="Loading">
          <Skeleton variant="rounded" height={view === 'week' ? 160 : 360} />
        </Box>
      ) : mobile && view === 'week' ? (
        // A week of narrow columns does not fit a phone: the days stack.
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', px: 2, pb: 2, m: 0 }}>
          {days.map((day) => {
            const trips = byDay.get(toLocalDayInput(day)) ?? [];
            return (
              <Box component="li" key={day.getTime()} sx={{ borderTop: 1, borderColor: 'divider', pt: 0.5 }}>
                <Typography variant="subtitle2" component="h3">
                  {DAY_HEADER.format(day)}
                </Typography>
                {trips.length ? (
                  <DayTrips trips={trips} terms={terms} />
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    No {plural.toLowerCase()}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Stack>
      ) : (
        <TableContainer sx={{ px: 1, pb: 1 }}>
          <Table size="small" aria-label={`${plural} calendar, ${title}`} sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                {firstWeek.map((day) => (
                  <TableCell
                    key={day.getDay()}
                    sx={{ fontWeight: 600, borderLeft: 1, borderColor: 'divider' }}
                  >
                    {view === 'week' ? DAY_HEADER.format(day) : WEEKDAY.format(day)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {weeks.map((week) => (
                <TableRow key={week[0]?.getTime()}>
                  {week.map((day) => {
                    const trips = byDay.get(toLocalDayInput(day)) ?? [];
                    return (
                      <TableCell
                        key={day.getTime()}
                        sx={{ ...cellSx(day), height: view === 'week' ? 140 : 96 }}
                      >
                        {view === 'month' && (
                          <Typography variant="caption" sx={{ fontWeight: 600 }}>
                            {day.getDate()}
                          </Typography>
                        )}
                        {mobile ? (
                          trips.length > 0 && (
                            <Typography variant="caption" component="p" color="primary">
                              {trips.length}
                            </Typography>
                          )
                        ) : (
                          <DayTrips
                            trips={trips}
                            terms={terms}
                            limit={view === 'month' ? MONTH_CELL_TRIPS : undefined}
                          />
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {nothing && (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          No {plural.toLowerCase()} planned in these days.
        </Typography>
      )}
    </SectionPanel>
  );
}
