import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TTerms, TVehicleRequestRow } from '@fleet/contract';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import type { TVehicleRequestDecision } from './api/vehicle-requests';
import {
  decisionQuestion,
  forceExplained,
  namesOf,
  otherHolders,
  personName,
  swapExplained,
} from './vehicle-request-texts';

export interface AcceptDialogProps {
  /** The pending request being accepted, as last loaded; null closes the dialog. */
  request: TVehicleRequestRow | null;
  terms: TTerms;
  /** Runs the decision; the dialog stays open (and its buttons disabled) until it settles. */
  onDecide: (
    request: TVehicleRequestRow,
    decision: Exclude<TVehicleRequestDecision, 'decline'>,
  ) => Promise<void>;
  onClose: () => void;
}

/**
 * The 400 px confirmation of an accept (spec 001 "Vehicle change requests"). When nobody else has
 * the new vehicle it asks to confirm; when another driver has it, it offers Swap (that driver gets
 * the requester's vehicle) and Force Accept (that driver is left without one), saying plainly what
 * each does to whom. Enter confirms Accept, or Swap when that is offered.
 */
export function AcceptDialog({ request, terms, onDecide, onClose }: AcceptDialogProps) {
  const [busy, setBusy] = useState(false);
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const titleId = useId();
  const others = request ? otherHolders(request) : [];
  const taken = others.length > 0;
  const swap = request && taken ? swapExplained(request, terms) : null;
  const bus = terms.bus.toLowerCase();

  const decide = async (decision: Exclude<TVehicleRequestDecision, 'decline'>) => {
    if (!request || busy) return;
    setBusy(true);
    try {
      await onDecide(request, decision);
    } finally {
      setBusy(false);
    }
  };
  // Enter takes the safe choice: Accept when the vehicle is free, Swap when it is offered.
  const enterDecision = !taken ? 'accept' : swap ? 'swap' : null;

  return (
    <Dialog
      open={request !== null}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 400 } } }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.nativeEvent.isComposing && enterDecision) {
          event.preventDefault();
          void decide(enterDecision);
        }
      }}
    >
      <DialogTitle id={titleId}>Accept request #{request?.id}</DialogTitle>
      <DialogContent>
        {request && !taken && (
          <DialogContentText>{decisionQuestion(request, 'accept', terms)}</DialogContentText>
        )}
        {request && taken && (
          <Stack spacing={2}>
            <Alert severity="warning">
              {terms.bus} {request.newBus.reference} is assigned to {namesOf(others)}. Choose how{' '}
              {personName(request.driver)} gets it.
            </Alert>
            <div>
              <Typography variant="subtitle2" component="h3">
                Swap
              </Typography>
              <Typography variant="body2" color={swap ? 'text.primary' : 'text.secondary'}>
                {swap ?? `Not possible: ${personName(request.driver)} has no ${bus} to give in exchange.`}
              </Typography>
            </div>
            <div>
              <Typography variant="subtitle2" component="h3">
                Force Accept
              </Typography>
              <Typography variant="body2">{forceExplained(request, terms)}</Typography>
            </div>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {taken ? (
          <>
            <Button color="error" onClick={() => void decide('force')} disabled={busy}>
              Force Accept
            </Button>
            <Button
              variant="contained"
              onClick={() => void decide('swap')}
              disabled={busy || !swap}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              Swap
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            onClick={() => void decide('accept')}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Accept
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
