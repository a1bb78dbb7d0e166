import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import OrdersIcon from '@mui/icons-material/ReceiptLongOutlined';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import {
  CRM_MESSAGES,
  CRM_ORDER_STATUSES,
  CRM_ORDER_STATUS_LABEL,
  CRM_PAGE_SIZE,
  MESSAGES,
  type TCrmOrderDetails,
  type TCrmOrderRow,
  type TCrmOrderStatus,
} from '@fleet/contract';
import { DateRangeFilter, isDayRangeValid, type TDayRange } from '../../../components/date-range-filter';
import { ListPage, type ListColumn } from '../../../components/list';
import { useTerms } from '../../../lib/terms';
import {
  CRM_ORDERS_EXPORT_PATH,
  crmOrderFilterQuery,
  crmOrderListQuery,
  crmOrderQuery,
  useDeleteCrmOrder,
  type TCrmOrderFilter,
} from '../api/orders';
import { OrderDetailsDialog } from './order-details';
import { OrderDialog } from './order-dialog';
import {
  OrderStatusChip,
  OrderTripLink,
  isDeletable,
  isEditable,
  isPlannable,
  orderAmount,
  orderWindow,
} from './order-parts';
import { PlanDialog, PlannedDialog, type TPlanned } from './plan-dialog';

/** The query parameter that opens an order's details (the customer's detail view links with it). */
export const ORDER_PARAM = 'order';
const NO_DAYS: TDayRange = { from: '', to: '' };
const PAGING = { size: CRM_PAGE_SIZE, options: [10, CRM_PAGE_SIZE, 50, 100] } as const;

