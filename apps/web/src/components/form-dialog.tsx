import { useEffect, useState, type ReactNode, useId } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MESSAGES } from '@fleet/contract';
import { ApiError } from '../lib/api/client';
import { MOBILE_MEDIA_QUERY } from '../lib/layout';
import { useSnackbar } from './snackbar';

/**
 * A contract schema as the schema of a form of `TForm` values: `formSchema<DriverForm>()(ZDriverAdd)`.
 * Contract schemas read what a form holds (a number typed as text, '' for none), so they take in
 * more than the form's types; this checks at compile time that they take the form's values.
 */
export function formSchema<TForm>() {
  return function of<TSchema extends z.ZodType>(schema: TForm extends z.input<TSchema> ? TSchema : never) {
    return z
      .custom<TForm>()
      .transform((values): unknown => values)
      .pipe(schema);
  };
}

export interface FormDialogProps<TIn extends FieldValues, TOut> {
  open: boolean;
  title: string;
  /** Validates the form; the same contract schema the server uses, so messages match. */
  schema: z.ZodType<TOut, TIn>;
  /** Values the form starts from; the form resets to them each time the dialog opens. */
  defaultValues: DefaultValues<TIn>;
  /** Sends the parsed values. Resolve to close the dialog; throw (ApiError) to keep it open. */
  onSubmit: (values: TOut) => Promise<unknown>;
  onClose: () => void;
  /** Snackbar text after a successful submit. */
  successMessage?: string;
  /** Shown in the dialog when the request fails without a server message. */
  failureMessage: string;
  /**
   * Snackbar warning on a submit with invalid fields (spec: 'Please fill the form correctly'); a
   * function picks the wording from the errors (the trip dialog names an unfinished stop).
   */
  invalidMessage?: string | ((errors: FieldErrors<TIn>) => string);
  /** Show mode: the fields are for reading, there is no Save and Cancel reads Close. */
  readOnly?: boolean;
  submitLabel?: string;
  /** Paper width in px on desktop (spec 000 §9: 600 for forms); full screen on mobile. */
  width?: number;
  /** Closes only by its buttons: neither a click outside nor Escape ends it (the Add Maintenance dialog). */
  persistent?: boolean;
  /** Checks the fields as they change and keeps Save disabled while any is invalid. */
  saveWhenValid?: boolean;
  /** The fields; they get the form to register or control inputs. */
  children: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
}

/**
 * A dialog holding one react-hook-form form validated by a zod schema. Enter submits (it is a real
 * form); Save is disabled while the request is in flight; a failure shows the server's
 * responseMessage and keeps the dialog open.
 */
export function FormDialog<TIn extends FieldValues, TOut>({
  open,
  title,
  schema,
  defaultValues,
  onSubmit,
  onClose,
  successMessage,
  failureMessage,
  invalidMessage = MESSAGES.formInvalid,
  submitLabel = 'Save',
  readOnly = false,
  width = 600,
  persistent = false,
  saveWhenValid = false,
  children,
}: FormDialogProps<TIn, TOut>) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  // Unique per dialog: one may open over another (a vehicle from the driver dialog).
  const titleId = useId();
  const snackbar = useSnackbar();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues,
    ...(saveWhenValid ? { mode: 'all' as const } : {}),
  });
  const { reset, handleSubmit, formState } = form;

  useEffect(() => {
    if (open) {
      reset(defaultValues);
      setFailure(null);
    }
    // Reset only when the dialog opens; defaultValues is usually a fresh object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);

  const submit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await onSubmit(values);
        if (successMessage) snackbar.show(successMessage, 'success');
        onClose();
      } catch (error) {
        setFailure(
          error instanceof ApiError && error.responseMessage ? error.responseMessage : failureMessage,
        );
      }
    },
    (errors) =>
      snackbar.show(
        typeof invalidMessage === 'function' ? invalidMessage(errors) : invalidMessage,
        'warning',
      ),
  );
  const busy = formState.isSubmitting;

  return (
    <Dialog
      open={open}
      onClose={busy || persistent ? undefined : onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width, maxWidth: '95vw' } } }}
    >
      <form
        noValidate
        // The form spans the dialog as a column, so a long form scrolls its content between a title
        // and buttons that stay in view.
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
        onSubmit={(event) => {
          // A dialog opened from inside another (add a vehicle from the driver dialog) is rendered in a
          // portal, but React still bubbles its submit to the outer form: stop it here.
          event.stopPropagation();
          if (readOnly) event.preventDefault();
          else void submit(event);
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {children(form)}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button
              type="submit"
              variant="contained"
              disabled={busy || (saveWhenValid && !formState.isValid)}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {submitLabel}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
