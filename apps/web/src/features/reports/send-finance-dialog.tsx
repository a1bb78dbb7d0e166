import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, REPORT_FILE_TYPES, ZSendAllFinance, type TReportSent } from '@fleet/contract';
import { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { financeEmailQuery } from './api/reports';

const m = MESSAGES.reports;
const ZSendForm = z.object({
  email: ZSendAllFinance.shape.email,
  type: z.enum(['1', '2']),
  confirm_outside: z.boolean(),
});
type TSendForm = z.input<typeof ZSendForm>;

export interface SendFinanceDialogProps {
  open: boolean;
  title: string;
  /** Offer Pdf or Excel (the per-driver screens); otherwise the file is the default (Excel). */
  chooseType: boolean;
  defaultType: number;
  /** Sends; resolves to how it left, or null for responseCode 2 (answered as an error message). */
  send: (values: { email: string; type: number; confirmOutside: boolean }) => Promise<TReportSent | null>;
  successMessage: string;
  /** The messages of a failure: the server refused, or no answer came. */
  failure: { failed: string; error: string };
  onClose: () => void;
}

/**
 * The Send File dialog of the finance screens (spec 002): the To address, prefilled with the
 * tenant's finance e-mail, and Pdf or Excel where offered; Enter sends. An address outside the
 * organisation is refused (409) until the admin confirms it, as for driver files. When no mail
 * server is set up the server writes the message to its outbox, and the snackbar says so.
 */
export function SendFinanceDialog(props: SendFinanceDialogProps) {
  const { open, title, chooseType, defaultType, send, successMessage, failure, onClose } = props;
  const snackbar = useSnackbar();
  const financeEmail = useQuery({ ...financeEmailQuery(), enabled: open });
  const [outside, setOutside] = useState<string | null>(null);
  useEffect(() => {
    if (open) setOutside(null);
  }, [open]);
  if (open && financeEmail.isPending) return null;
  return (
    <FormDialog<TSendForm, z.output<typeof ZSendForm>>
      open={open}
      title={title}
      schema={ZSendForm}
      defaultValues={{
        email: financeEmail.data ?? '',
        type: String(defaultType) as '1' | '2',
        confirm_outside: false,
      }}
      submitLabel="Send"
      failureMessage={failure.failed}
      width={500}
      onClose={onClose}
      onSubmit={async ({ email, type, confirm_outside }) => {
        try {
          const sent = await send({ email, type: Number(type), confirmOutside: confirm_outside });
          if (sent?.via === 'outbox') snackbar.show(`${successMessage} ${m.sentToOutbox}`, 'warning');
          else snackbar.show(successMessage, 'success');
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) setOutside(email);
          if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')) {
            throw new ApiError(error.status, failure.error, error.kind);
          }
          throw error;
        }
      }}
    >
      {(form) => (
        <>
          <FormTextField form={form} name="email" label="To" type="email" autoFocus />
          {chooseType && (
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <>
                  <FormLabel id="finance-file-type">File</FormLabel>
                  <RadioGroup row aria-labelledby="finance-file-type" {...field}>
                    <FormControlLabel value={String(REPORT_FILE_TYPES.pdf)} control={<Radio />} label="Pdf" />
                    <FormControlLabel
                      value={String(REPORT_FILE_TYPES.excel)}
                      control={<Radio />}
                      label="Excel"
                    />
                  </RadioGroup>
                </>
              )}
            />
          )}
          {outside && (
            <Controller
              control={form.control}
              name="confirm_outside"
              render={({ field }) => (
                <FormControlLabel
                  label="Send it outside the organisation: I confirm this address may receive the report"
                  control={
                    <Checkbox
                      checked={field.value}
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
