import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FinanceIcon from '@mui/icons-material/PaymentsOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, REPORT_FILE_TYPES, type TFinanceDayRow } from '@fleet/contract';
import { isDayRangeValid } from '../../components/date-range-filter';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { driverOptionsQuery } from '../../lib/api/drivers';
import { formatUtc } from '../../lib/dates';
import { paths, parseIdAndName } from '../../lib/paths';
import { useTerms } from '../../lib/terms';
import { useSendDriverFinance, workingDaysQuery } from './api/reports';
import { hoursText, monthToToday, rangeBody } from './report-texts';
import { SendFinanceDialog } from './send-finance-dialog';

const m = MESSAGES.reports;
type TDayRow = TFinanceDayRow & { id: number };

/** /finance-summary: choose a driver, then their worked days (spec 002 "Driver finance summary"). */
export function FinanceSummaryPage() {
  return <FinanceDays driver={null} />;
}

/** /one-Driver-Finance-Summary/{id}&{name}: the Drivers row's Finance action. */
export function OneDriverFinancePage() {
  const { idAndName } = useParams();
  const driver = parseIdAndName(idAndName);
  return <FinanceDays driver={driver ?? { id: 0, name: '' }} />;
}

interface TChosen {
  id: number;
  name: string;
}

/**
 * A driver's worked days of a range (first of the month to today): Date, Starting Date, Ending
 * Date, Total Working Hours, refreshed every 10 s; Send Selected Driver Report (disabled until a
 * driver is chosen and rows exist) opens the Send File dialog; a link leads to the all-drivers send
 * screen. `driver` null offers the driver picker.
 */
function FinanceDays({ driver: fixed }: { driver: TChosen | null }) {
  const terms = useTerms();
  const [range, setRange] = useState(monthToToday);
  const [picked, setPicked] = useState<TChosen | null>(null);
  const [sending, setSending] = useState(false);
  const send = useSendDriverFinance();
  const driver = fixed ?? picked;
  const drivers = useQuery({ ...driverOptionsQuery(), enabled: fixed === null });
  const days = useQuery({
    ...workingDaysQuery(driver?.id ?? 0, rangeBody(range)),
    enabled: Boolean(driver?.id) && isDayRangeValid(range),
  });
  const rowsExist = (days.data?.length ?? 0) > 0;

  const columns: ListColumn<TDayRow>[] = [
    { id: 'date', label: 'Date', nowrap: true, render: (r) => r.date },
    { id: 'start', label: 'Starting Date', nowrap: true, render: (r) => formatUtc(r.StartingDate) },
    { id: 'end', label: 'Ending Date', nowrap: true, render: (r) => formatUtc(r.EndingDate) },
    {
      id: 'hours',
      label: 'Total Working Hours',
      nowrap: true,
      render: (r) => hoursText(r.TotalWorkingHours),
    },
  ];
  const total = (days.data ?? []).reduce((n, r) => n + r.TotalWorkingHours, 0);

  return (
    <ListPage
      title={fixed ? `Finance Summary · ${fixed.name || `${terms.driver} #${fixed.id}`}` : 'Finance Summary'}
      icon={<FinanceIcon color="primary" />}
      query={({ search }) => ({
        ...workingDaysQuery(driver?.id ?? 0, rangeBody(range)),
        enabled: Boolean(driver?.id),
        select: (rows: TFinanceDayRow[]) => rows.filter((r) => r.date.includes(search)),
      })}
      searchLabel="Search by date"
      rowsOf={(rows) => rows.map((r, i) => ({ ...r, id: i + 1 }))}
      order={() => 0}
      paging={false}
      dateRange={{ value: range, onChange: setRange }}
      filters={() =>
        fixed === null ? (
          <Autocomplete<TChosen>
            size="small"
            sx={{ width: 280 }}
            options={(drivers.data ?? []).map((d) => ({ id: d.id, name: `${d.fname} ${d.lname}` }))}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={picked}
            onChange={(_, value) => setPicked(value)}
            renderInput={(params) => <TextField {...params} label={terms.driver} />}
          />
        ) : null
      }
      columns={columns}
      refetchIntervalMs={LIST_REFRESH_MS}
      emptyText={driver?.id ? 'No worked time in these days.' : `Choose a ${terms.driver.toLowerCase()}.`}
      errorText={(message) => `Error fetching data: ${message}`}
      toolbar={
        <>
          <Button
            variant="contained"
            startIcon={<SendOutlined />}
            disabled={!driver?.id || !rowsExist}
            onClick={() => setSending(true)}
          >
            Send Selected {terms.driver} Report
          </Button>
          <Button component={RouterLink} to={paths.allFinanceSummary.getHref()}>
            All {terms.driver.toLowerCase()}s&apos; summary
          </Button>
        </>
      }
    >
      {rowsExist && <Typography sx={{ mt: 1.5 }}>Total: {hoursText(total)}</Typography>}
      <SendFinanceDialog
        open={sending && Boolean(driver)}
        title="Send File"
        chooseType
        defaultType={REPORT_FILE_TYPES.pdf}
        successMessage={m.fileSent}
        failure={{ failed: m.fileFailed, error: m.fileError }}
        send={({ email, type, confirmOutside }) =>
          send.mutateAsync({ ...rangeBody(range), driver: driver!.id, email, type, confirmOutside })
        }
        onClose={() => setSending(false)}
      />
    </ListPage>
  );
}
