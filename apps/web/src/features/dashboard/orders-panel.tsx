import { useState } from 'react';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LIVE_REFRESH_MS, ORDERS_PAGE_SIZE, type TOrderRow, type TOrderStatus } from '@fleet/contract';
import { ListView, type ListColumn } from '../../components/list';
import { ordersQuery } from '../../lib/api/orders';
import { formatUtc } from '../../lib/dates';
import { SectionPanel } from '../../components/section-panel';

type TStatusFilter = 'all' | TOrderStatus;

const STATUS_OPTIONS: { value: TStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
  { value: 'missed', label: 'Missed' },
];

const STATUS_CHIP: Record<TOrderStatus, { label: string; color: 'success' | 'info' | 'error' }> = {
  completed: { label: 'Completed', color: 'success' },
  pending: { label: 'Pending', color: 'info' },
  missed: { label: 'Missed', color: 'error' },
};

const dateCell = (utc: string | null) => formatUtc(utc) || '—';

const COLUMNS: ListColumn<TOrderRow>[] = [
  { id: 'order_id', label: 'Order ID', nowrap: true, render: (o) => o.order_id },
  { id: 'completed_by', label: 'Completed by', render: (o) => o.completed_by ?? '—' },
  { id: 'destination_name', label: 'Destination', render: (o) => o.destination_name ?? '—' },
  { id: 'arrival_time', label: 'Arrival', nowrap: true, render: (o) => dateCell(o.arrival_time) },
  { id: 'departure_time', label: 'Departure', nowrap: true, render: (o) => dateCell(o.departure_time) },
  { id: 'completed', label: 'Completed', nowrap: true, render: (o) => dateCell(o.task_completed_date) },
  {
    id: 'status',
    label: 'Status',
    render: (o) => (
      <Chip
        size="small"
        label={STATUS_CHIP[o.status].label}
        color={STATUS_CHIP[o.status].color}
        variant={o.status === 'pending' ? 'outlined' : 'filled'}
      />
    ),
  },
];

/**
 * Orders Monitoring (spec 000 "Dashboard"): the tasks carrying an order id, newest completed first,
 * paged on the server 10 at a time, searched by order id, filtered by status, refreshed every 10 s.
 */
export function OrdersPanel({ destinationTerm }: { destinationTerm: string }) {
  const [status, setStatus] = useState<TStatusFilter>('all');
  const columns = COLUMNS.map((c) => (c.id === 'destination_name' ? { ...c, label: destinationTerm } : c));
  return (
    <SectionPanel id="dashboard-orders" title="Orders Monitoring">
      <ListView
        label="Orders Monitoring"
        query={({ page, pageSize, search }) =>
          ordersQuery({
            page,
            page_size: pageSize,
            order_id: search || undefined,
            status,
            sort_by: 'completed_date',
            order: 'desc',
          })
        }
        serverPage={(answer) => ({
          rows: answer.data,
          total: answer.pagination.total_count,
          exact: answer.pagination.total_exact !== false,
        })}
        paging={{ size: ORDERS_PAGE_SIZE, options: [ORDERS_PAGE_SIZE, 25, 50] }}
        searchLabel="Search by order ID"
        refetchIntervalMs={LIVE_REFRESH_MS}
        filters={({ resetPage }) => (
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as TStatusFilter);
              resetPage();
            }}
            sx={{ minWidth: 160 }}
          >
            {STATUS_OPTIONS.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        columns={columns}
        dense
        emptyText="No orders"
        errorText={(message) => `Could not load the orders: ${message}`}
      />
    </SectionPanel>
  );
}
