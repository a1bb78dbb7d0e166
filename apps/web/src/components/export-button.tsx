import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { EXPORT_LIMIT, type TExportJob, type TExportStart } from '@fleet/contract';
import { ApiError } from '../lib/api/client';
import { startExport } from '../lib/api/exports';
import { downloadFile } from '../lib/api/files';
import { ExportProgressDialog } from './export-progress-dialog';
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
  /**
   * A list that may outgrow the direct export (more than EXPORT_LIMIT rows, answered 409): the
   * export then runs in the background (`POST v1/exports`) and a dialog follows its progress.
   */
  background?: { kind: TExportStart['kind']; noun: string };
}

/**
 * Downloads the server's .xlsx export of the current search, with a spinner while it builds; a list
 * too large for a direct download is exported in the background, its progress shown until the
 * file is ready.
 */
export function ExportButton({
  path,
  search,
  query,
  fileName,
  label = 'Export',
  background,
}: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<TExportJob | null>(null);
  const snackbar = useSnackbar();

  const startBackground = async (kind: TExportStart['kind']) => {
    setJob(await startExport({ kind, ...query, search: search || undefined }));
  };

  const exportFile = async () => {
    setBusy(true);
    try {
      try {
        await downloadFile(path, { ...query, search: search || undefined }, fileName);
      } catch (error) {
        if (!(background && error instanceof ApiError && error.status === 409)) throw error;
        await startBackground(background.kind);
      }
    } catch (error) {
      snackbar.show(error instanceof ApiError ? error.responseMessage : 'Export failed.', 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        onClick={() => void exportFile()}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
      >
        {label}
      </Button>
      {job && background && (
        <ExportProgressDialog
          job={job}
          reason={`More than ${EXPORT_LIMIT.toLocaleString()} ${background.noun} match, more than a direct download holds: the file is being prepared on the server.`}
          onClose={() => setJob(null)}
        />
      )}
    </>
  );
}
