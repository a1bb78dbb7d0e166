import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import SummaryIcon from '@mui/icons-material/AssessmentOutlined';
import { NAMAT_TYPE, type TWorkingHoursRow } from '@fleet/contract';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { WORKING_HOURS_EXPORT_PATH, workingHoursQuery } from './api/reports';
import { hoursText, money, monthToToday, rangeBody } from './report-texts';

type TSummaryRow = TWorkingHoursRow & { id: number };

const matches = (row: TWorkingHoursRow, search: string) => {
  const wanted = search.toLowerCase();
  return row.fullname.toLowerCase().includes(wanted) || row.driver.email.toLowerCase().includes(wanted);
};

/**
 * /driver-summary ("Performance summary" for namat): each driver's trips, working hours, accidents,
 * litres, diesel amount and pay over a range of days (first of the month to today), refreshed every
 * 10 s, with search and the Excel export; the trip count opens the driver's trips (spec 002 "Driver
 * summary (working hours)"; decision 0028 for what working time is).
 */
export function DriverSummaryPage() {
  const terms = useTerms();
  const namat = useSession()?.tenant_type === NAMAT_TYPE;
  const title = namat ? 'Performance summary' : `${terms.driver} Summary`;
  const [range, setRange] = useState(monthToToday);

  const columns: ListColumn<TSummaryRow>[] = [
    { id: 'driver', label: `${terms.driver} Name`, render: (r) => r.fullname },
    { id: 'email', label: 'Email', render: (r) => r.driver.email },
    {
      id: 'trips',
      label: `${terms.trip}s`,
      align: 'center',
      render: (r) => (
        <Link
          component={RouterLink}
          to={paths.driverSummaryTrips.getHref({ ...rangeBody(range), driver_id: r.driver_id })}
          aria-label={`${terms.trip}s of ${r.fullname}`}
        >
          {r.totalTrips}
        </Link>
      ),
    },
    { id: 'hours', label: 'Working Hours', nowrap: true, render: (r) => hoursText(r.TotalWorkingHours) },
    { id: 'accidents', label: 'Accidents', align: 'center', render: (r) => r.totalAccidents },
    {
      id: 'liters',
      label: `Fuel (${terms.liquidUnit.symbol})`,
      align: 'right',
      nowrap: true,
      render: (r) => r.totalLiters.toFixed(2),
    },
    {
      id: 'diesel',
      label: 'Diesel Amount',
      align: 'right',
      nowrap: true,
      render: (r) => money(r.TotalDieselAmount, terms.currency.symbol),
    },
    {
      id: 'rate',
      label: 'Hourly Rate',
      align: 'right',
      nowrap: true,
      render: (r) => money(r.driver.hourly_rate, terms.currency.symbol),
    },
    {
      id: 'pay',
      label: 'Total Amount',
      align: 'right',
      nowrap: true,
      render: (r) => money(r.totalAmmount, terms.currency.symbol),
    },
  ];

  return (
    <ListPage
      title={title}
      icon={<SummaryIcon color="primary" />}
      query={({ range: days, search }) => ({
        ...workingHoursQuery(rangeBody(days ?? range)),
        select: (rows: TWorkingHoursRow[]) => rows.filter((r) => !search || matches(r, search)),
      })}
      rowsOf={(rows) => rows.map((r) => ({ ...r, id: r.driver_id }))}
      order={() => 0}
      dateRange={{ value: range, onChange: setRange }}
      columns={columns}
      rowName={(r) => r.fullname}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel={`Search by ${terms.driver.toLowerCase()} name`}
      emptyText={`No ${terms.driver.toLowerCase()}s.`}
      errorText={(message) => `Error fetching data: ${message}`}
      exportFile={{
        path: WORKING_HOURS_EXPORT_PATH,
        fileName: `${title}.xlsx`,
        query: ({ range: days }) => rangeBody(days ?? range),
      }}
    />
  );
}
