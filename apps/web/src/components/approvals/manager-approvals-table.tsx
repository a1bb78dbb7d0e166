import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  APPROVALS_PAGE_SIZE,
  APPROVALS_REFRESH_MS,
  type TApprovalRecord,
  type TManagerApprovalStatus,
  type TManagerApprovalsQuery,
} from '@fleet/contract';
import { approvalKeys, managerApprovalsQuery } from '../../lib/api/approvals';
import { useTerms } from '../../lib/terms';
import type { ListColumn } from '../list';
import { SearchField } from '../page-header';
import { approvalColumns, approvalDriverName } from './approval-columns';
import { ApprovalDecisionDialog } from './approval-decision-dialog';
import { ApprovalImagesButton } from './approval-images-button';
import { ApprovalStatusChip } from './approval-status-chip';
import { ApprovalsTable, useApprovalSearch } from './approvals-table';

type TStatusFilter = 'all' | TManagerApprovalStatus;

/** The status filter of spec 002 "Approvals dashboards", in its order and words. */
const STATUS_FILTERS: { value: TStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'awaiting_submission', label: 'Awaiting Submission' },
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
];

const managerQuery = (status: TStatusFilter, page: number, search: string): TManagerApprovalsQuery => ({
  ...(status === 'all' ? {} : { manager_approval_status: status }),
  page: page + 1,
  page_size: APPROVALS_PAGE_SIZE,
  ...(search ? { driver_name: search } : {}),
});

export interface ManagerApprovalsTableProps {
  /** Only pending requests, without the status filter: the dashboard's Pending Manager Approval panel. */
  pendingOnly?: boolean;
  /** The panel's heading. */
  title?: string;
}

/**
 * The manager's approval requests (spec 002 "Approvals dashboards", spec 000 "Pending Manager
 * Approval"): search by driver, status filter, a refresh that clears the search, server pages of 10,
 * the proof photos, and Approve on pending rows. Refreshed every 30 s and at once on approval and task
 * changes (query root `approvals`). With `pendingOnly`, a decided row leaves the list at once.
 */
export function ManagerApprovalsTable({ pendingOnly = false, title }: ManagerApprovalsTableProps) {
  const terms = useTerms();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const firstPage = useCallback(() => setPage(0), []);
  const [status, setStatus] = useState<TStatusFilter>('all');
  const search = useApprovalSearch(firstPage);
  const [deciding, setDeciding] = useState<TApprovalRecord | null>(null);

  const shownStatus: TStatusFilter = pendingOnly ? 'pending' : status;
  const query = useQuery({
    ...managerApprovalsQuery(managerQuery(shownStatus, page, search.search)),
    refetchInterval: APPROVALS_REFRESH_MS,
  });

  // The list without a search, asked again now (whether or not it is cached); the counts too.
  const refresh = () => {
    search.setText('');
    void queryClient.invalidateQueries({
      queryKey: approvalKeys.manager(managerQuery(shownStatus, 0, '')),
      exact: true,
    });
    void queryClient.invalidateQueries({ queryKey: approvalKeys.summary() });
  };

  const columns: ListColumn<TApprovalRecord>[] = [
    ...approvalColumns(terms),
    {
      id: 'status',
      label: 'Status',
      render: (row) => <ApprovalStatusChip status={row.manager_approval_status} />,
    },
    {
      id: 'images',
      label: 'Images',
      render: (row) => (
        <ApprovalImagesButton
          images={row.manager_approval_images}
          title={`${row.description} · ${approvalDriverName(row)}`}
        />
      ),
    },
  ];

  const label = title ?? 'Manager approvals';
  return (
    <>
      <ApprovalsTable
        title={title}
        label={label}
        toolbar={
          <>
            <SearchField
              label={`Search by ${terms.driver.toLowerCase()}`}
              value={search.text}
              onChange={search.setText}
            />
            {!pendingOnly && (
              <TextField
                select
                size="small"
                label="Status"
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as TStatusFilter);
                  setPage(0);
                }}
                sx={{ minWidth: 200 }}
              >
                {STATUS_FILTERS.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Tooltip title="Refresh">
              <IconButton aria-label={`Refresh ${label}`} onClick={refresh}>
                <RefreshIcon />
              </IconButton>
            </Tooltip>
          </>
        }
        query={query}
        page={page}
        onPageChange={setPage}
        columns={columns}
        actions={(row) =>
          row.manager_approval_status === 'pending' ? (
            <Button
              size="small"
              variant="outlined"
              aria-label={`Approve: ${row.description} · ${approvalDriverName(row)}`}
              onClick={() => setDeciding(row)}
            >
              Approve
            </Button>
          ) : null
        }
        emptyText={
          search.search
            ? `No approval requests match “${search.search}”.`
            : pendingOnly || status === 'pending'
              ? 'No pending approvals.'
              : 'No approval requests.'
        }
      />
      <ApprovalDecisionDialog approval={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
