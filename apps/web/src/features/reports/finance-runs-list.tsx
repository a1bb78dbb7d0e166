import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  FINANCE_RUN_HOUR,
  REPORT_FILE_TYPES,
  type TFinanceRun,
  type TFinanceRunStatus,
} from '@fleet/contract';
import { ListView, type ListColumn } from '../../components/list';
import { formatUtc } from '../../lib/dates';
import { useTerms } from '../../lib/terms';
import { financeRunsQuery } from './api/finance-runs';

/** How each result reads, and its colour. */
export const FINANCE_RUN_RESULTS: Record<
  TFinanceRunStatus,
  { label: string; color: 'success' | 'info' | 'error' | 'default' | 'warning' }
> = {
  sent: { label: 'Sent', color: 'success' },
  outbox: { label: 'Written to outbox', color: 'info' },
  failed: { label: 'Failed', color: 'error' },
  skipped: { label: 'Skipped', color: 'default' },
  sending: { label: 'Sending', color: 'warning' },
};

const monthName = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What the admin should know beside the result: why it failed or was skipped, and what comes next. */
function resultDetail(run: TFinanceRun): string {
  const retry = run.next_attempt_date ? ` Next try at ${formatUtc(run.next_attempt_date)}.` : '';
  if (run.status === 'failed')
    return `${run.reason ?? ''}${retry}${run.next_attempt_date ? '' : ` Gave up after ${run.attempts} attempts.`}`.trim();
  if (run.status === 'outbox')
    return "No mail server is set up (SMTP_URL): the e-mail was saved in the server's outbox.";
  return run.reason ?? run.file_name ?? '';
}

/**
 * The monthly finance summary's runs on /all-finance-summary (decision 0032): the month, when it
 * went, the file, the address and what became of it, the newest month first. The finance admin
 * sends summaries from this page, so the ones the product sends by itself are listed here too.
 */
export function FinanceRunsList() {
  const terms = useTerms();
  const columns: ListColumn<TFinanceRun>[] = [
    { id: 'month', label: 'Month', nowrap: true, render: (r) => monthName(r.month) },
    {
      id: 'when',
      label: 'When',
      nowrap: true,
      render: (r) => formatUtc(r.finished_date ?? r.created_date),
    },
    {
      id: 'format',
      label: 'Format',
      render: (r) => (r.type === REPORT_FILE_TYPES.pdf ? 'PDF' : 'Excel'),
    },
    { id: 'recipient', label: 'Sent to', render: (r) => r.recipient },
    {
      id: 'result',
      label: 'Result',
      nowrap: true,
      render: (r) => (
        <Chip
          size="small"
          variant="outlined"
          label={FINANCE_RUN_RESULTS[r.status].label}
          color={FINANCE_RUN_RESULTS[r.status].color}
        />
      ),
    },
    { id: 'detail', label: 'Details', prose: true, render: resultDetail },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="finance-runs-title" sx={{ mt: 3 }}>
      <Typography id="finance-runs-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        Monthly e-mails
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
        {`Last month's summary of every ${terms.driver.toLowerCase()} with worked time, e-mailed to the finance address from ${String(FINANCE_RUN_HOUR).padStart(2, '0')}:00 on the 1st when Settings say so.`}
      </Typography>
      <ListView
        label="Monthly finance e-mails"
        query={({ page, pageSize }) => financeRunsQuery(page, pageSize)}
        serverPage={(data) => ({ rows: data.data, total: data.pagination.total })}
        paging={{ size: 12, options: [12, 24, 60] }}
        columns={columns}
        emptyText="No monthly e-mail yet. It is turned on in Settings, next to the finance e-mail."
        errorText={(message) => `Error on loading: ${message}`}
      />
    </Paper>
  );
}
