import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PieChart } from '@mui/x-charts/PieChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  APPROVAL_STATUS_DISPLAY,
  APPROVALS_REFRESH_MS,
  type TApprovalSummary,
  type TManagerApprovalStatus,
} from '@fleet/contract';
import { ApiError } from '../../lib/api/client';
import { approvalSummaryQuery } from '../../lib/api/approvals';

/** The chart's slices in the order and words of spec 002 ("Pending, Accepted, Rejected, Awaiting Submission"). */
const SLICES: { status: TManagerApprovalStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'accepted', label: 'Accepted' },
  { status: 'rejected', label: 'Rejected' },
  { status: 'awaiting_submission', label: 'Awaiting Submission' },
];

const CHART_SIZE = 220;

function SummaryBody({ summary }: { summary: TApprovalSummary }) {
  const total = SLICES.reduce((sum, slice) => sum + summary[slice.status], 0);
  if (total === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No approval requests yet.
      </Typography>
    );
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={3}
      sx={{ alignItems: 'center', justifyContent: 'center' }}
    >
      {/* The list beside it says the same in words, and is the chart's legend. */}
      <Box sx={{ width: CHART_SIZE, height: CHART_SIZE, flexShrink: 0 }}>
        <PieChart
          width={CHART_SIZE}
          height={CHART_SIZE}
          hideLegend
          series={[
            {
              innerRadius: 40,
              paddingAngle: 1,
              cornerRadius: 3,
              data: SLICES.map((slice) => ({
                id: slice.status,
                value: summary[slice.status],
                label: slice.label,
                color: APPROVAL_STATUS_DISPLAY[slice.status].color,
              })),
            },
          ]}
        />
      </Box>
      <Box
        component="ul"
        aria-label="Approval status counts"
        sx={{ listStyle: 'none', m: 0, p: 0, minWidth: 220 }}
      >
        {SLICES.map((slice) => (
          <Stack
            key={slice.status}
            component="li"
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', py: 0.5 }}
          >
            <Box
              aria-hidden
              sx={{
                width: 14,
                height: 14,
                borderRadius: '50%',
                bgcolor: APPROVAL_STATUS_DISPLAY[slice.status].color,
                flexShrink: 0,
              }}
            />
            <Typography sx={{ flexGrow: 1 }}>{slice.label}</Typography>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {summary[slice.status]}
            </Typography>
          </Stack>
        ))}
        <Stack
          component="li"
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', pt: 1, mt: 0.5, borderTop: 1, borderColor: 'divider' }}
        >
          <Box sx={{ width: 14, flexShrink: 0 }} />
          <Typography sx={{ flexGrow: 1 }}>Total</Typography>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{total}</Typography>
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * The "Approval Status Summary" pie chart of the manager's requests (spec 002): the four counts in
 * their colours (spec 002 §4), a list of the counts in words, refreshed every 30 s and on changes.
 */
export function ApprovalSummaryChart() {
  const headingId = useId();
  const query = useQuery({ ...approvalSummaryQuery(), refetchInterval: APPROVALS_REFRESH_MS });
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Approval Status Summary
      </Typography>
      {query.data ? (
        <SummaryBody summary={query.data} />
      ) : query.isError ? (
        <Alert severity="error">
          Error on loading the summary:{' '}
          {query.error instanceof ApiError ? query.error.responseMessage : query.error.message}
        </Alert>
      ) : (
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center', justifyContent: 'center' }}>
          <Skeleton variant="circular" width={CHART_SIZE} height={CHART_SIZE} aria-label="Loading" />
        </Stack>
      )}
    </Paper>
  );
}
