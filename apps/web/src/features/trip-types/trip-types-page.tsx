import { useState } from 'react';
import TripTypesIcon from '@mui/icons-material/CategoryOutlined';
import { MESSAGES, pluralize, type TTripTypeRow } from '@fleet/contract';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { tripTypeListQuery, useArchiveTripType } from '../../lib/api/trip-types';
import { useTerms } from '../../lib/terms';
import { TripTypeDialog } from './trip-type-dialog';

/** /trip-types: the tenant's trip types, "Task types" for namat (spec 001 "Trip types"). */
export function TripTypesPage() {
  const terms = useTerms();
  const archive = useArchiveTripType();
  const [editing, setEditing] = useState<TTripTypeRow | null>(null);
  const [open, setOpen] = useState(false);
  const noun = `${terms.trip} type`;

  const columns: ListColumn<TTripTypeRow>[] = [
    { id: 'title', label: 'Title', render: (t) => t.title },
    {
      id: 'time_stop',
      label: 'Unauthorized stop time',
      align: 'right',
      render: (t) => (t.time_stop === null ? '' : `${t.time_stop} min`),
    },
  ];

  return (
    <ListPage
      title={`${terms.trip} types`}
      icon={<TripTypesIcon color="primary" />}
      query={({ search }) => tripTypeListQuery(search)}
      columns={columns}
      rowName={(t) => t.title}
      add={{
        label: `Add ${noun}`,
        onClick: () => {
          setEditing(null);
          setOpen(true);
        },
      }}
      onEdit={(t) => {
        setEditing(t);
        setOpen(true);
      }}
      remove={{
        question: () => MESSAGES.deleteQuestion(noun),
        run: (t) => archive.mutateAsync(t.id),
        successMessage: `${noun} deleted successfully.`,
      }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel="Search by title"
      emptyText={`No ${pluralize(noun).toLowerCase()} yet.`}
      errorText={(message) => `Error on loading: ${message}`}
    >
      <TripTypeDialog open={open} noun={noun} tripType={editing} onClose={() => setOpen(false)} />
    </ListPage>
  );
}
