import Typography from '@mui/material/Typography';
import { MESSAGES, type TApprovalRecord, type TTerms } from '@fleet/contract';
import { formatUtc } from '../../lib/dates';
import type { ListColumn } from '../list';

/** The driver's first and last name; a request whose driver is gone reads N/A, as trips do. */
export const approvalDriverName = (row: Pick<TApprovalRecord, 'driver'>) =>
  row.driver ? `${row.driver.fname} ${row.driver.lname}` : 'N/A';

/**
 * The columns both approvals dashboards share (spec 002 "Approvals dashboards"): driver, destination,
 * task description, order id, created date (local time) and note. Each table adds its status and images.
 */
export function approvalColumns(terms: TTerms): ListColumn<TApprovalRecord>[] {
  return [
    { id: 'driver', label: terms.driver, nowrap: true, render: approvalDriverName },
    {
      id: 'destination',
      label: terms.destination,
      render: (row) => row.destination_name ?? `Unknown ${terms.destination}`,
    },
    { id: 'description', label: 'Description', render: (row) => row.description },
    { id: 'order', label: 'Order ID', nowrap: true, render: (row) => row.order_id ?? '—' },
    { id: 'created', label: 'Created', nowrap: true, render: (row) => formatUtc(row.created_date) },
    {
      id: 'note',
      label: 'Note',
      render: (row) =>
        row.note ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            {MESSAGES.approvals.noNote}
          </Typography>
        ),
    },
  ];
}
