import type { Key, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LIST_EXACT_COUNT } from '@fleet/contract';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import type { ListColumn, TListSort } from './list-types';

export interface PagedTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: ListColumn<T>[];
  rowKey: (row: T) => Key;
  /** The rows of the page shown; undefined until the first answer. */
  rows: T[] | undefined;
  /** Paging footer; left out, every row shows on one page. */
  paging?: {
    /** Rows on every page together. */
    total: number;
    /** False when `total` is an estimate past LIST_EXACT_COUNT: the footer says "of 10,000+". */
    totalExact?: boolean;
    /** 0-based page shown. */
    page: number;
    pageSize: number;
    pageSizeOptions: readonly number[];
    onPageChange: (page: number) => void;
    onPageSizeChange: (pageSize: number) => void;
  };
  /** The server's order; a column with `sortBy` becomes a sort button. */
  sort?: { value: TListSort | null; onChange: (sort: TListSort) => void };
  /** First load (nothing to show yet). */
  loading: boolean;
  /** A refetch or another page is on its way while the current rows stay shown (a thin bar shows it). */
  fetching?: boolean;
  error?: string | null;
  emptyText: string;
  /** The last cell of each row (menus or icon buttons). */
  actions?: (row: T) => ReactNode;
  /** Narrower cell padding, for tables of many columns. */
  dense?: boolean;
}

/** One page of rows with its header, paging footer, and loading, error and empty states. */
/**
 * A cell's wrapping: dates always on one line; on a phone every cell but free text on one line (rows
 * stay one line high and the table scrolls sideways), free text wrapping within a readable width.
 */
function cellSx<T>(column: ListColumn<T>, mobile: boolean) {
  if (column.nowrap || (mobile && !column.prose)) return { whiteSpace: 'nowrap' };
  if (mobile) return { minWidth: 220 };
  return undefined;
}

export function PagedTable<T>({
  label,
  columns,
  rowKey,
  rows,
  paging,
  sort,
  loading,
  fetching,
  error,
  emptyText,
  actions,
  dense = false,
}: PagedTableProps<T>) {
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const bound = LIST_EXACT_COUNT.toLocaleString('en-US');
  if (error && !rows)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error}
      </Alert>
    );
  if (loading)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  // A page past the end (rows archived meanwhile, or a count that was an estimate): said, with the
  // way back, rather than an empty table without its pager.
  if (rows && rows.length === 0 && paging && paging.page > 0)
    return (
      <Box sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Typography color="text.secondary">Nothing more to show: the list ends before this page.</Typography>
        <Button variant="outlined" onClick={() => paging.onPageChange(0)}>
          Back to the first page
        </Button>
      </Box>
    );
  if (!rows || rows.length === 0)
    return (
      <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
        {emptyText}
      </Typography>
    );

  const header = (column: ListColumn<T>) => {
    if (!column.sortBy || !sort) return column.label;
    const sortBy = column.sortBy;
    const active = sort.value?.by === sortBy;
    const direction = active ? (sort.value?.direction ?? 'asc') : 'asc';
    return (
      <TableSortLabel
        active={active}
        direction={direction}
        onClick={() =>
          sort.onChange({ by: sortBy, direction: active && direction === 'asc' ? 'desc' : 'asc' })
        }
      >
        {column.label}
      </TableSortLabel>
    );
  };

  return (
    <>
      {fetching !== undefined && (
        <Box sx={{ height: 4 }}>{fetching && <LinearProgress aria-label="Refreshing" />}</Box>
      )}
      {/* Positioned, so text kept for screen readers only (absolute) scrolls and clips with the
          table instead of widening the page on a phone. */}
      <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
        <Table
          size="small"
          aria-label={label}
          sx={{ minWidth: 640, ...(dense ? { '& th, & td': { px: 1 } } : {}) }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                  sortDirection={
                    column.sortBy && sort?.value?.by === column.sortBy ? sort.value.direction : false
                  }
                >
                  {header(column)}
                </TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  Actions
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align} sx={cellSx(column, mobile)}>
                    {column.render(row)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                    {actions(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          component="div"
          count={paging.total}
          page={Math.min(paging.page, Math.max(0, Math.ceil(paging.total / paging.pageSize) - 1))}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[...paging.pageSizeOptions]}
          labelDisplayedRows={({ from, to, count }) =>
            paging.totalExact === false ? (
              // Past the exact bound the count is the database's estimate: said so, not passed off as exact.
              <span title={`About ${count.toLocaleString('en-US')}: counted exactly up to ${bound}`}>
                {`${from}–${to} of ${bound}+`}
                {!mobile && ' (estimated)'}
              </span>
            ) : (
              `${from}–${to} of ${count}`
            )
          }
          onPageChange={(_event, next) => paging.onPageChange(next)}
          onRowsPerPageChange={(event) => paging.onPageSizeChange(Number(event.target.value))}
          // On a phone the footer keeps to the screen: a shorter label and narrower gaps, so the
          // next-page button is not cut off.
          labelRowsPerPage={mobile ? 'Rows:' : 'Rows per page:'}
          sx={{
            '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
            '& .MuiTablePagination-input': { ml: { xs: 0.5, sm: 1 }, mr: { xs: 1.5, sm: 4 } },
            '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
          }}
        />
      )}
    </>
  );
}
