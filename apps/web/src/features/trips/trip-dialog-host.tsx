import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { MESSAGES, type TTripRow } from '@fleet/contract';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { tripDetailsQuery } from './api/trips';
import { TripDialog } from './trip-dialog';
import type { TTripDialogMode } from './trip-form';

/** Which trip dialog is open: a new trip, or a saved trip (loaded by id) in one of the other modes. */
export type TTripDialogState = { mode: 'add' } | { mode: Exclude<TTripDialogMode, 'add'>; id: number };

export interface TripDialogHostProps {
  state: TTripDialogState;
  onClose: () => void;
  /** Gets the trip once its details arrive (openTripWithFilters sets the date filter from it). */
  onLoaded?: (trip: TTripRow) => void;
}

/** Loads a saved trip's details (`trip/get-trip-details`), then opens the trip dialog on them. */
export function TripDialogHost({ state, onClose, onLoaded }: TripDialogHostProps) {
  const snackbar = useSnackbar();
  const id = state.mode === 'add' ? null : state.id;
  const details = useQuery({ ...tripDetailsQuery(id ?? 0), enabled: id !== null });

  useEffect(() => {
    if (details.isError) {
      const reason = details.error instanceof ApiError ? details.error.responseMessage : '';
      snackbar.show(
        reason ? `${MESSAGES.trips.fetchFailed}: ${reason}` : MESSAGES.trips.fetchFailed,
        'error',
      );
      onClose();
    }
  }, [details.isError, details.error, snackbar, onClose]);

  const loaded = details.data;
  useEffect(() => {
    if (loaded) onLoaded?.(loaded);
    // Once per trip loaded, not on every refetch of the same trip.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.id]);

  if (state.mode === 'add') return <TripDialog mode="add" trip={null} onClose={onClose} />;
  if (!loaded)
    return (
      <Dialog open onClose={onClose} aria-label="Loading trip">
        <DialogContent sx={{ p: 4 }}>
          <CircularProgress aria-label="Loading" />
        </DialogContent>
      </Dialog>
    );
  return <TripDialog key={`${state.mode}-${loaded.id}`} mode={state.mode} trip={loaded} onClose={onClose} />;
}
