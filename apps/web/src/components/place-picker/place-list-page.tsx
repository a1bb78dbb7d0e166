import { useState, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { MESSAGES, pluralize } from '@fleet/contract';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../list-page';
import { PlaceDialog, type TNamedPlace } from './place-dialog';
import { formatCoordinate } from './place';

type TPlaceRow = TNamedPlace & { id: number };

export interface PlaceListPageProps {
  /** The tenant's word for one place ("Origin", "Warehouse", "Destination"). */
  term: string;
  icon: ReactNode;
  queryKey: QueryKey;
  fetchRows: (search: string, signal: AbortSignal) => Promise<TPlaceRow[]>;
  save: (place: TNamedPlace, id?: number) => Promise<unknown>;
  archive: (id: number) => Promise<unknown>;
  /** API path of the .xlsx export. */
  exportPath: string;
}

/**
 * A list of saved places with search, Add, Export, edit and delete, refreshed every 10 s, and the
 * place dialog (spec 001 "Destinations", "Origins"): the two screens differ only in their words and calls.
 */
export function PlaceListPage({
  term,
  icon,
  queryKey,
  fetchRows,
  save,
  archive,
  exportPath,
}: PlaceListPageProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TPlaceRow | null>(null);
  const [open, setOpen] = useState(false);
  const adding = editing === null;
  const plural = pluralize(term);

  const columns: ListColumn<TPlaceRow>[] = [
    { id: 'name', label: 'Name', render: (p) => p.name },
    {
      id: 'point',
      label: 'Coordinates',
      render: (p) => `${formatCoordinate(p.lat)}, ${formatCoordinate(p.lon)}`,
    },
  ];

  return (
    <ListPage
      title={plural}
      icon={icon}
      queryKey={queryKey}
      fetchRows={fetchRows}
      columns={columns}
      rowName={(p) => p.name}
      add={{
        label: `Add ${term}`,
        onClick: () => {
          setEditing(null);
          setOpen(true);
        },
      }}
      onEdit={(p) => {
        setEditing(p);
        setOpen(true);
      }}
      remove={{
        question: () => MESSAGES.deleteQuestion(term),
        run: (p) => archive(p.id),
        successMessage: `${term} deleted successfully.`,
      }}
      exportFile={{ path: exportPath, fileName: `${plural}.xlsx` }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel="Search by name"
      emptyText={`No ${plural.toLowerCase()} yet.`}
      errorText={(message) => `Error on loading: ${message}`}
    >
      <PlaceDialog
        open={open}
        title={adding ? `Add ${term}` : `Update ${term}`}
        label="Address"
        place={editing}
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          await save(values, editing?.id);
          void queryClient.invalidateQueries({ queryKey });
        }}
        successMessage={`${term} ${adding ? 'added' : 'updated'} successfully.`}
        failureMessage={`Failed to ${adding ? 'add' : 'update'} ${term}.`}
      />
    </ListPage>
  );
}
