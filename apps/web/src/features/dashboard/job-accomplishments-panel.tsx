import { lazy, Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { pluralize, type TTerms, type TTripRow } from '@fleet/contract';
import { SectionPanel } from '../../components/section-panel';
import { jobBuckets, jobSummary, WORKING_HOURS } from './job-accomplishments';

// The chart library loads with this panel's chart only, not with the dashboard's first paint.
const JobAccomplishmentsChart = lazy(() => import('./job-accomplishments-chart'));

type TWindow = 'working' | 'day';

const CHART_HEIGHT = 280;

/**
 * Job Accomplishments Today: the line chart of today's trips per half hour, first over 9:00–20:00
 * (spec 000 §9) with a switch to the whole day, and the counts as text.
 */
export function JobAccomplishmentsPanel({
  trips,
  loading,
  error,
  terms,
}: {
  trips: TTripRow[] | undefined;
  loading: boolean;
  error: unknown;
  terms: TTerms;
}) {
  const [hours, setHours] = useState<TWindow>('working');
  const buckets = useMemo(() => (trips ? jobBuckets(trips) : null), [trips]);
  const shown = useMemo(() => {
    if (!buckets) return null;
    const [from, to] =
      hours === 'working' ? [WORKING_HOURS.first, WORKING_HOURS.last + 1] : [0, buckets.labels.length];
    return {
      labels: buckets.labels.slice(from, to),
      completed: buckets.completed.slice(from, to),
      pending: buckets.pending.slice(from, to),
      notStarted: buckets.notStarted.slice(from, to),
    };
  }, [buckets, hours]);
  const total = buckets ? buckets.totals.completed + buckets.totals.pending + buckets.totals.notStarted : 0;
  const inWindow = shown
    ? [...shown.completed, ...shown.pending, ...shown.notStarted].reduce((sum, n) => sum + n, 0)
    : 0;
  const tripsWord = pluralize(terms.trip).toLowerCase();

  return (
    <SectionPanel
      id="dashboard-jobs"
      title="Job Accomplishments Today"
      error={error}
      errorText={(message) => `Could not load today's ${tripsWord}: ${message}`}
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={hours}
          onChange={(_event, next: TWindow | null) => next && setHours(next)}
          aria-label="Hours shown"
        >
          <ToggleButton value="working" sx={{ py: 0.25 }}>
            9:00–20:00
          </ToggleButton>
          <ToggleButton value="day" sx={{ py: 0.25 }}>
            Whole day
          </ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <Box sx={{ px: 2, pb: 1 }}>
        {buckets && (
          <Typography id="dashboard-jobs-summary" variant="body2" role="status">
            {jobSummary(buckets.totals)}
            {hours === 'working' && inWindow < total && (
              <Typography component="span" variant="body2" color="text.secondary">
                {` (${total - inWindow} planned outside 9:00–20:00 UTC)`}
              </Typography>
            )}
          </Typography>
        )}
      </Box>
      <Box sx={{ height: CHART_HEIGHT, px: 1, pb: 1 }} aria-describedby="dashboard-jobs-summary">
        {loading ? (
          <Skeleton
            variant="rounded"
            height={CHART_HEIGHT - 16}
            sx={{ mx: 1 }}
            aria-label="Loading the chart"
          />
        ) : total === 0 && !error ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            No {tripsWord} today
          </Typography>
        ) : (
          shown && (
            <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT - 16} sx={{ mx: 1 }} />}>
              <JobAccomplishmentsChart {...shown} />
            </Suspense>
          )
        )}
      </Box>
    </SectionPanel>
  );
}
