import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { ApiError } from '../lib/api';
import { ConfirmDialog } from './confirm-dialog';
import { ExportButton } from './export-button';
import { ImportDialog, type ImportDialogProps } from './import-dialog';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader, SearchField, useSearch } from './page-header';
import { PagedTable, queryTableState, usePaging } from './paged-table';
import { useSnackbar } from './snackbar';

/** One column: its header and how a row shows in it. */
export interface ListColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Keeps the cell on one line (dates). */
  nowrap?: boolean;
}

/** An extra icon action of a row: a button (`onClick`) or a link inside the console (`href`). */
export interface RowAction<T> {
  id: string;
  /** Accessible name and tooltip, e.g. `row => 'Files of ' + name`. */
  label: (row: T) => string;
  icon: ReactNode;
  onClick?: (row: T) => void;
  href?: (row: T) => string;
}

export interface ListPageProps<T extends { id: number }> {
  /** Page heading (h1), in the tenant's words. */
  title: string;
  icon?: ReactNode;
  /** Query key prefix of the list; the search text is appended. Invalidate it after saving. */
  queryKey: QueryKey;
  /** Loads the rows for the (debounced, trimmed) search text. */
  fetchRows: (search: string, signal: AbortSignal) => Promise<T[]>;
  columns: ListColumn<T>[];
  /** Names a row in action labels ("Edit Ali Hassan"). */
  rowName: (row: T) => string;
  /** Add button: its label and what it does (usually opens the page's FormDialog). */
  add?: { label: string; onClick: () => void };
  onEdit?: (row: T) => void;
  /** Delete (archive) with a confirmation; the row leaves the list on success. */
  remove?: {
    question: (row: T) => string;
    run: (row: T) => Promise<unknown>;
    successMessage: string;
  };
  rowActions?: RowAction<T>[];
  /** Export button: the server's .xlsx of the current search (and the page's other filters). */
  exportFile?: { path: string; fileName: string; query?: Record<string, string | undefined> };
  /** More filters beside the search box (the page keeps their state and puts it in `queryKey`). */
  filters?: ReactNode;
  /** Import button and dialog; the list refreshes after an import. */
  importFile?: Pick<ImportDialogProps, 'title' | 'columns' | 'previewPath' | 'importPath'>;
  /** Auto-refresh interval (spec: every 10 s on the screens that say so). */
  refetchIntervalMs?: number;
  searchLabel?: string;
  emptyText?: string;
  /** Text of a failed load, from the error's message. */
  errorText?: (message: string) => string;
  /** The page's dialogs. */
  children?: ReactNode;
}

export const LIST_REFRESH_MS = 10_000;
const PAGE_SIZES = [5, 10, 25, 50];

/**
 * The shared list screen of spec 001 §2: heading, Add, Export, optional Import, a debounced search,
 * a table sorted by id descending with client-side paging, row edit/delete icons plus extra
 * actions, and loading, empty and error states.
 */
export function ListPage<T extends { id: number }>({
  title,
  icon,
  queryKey,
  fetchRows,
  columns,
  rowName,
  add,
  onEdit,
  remove,
  rowActions = [],
  exportFile,
  filters,
  importFile,
  refetchIntervalMs,
  searchLabel = 'Search',
  emptyText = 'No records to display',
  errorText = (message) => message,
  children,
}: ListPageProps<T>) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const paging = usePaging(10);
  const searchBox = useSearch(paging.reset);
  const { search } = searchBox;
  const [deleting, setDeleting] = useState<T | null>(null);
  const [importing, setImporting] = useState(false);

  const listKey = useMemo(() => [...queryKey, { search }], [queryKey, search]);
  const query = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchRows(search, signal),
    refetchInterval: refetchIntervalMs,
  });

  const rows = useMemo(() => [...(query.data ?? [])].sort((a, b) => b.id - a.id), [query.data]);
  const { pageSize } = paging;
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(paging.page, lastPage);
  const pageRows = rows.slice(shownPage * pageSize, shownPage * pageSize + pageSize);
  const hasActions = Boolean(onEdit || remove || rowActions.length);

  const confirmDelete = async () => {
    if (!deleting || !remove) return;
    try {
      await remove.run(deleting);
      queryClient.setQueryData<T[]>(listKey, (old) => old?.filter((row) => row.id !== deleting.id));
      void queryClient.invalidateQueries({ queryKey });
      snackbar.show(remove.successMessage, 'success');
      setDeleting(null);
    } catch (error) {
      snackbar.show(error instanceof ApiError ? error.responseMessage : 'Delete failed.', 'error');
    }
  };

  const actions = (row: T) => (
    <>
      {onEdit && (
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${rowName(row)}`} onClick={() => onEdit(row)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {remove && (
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${rowName(row)}`} onClick={() => setDeleting(row)}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {rowActions.map((action) => {
        const label = action.label(row);
        return (
          <Tooltip key={action.id} title={label}>
            {action.href ? (
              <IconButton size="small" aria-label={label} component={RouterLink} to={action.href(row)}>
                {action.icon}
              </IconButton>
            ) : (
              <IconButton size="small" aria-label={label} onClick={() => action.onClick?.(row)}>
                {action.icon}
              </IconButton>
            )}
          </Tooltip>
        );
      })}
    </>
  );

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title={title} icon={icon}>
        {add && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={add.onClick}>
            {add.label}
          </Button>
        )}
        {exportFile && (
          <ExportButton
            path={exportFile.path}
            fileName={exportFile.fileName}
            search={search}
            query={exportFile.query}
          />
        )}
        {importFile && (
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
            Import
          </Button>
        )}
      </PageHeader>

      <Paper variant="outlined">
        <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <SearchField label={searchLabel} {...searchBox.field} />
          {filters}
        </Box>
        <PagedTable
          label={title}
          columns={columns}
          rows={query.data ? pageRows : undefined}
          total={rows.length}
          {...paging.tableProps}
          page={shownPage}
          pageSizeOptions={PAGE_SIZES}
          {...queryTableState(query, errorText)}
          // The 10 s refreshes of short lists go unnoticed; no refresh bar here.
          fetching={undefined}
          emptyText={emptyText}
          actions={hasActions ? actions : undefined}
        />
      </Paper>

      {remove && (
        <ConfirmDialog
          open={deleting !== null}
          message={deleting ? remove.question(deleting) : ''}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
      {importFile && (
        <ImportDialog
          {...importFile}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => void queryClient.invalidateQueries({ queryKey })}
        />
      )}
      {children}
    </Box>
  );
}
