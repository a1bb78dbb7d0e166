import { useRef, useState, useId } from 'react';
import Alert from '@mui/material/Alert';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { ZImportPreview, ZImportResult, type TImportPreview } from '@fleet/contract';
import { ApiError } from '../lib/api/client';
import { uploadFile } from '../lib/api/files';
import { MOBILE_MEDIA_QUERY } from '../lib/layout';
import { useSnackbar } from './snackbar';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Accepted column headers, listed for the user (e.g. DRIVER_IMPORT_COLUMNS). */
  columns: readonly string[];
  /** API path answering a ZImportPreview for an uploaded file. */
  previewPath: string;
  /** API path importing the file all-or-nothing and answering {imported}. */
  importPath: string;
  /** Called after a successful import (refresh the list here). */
  onImported: (count: number) => void;
}

type Step =
  { kind: 'choose' } | { kind: 'uploading'; percent: number } | { kind: 'preview'; preview: TImportPreview };

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * Imports rows from an .xlsx or .csv file: upload with a progress bar, a preview with every row's
 * errors, and Import (enabled only when no row has errors), which writes all rows or none.
 */
export function ImportDialog({
  open,
  onClose,
  title,
  columns,
  previewPath,
  importPath,
  onImported,
}: ImportDialogProps) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  // Unique per dialog: one may open over another (a vehicle from the driver dialog).
  const titleId = useId();
  const snackbar = useSnackbar();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setStep({ kind: 'choose' });
    setFailure(null);
    onClose();
  };

  const upload = async (path: string, chosen: File) => {
    setFailure(null);
    setStep({ kind: 'uploading', percent: 0 });
    return uploadFile(path, chosen, (percent) => setStep({ kind: 'uploading', percent }));
  };

  const preview = async (chosen: File) => {
    setFile(chosen);
    try {
      const data = ZImportPreview.parse(await upload(previewPath, chosen));
      setStep({ kind: 'preview', preview: data });
    } catch (error) {
      setStep({ kind: 'choose' });
      setFailure(error instanceof ApiError ? error.responseMessage : 'The file could not be read.');
    }
  };

  const importRows = async (previewed: TImportPreview) => {
    if (!file) return;
    try {
      const { imported } = ZImportResult.parse(await upload(importPath, file));
      snackbar.show(`${imported} ${imported === 1 ? 'row' : 'rows'} imported.`, 'success');
      onImported(imported);
      close();
    } catch (error) {
      setStep({ kind: 'preview', preview: previewed });
      setFailure(error instanceof ApiError ? error.responseMessage : 'The import failed.');
    }
  };

  const busy = step.kind === 'uploading';
  const shown = step.kind === 'preview' ? step.preview : null;
  const previewColumns = shown ? Object.keys(shown.rows[0]?.fields ?? {}) : [];

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 900, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            An .xlsx or .csv file whose first row names the columns: {columns.join(', ')}.
          </Typography>
          <Box>
            <input
              ref={inputRef}
              type="file"
              accept={ACCEPT}
              hidden
              aria-label="Import file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (chosen) void preview(chosen);
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              disabled={busy}
              onClick={() => inputRef.current?.click()}
            >
              {file ? 'Choose another file' : 'Choose file'}
            </Button>
            {file && (
              <Typography component="span" variant="body2" sx={{ ml: 2 }}>
                {file.name}
              </Typography>
            )}
          </Box>
          {step.kind === 'uploading' && (
            <LinearProgress variant="determinate" value={step.percent} aria-label="Upload progress" />
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          {shown && (
            <>
              <Alert severity={shown.invalid > 0 ? 'warning' : 'success'}>
                {shown.total} rows: {shown.valid} valid, {shown.invalid} with errors.
                {shown.invalid > 0 &&
                  ' Correct the file and choose it again; nothing is imported while a row has errors.'}
              </Alert>
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label="Import preview">
                  <TableHead>
                    <TableRow>
                      <TableCell>Row</TableCell>
                      {/* Next to the row number, so a row's problems are seen without scrolling sideways. */}
                      <TableCell sx={{ minWidth: 260 }}>Errors</TableCell>
                      {previewColumns.map((name, index) => (
                        <TableCell key={name} sx={{ whiteSpace: 'nowrap' }}>
                          {/* The server keys fields by its own names, in the order of the accepted columns. */}
                          {previewColumns.length === columns.length ? columns[index] : name}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.rows.map((row) => {
                      const bad = row.errors.length > 0;
                      return (
                        <TableRow
                          key={row.row}
                          sx={
                            bad
                              ? {
                                  bgcolor: (theme) => alpha(theme.palette.error.main, 0.08),
                                  '& td': { color: 'error.dark' },
                                }
                              : undefined
                          }
                        >
                          <TableCell>{row.row}</TableCell>
                          <TableCell>{bad ? row.errors.join('; ') : 'OK'}</TableCell>
                          {previewColumns.map((name) => (
                            <TableCell key={name}>{row.fields[name]}</TableCell>
                          ))}
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy || !shown || shown.invalid > 0 || shown.valid === 0}
          onClick={() => shown && void importRows(shown)}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
