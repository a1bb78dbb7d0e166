import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { SNACKBAR_DURATION_MS } from '../lib/layout';

interface SnackbarApi {
  show: (message: string, severity?: AlertColor) => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

interface SnackbarMessage {
  key: number;
  message: string;
  severity: AlertColor;
}

/** One console-wide snackbar: messages last 3000 ms and have a Close button (spec 000 §2). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<SnackbarMessage | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: string, severity: AlertColor = 'info') => {
    setCurrent({ key: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const close = useCallback((_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);
  const value = useMemo(() => ({ show }), [show]);

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={SNACKBAR_DURATION_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={current?.severity ?? 'info'}
          variant="filled"
          sx={{ alignItems: 'center' }}
          action={
            <IconButton aria-label="Close" color="inherit" size="small" onClick={() => close()}>
              <CloseIcon fontSize="small" />
            </IconButton>
          }
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const context = useContext(SnackbarContext);
  if (!context) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return context;
}
