import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  APPROVALS_PAGE_SIZE,
  APPROVALS_REFRESH_MS,
  type TApprovalRecord,
  type TClientApprovalsQuery,
} from '@fleet/contract';
import { ApprovalImagesButton } from './approval-images-button';
import { approvalColumns, approvalDriverName } from './approval-columns';
import { APPROVAL_SEARCH_MAX, ApprovalsTable, useApprovalSearch } from './approvals-table';
import type { ListColumn } from '../list';
import { SearchField } from '../page-header';
import { clientApprovalsQuery } from '../../lib/api/approvals';
import { useTerms } from '../../lib/terms';

type TSort = NonNullable<TClientApprovalsQuery['sort']>;

/** Client approval display (spec 002 §4): 0 is Not Requested; with images Accepted; otherwise No Image. */
export function clientApprovalLabel(
  row: Pick<TApprovalRecord, 'client_approval' | 'client_approval_images'>,
) {
  if (row.client_approval === 0) return 'Not Requested';
  return row.client_approval_images.length > 0 ? 'Accepted' : 'No Image';
}

function ClientApprovalChip({ row }: { row: TApprovalRecord }) {
  const label = clientApprovalLabel(row);
  return (
    <Chip
      size="small"
      label={label}
      color={label === 'Accepted' ? 'success' : 'default'}
      variant={label === 'Not Requested' ? 'outlined' : 'filled'}
    />
  );
}

export interface ClientApprovalsTableProps {
  /** The parents' view: the server answers the parent's children's requests only. */
  asGuardian?: boolean;
  /** Said when nothing was requested and no filter is set. */
  emptyText?: string;
}

/**
 * The client's side of approvals (spec 002 "Approvals dashboards"), view only: search by driver,
 * order id filter, newest or oldest first, server pages of 10, the client's proof photos. Refreshed
 * every 30 s and at once on approval and task changes. The console and the parents' view show it.
 */
export function ClientApprovalsTable({
  asGuardian = false,
  emptyText = 'No client approval requests.',
}: ClientApprovalsTableProps = {}) {
  const terms = useTerms();
  const [page, setPage] = useState(0);
  const firstPage = useCallback(() => setPage(0), []);
  const driver = useApprovalSearch(firstPage);
  const orderId = useApprovalSearch(firstPage);
  const [sort, setSort] = useState<TSort>('newest');

  const query = useQuery({
    ...clientApprovalsQuery(
      {
        page: page + 1,
        page_size: APPROVALS_PAGE_SIZE,
        ...(driver.search ? { driver_name: driver.search } : {}),
        ...(orderId.search ? { order_id: orderId.search } : {}),
        sort,
      },
      { asGuardian },
    ),
    refetchInterval: APPROVALS_REFRESH_MS,
  });

  const columns: ListColumn<TApprovalRecord>[] = [
    ...approvalColumns(terms),
    { id: 'client', label: 'Client approval', render: (row) => <ClientApprovalChip row={row} /> },
    {
      id: 'images',
      label: 'Images',
      render: (row) => (
        <ApprovalImagesButton
          images={row.client_approval_images}
          title={`${row.description} · ${approvalDriverName(row)}`}
        />
      ),
    },
  ];

  const filtered = driver.search || orderId.search;
  return (
    <ApprovalsTable
      label="Client approvals"
      toolbar={
        <>
          <SearchField
            label={`Search by ${terms.driver.toLowerCase()}`}
            value={driver.text}
            onChange={driver.setText}
          />
          <TextField
            size="small"
            label="Order ID"
            type="search"
            value={orderId.text}
            onChange={(event) => orderId.setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: APPROVAL_SEARCH_MAX } }}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
          <TextField
            select
            size="small"
            label="Sort by created date"
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as TSort);
              setPage(0);
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="newest">Newest first</MenuItem>
            <MenuItem value="oldest">Oldest first</MenuItem>
          </TextField>
        </>
      }
      query={query}
      page={page}
      onPageChange={setPage}
      columns={columns}
      emptyText={filtered ? 'No approval requests match these filters.' : emptyText}
    />
  );
}
