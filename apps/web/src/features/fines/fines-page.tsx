import { useState } from 'react';
import FinesIcon from '@mui/icons-material/GavelOutlined';
import NotPaidIcon from '@mui/icons-material/ErrorOutline';
import PaidIcon from '@mui/icons-material/CheckCircleOutline';
import PostponedIcon from '@mui/icons-material/ScheduleOutlined';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MESSAGES, fineStatusLabel, parseUtcDateTime, type TFineRow } from '@fleet/contract';
import { DAY_RANGES } from '../../components/date-range-filter';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { formatUtc } from '../../lib/dates';
import { useTerms } from '../../lib/terms';
import { FINES_EXPORT_PATH, fineListQuery, fineRangeBounds, useArchiveFine } from './api/fines';
import { FineDialog } from './fine-dialog';
import { FinePicturesCell, FinePicturesViewer } from './fine-pictures';
import { fineAmount, personName } from './fine-texts';

/** The status icon of each fine status (spec 001 "Fines": a status icon), named by its tooltip. */
const STATUS_ICONS = {
  0: { Icon: NotPaidIcon, color: 'error' },
  1: { Icon: PostponedIcon, color: 'warning' },
  2: { Icon: PaidIcon, color: 'success' },
} as const;

function FineStatus({ status }: { status: number }) {
  const label = fineStatusLabel(status);
  const { Icon, color } = STATUS_ICONS[status as keyof typeof STATUS_ICONS] ?? STATUS_ICONS[0];
  return (
    <Tooltip title={label}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Icon color={color} fontSize="small" aria-hidden />
        <Typography variant="body2">{label}</Typography>
      </Stack>
    </Tooltip>
  );
}

/** Newest issued first, the latest recorded first among fines issued at the same time. */
const newestIssued = (a: TFineRow, b: TFineRow) =>
  (parseUtcDateTime(b.issued_date)?.getTime() ?? 0) - (parseUtcDateTime(a.issued_date)?.getTime() ?? 0) ||
  b.id - a.id;

/** /fines: the fines issued in the chosen days (today by default), refreshed every 10 s (spec 001 "Fines"). */
export function FinesPage() {
  const terms = useTerms();
  const archive = useArchiveFine();
  const [editing, setEditing] = useState<TFineRow | null>(null);
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<TFineRow | null>(null);

  const columns: ListColumn<TFineRow>[] = [
    { id: 'driver', label: `${terms.driver} name`, render: (f) => personName(f.driver) },
    {
      id: 'trip',
      label: terms.trip,
      render: (f) =>
        f.trip
          ? [`#${f.trip.id}`, f.trip.type0?.title, f.trip.start_date && formatUtc(f.trip.start_date)]
              .filter(Boolean)
              .join(' · ')
          : '—',
    },
    {
      id: 'amount',
      label: 'Amount',
      align: 'right',
      nowrap: true,
      render: (f) => fineAmount(f.amount, terms.currency.symbol),
    },
    { id: 'description', label: 'Description', render: (f) => f.description, prose: true },
    { id: 'issued_date', label: 'Date', nowrap: true, render: (f) => formatUtc(f.issued_date) },
    { id: 'creation_date', label: 'Assigned date', nowrap: true, render: (f) => formatUtc(f.creation_date) },
    { id: 'status', label: 'Status', render: (f) => <FineStatus status={f.status} /> },
    {
      id: 'pictures',
      label: 'Pictures',
      align: 'center',
      render: (f) => <FinePicturesCell fine={f} onOpen={setViewing} />,
    },
  ];

  return (
    <ListPage
      title="Fines"
      icon={<FinesIcon color="primary" />}
      query={({ range, search }) => fineListQuery(range ?? DAY_RANGES.today(), search)}
      dateRange={{ initial: () => DAY_RANGES.today() }}
      order={newestIssued}
      columns={columns}
      rowName={(f) => `fine ${f.id} of ${personName(f.driver)}`}
      add={{
        label: 'Add Fine',
        onClick: () => {
          setEditing(null);
          setOpen(true);
        },
      }}
      exportFile={{
        path: FINES_EXPORT_PATH,
        fileName: 'Fines.xlsx',
        query: ({ range }) => fineRangeBounds(range ?? DAY_RANGES.today()),
      }}
      onEdit={(f) => {
        setEditing(f);
        setOpen(true);
      }}
      remove={{
        question: () => MESSAGES.deleteQuestion('Fine'),
        run: (f) => archive.mutateAsync(f.id),
        successMessage: MESSAGES.fines.deleted,
        failureMessage: 'Error on deleting',
      }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel={`Search by ${terms.driver.toLowerCase()} or description`}
      emptyText="No fines in these days."
      errorText={(message) => `Error on loading: ${message}`}
    >
      <FineDialog open={open} fine={editing} onClose={() => setOpen(false)} />
      <FinePicturesViewer fine={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
