import { useState } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import AccidentIcon from '@mui/icons-material/CarCrashOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import { NAMAT_TYPE, accidentsTitle, type TAccidentRow } from '@fleet/contract';
import { DAY_RANGES } from '../../components/date-range-filter';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { PAGE_SX } from '../../components/page-header';
import { RecordImagesDialog } from '../../components/record-images-dialog';
import { formatUtc, localRangeUtc } from '../../lib/dates';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { ACCIDENTS_EXPORT_PATH, accidentImagesQuery, accidentListQuery } from './api/accidents';
import { EmergencyReadiness } from './emergency-readiness';

const driverName = (a: TAccidentRow) => (a.driver ? `${a.driver.fname} ${a.driver.lname}` : 'N/A');
/** Where it happened: the driver's words, else the phone's GPS position. */
const place = (a: TAccidentRow) =>
  a.location ?? (a.lat !== null && a.lon !== null ? `${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}` : '');
// Newest first: the time it happened, not the order its report reached the server.
const newestFirst = (a: TAccidentRow, b: TAccidentRow) =>
  b.created_date.localeCompare(a.created_date) || b.id - a.id;
const matches = (a: TAccidentRow, search: string) =>
  [driverName(a), a.location ?? '', a.description ?? ''].some((text) =>
    text.toLowerCase().includes(search.toLowerCase()),
  );

/**
 * /accidents: the accidents drivers reported over a range of days (today by default), refreshed
 * every 10 s, each with its pictures (spec 001 "Accidents"). namat tenants call them Emergency
 * events (alarm icon) and see their units' readiness beside the list.
 */
export function AccidentsPage() {
  const terms = useTerms();
  const tenantType = useSession()?.tenant_type;
  const namat = tenantType === NAMAT_TYPE;
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [viewing, setViewing] = useState<TAccidentRow | null>(null);
  const title = accidentsTitle(tenantType);
  const noun = namat ? 'emergency event' : 'accident';

  const columns: ListColumn<TAccidentRow>[] = [
    { id: 'driver', label: `${terms.driver} name`, render: driverName },
    { id: 'location', label: 'Location', render: place },
    { id: 'description', label: 'Description', render: (a) => a.description ?? '', prose: true },
    { id: 'date', label: 'Date', nowrap: true, render: (a) => formatUtc(a.created_date) },
  ];

  const list = (
    <ListPage
      title={title}
      icon={namat ? <AlarmIcon color="primary" /> : <AccidentIcon color="primary" />}
      query={({ range, search }) => ({
        ...accidentListQuery(range),
        select: (rows: TAccidentRow[]) => (search ? rows.filter((a) => matches(a, search)) : rows),
      })}
      dateRange={{ initial: () => DAY_RANGES.today() }}
      order={newestFirst}
      columns={columns}
      rowName={(a) => `${noun} ${a.id} of ${driverName(a)}`}
      rowActions={[
        {
          id: 'pictures',
          label: (a) => `Pictures of ${noun} ${a.id} of ${driverName(a)}`,
          icon: <PhotoLibraryOutlined />,
          onClick: setViewing,
        },
      ]}
      exportFile={{
        path: ACCIDENTS_EXPORT_PATH,
        fileName: `${title}.xlsx`,
        query: ({ range }) => {
          const { fdate, tdate } = localRangeUtc(range);
          return { fdate: fdate || undefined, tdate: tdate || undefined };
        },
      }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel="Search"
      emptyText={`No ${title.toLowerCase()} in these days.`}
      errorText={(message) => `Error fetching data: ${message}`}
    >
      <RecordImagesDialog
        images={viewing && accidentImagesQuery(viewing.id)}
        title={viewing ? `Pictures of ${noun} ${viewing.id} · ${driverName(viewing)}` : ''}
        onClose={() => setViewing(null)}
      />
    </ListPage>
  );
  if (!namat) return list;
  return (
    <Box sx={{ display: 'flex', flexDirection: mobile ? 'column' : 'row', alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>{list}</Box>
      <Box sx={{ ...PAGE_SX, width: mobile ? '100%' : 340, pl: mobile ? PAGE_SX.px : 0 }}>
        <EmergencyReadiness />
      </Box>
    </Box>
  );
}
