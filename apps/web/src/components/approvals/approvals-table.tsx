import { useEffect, useId, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { APPROVALS_PAGE_SIZE, type TApprovalPage, type TApprovalRecord } from '@fleet/contract';
import { ApiError } from '../../lib/api/client';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import type { ListColumn } from '../list';
import { PagedTable } from '../list/paged-table';
import { ApprovalCards } from './approval-cards';

const SEARCH_DEBOUNCE_MS = 300;
/** The contract's limit of the approvals calls' search texts (driver_name, order_id). */
export const APPROVAL_SEARCH_MAX = 100;

/**
 * A search box's text and what the list asks for: the trimmed text once typing pauses, and at once
 * when the box is emptied (the refresh button clears it and asks again straight away).
 */
export function useApprovalSearch(onChange: () => void) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === '') return;
    const timer = setTimeout(() => setSearch(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return {
    text,
    search,
    setText: (next: string) => {
      const capped = next.slice(0, APPROVAL_SEARCH_MAX);
      setText(capped);
      if (capped.trim() === '') setSearch('');
      onChange();
    },
  };
}

export interface ApprovalsTableProps {
  /** The panel's heading (h2); also names the table. */
  title?: string;
  /** Accessible name of the table when there is no heading. */
  label: string;
  /** The search boxes, filters and buttons above the table. */
  toolbar: ReactNode;
  query: UseQueryResult<TApprovalPage>;
  /** 0-based page shown. */
  page: number;
  onPageChange: (page: number) => void;
  columns: ListColumn<TApprovalRecord>[];
  actions?: (row: TApprovalRecord) => ReactNode;
  emptyText: string;
}

/**
 * One approvals dashboard: heading, toolbar and a server-paged table of 10 (spec 000 §9) with its
 * loading, refreshing, empty and error states; below 1024 px the requests become stacked cards.
 */
export function ApprovalsTable({
  title,
  label,
  toolbar,
  query,
  page,
  onPageChange,
  columns,
  actions,
  emptyText,
}: ApprovalsTableProps) {
  const headingId = useId();
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const data = query.data;
  const total = data?.pagination.total ?? 0;
  // A page emptied by decisions or by the refresh moves back to the last page that has rows.
  const lastPage = Math.max(0, Math.ceil(total / APPROVALS_PAGE_SIZE) - 1);
  const emptied = data !== undefined && data.data.length === 0 && page > 0;
  useEffect(() => {
    if (emptied) onPageChange(Math.min(page - 1, lastPage));
  }, [emptied, page, lastPage, onPageChange]);

  const fetching = query.isFetching && !query.isPending;
  const error = query.isError
    ? `Error on loading approvals: ${query.error instanceof ApiError ? query.error.responseMessage : query.error.message}`
    : null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : label}
    >
      {title && (
        <Typography id={headingId} variant="h6" component="h2" sx={{ px: 2, pt: 2, fontWeight: 600 }}>
          {title}
        </Typography>
      )}
      <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>{toolbar}</Box>
      {mobile ? (
        <>
          <ApprovalCards
            label={title ?? label}
            columns={columns}
            rows={data?.data}
            loading={query.isPending}
            fetching={fetching}
            error={error}
            emptyText={emptyText}
            actions={actions}
          />
          {data && data.data.length > 0 && (
            <TablePagination
              component="div"
              count={total}
              page={Math.min(page, lastPage)}
              rowsPerPage={APPROVALS_PAGE_SIZE}
              rowsPerPageOptions={[APPROVALS_PAGE_SIZE]}
              onPageChange={(_event, next) => onPageChange(next)}
            />
          )}
        </>
      ) : (
        <PagedTable
          label={title ?? label}
          columns={columns}
          rowKey={(row) => row.id}
          rows={data?.data}
          paging={{
            total,
            page,
            pageSize: APPROVALS_PAGE_SIZE,
            pageSizeOptions: [APPROVALS_PAGE_SIZE],
            onPageChange,
            onPageSizeChange: () => undefined,
          }}
          loading={query.isPending}
          fetching={fetching}
          error={error}
          emptyText={emptyText}
          actions={actions}
          dense
        />
      )}
      {error && data && (
        <Typography variant="body2" color="error" sx={{ px: 2, pb: 2 }}>
          {error}
        </Typography>
      )}
    </Paper>
  );
}
