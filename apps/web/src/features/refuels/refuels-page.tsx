import { useState } from 'react';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import RefuelIcon from '@mui/icons-material/LocalGasStationOutlined';
import { MESSAGES, type TRefuelRow } from '@fleet/contract';
import { DAY_RANGES, type TDayRange } from '../../components/date-range-filter';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { RecordImagesDialog } from '../../components/record-images-dialog';
import { formatUtc, localRangeUtc } from '../../lib/dates';
import { useTerms } from '../../lib/terms';
import { REFUELS_EXPORT_PATH, refuelImagesQuery, refuelListQuery, useArchiveRefuel } from './api/refuels';
import { RefuelDialog } from './refuel-dialog';

const driverName = (r: TRefuelRow) => (r.driver ? `${r.driver.fname} ${r.driver.lname}` : 'N/A');
// Newest refuel first: the day it was made, not the order its report reached the server.
const newestFirst = (a: TRefuelRow, b: TRefuelRow) =>
  b.created_date.localeCompare(a.created_date) || b.id - a.id;

/** The list's range as the export's query (none while the range is invalid: the server's default). */
const rangeQuery = (range: TDayRange | null) => {
  const { fdate, tdate } = localRangeUtc(range);
  return { fdate: fdate || undefined, tdate: tdate || undefined };
};

/**
 * /refuel: the diesel refuels drivers reported over a range of days (today by default), refreshed
 * every 10 s, with each receipt's photos, the Update Diesel Tank dialog and delete (spec 001 "Diesel
 * refuels"). Drivers report refuels from the road, so there is no Add button.
 */
export function RefuelsPage() {
  const terms = useTerms();
  const archive = useArchiveRefuel();
  const [editing, setEditing] = useState<TRefuelRow | null>(null);
  const [viewing, setViewing] = useState<TRefuelRow | null>(null);

  const columns: ListColumn<TRefuelRow>[] = [
    { id: 'driver', label: `${terms.driver} name`, render: driverName },
    {
      id: 'volume',
      label: 'Quantity',
      align: 'right',
      nowrap: true,
      render: (r) => `${r.volume.toFixed(2)} ${terms.liquidUnit.symbol}`,
    },
    {
      id: 'amount',
      label: 'Price',
      align: 'right',
      nowrap: true,
      render: (r) => `${r.amount.toFixed(2)} ${terms.currency.symbol}`,
    },
    // Beyond the spec's columns: a range of days needs the day of each refuel.
    { id: 'date', label: 'Date', nowrap: true, render: (r) => formatUtc(r.created_date) },
  ];

  return (
    <ListPage
      title="Diesel refuels"
      icon={<RefuelIcon color="primary" />}
      query={({ range, search }) => ({
        ...refuelListQuery(range),
        select: (rows: TRefuelRow[]) =>
          search ? rows.filter((r) => driverName(r).toLowerCase().includes(search.toLowerCase())) : rows,
      })}
      dateRange={{ initial: () => DAY_RANGES.today() }}
      order={newestFirst}
      columns={columns}
      rowName={(r) => `refuel ${r.id} of ${driverName(r)}`}
      rowActions={[
        {
          id: 'images',
          label: (r) => `Receipt photos of refuel ${r.id} of ${driverName(r)}`,
          icon: <PhotoLibraryOutlined />,
          onClick: setViewing,
        },
      ]}
      exportFile={{
        path: REFUELS_EXPORT_PATH,
        fileName: 'Refuels.xlsx',
        query: ({ range }) => rangeQuery(range),
      }}
      onEdit={setEditing}
      remove={{
        question: () => MESSAGES.deleteQuestion('refuel'),
        run: (r) => archive.mutateAsync(r.id),
        successMessage: MESSAGES.refuels.deleted,
        failureMessage: 'Failed to delete refuel',
      }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel={`Search by ${terms.driver.toLowerCase()} name`}
      emptyText="No refuels in these days."
      errorText={(message) => `Error fetching data: ${message}`}
    >
      <RefuelDialog refuel={editing} onClose={() => setEditing(null)} />
      <RecordImagesDialog
        images={viewing && refuelImagesQuery(viewing.id)}
        title={viewing ? `Receipt of refuel ${viewing.id} · ${driverName(viewing)}` : ''}
        onClose={() => setViewing(null)}
      />
    </ListPage>
  );
}
