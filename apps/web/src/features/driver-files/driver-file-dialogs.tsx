import { useEffect, useId, useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  DRIVER_FILE_ACCEPT,
  DRIVER_FILE_MAX_BYTES,
  DRIVER_FILE_TITLE_MAX,
  MESSAGES,
  ZDriverFileSend,
  type TDriverFile,
} from '@fleet/contract';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useEditDriverFile, useSaveDriverFile, useSendDriverFile } from './api/driver-files';

const m = MESSAGES.driverFiles;
const MB = DRIVER_FILE_MAX_BYTES / 1024 / 1024;

/**
 * Add a file (spec 002 "Driver files"): a title and a file, both required ('Please make sure you
 * provide all the required information.'); a refused upload says why after the spec's prefix.
 */
export function AddDriverFileDialog({
  driverId,
  open,
  onClose,
}: {
  driverId: number;
  open: boolean;
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const titleId = useId();
  const snackbar = useSnackbar();
  const save = useSaveDriverFile();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setTitle('');
      setFile(null);
      setFailure(null);
      save.reset();
    }
    // Reset only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!title.trim() || !file) {
      setFailure(m.required);
      return;
    }
    setFailure(null);
    try {
      await save.mutateAsync({ driverId, title: title.trim(), file });
      snackbar.show(m.saved, 'success');
      onClose();
    } catch (error) {
      const reason = error instanceof ApiError ? error.responseMessage : MESSAGES.http.internal;
      setFailure(`${m.uploadFailed}${reason}`);
    }
  };
  const busy = save.isPending;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 600, maxWidth: '95vw' } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Add File</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="File Title"
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              slotProps={{ htmlInput: { maxLength: DRIVER_FILE_TITLE_MAX } }}
              autoFocus
            />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Button component="label" variant="outlined" startIcon={<AttachFileIcon />}>
                Choose file
                <input
                  type="file"
                  hidden
                  accept={DRIVER_FILE_ACCEPT}
                  data-testid="driver-file-input"
                  aria-label="File"
                  onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {file ? file.name : 'No file chosen'}
              </Typography>
            </Stack>
            <Typography variant="caption" color="text.secondary">
              PDF, images, Word, Excel, PowerPoint, OpenDocument or plain text; at most {MB} MB.
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A title as typed: an empty one is allowed here, and saving it does nothing (spec 002). */
const ZTitleForm = z.object({
  title: z.string().trim().max(DRIVER_FILE_TITLE_MAX, m.titleTooLong(DRIVER_FILE_TITLE_MAX)),
});

/** Rename a file; an empty title changes nothing (the dialog just closes). */
export function EditDriverFileDialog({ file, onClose }: { file: TDriverFile | null; onClose: () => void }) {
  const edit = useEditDriverFile();
  const snackbar = useSnackbar();
  return (
    <FormDialog
      open={file !== null}
      title="Edit File Title"
      schema={ZTitleForm}
      defaultValues={{ title: file?.title ?? '' }}
      failureMessage={MESSAGES.http.internal}
      onClose={onClose}
      onSubmit={async ({ title }) => {
        if (!file || !title || title === file.title) return;
        await edit.mutateAsync({ id: file.id, title });
        snackbar.show(m.updated, 'success');
      }}
    >
      {(form) => <FormTextField form={form} name="title" label="File Title" autoFocus />}
    </FormDialog>
  );
}

const ZEmailForm = ZDriverFileSend.pick({ email: true, confirm_outside: true });

/**
 * E-mail a file: the address is checked ('E-mail is required', 'E-mail must be valid'), Enter sends,
 * Send is disabled while sending. An address that is none of the tenant's admins, drivers or
 * guardians is refused by the server (409) until the admin ticks that it may go outside, which the
 * dialog then offers. When the server has no mail server set up the message goes to its outbox, and
 * the snackbar says so plainly.
 */
export function SendDriverFileDialog({ file, onClose }: { file: TDriverFile | null; onClose: () => void }) {
  const send = useSendDriverFile();
  const snackbar = useSnackbar();
  // The address the server said is outside the organisation: the dialog then asks to confirm it.
  const [outside, setOutside] = useState<string | null>(null);
  useEffect(() => {
    if (file) setOutside(null);
  }, [file]);
  return (
    <FormDialog
      open={file !== null}
      title={file ? `Send "${file.title}" by e-mail` : 'Send File'}
      schema={ZEmailForm}
      defaultValues={{ email: '', confirm_outside: false }}
      submitLabel="Send"
      failureMessage="Failed to send the file"
      width={400}
      onClose={onClose}
      onSubmit={async ({ email, confirm_outside }) => {
        if (!file) return;
        try {
          const sent = await send.mutateAsync({
            fileId: file.id,
            driverId: file.driver_id,
            email,
            confirmOutside: confirm_outside === true,
          });
          if (sent.via === 'smtp') snackbar.show(m.sent, 'success');
          else snackbar.show(m.sentToOutbox, 'warning');
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) setOutside(email);
          throw error;
        }
      }}
    >
      {(form) => (
        <>
          <FormTextField form={form} name="email" label="E-mail" type="email" autoFocus />
          {outside && (
            <Controller
              control={form.control}
              name="confirm_outside"
              render={({ field }) => (
                <FormControlLabel
                  label="Send it outside the organisation: I confirm this address may receive the file"
                  control={
                    <Checkbox
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                />
              )}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
