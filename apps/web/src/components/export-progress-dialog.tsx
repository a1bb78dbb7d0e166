import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useState } from 'react';
import { EXPORT_KEEP_HOURS, type TExportJob } from '@fleet/contract';
import { ApiError } from '../lib/api/client';
import { exportJobQuery } from '../lib/api/exports';
import { downloadUrl } from '../lib/api/files';

export interface ExportProgressDialogProps {
  /** The background export as it was started. */
  job: TExportJob;
  /** Why the export runs in the background (the direct export's refusal), shown above the progress. */
  reason?: string;
  onClose: () => void;
}

const count = (n: number) => n.toLocaleString();
const finished = (job: TExportJob) => job.status === 'done' || job.status === 'failed';

/** What the progress bar says: rows written of the total, once counted. */
function progressText(job: TExportJob): string {
  if (job.status === 'queued') return 'Waiting for another export to finish…';
  if (job.rows_total === null) return 'Counting the rows…';
  return `${count(job.rows_written)} of ${count(job.rows_total)} rows written`;
}

/**
 * Follows a background export (issue 16): asks for its progress every second and shows it as a
 * progress bar, then a Download button when the file is ready, or why it failed. Closing leaves the
 * export running on the server (its file is kept for a day).
 */
export function ExportProgressDialog({ job: started, reason, onClose }: ExportProgressDialogProps) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const query = useQuery(exportJobQuery(started));
  const job = query.data;
  const percent = job.rows_total ? Math.min(100, Math.round((job.rows_written / job.rows_total) * 100)) : 0;

  const download = async () => {
    if (!job.file_url) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadUrl(job.file_url, job.file_name);
    } catch (error) {
      setDownloadError(error instanceof ApiError ? error.responseMessage : 'The download failed.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="export-progress-title">
      <DialogTitle id="export-progress-title">Export {job.file_name}</DialogTitle>
      <DialogContent>
        {reason && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {reason}
          </Typography>
        )}
        {job.status === 'failed' ? (
          <Alert severity="error">{job.error ?? 'The export failed.'}</Alert>
        ) : job.status === 'done' ? (
          <Alert severity="success">
            The file is ready: {count(job.rows_written)} rows. It is kept for {EXPORT_KEEP_HOURS} hours.
          </Alert>
        ) : (
          <Box>
            <LinearProgress
              variant={job.rows_total ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label="Export progress"
            />
            <Typography variant="body2" sx={{ mt: 1 }} role="status">
              {progressText(job)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              You may close this window: the export goes on, and the file is kept for {EXPORT_KEEP_HOURS}{' '}
              hours.
            </Typography>
          </Box>
        )}
        {query.isError && !finished(job) && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The progress could not be read. Trying again…
          </Alert>
        )}
        {downloadError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {downloadError}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {job.status === 'done' && (
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void download()}
            disabled={downloading}
            autoFocus
          >
            Download
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
