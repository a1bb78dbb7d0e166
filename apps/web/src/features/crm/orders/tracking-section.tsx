import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { TRACKING_LINK_TTL_HOURS, ZTrackingSendInput, type TCrmOrderDetails } from '@fleet/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api/client';
import { formatUtc } from '../../../lib/dates';
import { customerQuery } from '../api/records';
import { useMakeTrackingLink, useRevokeTrackingLink, useSendTrackingLink } from '../api/orders';

const COPY_FALLBACK = 'The link could not be copied here: select it and copy it yourself.';

/** What a failed call says: the server's reason, or ours. */
const reasonOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.responseMessage ? error.responseMessage : fallback;

interface TSendForm {
  email: string;
}
const SEND_SCHEMA = z
  .custom<TSendForm>()
  .transform((form): z.input<typeof ZTrackingSendInput> => ({ email: form.email }))
  .pipe(ZTrackingSendInput);

/** "Send by e-mail": the customer's e-mail, filled in, or another. */
function SendLinkDialog({
  order,
  open,
  onClose,
}: {
  order: TCrmOrderDetails;
  open: boolean;
  onClose: () => void;
}) {
  const customer = useQuery({ ...customerQuery(order.customer.id), enabled: open });
  const send = useSendTrackingLink();
  const snackbar = useSnackbar();
  const email = customer.data?.email ?? '';
  // The dialog waits for the customer, so its e-mail is there when the form starts.
  const ready = !customer.isPending || customer.isError;
  return (
    <FormDialog
      open={open && ready}
      title={`Send the tracking link of ${order.reference}`}
      schema={SEND_SCHEMA}
      defaultValues={{ email }}
      onSubmit={async (values) => {
        const answer = await send.mutateAsync({ id: order.id, email: values.email ?? null });
        snackbar.show(answer.message, 'success');
      }}
      onClose={onClose}
      failureMessage="The link could not be sent."
      submitLabel="Send"
      width={440}
    >
      {(form) => (
        <FormTextField
          form={form}
          name="email"
          label="E-mail"
          type="email"
          helperText={email ? "The customer's e-mail" : 'The customer has no e-mail on record: type one'}
        />
      )}
    </FormDialog>
  );
}

/**
 * The customer's tracking link of a planned (or later) order: make it, copy it, e-mail it, replace
 * or revoke it, and when it stops working.
 */
export function TrackingSection({ order }: { order: TCrmOrderDetails }) {
  const snackbar = useSnackbar();
  const make = useMakeTrackingLink();
  const revoke = useRevokeTrackingLink();
  const [sending, setSending] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const tracking = order.tracking;

  const makeLink = () =>
    make.mutate(order.id, {
      onSuccess: (answer) => snackbar.show(answer.message, 'success'),
      onError: (error) => snackbar.show(reasonOf(error, 'The link could not be made.'), 'error'),
    });

  const copy = async (url: string) => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      snackbar.show('Link copied', 'success');
    } catch {
      snackbar.show(COPY_FALLBACK, 'warning');
    }
  };

  const confirmRevoke = async () => {
    try {
      const answer = await revoke.mutateAsync(order.id);
      snackbar.show(answer.message, 'success');
      setRevoking(false);
    } catch (error) {
      snackbar.show(reasonOf(error, 'The link could not be revoked.'), 'error');
    }
  };

  return (
    <Stack spacing={1.5} component="section" aria-label="Tracking link">
      <Typography variant="subtitle2">Tracking link</Typography>
      {tracking ? (
        <>
          <TextField
            size="small"
            label="Link"
            value={tracking.url}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: { target: HTMLInputElement }) => e.target.select() },
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {tracking.expires_date
              ? `Works until ${formatUtc(tracking.expires_date)}.`
              : `Works until ${TRACKING_LINK_TTL_HOURS} hours after the order is delivered or fails.`}{' '}
            <Link href={tracking.url} target="_blank" rel="noopener noreferrer">
              Open the page
            </Link>
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button size="small" startIcon={<ContentCopyOutlined />} onClick={() => void copy(tracking.url)}>
              Copy
            </Button>
            <Button size="small" startIcon={<EmailOutlined />} onClick={() => setSending(true)}>
              Send by e-mail
            </Button>
            <Button size="small" startIcon={<LinkOutlined />} onClick={makeLink} disabled={make.isPending}>
              New link
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<LinkOffOutlined />}
              onClick={() => setRevoking(true)}
            >
              Revoke
            </Button>
          </Stack>
          <SendLinkDialog order={order} open={sending} onClose={() => setSending(false)} />
          <ConfirmDialog
            open={revoking}
            title="Revoke the tracking link"
            message={`The customer's link to ${order.reference} stops working at once. You can make a new one later.`}
            confirmLabel="Revoke"
            onConfirm={confirmRevoke}
            onClose={() => setRevoking(false)}
          />
        </>
      ) : (
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            The customer can follow the order on a page of its own.
          </Typography>
          <Button
            variant="outlined"
            size="small"
            startIcon={<LinkOutlined />}
            onClick={makeLink}
            disabled={make.isPending}
          >
            Create link
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
