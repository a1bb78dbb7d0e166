import { useId, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  APPROVAL_DECISIONS,
  MESSAGES,
  type TApprovalDecision,
  type TApprovalPage,
  type TApprovalRecord,
  type TManagerApprovalsQuery,
} from '@fleet/contract';
import { ApiError } from '../../lib/api/client';
import { approvalKeys, useApprovalDecision } from '../../lib/api/approvals';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useTerms } from '../../lib/terms';
import { useSnackbar } from '../snackbar';
import { approvalDriverName } from './approval-columns';

/** The choices of the dialog, in the words of spec 002 §2 ("accepted or rejected"). */
const DECISION_LABELS: Record<TApprovalDecision, string> = { accepted: 'Accepted', rejected: 'Rejected' };
const CHOOSE = 'Choose Accepted or Rejected.';

/**
 * Shows a decision in every manager list on screen at once, before their refetch answers: the row
 * leaves the lists of pending requests (the dashboard's panel), and shows its new status elsewhere.
 */
function showDecision(queryClient: QueryClient, taskId: number, status: TApprovalDecision) {
  const lists = queryClient.getQueriesData<TApprovalPage>({ queryKey: [...approvalKeys.all, 'manager'] });
  for (const [key, page] of lists) {
    if (!page) continue;
    const filter = (key[2] as TManagerApprovalsQuery | undefined)?.manager_approval_status;
    const decided = page.data.some((row) => row.task_id === taskId);
    if (!decided) continue;
    queryClient.setQueryData<TApprovalPage>(
      key,
      filter && filter !== status
        ? {
            ...page,
            data: page.data.filter((row) => row.task_id !== taskId),
            pagination: { ...page.pagination, total: Math.max(0, page.pagination.total - 1) },
          }
        : {
            ...page,
            data: page.data.map((row) =>
              row.task_id === taskId ? { ...row, manager_approval_status: status } : row,
            ),
          },
    );
  }
}

export interface ApprovalDecisionDialogProps {
  /** The pending request to decide; null closes the dialog. */
  approval: TApprovalRecord | null;
  onClose: () => void;
}

/**
 * A manager decides a pending request: accepted or rejected only (spec 000 §5), Cancel and Confirm,
 * Enter confirms. Success says 'Approval updated successfully' and closes; a refusal shows the
 * server's message in the snackbar and in the dialog, which stays open (spec 002 §8).
 */
export function ApprovalDecisionDialog({ approval, onClose }: ApprovalDecisionDialogProps) {
  const terms = useTerms();
  const titleId = useId();
  const labelId = useId();
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const decide = useApprovalDecision();

  const [decision, setDecision] = useState<TApprovalDecision | null>(null);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The request stays shown while the dialog closes; another request starts with no choice.
  const [shown, setShown] = useState(approval);
  if (approval && approval.id !== shown?.id) {
    setShown(approval);
    setDecision(null);
    setMissing(false);
    setFailure(null);
  }

  const busy = decide.isPending;
  const confirm = async () => {
    if (!approval || busy) return;
    if (!decision) {
      setMissing(true);
      return;
    }
    setFailure(null);
    try {
      const message = await decide.mutateAsync({ task_id: approval.task_id, status: decision });
      showDecision(queryClient, approval.task_id, decision);
      snackbar.show(message, 'success');
      onClose();
    } catch (error) {
      const message = error instanceof ApiError ? error.responseMessage : MESSAGES.http.internal;
      setFailure(message);
      snackbar.show(message, 'error');
    }
  };

  return (
    <Dialog
      open={approval !== null}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 600, maxWidth: '95vw' } } }}
      onKeyDown={(event) => {
        // A focused button (Cancel) answers Enter itself; anywhere else Enter confirms.
        const onButton = event.target instanceof Element && event.target.closest('button') !== null;
        if (event.key === 'Enter' && !event.nativeEvent.isComposing && !onButton) {
          event.preventDefault();
          void confirm();
        }
      }}
    >
      <DialogTitle id={titleId}>Approval</DialogTitle>
      <DialogContent>
        {shown && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {approvalDriverName(shown)} · {shown.destination_name ?? `Unknown ${terms.destination}`} ·{' '}
            {shown.description}
            {shown.order_id ? ` · Order ${shown.order_id}` : ''}
          </Typography>
        )}
        <FormControl error={missing && !decision} disabled={busy}>
          <FormLabel id={labelId}>Decision</FormLabel>
          <RadioGroup
            row
            aria-labelledby={labelId}
            value={decision ?? ''}
            onChange={(event) => {
              setDecision(event.target.value as TApprovalDecision);
              setMissing(false);
            }}
          >
            {APPROVAL_DECISIONS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={DECISION_LABELS[value]}
              />
            ))}
          </RadioGroup>
          {missing && !decision && <FormHelperText>{CHOOSE}</FormHelperText>}
        </FormControl>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