const idOf = (value: string | null) =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** The order being edited, whole (its lines and pets are not in the list's row). */
function EditOrder({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useQuery(crmOrderQuery(id));
  return query.data ? <OrderDialog open order={query.data} onClose={onClose} /> : null;
}

/**
 * /crm/orders: the tenant's orders, paged by cursor on the server, searched by reference, customer
 * or address and filtered by status and requested days; Add, Edit, details with the status changes
 * and the tracking link, Delete, Export, and Plan for the selected confirmed or failed orders.
 */
export function CrmOrdersPage() {
  const terms = useTerms();
  const [searchParams, setSearchParams] = useSearchParams();
  const shownId = idOf(searchParams.get(ORDER_PARAM));
  const [status, setStatus] = useState<TCrmOrderStatus | null>(null);
  const [days, setDays] = useState<TDayRange>(NO_DAYS);
  const [selected, setSelected] = useState<ReadonlyMap<number, TCrmOrderRow>>(new Map());
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [planning, setPlanning] = useState(false);
  const [planned, setPlanned] = useState<TPlanned | null>(null);
  const remove = useDeleteCrmOrder();

  // A reversed range is not asked for: its filter says why, and the list keeps to the other filters.
  const daysValid = days.from === '' || days.to === '' || isDayRangeValid(days);
  const filter: TCrmOrderFilter = {
    status,
    from: daysValid ? days.from : '',
    to: daysValid ? days.to : '',
  };

  const showDetails = useCallback(
    (id: number | null) =>
      setSearchParams(
        (params) => {
          if (id === null) params.delete(ORDER_PARAM);
          else params.set(ORDER_PARAM, String(id));
          return params;
        },
        { replace: id === null },
      ),
    [setSearchParams],
  );

  const toggle = (order: TCrmOrderRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(order.id, order);
      else next.delete(order.id);
      return next;
    });
  const selectedOrders = useMemo(() => [...selected.values()], [selected]);

  const columns: ListColumn<TCrmOrderRow>[] = [
    {
      id: 'select',
      label: 'Plan',
      render: (o) => {
        const box = (
          <Checkbox
            size="small"
            checked={selected.has(o.id)}
            disabled={!isPlannable(o.status)}
            onChange={(event) => toggle(o, event.target.checked)}
            slotProps={{ input: { 'aria-label': `Select ${o.reference} for planning` } }}
          />
        );
        return isPlannable(o.status) ? (
          box
        ) : (
          <Tooltip title={CRM_MESSAGES.planNotConfirmed}>
            <span>{box}</span>
          </Tooltip>
        );
      },
    },
    {
      id: 'reference',
      label: 'Reference',
      nowrap: true,
      render: (o) => (
        <Link component="button" type="button" onClick={() => showDetails(o.id)}>
          {o.reference}
        </Link>
      ),
    },
    { id: 'customer', label: 'Customer', render: (o) => o.customer.name },
    { id: 'address', label: 'Address', render: (o) => o.address.label },
    {
      id: 'requested',
      label: 'Requested',
      nowrap: true,
      render: (o) => (
        <>
          {o.requested_date}
          {orderWindow(o) && (
            <Typography variant="caption" color="text.secondary" component="div">
              {orderWindow(o)}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'status', label: 'Status', render: (o) => <OrderStatusChip status={o.status} /> },
    {
      id: 'total',
      label: 'Total',
      align: 'right',
      nowrap: true,
      render: (o) => orderAmount(o.total, terms.currency.symbol),
    },
    {
      id: 'trip',
      label: terms.trip,
      nowrap: true,
      render: (o) => (o.trip_id ? <OrderTripLink tripId={o.trip_id} /> : '—'),
    },
  ];

  const plannable = selectedOrders.length > 0 && selectedOrders.every((o) => isPlannable(o.status));

  return (
    <ListPage
      title="Orders"
      icon={<OrdersIcon color="primary" />}
      query={({ page, pageSize, search, cursor }) =>
        crmOrderListQuery({ page, pageSize, search, cursor, ...filter })
      }
      serverPage={(data) => ({
        rows: data.data,
        total: data.pagination.total_items,
        exact: data.pagination.total_exact !== false,
        next: data.pagination.next_cursor,
        prev: data.pagination.prev_cursor,
      })}
      paging={PAGING}
      searchLabel="Search by reference, customer or address"
      filters={({ resetPage }) => (
        <>
          <TextField
            select
            size="small"
            label="Status"
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || null) as TCrmOrderStatus | null);
              resetPage();
            }}
            sx={{ width: { xs: '100%', sm: 180 } }}
          >
            <MenuItem value="">All statuses</MenuItem>
            {CRM_ORDER_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {CRM_ORDER_STATUS_LABEL[s]}
              </MenuItem>
            ))}
          </TextField>
          <DateRangeFilter
            optional
            value={days}
            labels={{ from: 'Requested from', to: 'Requested to' }}
            onChange={(next) => {
              setDays(next);
              resetPage();
            }}
          />
        </>
      )}
      columns={columns}
      dense
      rowName={(o) => o.reference}
      add={{ label: 'Add order', onClick: () => setEditing('new') }}
      exportFile={{
        path: CRM_ORDERS_EXPORT_PATH,
        fileName: 'Orders.xlsx',
        query: () => crmOrderFilterQuery(filter),
      }}
      toolbar={
        <Button
          variant="outlined"
          startIcon={<RouteOutlined />}
          disabled={!plannable}
          onClick={() => setPlanning(true)}
        >
          {selected.size > 0 ? `Plan selected (${selected.size})` : 'Plan selected'}
        </Button>
      }
      remove={{
        question: () => MESSAGES.deleteQuestion('Order'),
        run: (o) => remove.mutateAsync(o.id),
        successMessage: CRM_MESSAGES.deleted('Order'),
        failureMessage: 'The order could not be deleted.',
      }}
      rowMenu={{
        label: (o) => `Actions for ${o.reference}`,
        items: [
          {
            id: 'details',
            label: 'Details',
            icon: <InfoOutlined fontSize="small" />,
            onClick: (o) => showDetails(o.id),
          },
          {
            id: 'edit',
            label: 'Edit',
            icon: <EditOutlined fontSize="small" />,
            onClick: (o) => setEditing(o.id),
            unavailable: (o) => (isEditable(o.status) ? null : CRM_MESSAGES.orderNotEditable),
          },
          {
            id: 'delete',
            label: 'Delete',
            icon: <DeleteOutlined fontSize="small" />,
            onClick: 'remove',
            unavailable: (o) => (isDeletable(o.status) ? null : CRM_MESSAGES.orderNotDeletable),
          },
        ],
      }}
      emptyText="No orders match."
      errorText={(message) => `Error on loading: ${message}`}
    >
      {shownId !== null && (
        <OrderDetailsDialog
          id={shownId}
          onClose={() => showDetails(null)}
          onEdit={(order: TCrmOrderDetails) => setEditing(order.id)}
        />
      )}
      {editing === 'new' && <OrderDialog open order={null} onClose={() => setEditing(null)} />}
      {typeof editing === 'number' && <EditOrder id={editing} onClose={() => setEditing(null)} />}
      <PlanDialog
        open={planning}
        orders={selectedOrders}
        onClose={() => setPlanning(false)}
        onPlanned={(answer) => {
          setSelected(new Map());
          setPlanned(answer);
        }}
      />
      <PlannedDialog planned={planned} onClose={() => setPlanned(null)} />
    </ListPage>
  );
}
