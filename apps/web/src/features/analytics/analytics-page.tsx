import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import AnalyticsIcon from '@mui/icons-material/BarChartOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import {
  ANALYTICS_COMPACT,
  ANALYTICS_COUNTS,
  ANALYTICS_DEFAULT_COUNT,
  hoursOfClock,
  MESSAGES,
  pluralize,
  type TAnalyticsRanking,
  type TAnalyticsRow,
} from '@fleet/contract';
import { DateRangeFilter, DAY_RANGES, isDayRangeValid } from '../../components/date-range-filter';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader } from '../../components/page-header';
import { LIST_REFRESH_MS } from '../../components/list';
import type { TDayRange } from '../../lib/dates';
import { columnsFromDesktop } from '../../lib/layout';
import { useTerms } from '../../lib/terms';
import { rankingQuery } from './api/analytics';
import { HoursPieChart, RankingBarChart, RankingLineChart, type TChartPoint } from './analytics-charts';
import { AnalyticsSection } from './analytics-section';

/** Distinct slice colours, repeated past ten; the table beside the pie names every slice. */
const SLICE_COLORS = [
  '#1e88e5',
  '#43a047',
  '#fb8c00',
  '#8e24aa',
  '#e53935',
  '#00897b',
  '#6d4c41',
  '#3949ab',
  '#c0ca33',
  '#d81b60',
];

/** Tables fit a phone: narrower cells below 600 px. */
const TABLE_SX = { '& td, & th': { px: { xs: 0.75, sm: 2 } } } as const;

