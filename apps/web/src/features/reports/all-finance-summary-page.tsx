import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FinanceIcon from '@mui/icons-material/PaymentsOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, REPORT_FILE_TYPES } from '@fleet/contract';
import { DateRangeFilter, isDayRangeValid } from '../../components/date-range-filter';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader } from '../../components/page-header';
import { driverOptionsQuery } from '../../lib/api/drivers';
import { paths } from '../../lib/paths';
import { useTerms } from '../../lib/terms';
import { useSendAllFinance } from './api/reports';
import { FinanceRunsList } from './finance-runs-list';
import { previousMonth, rangeBody } from './report-texts';
import { SendFinanceDialog } from './send-finance-dialog';

const m = MESSAGES.reports;

/**
 * /all-finance-summary: From/To (the previous month by default), select all and a box per driver,
 * and Send, whose dialog takes the To address (spec 002 "All-drivers finance summary send screen").
 * The server e-mails one workbook with a sheet per driver; responseCode 2 says there is no data.
 * Below, the monthly e-mails the product sent by itself (decision 0032).
 */
export function AllFinanceSummaryPage() {
  const terms = useTerms();
  const [range, setRange] = useState(previousMonth);
  const drivers = useQuery(driverOptionsQuery());
  const all = useMemo(() => (drivers.data ?? []).map((d) => d.id), [drivers.data]);
  // null: every driver (the default); else the ids ticked.
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [sending, setSending] = useState(false);
  const send = useSendAllFinance();
  const ticked = chosen ?? new Set(all);
  const allTicked = all.length > 0 && all.every((id) => ticked.has(id));
  const toggle = (id: number) => {
    const next = new Set(ticked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title={`All ${terms.driver}s Finance Summary`} icon={<FinanceIcon color="primary" />}>
        <Button component={RouterLink} to={paths.financeSummary.getHref()} startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        <Button
          variant="contained"
          startIcon={<SendOutlined />}
          disabled={ticked.size === 0 || !isDayRangeValid(range)}
          onClick={() => setSending(true)}
        >
          Send
        </Button>
      </PageHeader>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <DateRangeFilter value={range} onChange={setRange} />
        <FormControlLabel
          sx={{ mt: 2 }}
          label="Select all"
          control={
            <Checkbox
              checked={allTicked}
              indeterminate={!allTicked && ticked.size > 0}
              onChange={(event) => setChosen(event.target.checked ? null : new Set())}
            />
          }
        />
        {drivers.isError && (
          <Typography color="error">Error fetching data: {drivers.error.message}</Typography>
        )}
        <FormGroup
          sx={{ pl: 3, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
        >
          {(drivers.data ?? []).map((d) => (
            <FormControlLabel
              key={d.id}
              label={`${d.fname} ${d.lname}`}
              control={<Checkbox checked={ticked.has(d.id)} onChange={() => toggle(d.id)} />}
            />
          ))}
        </FormGroup>
      </Paper>
      <SendFinanceDialog
        open={sending}
        title="Send File"
        chooseType={false}
        defaultType={REPORT_FILE_TYPES.excel}
        successMessage={m.summarySent}
        failure={{ failed: m.summaryFailed, error: m.summaryError }}
        send={({ email, type, confirmOutside }) =>
          send.mutateAsync({
            ...rangeBody(range),
            email,
            type,
            confirmOutside,
            selected: allTicked ? undefined : [...ticked],
          })
        }
        onClose={() => setSending(false)}
      />
      <FinanceRunsList />
    </Box>
  );
}
