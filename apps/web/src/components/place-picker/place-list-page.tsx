import { useState, type ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { MESSAGES, pluralize } from '@fleet/contract';
import type { TDayRange } from '../../lib/dates';
import { DateRangeFilter } from '../date-range-filter';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../list';
import { PlaceDialog, type TNamedPlace } from './place-dialog';
import { formatCoordinate } from './place';

/** A saved place as the list shows it; `name` reads its name (an origin's title). */
interface TPlaceRow {
  id: number;
  lat: number;
  lon: number;
}

export interface PlaceListPageProps<T extends TPlaceRow, TKey extends QueryKey> {
  /** The tenant's word for one place ("Origin", "Warehouse", "Destination"). */
  term: string;
  icon: ReactNode;
  name: (row: T) => string;
  /** The places matching the search, added within `added` when the page has date controls. */
  query: (search: string, added: TDayRange) => UseQueryOptions<T[], Error, T[], TKey>;
  /** The entity's save and archive calls (their mutations refresh what they change). */
  save: (place: TNamedPlace, id?: number) => Promise<unknown>;
  archive: (id: number) => Promise<unknown>;
  /** API path of the .xlsx export. */
  exportPath: string;
  /** "Added from / to" days beside the search (spec 001 "Origins": date controls); both open at first. */
  dateControls?: boolean;
}

const OPEN_RANGE: TDayRange = { from: '', to: '' };

/**
 * A list of saved places with search, Add, Export, edit and delete, refreshed every 10 s, and the
 * place dialog (spec 001 "Destinations", "Origins"): the two screens differ only in their words and calls.
 */
export function PlaceListPage<T extends TPlaceRow, TKey extends QueryKey>({
  term,
  icon,
  name,
  query,
  save,
  archive,
  exportPath,
  dateControls = false,
}: PlaceListPageProps<T, TKey>) {
  const [added, setAdded] = useState<TDayRange>(OPEN_RANGE);
  // A reversed range is shown as an error on the field and not asked for.
  const [askedRange, setAskedRange] = useState<TDayRange>(OPEN_RANGE);
  const changeRange = (range: TDayRange) => {
    setAdded(range);
    if (range.from === '' || range.to === '' || range.from <= range.to) setAskedRange(range);
  };
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const adding = editing === null;
  const plural = pluralize(term);

  const columns: ListColumn<T>[] = [
    { id: 'name', label: 'Name', render: name },
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
      query={({ search }) => query(search, askedRange)}
      filters={() =>
        dateControls && (
          <DateRangeFilter
            optional
            labels={{ from: 'Added from', to: 'Added to' }}
            value={added}
            onChange={changeRange}
          />
        )
      }
      columns={columns}
      rowName={name}
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
      exportFile={{
        path: exportPath,
        fileName: `${plural}.xlsx`,
        query: () => ({ fdate: askedRange.from || undefined, tdate: askedRange.to || undefined }),
      }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel="Search by name"
      emptyText={`No ${plural.toLowerCase()} yet.`}
      errorText={(message) => `Error on loading: ${message}`}
    >
      <PlaceDialog
        open={open}
        title={adding ? `Add ${term}` : `Update ${term}`}
        label="Address"
        place={editing && { name: name(editing), lat: editing.lat, lon: editing.lon }}
        onClose={() => setOpen(false)}
        onSubmit={(values) => save(values, editing?.id)}
        successMessage={`${term} ${adding ? 'added' : 'updated'} successfully.`}
        failureMessage={`Failed to ${adding ? 'add' : 'update'} ${term}.`}
      />
    </ListPage>
  );
}