/** One ranking, refreshed every 10 s and whenever the days change (spec 002 §9). */
function useRanking(ranking: TAnalyticsRanking, range: TDayRange) {
  const query = useQuery({
    ...rankingQuery(ranking, range),
    refetchInterval: LIST_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  // A refresh that fails after a good answer keeps the rows shown; the first failure says so.
  return { rows: query.data, failed: query.isError && query.data === undefined };
}

const pointsOf = (rows: TAnalyticsRow[], value: (r: TAnalyticsRow) => number): TChartPoint[] =>
  rows.map((r) => ({ id: r.id, name: r.fullname, value: value(r) }));
const hoursOf = (r: TAnalyticsRow) => hoursOfClock(r.total_time);

/**
 * /analytics (spec 002 "Analytics at /analytics"): the tenant's top drivers over a range of days
 * (first of the month to today, with a reset): by trips completed (bars) and working hours (a line),
 * working hours as a pie with its table, and exceptions in a table. The driver count (1, 2, 5, 10,
 * 15, 20 or All; 10 at first) bounds every panel; the bars and the line show the top 6 until Show
 * more. Hours are the hour part of `total_time` (spec 002 §9); what each figure counts is the
 * server's (modules/analytics).
 */
export function AnalyticsPage() {
  const terms = useTerms();
  const drivers = pluralize(terms.driver);
  const [range, setRange] = useState(DAY_RANGES.monthToToday);
  // The days asked for: the last valid range, so a half-typed one keeps the panels as they were.
  const [asked, setAsked] = useState(range);
  const [count, setCount] = useState<number | null>(ANALYTICS_DEFAULT_COUNT);
  const [expanded, setExpanded] = useState({ trips: false, hours: false });

  const changeRange = (next: TDayRange) => {
    setRange(next);
    if (isDayRangeValid(next)) setAsked(next);
  };
  const reset = () => changeRange(DAY_RANGES.monthToToday());

  const trips = useRanking('most-trips', asked);
  const hours = useRanking('most-working-hours', asked);
  const exceptions = useRanking('most-exceptions', asked);

  const top = (rows: TAnalyticsRow[]) => (count === null ? rows : rows.slice(0, count));
  const compact = (rows: TAnalyticsRow[], open: boolean) =>
    open ? top(rows) : top(rows).slice(0, ANALYTICS_COMPACT);
  const toggle = (key: 'trips' | 'hours', rows: TAnalyticsRow[] | undefined) => ({
    expanded: expanded[key],
    onToggle: () => setExpanded((e) => ({ ...e, [key]: !e[key] })),
    hidden: rows ? Math.max(0, top(rows).length - ANALYTICS_COMPACT) : 0,
  });
  const someHours = (rows: TAnalyticsRow[]) => top(rows).some((r) => hoursOf(r) > 0);

  const tripsTitle = `Top ${drivers} by ${pluralize(terms.trip)} Completed`;
  const hoursTitle = `Top ${drivers} by Working Hours`;

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title="Analytics" icon={<AnalyticsIcon color="primary" />} />
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start', mb: 2.5 }}
      >
        <DateRangeFilter value={range} onChange={changeRange} />
        <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={reset} sx={{ height: 40 }}>
          Reset
        </Button>
        <TextField
          select
          size="small"
          label={`Number of ${drivers}`}
          value={count === null ? 'all' : String(count)}
          onChange={(event) => setCount(event.target.value === 'all' ? null : Number(event.target.value))}
          sx={{ width: 170 }}
        >
          {ANALYTICS_COUNTS.map((n) => (
            <MenuItem key={n ?? 'all'} value={n === null ? 'all' : String(n)}>
              {n === null ? 'All' : n}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      <Box sx={columnsFromDesktop(2)}>
        <AnalyticsSection
          title={tripsTitle}
          rows={trips.rows}
          errorText={trips.failed ? MESSAGES.analytics.tripsFailed(terms.trip) : null}
          significant={(rows) => top(rows).some((r) => r.trip_count > 0)}
          toggle={toggle('trips', trips.rows)}
          height={260}
        >
          {(rows, id) => (
            <Box id={id}>
              <RankingBarChart
                title={tripsTitle}
                unit={`${pluralize(terms.trip)} completed`}
                points={pointsOf(compact(rows, expanded.trips), (r) => r.trip_count)}
              />
            </Box>
          )}
        </AnalyticsSection>

        <AnalyticsSection
          title={hoursTitle}
          rows={hours.rows}
          errorText={hours.failed ? MESSAGES.analytics.lineFailed : null}
          significant={someHours}
          toggle={toggle('hours', hours.rows)}
          height={300}
        >
          {(rows, id) => (
            <Box id={id}>
              <RankingLineChart
                title={hoursTitle}
                unit="Hours"
                points={pointsOf(compact(rows, expanded.hours), hoursOf)}
              />
            </Box>
          )}
        </AnalyticsSection>

        <AnalyticsSection
          title="Total Working Hours"
          rows={hours.rows}
          errorText={hours.failed ? MESSAGES.analytics.pieFailed : null}
          significant={someHours}
          height={240}
        >
          {(rows) => <WorkingHoursPie rows={top(rows)} driverTerm={terms.driver} />}
        </AnalyticsSection>

        <AnalyticsSection
          title="Total Exceptions"
          rows={exceptions.rows}
          errorText={exceptions.failed ? MESSAGES.analytics.exceptionsFailed : null}
          height={240}
        >
          {(rows) => (
            <Table size="small" aria-label="Total Exceptions" sx={TABLE_SX}>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>{terms.driver}</TableCell>
                  <TableCell align="right">Exceptions</TableCell>
                  <TableCell align="right">{pluralize(terms.trip)} completed</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {top(rows).map((r, i) => (
                  <TableRow key={r.id}>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell>{r.fullname}</TableCell>
                    <TableCell align="right">{r.exception_count}</TableCell>
                    <TableCell align="right">{r.trip_count}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </AnalyticsSection>
      </Box>
    </Box>
  );
}

/** The pie of working hours and its table: the same figures in words, with each slice's colour. */
function WorkingHoursPie({ rows, driverTerm }: { rows: TAnalyticsRow[]; driverTerm: string }) {
  const withHours = rows.filter((r) => hoursOf(r) > 0);
  const total = withHours.reduce((sum, r) => sum + hoursOf(r), 0);
  const colors = withHours.map((_, i) => SLICE_COLORS[i % SLICE_COLORS.length]!);
  return (
    <Stack spacing={2}>
      <HoursPieChart title="Total Working Hours" points={pointsOf(withHours, hoursOf)} colors={colors} />
      <Table size="small" aria-label="Working hours" sx={TABLE_SX}>
        <TableHead>
          <TableRow>
            <TableCell>{driverTerm}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              Working time
            </TableCell>
            <TableCell align="right">Hours</TableCell>
            <TableCell align="right">Share</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const slice = withHours.indexOf(r);
            return (
              <TableRow key={r.id}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box
                      aria-hidden
                      sx={{
                        width: 12,
                        height: 12,
                        borderRadius: '50%',
                        flexShrink: 0,
                        bgcolor: slice >= 0 ? colors[slice] : 'transparent',
                        border: slice >= 0 ? 0 : 1,
                        borderColor: 'divider',
                      }}
                    />
                    <span>{r.fullname}</span>
                  </Stack>
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {r.total_time}
                </TableCell>
                <TableCell align="right">{hoursOf(r)}</TableCell>
                <TableCell align="right">
                  {total > 0 ? `${Math.round((hoursOf(r) / total) * 100)} %` : '–'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Stack>
  );
}
