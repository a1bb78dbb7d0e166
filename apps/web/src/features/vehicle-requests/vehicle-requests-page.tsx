import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChangeVehicleIcon from '@mui/icons-material/SwapHorizOutlined';
import { VEHICLE_REQUESTS_PAGE_SIZE, type TVehicleRequestRow } from '@fleet/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListView, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { PAGE_SX, PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { formatUtc } from '../../lib/dates';
import { useTerms } from '../../lib/terms';
import { AcceptDialog } from './accept-dialog';
import {
  useDecideVehicleRequest,
  vehicleRequestKeys,
  vehicleRequestsQuery,
  type TVehicleRequestDecision,
} from './api/vehicle-requests';
import { RequestPhotosButton } from './request-photos';
import { decisionDone, decisionQuestion, outcomeLabel, personName } from './vehicle-request-texts';
import { VehicleRequestCard } from './vehicle-request-card';

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'An unexpected error occurred';

/**
 * /change-vehicle-requests (spec 001 "Vehicle change requests"): the pending requests as cards
 * (Photos, Decline, Accept; Accept on a taken vehicle offers Swap or Force Accept) and the Old
 * Requests table, paged on the server. Refreshed every 10 s and on every change event.
 */
export function VehicleRequestsPage() {
  const terms = useTerms();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const decide = useDecideVehicleRequest();
  const pendingHeading = useId();
  const oldHeading = useId();
  // The cards read the first page at the table's default size: the same cached answer as the table's first page.
  const list = useQuery({
    ...vehicleRequestsQuery(1, VEHICLE_REQUESTS_PAGE_SIZE),
    refetchInterval: LIST_REFRESH_MS,
  });
  const [asked, setAsked] = useState<{ id: number; decision: 'accept' | 'decline' } | null>(null);
  const pending = list.data?.pending ?? [];
  // The open dialog follows the request as it is refreshed; decided meanwhile, it closes.
  const askedRow = asked ? (pending.find((r) => r.id === asked.id) ?? null) : null;
  const bus = terms.bus.toLowerCase();

  const run = async (request: TVehicleRequestRow, decision: TVehicleRequestDecision) => {
    try {
      await decide.mutateAsync({ id: request.id, decision });
      snackbar.show(decisionDone(decision, request, terms), 'success');
      setAsked(null);
    } catch (error) {
      snackbar.show(errorText(error), 'error');
      // Refused because things changed (taken meanwhile, decided elsewhere): show them as they are now.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: vehicleRequestKeys.all });
    }
  };

  const columns: ListColumn<TVehicleRequestRow>[] = [
    { id: 'driver', label: terms.driver, render: (r) => personName(r.driver) },
    { id: 'old', label: `Old ${bus}`, nowrap: true, render: (r) => r.oldBus?.reference ?? '—' },
    { id: 'new', label: `New ${bus}`, nowrap: true, render: (r) => r.newBus.reference },
    { id: 'issued', label: 'Issued', nowrap: true, render: (r) => formatUtc(r.creation_date) },
    {
      id: 'status',
      label: 'Status',
      render: (r) => (
        <Chip
          size="small"
          variant="outlined"
          color={r.status === '1' ? 'success' : 'default'}
          label={outcomeLabel(r)}
          title={
            r.decided_date
              ? `${formatUtc(r.decided_date)}${r.decided_by ? ` by ${personName(r.decided_by)}` : ''}`
              : undefined
          }
        />
      ),
    },
    {
      id: 'photos',
      label: 'Photos',
      render: (r) => <RequestPhotosButton request={r} />,
    },
  ];

  return (
    <Box sx={PAGE_SX}>
      <PageHeader title={`Change ${terms.bus} Requests`} icon={<ChangeVehicleIcon color="primary" />} />

      <Box component="section" aria-labelledby={pendingHeading} sx={{ mb: 4 }}>
        <Typography id={pendingHeading} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Pending Requests
        </Typography>
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading requests" />
          </Box>
        ) : list.isError && !list.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            Error on loading: {errorText(list.error)}
          </Alert>
        ) : pending.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">
              No pending requests. When a {terms.driver.toLowerCase()} asks for another {bus} in the app, it
              shows here.
            </Typography>
          </Paper>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              // One column on phones and tablets (below 1200 px), two or three side by side above.
              gridTemplateColumns: {
                xs: '1fr',
                lg: 'repeat(2, minmax(0, 1fr))',
                xl: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            {pending.map((request) => (
              <VehicleRequestCard
                key={request.id}
                request={request}
                terms={terms}
                onDecide={(r, decision) => setAsked({ id: r.id, decision })}
              />
            ))}
          </Box>
        )}
      </Box>

      <Paper component="section" aria-labelledby={oldHeading}>
        <Typography id={oldHeading} variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          Old Requests
        </Typography>
        <ListView
          label="Old Requests"
          query={({ page, pageSize }) => vehicleRequestsQuery(page, pageSize)}
          serverPage={(data) => ({ rows: data.old, total: data.pagination.total_items })}
          columns={columns}
          refetchIntervalMs={LIST_REFRESH_MS}
          emptyText="No decided requests yet."
          errorText={(message) => `Error on loading: ${message}`}
        />
      </Paper>

      <AcceptDialog
        request={asked?.decision === 'accept' ? askedRow : null}
        terms={terms}
        onDecide={run}
        onClose={() => setAsked(null)}
      />
      <ConfirmDialog
        open={asked?.decision === 'decline' && askedRow !== null}
        title={`Decline request #${askedRow?.id ?? ''}`}
        message={askedRow ? decisionQuestion(askedRow, 'decline', terms) : ''}
        confirmLabel="Decline"
        onConfirm={() => (askedRow ? run(askedRow, 'decline') : undefined)}
        onClose={() => setAsked(null)}
      />
    </Box>
  );
}
