import { useState, useId } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_MEDIA_QUERY } from '../lib/layout';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. `MESSAGES.deleteQuestion(terms.bus)`. */
  message: string;
  title?: string;
  confirmLabel?: string;
  /** Runs when the user confirms (button or Enter); Confirm stays disabled until it settles. */
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/** A 400 px confirmation dialog (spec 000 §9); Enter confirms, Confirm is disabled while in flight. */
export function ConfirmDialog({
  open,
  message,
  title = 'Confirm',
  confirmLabel = 'Confirm',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  // Unique per dialog: one may open over another (a vehicle from the driver dialog).
  const titleId = useId();

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 400 } } }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          void confirm();
        }
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
