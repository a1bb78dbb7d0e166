import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { ApiError } from '../lib/api/client';
import { downloadFile } from '../lib/api/files';
import { useSnackbar } from './snackbar';

export interface ExportButtonProps {
  /** API path of the export, e.g. `v1/drivers/export`. */
  path: string;
  /** The list's current search; the export holds the same rows the list shows. */
  search?: string;
  /** The list's other filters (a date range), sent as they are. */
  query?: Record<string, string | undefined>;
  /** Name used when the server gives none. */
  fileName: string;
  label?: string;
}

/** Downloads the server's .xlsx export of the current search, with a spinner while it builds. */
export function ExportButton({ path, search, query, fileName, label = 'Export' }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();

  const exportFile = async () => {
    setBusy(true);
    try {
      await downloadFile(path, { ...query, search: search || undefined }, fileName);
    } catch (error) {
      snackbar.show(error instanceof ApiError ? error.responseMessage : 'Export failed.', 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      onClick={() => void exportFile()}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
    >
      {label}
    </Button>
  );
}
