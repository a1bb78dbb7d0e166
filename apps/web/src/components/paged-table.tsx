import { useCallback, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ApiError } from '../lib/api';
import type { ListColumn } from './list-page';

export interface PagedTableProps<T extends { id: number }> {
  /** Accessible name of the table. */
  label: string;
  columns: ListColumn<T>[];
  /** The rows of the current page, as the server sent them. */
  rows: T[] | undefined;
  /** Rows on every page together (the server's total). */
  total: number;
  /** 0-based page shown. */
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
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

/** The page shown and its size, as the table's paging props; `reset` goes back to the first page. */
export function usePaging(initialSize: number) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialSize);
  const reset = useCallback(() => setPage(0), []);
  return {
    page,
    pageSize,
    reset,
    tableProps: {
      page,
      pageSize,
      onPageChange: setPage,
      onPageSizeChange: (size: number) => {
        setPageSize(size);
        setPage(0);
      },
    },
  };
}

/** A query's loading, refreshing and error states as the table's props. */
export function queryTableState(query: UseQueryResult<unknown>, errorText: (message: string) => string) {
  return {
    loading: query.isPending,
    fetching: query.isFetching && !query.isPending,
    error: query.isError
      ? errorText(query.error instanceof ApiError ? query.error.responseMessage : query.error.message)
      : null,
  };
}

/**
 * A table whose paging happens on the server (trips and scheduled trips, spec 001 §9): it shows one
 * page and asks for another through `onPageChange`, with loading, error and empty states.
 */
export function PagedTable<T extends { id: number }>({
  label,
  columns,
  rows,
  total,
  page,
  pageSize,
  pageSizeOptions,
  onPageChange,
  onPageSizeChange,
  loading,
  fetching,
  error,
  emptyText,
  actions,
  dense = false,
}: PagedTableProps<T>) {
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
  if (!rows || rows.length === 0)
    return (
      <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
        {emptyText}
      </Typography>
    );

  return (
    <>
      {fetching !== undefined && (
        <Box sx={{ height: 4 }}>{fetching && <LinearProgress aria-label="Refreshing" />}</Box>
      )}
      <TableContainer sx={{ overflowX: 'auto' }}>
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
                >
                  {column.label}
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
              <TableRow key={row.id} hover>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
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
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...pageSizeOptions]}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      />
    </>
  );
}
