import type { QueryKey } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../confirm-dialog';
import { DateRangeFilter } from '../date-range-filter';
import { SearchField } from '../page-header';
import { rowId, type ListComponent, type ListConfig, type ListDisplay, type TListRow } from './list-types';
import { PagedTable } from './paged-table';
import { RowActions, hasRowActions } from './row-actions';
import { useList, type TListState } from './use-list';

export type ListViewProps<T extends TListRow, TData, TKey extends QueryKey> = ListConfig<T, TData, TKey> & {
  /** Accessible name of the table. */
  label: string;
};

/** The filter bar, the table (or why there is none) and the delete question of a list. */
export function ListBody<T extends TListRow>({
  list,
  config,
  label,
}: {
  list: TListState<T>;
  config: ListDisplay<T>;
  label: string;
}) {
  const { range, search } = list;
  const filters = config.filters?.({ resetPage: list.resetPage });
  const { remove } = config;
  return (
    <>
      {(range || search || filters) && (
        <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          {range && <DateRangeFilter value={range.value} onChange={range.onChange} />}
          {search && <SearchField {...search} />}
          {filters}
        </Box>
      )}
      {list.rangeValid ? (
        <PagedTable
          label={label}
          columns={config.columns}
          rowKey={config.rowKey ?? rowId}
          {...list.table}
          emptyText={config.emptyText ?? 'No records to display'}
          dense={config.dense}
          actions={
            hasRowActions(config)
              ? (row) => <RowActions row={row} config={config} onRemove={list.deleting.ask} />
              : undefined
          }
        />
      ) : (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
          Choose a valid date range.
        </Typography>
      )}
      {remove && (
        <ConfirmDialog
          open={list.deleting.row !== null}
          message={list.deleting.row ? remove.question(list.deleting.row) : ''}
          onConfirm={list.deleting.confirm}
          onClose={list.deleting.cancel}
        />
      )}
    </>
  );
}

/**
 * A list inside a dialog or a tab (the driver details tables): the same configuration as `ListPage`
 * without the page's heading and buttons.
 */
export const ListView: ListComponent<{ label: string }> = function ListView<
  T extends TListRow,
  TData,
  TKey extends QueryKey,
>(props: ListViewProps<T, TData, TKey>) {
  const list = useList(props);
  return <ListBody list={list} config={props} label={props.label} />;
};
