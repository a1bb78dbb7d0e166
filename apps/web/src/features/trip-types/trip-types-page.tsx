import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import TripTypesIcon from '@mui/icons-material/CategoryOutlined';
import { MESSAGES, pluralize, type TTripTypeRow } from '@fleet/contract';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list-page';
import { TRIP_TYPES_QUERY_KEY, fetchTripTypes } from '../../lib/places';
import { useTerms } from '../../lib/terms';
import { archiveTripType } from './api/trip-types';
import { TripTypeDialog } from './trip-type-dialog';

/** /trip-types: the tenant's trip types, "Task types" for namat (spec 001 "Trip types"). */
export function TripTypesPage() {
  const terms = useTerms();
  const queryClient = useQueryClient();
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
      queryKey={TRIP_TYPES_QUERY_KEY}
      fetchRows={fetchTripTypes}
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
        run: (t) => archiveTripType(t.id),
        successMessage: `${noun} deleted successfully.`,
      }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel="Search by title"
      emptyText={`No ${pluralize(noun).toLowerCase()} yet.`}
      errorText={(message) => `Error on loading: ${message}`}
    >
      <TripTypeDialog
        open={open}
        noun={noun}
        tripType={editing}
        onClose={() => setOpen(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: TRIP_TYPES_QUERY_KEY })}
      />
    </ListPage>
  );
}
